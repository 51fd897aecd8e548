import { formatINR } from "../../../core/format.ts";
import { formatDate, type RepaymentLinesData, type RepaymentView } from "../../lib/repayment.ts";
import { PayEarly, RepaymentLines } from "./repayment-lines.tsx";

/**
 * Loan Repayment Details (shared by Pay Now and the dashboard): the loan's dates, the lines of
 * today's total (RepaymentLines, the same as the dashboard card's), where a payment goes, and
 * what paying today saves against paying on the repayment date.
 */
export function RepaymentSummary({ loan, headingLevel = 2 }: { loan: RepaymentView; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const rows: [string, string][] = [
    ["Loan number", loan.loanNo || "—"],
    ["Disbursal date", formatDate(loan.disbursalDate)],
    ["Repayment date", formatDate(loan.repaymentDate)],
    ...(loan.coolingOffUntil ? ([["Cooling-off period ends", formatDate(loan.coolingOffUntil)]] as [string, string][]) : []),
  ];
  return (
    <section className="card repay-summary" aria-labelledby="repay-summary-title">
      <Heading id="repay-summary-title">Loan Repayment Details</Heading>
      {loan.overdueDays > 0 ? <OverdueNotice loan={loan} /> : null}
      <dl className="repay-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {loan.lines ? null : (
          <div className="repay-total">
            <dt>Total due today</dt>
            <dd>{formatINR(loan.closeToday)}</dd>
          </div>
        )}
      </dl>
      {loan.lines ? <RepaymentLines lines={loan.lines} coolingOff={loan.coolingOff} /> : null}
      {loan.lines ? <MoneyBreakdown lines={loan.lines} /> : null}
      {loan.lines ? <PayEarly lines={loan.lines} repaymentDate={loan.repaymentDate} /> : null}
      {loan.coolingOff ? (
        <p className="hint">
          You are within the 3-day cooling-off period{loan.coolingOffUntil ? ` (until ${formatDate(loan.coolingOffUntil)})` : ""}: repay the principal and
          interest for the days you had the money, with no penalty. The processing fee is not refunded.
        </p>
      ) : null}
    </section>
  );
}

/** Decision 28 in the customer's words: what keeps accruing after the repayment date, and its limits. */
function OverdueNotice({ loan }: { loan: RepaymentView }) {
  const days = loan.overdueDays === 1 ? "1 day" : `${loan.overdueDays} days`;
  return (
    <div className="alert alert-error repay-overdue" role="status">
      <p>
        <strong>Your loan is overdue by {days}.</strong> It was due on {formatDate(loan.repaymentDate)}. Please pay {formatINR(loan.closeToday)} today.
      </p>
      <p>
        Penal charges so far: <strong>{formatINR(loan.lines?.penal ?? loan.penal)}</strong>. After the repayment date, interest continues at 1% a day on the
        unpaid principal, and a penal charge of 0.5% of the overdue principal is added each day, up to 25% of the principal. Penal charges are a separate
        charge: they are never added to your interest rate and never charged on themselves. Interest after the due date and penal charges together never exceed
        the principal.
      </p>
    </div>
  );
}

/** A stacked bar of what is still owed (its parts add up to the total); the list says it in words. */
function MoneyBreakdown({ lines }: { lines: RepaymentLinesData }) {
  const parts = [
    { key: "principal", label: "Principal outstanding", value: lines.outstanding.principal },
    { key: "interest", label: "Interest", value: lines.outstanding.interest },
    { key: "penal", label: "Penal charges", value: lines.outstanding.penal },
  ].filter((p) => p.value > 0);
  const total = parts.reduce((sum, p) => sum + p.value, 0);
  if (total <= 0) return null;
  return (
    <figure className="repay-breakdown">
      <figcaption>Where your payment goes</figcaption>
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
