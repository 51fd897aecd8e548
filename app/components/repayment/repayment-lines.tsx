import { useId } from "react";
import { formatINR } from "../../../core/format.ts";
import { formatDate, type RepaymentLinesData } from "../../lib/repayment.ts";

const inr = (rupees: number) => formatINR(rupees, { decimals: 2 });

/**
 * What the customer owes today, line by line (issue 20), shared by the dashboard card, the
 * Repayment screen and Pay Now: the loan amount, interest and penal charges to date, each payment
 * with its date, then the total, which is what paying in full charges. The lines add up on the
 * screen: principal + interest + penal − payments (+ money held for refund) = total.
 */
export function RepaymentLines({ lines, coolingOff = false }: { lines: RepaymentLinesData; coolingOff?: boolean }) {
  const id = useId();
  return (
    <table className="repay-lines" aria-describedby={`${id}-note`}>
      <caption>How today&apos;s total is made up</caption>
      <tbody>
        <tr data-line="principal">
          <th scope="row">Principal (loan amount)</th>
          <td>{inr(lines.principal)}</td>
        </tr>
        <tr data-line="interest">
          <th scope="row">
            Interest to date
            {lines.one_day_minimum > 0 ? (
              <span className="repay-line-note">
                The one-day minimum: paying on the day of payout costs one day&apos;s interest ({inr(lines.one_day_minimum)}).
              </span>
            ) : null}
          </th>
          <td>+ {inr(lines.interest)}</td>
        </tr>
        <tr data-line="penal">
          <th scope="row">Penal charges</th>
          <td>+ {inr(lines.penal)}</td>
        </tr>
        {lines.payments.length === 0 ? (
          <tr data-line="no-payments">
            <th scope="row">Payments received</th>
            <td>None yet</td>
          </tr>
        ) : (
          lines.payments.map((p, i) => (
            <tr data-line="payment" key={`${p.on}-${i}`}>
              <th scope="row">
                Payment received on {formatDate(p.on)}
                <span className="repay-line-note">{split(p)}</span>
              </th>
              <td>− {inr(p.amount)}</td>
            </tr>
          ))
        )}
        {lines.held_for_refund > 0 ? (
          <tr data-line="refund">
            <th scope="row">
              Paid above what was due
              <span className="repay-line-note">Held for refund to you.</span>
            </th>
            <td>+ {inr(lines.held_for_refund)}</td>
          </tr>
        ) : null}
      </tbody>
      <tfoot>
        <tr data-line="total">
          <th scope="row">Total due today</th>
          <td>{inr(lines.total)}</td>
        </tr>
        <tr>
          <td colSpan={2} id={`${id}-note`} className="repay-line-note">
            {lines.total > 0
              ? coolingOff
                ? "Paying this closes your loan (cooling-off exit, no penalty)."
                : "Paying this closes your loan."
              : "Nothing is due: your loan is repaid."}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** How a payment was applied (decision 28), in words. */
function split(p: RepaymentLinesData["payments"][number]): string {
  const parts = [
    [p.interest, "to interest"],
    [p.principal, "to principal"],
    [p.penal, "to penal charges"],
    [p.excess, "held for refund"],
  ] as const;
  return parts
    .filter(([amount]) => amount > 0)
    .map(([amount, label]) => `${inr(amount)} ${label}`)
    .join(", ");
}

/** "Pay early and save" (issue 20): today's total against what the current balance owes on the repayment date. */
export function PayEarly({ lines, repaymentDate }: { lines: RepaymentLinesData; repaymentDate: string }) {
  const early = lines.pay_early;
  if (!early) return null;
  return (
    <p className="repay-save">
      <strong>Pay early and save:</strong> closing today costs {inr(early.today)}. If you pay on the repayment date ({formatDate(repaymentDate)}), it will be{" "}
      {inr(early.on_repayment_date)}. You save {inr(early.saving)}.
    </p>
  );
}
