// What the customer owes on a date (decisions 26 and 28), in integer paise. Pure: the
// loans and payments modules pass the facts in, the ledger posts what this computes.
//
// Day counting (India calendar dates, core/calendar.ts): day n = days since the disbursal
// date. Day 0 charges nothing; day k (k ≥ 1) charges one day's interest. A payment made on
// day k is applied after day k's charges, so paying on day 1 costs one day. A payment on
// day 0 first charges day 1's interest (the one-day minimum of a prepayment); day 1 then
// charges no second time.
//
// Each day k:
// - up to the repayment date (day T): interest = 1% of the principal outstanding, never more
//   in total than the KFS figure (principal × 1% × T, decision 26);
// - after it: interest at the same rate on the unpaid principal, then a penal charge of 0.5%
//   of the overdue (unpaid) principal, the penal total capped at 25% of the principal; and the
//   fairness cap: post-due interest + penal charges never exceed the principal. Each is
//   computed on the principal alone, so nothing is compounded.
// Rounding: each day's charge is rounded half up to the paisa (bpsOfPaise). A whole-rupee
// principal makes 1% exact; 0.5% can leave half a paisa, rounded up.

import { daysBetween, isIsoDate, type IsoDate } from "../calendar.ts";
import { bpsOfPaise, type LoanRates } from "./loan-terms.ts";

export type LoanPayment = {
  /** India calendar date the money was received. */
  on: IsoDate;
  /** Paise, a positive integer. */
  amount: number;
};

export type LoanFacts = {
  /** Principal, paise. */
  principal: number;
  disbursalDate: IsoDate;
  repaymentDate: IsoDate;
  /** The loan's own rates, fixed with its KFS (decision 34): never today's product configuration. */
  rates: LoanRates;
  /** Payments received; any order. Several on one day are applied in the order given. */
  payments?: readonly LoanPayment[];
};

/** How one payment was split (decision 28 order). */
export type Allocation = { interest: number; principal: number; penal: number; excess: number };

export type AllocatedPayment = LoanPayment & Allocation & { day: number };

export type Dues = {
  asOf: IsoDate;
  /** Days since disbursal (0 on the disbursal date). */
  day: number;
  /** Days the loan runs to the repayment date. */
  tenureDays: number;
  /** Days past the repayment date (0 up to and on it). */
  overdueDays: number;
  /** Inside the cooling-off period (day 0 to coolingOffDays): an exit costs principal + interest, no penalty. */
  coolingOff: boolean;
  principalOutstanding: number;
  /** Interest charged from disbursal to asOf (before and after the repayment date). */
  interestToDate: number;
  /** Of which charged after the repayment date. */
  postDueInterestToDate: number;
  interestOutstanding: number;
  penalToDate: number;
  penalOutstanding: number;
  /** principal + interest + penal outstanding: the books' balance (accounting, bureau), not what the customer is asked. */
  totalDue: number;
  /**
   * "Total due today", the one figure every screen, PDF, SMS and the checkout show and charge
   * (issue 29): what closes the loan today, the total due plus day 1's interest when nothing
   * has been charged yet (day 0: a prepayment or cooling-off exit costs at least one day).
   */
  closeToday: number;
  /** Total due on the repayment date, given the payments made up to then. */
  dueOnRepaymentDate: number;
  /** Money paid above what was due, held for refund. */
  excess: number;
  paid: number;
  /** Nothing is due (and something was disbursed and then repaid). */
  settled: boolean;
  /** The payments up to asOf, each with its split. */
  allocations: AllocatedPayment[];
};

/** Decision 28: interest due first, then principal, then penal charges; the rest is excess. */
export function allocatePayment(amount: number, due: { interest: number; principal: number; penal: number }): Allocation {
  assertPaise("payment amount", amount, 1);
  let left = amount;
  const take = (owed: number) => {
    const part = Math.min(left, Math.max(0, owed));
    left -= part;
    return part;
  };
  const interest = take(due.interest);
  const principal = take(due.principal);
  const penal = take(due.penal);
  return { interest, principal, penal, excess: left };
}

function assertPaise(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${name} must be a whole number of paise of at least ${min}`);
}

function assertDate(name: string, value: string): void {
  if (!isIsoDate(value)) throw new RangeError(`${name} must be a calendar date (YYYY-MM-DD)`);
}

type State = {
  principal: number;
  interestCharged: number;
  postDueInterest: number;
  interestPaid: number;
  penalCharged: number;
  penalPaid: number;
  excess: number;
  paid: number;
  /** Day 1's interest was charged early by a day-0 payment. */
  dayOneCharged: boolean;
};

/** The loan's position at the end of `asOf` (after that day's charges and payments). */
export function dues(facts: LoanFacts, asOf: IsoDate): Dues {
  const state = run(facts, asOf);
  const tenureDays = daysBetween(facts.disbursalDate, facts.repaymentDate);
  const day = daysBetween(facts.disbursalDate, asOf);
  const totalDue = outstanding(state);
  const oneDay = bpsOfPaise(state.principal, facts.rates.interestBpsPerDay);
  const closeToday = totalDue + (day === 0 && !state.dayOneCharged ? oneDay : 0);
  // The repayment date's figure counts only payments made by then and by asOf.
  const knownBy = day < tenureDays ? asOf : facts.repaymentDate;
  const payments = (facts.payments ?? []).filter((p) => isIsoDate(p.on) && daysBetween(p.on, knownBy) >= 0);
  const atRepayment = run({ ...facts, payments }, facts.repaymentDate);
  return {
    asOf,
    day,
    tenureDays,
    overdueDays: Math.max(0, day - tenureDays),
    coolingOff: day <= facts.rates.coolingOffDays,
    principalOutstanding: state.principal,
    interestToDate: state.interestCharged,
    postDueInterestToDate: state.postDueInterest,
    interestOutstanding: state.interestCharged - state.interestPaid,
    penalToDate: state.penalCharged,
    penalOutstanding: state.penalCharged - state.penalPaid,
    totalDue,
    closeToday,
    dueOnRepaymentDate: outstanding(atRepayment),
    excess: state.excess,
    paid: state.paid,
    settled: totalDue === 0,
    allocations: state.allocations,
  };
}

function outstanding(s: State): number {
  return s.principal + (s.interestCharged - s.interestPaid) + (s.penalCharged - s.penalPaid);
}

function run(facts: LoanFacts, asOf: IsoDate): State & { allocations: AllocatedPayment[] } {
  const rates = facts.rates;
  for (const name of ["interestBpsPerDay", "penalBpsPerDay", "penalCapBps", "coolingOffDays"] as const) {
    if (!Number.isSafeInteger(rates[name]) || rates[name] < 0) throw new RangeError(`rates.${name} must be a whole number of at least 0`);
  }
  assertPaise("principal", facts.principal, 1);
  assertDate("disbursalDate", facts.disbursalDate);
  assertDate("repaymentDate", facts.repaymentDate);
  assertDate("asOf", asOf);
  const tenureDays = daysBetween(facts.disbursalDate, facts.repaymentDate);
  if (tenureDays < 1) throw new RangeError("repaymentDate must be after disbursalDate");
  const lastDay = daysBetween(facts.disbursalDate, asOf);
  if (lastDay < 0) throw new RangeError("asOf is before the disbursal date");

  const byDay = new Map<number, LoanPayment[]>();
  for (const p of facts.payments ?? []) {
    assertDate("payment date", p.on);
    assertPaise("payment amount", p.amount, 1);
    const d = daysBetween(facts.disbursalDate, p.on);
    if (d < 0) throw new RangeError("A payment is dated before the disbursal date");
    if (d > lastDay) continue;
    byDay.set(d, [...(byDay.get(d) ?? []), p]);
  }

  const P = facts.principal;
  const kfsInterest = bpsOfPaise(P * tenureDays, rates.interestBpsPerDay);
  const penalCap = bpsOfPaise(P, rates.penalCapBps);
  // Fairness cap: post-due interest + penal charges ≤ the principal.
  const fairnessCap = P;
  const s: State & { allocations: AllocatedPayment[] } = {
    principal: P,
    interestCharged: 0,
    postDueInterest: 0,
    interestPaid: 0,
    penalCharged: 0,
    penalPaid: 0,
    excess: 0,
    paid: 0,
    dayOneCharged: false,
    allocations: [],
  };

  const charge = (k: number) => {
    if (s.principal === 0) return;
    const daily = bpsOfPaise(s.principal, rates.interestBpsPerDay);
    if (k <= tenureDays) {
      s.interestCharged += Math.min(daily, kfsInterest - s.interestCharged);
      return;
    }
    const interest = Math.min(daily, fairnessCap - s.postDueInterest - s.penalCharged);
    s.interestCharged += interest;
    s.postDueInterest += interest;
    const penalDaily = bpsOfPaise(s.principal, rates.penalBpsPerDay);
    const penal = Math.min(penalDaily, penalCap - s.penalCharged, fairnessCap - s.postDueInterest - s.penalCharged);
    s.penalCharged += penal;
  };

  // Days with nothing to change can be skipped once no charge can accrue (principal repaid, or
  // the fairness cap reached); payments on later days still need applying.
  const lastPaymentDay = Math.max(-1, ...byDay.keys());
  for (let k = 0; k <= lastDay; k++) {
    if (k >= 1 && !(k === 1 && s.dayOneCharged)) charge(k);
    for (const p of byDay.get(k) ?? []) {
      if (k === 0 && !s.dayOneCharged && s.principal > 0) {
        charge(1);
        s.dayOneCharged = true;
      }
      const split = allocatePayment(p.amount, {
        interest: s.interestCharged - s.interestPaid,
        principal: s.principal,
        penal: s.penalCharged - s.penalPaid,
      });
      s.interestPaid += split.interest;
      s.principal -= split.principal;
      s.penalPaid += split.penal;
      s.excess += split.excess;
      s.paid += p.amount;
      s.allocations.push({ ...p, day: k, ...split });
    }
    const capped = s.principal === 0 || (k > tenureDays && s.postDueInterest + s.penalCharged >= fairnessCap);
    if (capped && k >= lastPaymentDay) break;
  }
  return s;
}
