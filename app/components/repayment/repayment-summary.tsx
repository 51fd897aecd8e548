import { formatINR } from "../../../core/format.ts";
import type { MessageKey } from "../../../core/i18n/index.ts";
import { useT } from "../../lib/i18n.tsx";
import { useDates } from "../../lib/i18n-screen.ts";
import type { RepaymentLinesData, RepaymentView } from "../../lib/repayment.ts";
import { PayEarly, RepaymentLines } from "./repayment-lines.tsx";

/**
 * Loan Repayment Details (shared by Pay Now and the dashboard): the loan's dates, the lines of
 * today's total (RepaymentLines, the same as the dashboard card's), where a payment goes, and
 * what paying today saves against paying on the repayment date.
 */
export function RepaymentSummary({ loan, headingLevel = 2 }: { loan: RepaymentView; headingLevel?: 1 | 2 }) {
  const t = useT();
  const { day } = useDates();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const rows: [MessageKey, string][] = [
    ["servicing.loanNumber", loan.loanNo || "—"],
    ["servicing.summary.disbursalDate", day(loan.disbursalDate)],
    ["servicing.repaymentDate", day(loan.repaymentDate)],
    ...(loan.coolingOffUntil ? ([["servicing.summary.coolingOffEnds", day(loan.coolingOffUntil)]] as [MessageKey, string][]) : []),
  ];
  return (
    <section className="card repay-summary" aria-labelledby="repay-summary-title">
      <Heading id="repay-summary-title">{t("servicing.summary.title")}</Heading>
      {loan.overdueDays > 0 ? <OverdueNotice loan={loan} /> : null}
      <dl className="repay-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {loan.lines ? null : (
          <div className="repay-total">
            <dt>{t("servicing.totalDueToday")}</dt>
            <dd>{formatINR(loan.closeToday)}</dd>
          </div>
        )}
      </dl>
      {loan.lines ? <RepaymentLines lines={loan.lines} coolingOff={loan.coolingOff} /> : null}
      {loan.lines ? <MoneyBreakdown lines={loan.lines} /> : null}
      {loan.lines ? <PayEarly lines={loan.lines} repaymentDate={loan.repaymentDate} /> : null}
      {loan.coolingOff ? (
        <p className="hint">
          {loan.coolingOffUntil ? t("servicing.summary.coolingOffUntil", { date: day(loan.coolingOffUntil) }) : t("servicing.summary.coolingOff")}
        </p>
      ) : null}
    </section>
  );
}

/** Decision 28 in the customer's words: what keeps accruing after the repayment date, and its limits. */
function OverdueNotice({ loan }: { loan: RepaymentView }) {
  const t = useT();
  const { day } = useDates();
  return (
    <div className="alert alert-error repay-overdue" role="status">
      <p>
        <strong>{t("servicing.summary.overdue", { days: loan.overdueDays })}</strong>{" "}
        {t("servicing.summary.overdueDue", { date: day(loan.repaymentDate), amount: formatINR(loan.closeToday) })}
      </p>
      <p>
        {t("servicing.summary.penalSoFar")} <strong>{formatINR(loan.lines?.penal ?? loan.penal)}</strong>. {t("servicing.summary.penalRules")}
      </p>
    </div>
  );
}

/** A stacked bar of what is still owed (its parts add up to the total); the list says it in words. */
function MoneyBreakdown({ lines }: { lines: RepaymentLinesData }) {
  const t = useT();
  const parts = [
    { key: "principal", label: t("servicing.breakdown.principal"), value: lines.outstanding.principal },
    { key: "interest", label: t("servicing.breakdown.interest"), value: lines.outstanding.interest },
    { key: "penal", label: t("servicing.lines.penal"), value: lines.outstanding.penal },
  ].filter((p) => p.value > 0);
  const total = parts.reduce((sum, p) => sum + p.value, 0);
  if (total <= 0) return null;
  return (
    <figure className="repay-breakdown">
      <figcaption>{t("servicing.breakdown.title")}</figcaption>
      <div className="repay-bar" aria-hidden="true">
        {parts.map((p) => (
          <span key={p.key} className={`repay-bar-${p.key}`} style={{ width: `${((p.value / total) * 100).toFixed(2)}%` }} />
        ))}
      </div>
      <ul className="repay-legend">
        {parts.map((p) => (
          <li key={p.key}>
            <span className={`repay-swatch repay-bar-${p.key}`} aria-hidden="true" />
            {p.label}: <strong>{formatINR(p.value, { decimals: 2 })}</strong> ({Math.round((p.value / total) * 100)}%)
          </li>
        ))}
      </ul>
    </figure>
  );
}
