import { Link } from "react-router";
import { daysBetween, isIsoDate, todayInIndia } from "../../../core/calendar.ts";
import { formatINR } from "../../../core/format.ts";
import type { DashboardData } from "../../lib/dashboard-data.ts";
import { useT } from "../../lib/i18n.tsx";
import { useDates } from "../../lib/i18n-screen.ts";
import { toNumber, type RepaymentData } from "../../lib/repayment.ts";
import { RepaymentLines } from "./repayment-lines.tsx";

export const REPAYMENT_SCREEN = "/my-dashboard/repayment";

/**
 * The active loan on the dashboard home: its number, the repayment date, today's lines (the same
 * as the Repayment screen's, from repayment_data) and Pay Now. Without repayment_data it shows
 * today's total due alone.
 */
export function ActiveLoanCard({ data, repayment = null }: { data: DashboardData | null; repayment?: RepaymentData | null }) {
  const t = useT();
  const { day } = useDates();
  const loan = data?.active_loan_details;
  if (!loan) return null;
  const lines = repayment?.repayment_lines ?? null;
  const due = toNumber(loan.total_due);
  const repaymentDate = String(loan.repayment_date ?? "").slice(0, 10);
  const overdueDays = isIsoDate(repaymentDate) ? Math.max(0, daysBetween(repaymentDate, todayInIndia())) : 0;
  return (
    <section className="card active-loan" aria-labelledby="active-loan-title">
      <h2 id="active-loan-title">{t("servicing.activeLoan")}</h2>
      <dl className="facts">
        <div>
          <dt>{t("servicing.loanNumber")}</dt>
          <dd>{loan.loan_no ?? "—"}</dd>
        </div>
        <div>
          <dt>{t("servicing.repaymentDate")}</dt>
          <dd>{day(String(loan.repayment_date ?? ""))}</dd>
        </div>
        {lines ? null : (
          <div>
            <dt>{t("servicing.totalDueToday")}</dt>
            <dd>{formatINR(due)}</dd>
          </div>
        )}
      </dl>
      {lines ? <RepaymentLines lines={lines} coolingOff={Number(repayment?.cooling_off) === 1} /> : null}
      {overdueDays > 0 ? (
        <p className="alert alert-error" role="status">
          <strong>{t("servicing.overdueBy", { days: overdueDays })}</strong> {t("servicing.overdueCardNote")}
        </p>
      ) : null}
      <p className="active-loan-action">
        <Link className="btn btn-accent" to={REPAYMENT_SCREEN}>
          {t("chrome.payNow")}
        </Link>
      </p>
    </section>
  );
}
