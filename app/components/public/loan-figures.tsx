import { type SingleQuote } from "../../../core/loan-math/index.ts";
import { formatPaise } from "../../../core/format.ts";
import { breakdownLabel, breakdownParts, type CalculatorWords } from "../../lib/loan-breakdown.ts";
import { PRODUCT } from "../../../core/product.ts";
import { useT } from "../../lib/i18n.tsx";

/** Stacked bar of where a loan's money goes; the public-site island updates it through its data-part attributes. */
export function LoanBreakdownBar({ quote, words }: { quote: SingleQuote; words?: CalculatorWords }) {
  const parts = breakdownParts(quote, words);
  return (
    <figure className="calc-figure">
      <div className="calc-bar" role="img" aria-label={breakdownLabel(quote, words)}>
        {parts.map((p) => (
          <span key={p.key} className={p.cls} data-part={p.key} style={{ width: `${p.width}%` }} />
        ))}
      </div>
      <ul className="legend">
        {parts.map((p) => (
          <li key={p.key}>
            <span>
              <i className={p.cls} aria-hidden="true" />
              {p.label}
            </span>
            <strong data-part={p.key}>{formatPaise(p.value)}</strong>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** The worked-example table: every figure of one loan, from core/ loan math. */
export function WorkedExample({ quote, caption }: { quote: SingleQuote; caption: string }) {
  const t = useT();
  const rows: [string, string][] = [
    [t("public.example.principal"), formatPaise(quote.principalPaise)],
    [t("public.example.days"), t("public.example.daysValue", { days: quote.tenureDays })],
    [t("public.example.fee"), formatPaise(quote.feePaise)],
    [t("public.example.gst"), formatPaise(quote.gstPaise)],
    [t("public.example.net"), formatPaise(quote.netDisbursalPaise)],
    [t("public.example.interest", { percent: PRODUCT.singleLoan.interestPercentPerDay }), formatPaise(quote.interestPaise)],
    [t("public.example.total"), formatPaise(quote.totalRepayablePaise)],
    [t("public.example.apr"), `${quote.apr.toFixed(2)}%`],
  ];
  return <FigureTable caption={caption} rows={rows} />;
}

/** A two-column table of labels and figures (the worked example, the rates page's tables). */
export function FigureTable({ caption, rows }: { caption: string; rows: [string, string][] }) {
  return (
    <div className="table-wrap">
      <table className="figure-table">
        <caption className="visually-hidden">{caption}</caption>
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
