import { Link } from "react-router";
import { formatINR } from "../../../core/format.ts";
import type { DashboardData } from "../../lib/dashboard-data.ts";
import { formatDate, toNumber } from "../../lib/repayment.ts";

export const REPAYMENT_SCREEN = "/my-dashboard/repayment";

/** The active loan on the dashboard (home and Loan Details): its number, today's total due and Pay Now. */
export function ActiveLoanCard({ data }: { data: DashboardData | null }) {
  const loan = data?.active_loan_details;
  if (!loan) return null;
  const due = toNumber(loan.total_due);
  return (
    <section className="card active-loan" aria-labelledby="active-loan-title">
      <h2 id="active-loan-title">Your active loan</h2>
      <dl className="facts">
        <div>
          <dt>Loan number</dt>
          <dd>{loan.loan_no ?? "—"}</dd>
        </div>
        <div>
          <dt>Repayment date</dt>
          <dd>{formatDate(String(loan.repayment_date ?? ""))}</dd>
        </div>
        <div>
          <dt>Total due today</dt>
          <dd>{formatINR(due)}</dd>
        </div>
      </dl>
      <p className="active-loan-action">
        <Link className="btn btn-accent" to={REPAYMENT_SCREEN}>
          Pay Now
        </Link>
      </p>
    </section>
  );
}
