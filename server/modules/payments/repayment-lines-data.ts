// repayment_data's repayment_lines (issue 20): core's lines in rupees, as the API sends amounts.
import { paiseToRupees, repaymentLines, type Dues } from "../../../core/loan-math/index.ts";

export function repaymentLinesData(d: Dues) {
  const l = repaymentLines(d);
  const r = paiseToRupees;
  return {
    principal: r(l.principal),
    interest: r(l.interest),
    one_day_minimum: r(l.oneDayMinimum),
    penal: r(l.penal),
    payments: l.payments.map((p) => ({
      on: p.on,
      amount: r(p.amount),
      interest: r(p.interest),
      principal: r(p.principal),
      penal: r(p.penal),
      excess: r(p.excess),
    })),
    paid: r(l.paid),
    held_for_refund: r(l.heldForRefund),
    total: r(l.total),
    outstanding: { principal: r(l.outstanding.principal), interest: r(l.outstanding.interest), penal: r(l.outstanding.penal) },
    pay_early: l.payEarly ? { today: r(l.payEarly.today), on_repayment_date: r(l.payEarly.onRepaymentDate), saving: r(l.payEarly.saving) } : null,
  };
}
