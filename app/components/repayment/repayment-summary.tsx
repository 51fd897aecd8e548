import { formatINR } from "../../../core/format.ts";
import { formatDate, type RepaymentView } from "../../lib/repayment.ts";

/**
 * Loan Repayment Details (shared by Pay Now and the dashboard): the figures, a bar of where the
 * money goes (with the same words as text), what paying today saves, and the close-today amount.
 */
export function RepaymentSummary({ loan, headingLevel = 2 }: { loan: RepaymentView; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const rows: [string, string][] = [
    ["Loan number", loan.loanNo || "—"],
    ["Disbursal date", formatDate(loan.disbursalDate)],
    ["Repayment date", formatDate(loan.repaymentDate)],
    ["Principal", formatINR(loan.principal)],
    ["Interest to date", formatINR(loan.interest)],
    ["Penal charges", formatINR(loan.penal)],
  ];
  const saving = Math.round((loan.dueDateAmount - loan.closeToday) * 100) / 100;
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
        <div className="repay-total">
          <dt>Total due today</dt>
          <dd>{formatINR(loan.totalDue)}</dd>
        </div>
      </dl>
      <MoneyBreakdown loan={loan} />
      {saving > 0 ? (
        <p className="repay-save">
          <strong>Pay early and save:</strong> closing today costs {formatINR(loan.closeToday)}, against {formatINR(loan.dueDateAmount)} on the repayment date (
          {formatDate(loan.repaymentDate)}). You save {formatINR(saving)}.
        </p>
      ) : null}
      <p className="repay-close-today">
        <span>{loan.coolingOff ? "Close my loan today (cooling-off exit, no penalty)" : "Close my loan today"}</span>
        <strong>{formatINR(loan.closeToday)}</strong>
      </p>
      {loan.coolingOff ? (
        <p className="hint">
          You are within the 3-day cooling-off period: repay the principal and interest for the days you had the money, with no penalty. The processing fee is
          not refunded.
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
        <strong>Your loan is overdue by {days}.</strong> It was due on {formatDate(loan.repaymentDate)}. Please pay {formatINR(loan.totalDue)} today.
      </p>
      <p>
        Penal charges so far: <strong>{formatINR(loan.penal)}</strong>. After the repayment date, interest continues at 1% a day on the unpaid principal, and a
        penal charge of 0.5% of the overdue principal is added each day, up to 25% of the principal. Penal charges are a separate charge: they are never added
        to your interest rate and never charged on themselves. Interest after the due date and penal charges together never exceed the principal.
      </p>
    </div>
  );
}

/** A stacked bar: principal, interest and penal charges as shares of the total due; the list says it in words. */
function MoneyBreakdown({ loan }: { loan: RepaymentView }) {
  const parts = [
    { key: "principal", label: "Principal", value: loan.principal },
    { key: "interest", label: "Interest", value: loan.interest },
    { key: "penal", label: "Penal charges", value: loan.penal },
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
            {p.label}: <strong>{formatINR(p.value)}</strong> ({Math.round((p.value / total) * 100)}%)
          </li>
        ))}
      </ul>
    </figure>
  );
}
