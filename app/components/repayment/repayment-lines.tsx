import { useId } from "react";
import { formatINR } from "../../../core/format.ts";
import type { Translate } from "../../../core/i18n/index.ts";
import { useT } from "../../lib/i18n.tsx";
import { useDates } from "../../lib/i18n-screen.ts";
import type { RepaymentLinesData } from "../../lib/repayment.ts";

const inr = (rupees: number) => formatINR(rupees, { decimals: 2 });

/**
 * What the customer owes today, line by line (issue 20), shared by the dashboard card, the
 * Repayment screen and Pay Now: the loan amount, interest and penal charges to date, each payment
 * with its date, then the total, which is what paying in full charges. The lines add up on the
 * screen: principal + interest + penal − payments (+ money held for refund) = total.
 */
export function RepaymentLines({ lines, coolingOff = false }: { lines: RepaymentLinesData; coolingOff?: boolean }) {
  const id = useId();
  const t = useT();
  const { day } = useDates();
  return (
    <table className="repay-lines" aria-describedby={`${id}-note`}>
      <caption>{t("servicing.lines.caption")}</caption>
      <tbody>
        <tr data-line="principal">
          <th scope="row">{t("servicing.lines.principal")}</th>
          <td>{inr(lines.principal)}</td>
        </tr>
        <tr data-line="interest">
          <th scope="row">
            {t("servicing.lines.interest")}
            {lines.one_day_minimum > 0 ? (
              <span className="repay-line-note">{t("servicing.lines.oneDayMinimum", { amount: inr(lines.one_day_minimum) })}</span>
            ) : null}
          </th>
          <td>+ {inr(lines.interest)}</td>
        </tr>
        <tr data-line="penal">
          <th scope="row">{t("servicing.lines.penal")}</th>
          <td>+ {inr(lines.penal)}</td>
        </tr>
        {lines.payments.length === 0 ? (
          <tr data-line="no-payments">
            <th scope="row">{t("servicing.lines.paymentsReceived")}</th>
            <td>{t("servicing.lines.noneYet")}</td>
          </tr>
        ) : (
          lines.payments.map((p, i) => (
            <tr data-line="payment" key={`${p.on}-${i}`}>
              <th scope="row">
                {t("servicing.lines.paymentOn", { date: day(p.on) })}
                <span className="repay-line-note">{split(t, p)}</span>
              </th>
              <td>− {inr(p.amount)}</td>
            </tr>
          ))
        )}
        {lines.held_for_refund > 0 ? (
          <tr data-line="refund">
            <th scope="row">
              {t("servicing.lines.paidAbove")}
              <span className="repay-line-note">{t("servicing.lines.heldForRefund")}</span>
            </th>
            <td>+ {inr(lines.held_for_refund)}</td>
          </tr>
        ) : null}
      </tbody>
      <tfoot>
        <tr data-line="total">
          <th scope="row">{t("servicing.totalDueToday")}</th>
          <td>{inr(lines.total)}</td>
        </tr>
        <tr>
          <td colSpan={2} id={`${id}-note`} className="repay-line-note">
            {lines.total > 0 ? (coolingOff ? t("servicing.lines.closesCoolingOff") : t("servicing.lines.closes")) : t("servicing.lines.repaid")}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** How a payment was applied (decision 28), in words. */
function split(t: Translate, p: RepaymentLinesData["payments"][number]): string {
  const parts = [
    [p.interest, "servicing.lines.toInterest"],
    [p.principal, "servicing.lines.toPrincipal"],
    [p.penal, "servicing.lines.toPenal"],
    [p.excess, "servicing.lines.toRefund"],
  ] as const;
  return parts
    .filter(([amount]) => amount > 0)
    .map(([amount, key]) => t(key, { amount: inr(amount) }))
    .join(", ");
}

/** "Pay early and save" (issue 20): today's total against what the current balance owes on the repayment date. */
export function PayEarly({ lines, repaymentDate }: { lines: RepaymentLinesData; repaymentDate: string }) {
  const t = useT();
  const { day } = useDates();
  const early = lines.pay_early;
  if (!early) return null;
  return (
    <p className="repay-save">
      <strong>{t("servicing.payEarly.title")}</strong>{" "}
      {t("servicing.payEarly.text", { today: inr(early.today), date: day(repaymentDate), onDate: inr(early.on_repayment_date), saving: inr(early.saving) })}
    </p>
  );
}
