import { describe, expect, it } from "vitest";
import { addDays } from "../calendar.ts";
import { dues, type LoanPayment } from "./dues.ts";
import type { LoanRates } from "./loan-terms.ts";
import { repaymentLines, type RepaymentLines } from "./repayment-lines.ts";

// ₹22,000 paid out on 1 Dec 2026, due on 11 Dec 2026 (10 days) at 1% a day (₹220 = 22,000 paise),
// penal 0.5% a day (₹110) capped at 25% (₹5,500); due on the repayment date ₹24,200.
const DISBURSAL = "2026-12-01";
const REPAYMENT = "2026-12-11";
const day = (n: number) => addDays(DISBURSAL, n);
// Decision 28's rates, written out: 1% interest a day, 0.5% penal a day capped at 25%, 3 days' cooling-off.
const RATES: LoanRates = { interestBpsPerDay: 100, penalBpsPerDay: 50, penalCapBps: 2_500, coolingOffDays: 3 };
const loan = (payments: LoanPayment[] = []) => ({ principal: 2_200_000, disbursalDate: DISBURSAL, repaymentDate: REPAYMENT, rates: RATES, payments });
const linesOn = (n: number, payments: LoanPayment[] = []) => repaymentLines(dues(loan(payments), day(n)));

/** What the customer reads: each line, then the sum the screen shows as the total. */
function onScreen(l: RepaymentLines) {
  return l.principal + l.interest + l.penal - l.payments.reduce((s, p) => s + p.amount, 0) + l.heldForRefund;
}

describe("the repayment lines add up (issue 20)", () => {
  it("day 0: the interest line is the one day that closing today costs", () => {
    const l = linesOn(0);
    // ₹22,000 + ₹220 = ₹22,220, what a full payment on day 0 charges.
    expect(l).toMatchObject({ principal: 2_200_000, interest: 22_000, oneDayMinimum: 22_000, penal: 0, payments: [], total: 2_222_000 });
    expect(onScreen(l)).toBe(2_222_000);
    expect(l.outstanding).toEqual({ principal: 2_200_000, interest: 22_000, penal: 0 });
    // Pay early and save: ₹24,200 on the repayment date against ₹22,220 today = ₹1,980.
    expect(l.payEarly).toEqual({ today: 2_222_000, onRepaymentDate: 2_420_000, saving: 198_000 });
  });

  it("day 2: ₹440.00 interest, total ₹22,440.00", () => {
    const l = linesOn(2);
    expect(l).toMatchObject({ principal: 2_200_000, interest: 44_000, oneDayMinimum: 0, penal: 0, total: 2_244_000 });
    expect(onScreen(l)).toBe(2_244_000);
    expect(l.payEarly?.saving).toBe(176_000);
  });

  it("after a ₹5,000 part payment on day 2: the payment is a line, with its date and split", () => {
    const paid = [{ on: day(2), amount: 500_000 }];
    const same = linesOn(2, paid);
    // ₹22,000 + ₹440 − ₹5,000 = ₹17,440 (₹440 went to interest, ₹4,560 to principal).
    expect(same.payments).toEqual([{ on: "2026-12-03", amount: 500_000, interest: 44_000, principal: 456_000, penal: 0, excess: 0 }]);
    expect(same).toMatchObject({ principal: 2_200_000, interest: 44_000, penal: 0, total: 1_744_000 });
    expect(onScreen(same)).toBe(1_744_000);
    expect(same.outstanding).toEqual({ principal: 1_744_000, interest: 0, penal: 0 });
    // Days 3-10 charge 1% of ₹17,440 = ₹174.40 each: ₹1,395.20 more by the repayment date.
    expect(same.payEarly).toEqual({ today: 1_744_000, onRepaymentDate: 1_883_520, saving: 139_520 });

    const later = linesOn(4, paid);
    // Two more days at ₹174.40: interest ₹440 + ₹348.80 = ₹788.80; ₹22,000 + ₹788.80 − ₹5,000 = ₹17,788.80.
    expect(later).toMatchObject({ interest: 78_880, total: 1_778_880 });
    expect(onScreen(later)).toBe(1_778_880);
    expect(later.outstanding).toEqual({ principal: 1_744_000, interest: 34_880, penal: 0 });
  });

  it("overdue by 5 days: interest and penal charges, no pay-early line", () => {
    const l = linesOn(15);
    // 15 × ₹220 = ₹3,300 interest; 5 × ₹110 = ₹550 penal; ₹22,000 + ₹3,300 + ₹550 = ₹25,850.
    expect(l).toMatchObject({ principal: 2_200_000, interest: 330_000, penal: 55_000, total: 2_585_000, payEarly: null });
    expect(onScreen(l)).toBe(2_585_000);
  });

  it("on the repayment date itself there is nothing left to save", () => {
    expect(linesOn(10)).toMatchObject({ total: 2_420_000, payEarly: null });
  });

  it("penal charges stop at 25% of the principal", () => {
    const l = linesOn(70);
    // 70 × ₹220 = ₹15,400 interest; penal 60 × ₹110 = ₹6,600, capped at ₹5,500; total ₹42,900.
    expect(l).toMatchObject({ interest: 1_540_000, penal: 550_000, total: 4_290_000 });
    expect(onScreen(l)).toBe(4_290_000);
  });

  it("the fairness cap: post-due interest + penal charges never exceed the principal", () => {
    const l = linesOn(100);
    // ₹2,200 to the repayment date; post-due ₹16,500 + penal ₹5,500 = ₹22,000 (the cap); total ₹46,200.
    expect(l).toMatchObject({ interest: 1_870_000, penal: 550_000, total: 4_620_000 });
    expect(onScreen(l)).toBe(4_620_000);
  });

  it("a part payment after the repayment date pays interest, then principal, then penal", () => {
    const l = linesOn(15, [{ on: day(12), amount: 1_000_000 }]);
    // Day 12: interest ₹2,640, penal ₹220; ₹10,000 → ₹2,640 interest + ₹7,360 principal. Principal ₹14,640.
    // Days 13-15: interest ₹146.40 and penal ₹73.20 a day: interest ₹2,640 + ₹439.20, penal ₹220 + ₹219.60.
    expect(l.payments[0]).toMatchObject({ interest: 264_000, principal: 736_000, penal: 0 });
    expect(l).toMatchObject({ interest: 307_920, penal: 43_960, total: 1_551_880 });
    expect(onScreen(l)).toBe(1_551_880);
    expect(l.outstanding).toEqual({ principal: 1_464_000, interest: 43_920, penal: 43_960 });
  });

  it("paid in full with ₹560 too much: the excess is held for refund and the total is zero", () => {
    const l = linesOn(2, [{ on: day(2), amount: 2_300_000 }]);
    // ₹22,000 + ₹440 − ₹23,000 + ₹560 = 0.
    expect(l).toMatchObject({ principal: 2_200_000, interest: 44_000, heldForRefund: 56_000, total: 0, payEarly: null });
    expect(onScreen(l)).toBe(0);
  });

  it("a payment on day 0 charges the one day first, and the day-0 total is then only what is left", () => {
    const l = linesOn(0, [{ on: day(0), amount: 1_000_000 }]);
    // Day 1's ₹220 first, then ₹9,780 principal: ₹22,000 + ₹220 − ₹10,000 = ₹12,220.
    expect(l).toMatchObject({ interest: 22_000, oneDayMinimum: 0, total: 1_222_000 });
    expect(onScreen(l)).toBe(1_222_000);
  });
});
