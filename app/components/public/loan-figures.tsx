import { type SingleQuote } from "../../../core/loan-math/index.ts";
import { formatINR } from "../../../core/format.ts";

/** Stacked bar of where a loan's money goes: what you receive, fee, GST and interest. */
export function LoanBreakdownBar({ quote }: { quote: SingleQuote }) {
  const total = quote.totalRepayable + quote.fee + quote.gst;
  const parts = [
    { key: "net", label: "Reaches your account", value: quote.netDisbursal, cls: "seg-net" },
    { key: "fee", label: "Processing fee", value: quote.fee, cls: "seg-fee" },
    { key: "gst", label: "GST on the fee", value: quote.gst, cls: "seg-gst" },
    { key: "interest", label: "Interest", value: quote.interest, cls: "seg-interest" },
  ];
  return (
    <figure className="calc-figure">
      <div className="calc-bar" role="img" aria-label={`Of ${formatINR(quote.totalRepayable, { decimals: 0 })} repaid: ${parts.map((p) => `${p.label} ${formatINR(p.value)}`).join(", ")}`}>
        {parts.map((p) => (
          <span key={p.key} className={p.cls} style={{ width: `${(p.value / total) * 100}%` }} />
        ))}
      </div>
      <ul className="legend">
        {parts.map((p) => (
          <li key={p.key}>
            <span><i className={p.cls} aria-hidden="true" />{p.label}</span>
            <strong>{formatINR(p.value)}</strong>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** The worked-example table: every figure of one loan, from core/ loan math. */
export function WorkedExample({ quote, caption }: { quote: SingleQuote; caption: string }) {
  const rows: [string, string][] = [
    ["Loan amount (principal)", formatINR(quote.principal)],
    ["Days until repayment", `${quote.tenureDays} days`],
    ["Processing fee, deducted at payout", formatINR(quote.fee)],
    ["GST on the fee, deducted at payout", formatINR(quote.gst)],
    ["Amount that reaches your account", formatINR(quote.netDisbursal)],
    ["Interest (1% of the loan per day)", formatINR(quote.interest)],
    ["Total you repay on salary day", formatINR(quote.totalRepayable)],
    ["Annual percentage rate (APR)", `${quote.apr.toFixed(2)}%`],
  ];
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
