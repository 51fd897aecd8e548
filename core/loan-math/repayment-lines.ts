// The lines a customer sees for a loan (the dashboard card, the Repayment screen, Pay Now), from
// core dues(). Pure, integer paise. The lines show what was charged to date and what was paid,
// each separately, so that on every day
//   principal + interest + penal charges − payments (+ money held for refund) = total due
// holds exactly, and the total is what "Pay" charges to close the loan (dues' closeToday).
//
// Day 0 charges nothing, but closing on day 0 costs one day's interest (dues.ts): the interest
// line includes that day, marked as the one-day minimum, so the lines add up to what is charged.
import type { Dues } from "./dues.ts";

export type PaymentLine = {
  /** India calendar date the money was received. */
  on: string;
  amount: number;
  /** How it was applied (decision 28): interest first, then principal, then penal charges. */
  interest: number;
  principal: number;
  penal: number;
  /** Above what was due: held for refund. */
  excess: number;
};

export type RepaymentLines = {
  /** The loan amount paid out. */
  principal: number;
  /** Interest charged from disbursal to today, plus the one-day minimum when closing today adds it. */
  interest: number;
  /** Of `interest`, the one day a payment today would charge first (day 0 only, else 0). */
  oneDayMinimum: number;
  /** Penal charges to date. */
  penal: number;
  /** Payments received, oldest first. */
  payments: PaymentLine[];
  /** Sum of payments. */
  paid: number;
  /** Money paid above what was due, held for refund (adds back, so the total stays right). */
  heldForRefund: number;
  /** principal + interest + penal − paid + heldForRefund: what closes the loan today. */
  total: number;
  /** The same total as what is still owed of each part (the three add up to `total`). */
  outstanding: { principal: number; interest: number; penal: number };
  /** Only before the repayment date: today's total against what the current balance owes on that date. */
  payEarly: { today: number; onRepaymentDate: number; saving: number } | null;
};

export function repaymentLines(d: Dues): RepaymentLines {
  // closeToday exceeds totalDue only by day 1's interest on day 0 (a prepayment's minimum).
  const oneDayMinimum = d.closeToday - d.totalDue;
  const principalPaid = d.allocations.reduce((s, a) => s + a.principal, 0);
  const payments = d.allocations.map((a) => ({ on: a.on, amount: a.amount, interest: a.interest, principal: a.principal, penal: a.penal, excess: a.excess }));
  const lines: RepaymentLines = {
    principal: d.principalOutstanding + principalPaid,
    interest: d.interestToDate + oneDayMinimum,
    oneDayMinimum,
    penal: d.penalToDate,
    payments,
    paid: d.paid,
    heldForRefund: d.excess,
    total: d.closeToday,
    outstanding: { principal: d.principalOutstanding, interest: d.interestOutstanding + oneDayMinimum, penal: d.penalOutstanding },
    payEarly: null,
  };
  const saving = d.dueOnRepaymentDate - d.closeToday;
  if (d.day < d.tenureDays && saving > 0) lines.payEarly = { today: d.closeToday, onRepaymentDate: d.dueOnRepaymentDate, saving };
  const sum = lines.principal + lines.interest + lines.penal - lines.paid + lines.heldForRefund;
  const parts = lines.outstanding.principal + lines.outstanding.interest + lines.outstanding.penal;
  // A Dues that does not add up is a defect in dues(), never something to show a customer.
  if (sum !== lines.total || parts !== lines.total) throw new Error(`repayment lines do not add up: ${sum} / ${parts} ≠ ${lines.total}`);
  return lines;
}
