import { describe, expect, it } from "vitest";
import { addDays } from "../calendar.ts";
import { allocatePayment, dues, type LoanPayment } from "./dues.ts";
import type { LoanRates } from "./loan-terms.ts";

// The loan every case uses unless it says otherwise: ₹20,000 disbursed on 1 Nov 2026, repaid on
// 1 Dec 2026 (30 days). Principal 20,00,000 paise; 1% a day = 20,000 paise (₹200);
// KFS interest 30 × 20,000 = 6,00,000 paise; due on the repayment date 26,00,000 paise (₹26,000).
const DISBURSAL = "2026-11-01";
const REPAYMENT = "2026-12-01";
const P = 2_000_000;
const day = (n: number) => addDays(DISBURSAL, n);
// The rates of decision 28, written out: 1% interest a day, 0.5% penal a day capped at 25%, 3 days' cooling-off.
const RATES: LoanRates = { interestBpsPerDay: 100, penalBpsPerDay: 50, penalCapBps: 2_500, coolingOffDays: 3 };
const loan = (payments: LoanPayment[] = [], rates: LoanRates = RATES) => ({
  principal: P,
  disbursalDate: DISBURSAL,
  repaymentDate: REPAYMENT,
  rates,
  payments,
});

describe("dues before the repayment date (decision 28)", () => {
  it("day 0 charges nothing, but closing on day 0 costs one day", () => {
    const d = dues(loan(), day(0));
    // Day 0 is no day: interest 0; close today = 20,00,000 + 20,000 (at least 1 day).
    expect(d).toMatchObject({
      day: 0,
      tenureDays: 30,
      coolingOff: true,
      interestToDate: 0,
      totalDue: 2_000_000,
      closeToday: 2_020_000,
      dueOnRepaymentDate: 2_600_000,
    });
  });

  it.each([
    // day, interest (day × 20,000), total (20,00,000 + interest), cooling-off (days 0-3)
    [1, 20_000, 2_020_000, true],
    [2, 40_000, 2_040_000, true],
    [3, 60_000, 2_060_000, true],
    [4, 80_000, 2_080_000, false],
    [10, 200_000, 2_200_000, false],
    [30, 600_000, 2_600_000, false],
  ])("day %i: interest %i paise, total due %i paise", (n, interest, total, coolingOff) => {
    const d = dues(loan(), day(n));
    expect(d).toMatchObject({
      day: n,
      coolingOff,
      overdueDays: 0,
      principalOutstanding: P,
      interestToDate: interest,
      interestOutstanding: interest,
      penalToDate: 0,
      totalDue: total,
      // Prepayment: principal + interest for the days elapsed, no charge.
      closeToday: total,
      dueOnRepaymentDate: 2_600_000,
      settled: false,
    });
  });

  it("never charges more interest by the repayment date than the KFS figure (decision 26)", () => {
    expect(dues(loan(), REPAYMENT).interestToDate).toBe(600_000);
  });
});

describe("dues after the repayment date", () => {
  it("1 day overdue: interest continues at 1% and a penal charge of 0.5% of the principal starts", () => {
    const d = dues(loan(), day(31));
    // Interest 31 × 20,000 = 6,20,000 (20,000 after the due date); penal 0.5% × 20,00,000 = 10,000.
    // Total 20,00,000 + 6,20,000 + 10,000 = 26,30,000.
    expect(d).toMatchObject({
      overdueDays: 1,
      interestToDate: 620_000,
      postDueInterestToDate: 20_000,
      penalToDate: 10_000,
      totalDue: 2_630_000,
      closeToday: 2_630_000,
      dueOnRepaymentDate: 2_600_000,
    });
  });

  it("40 days overdue: below both caps", () => {
    const d = dues(loan(), day(70));
    // Post-due interest 40 × 20,000 = 8,00,000; penal 40 × 10,000 = 4,00,000 (cap 5,00,000);
    // together 12,00,000 ≤ principal. Total 20,00,000 + 6,00,000 + 8,00,000 + 4,00,000 = 38,00,000.
    expect(d).toMatchObject({ overdueDays: 40, interestToDate: 1_400_000, postDueInterestToDate: 800_000, penalToDate: 400_000, totalDue: 3_800_000 });
  });

  it("penal cap: penal charges stop at 25% of the principal (50 days overdue); interest goes on", () => {
    // 25% × 20,00,000 = 5,00,000 = 50 days × 10,000.
    expect(dues(loan(), day(80)).penalToDate).toBe(500_000);
    const d = dues(loan(), day(90));
    // 60 days overdue: post-due interest 60 × 20,000 = 12,00,000; penal capped at 5,00,000.
    // Total 20,00,000 + 6,00,000 + 12,00,000 + 5,00,000 = 43,00,000.
    expect(d).toMatchObject({ overdueDays: 60, postDueInterestToDate: 1_200_000, penalToDate: 500_000, totalDue: 4_300_000 });
  });

  it("fairness cap: post-due interest + penal charges stop at the principal (75 days overdue); nothing accrues after", () => {
    // Post-due interest + penal = 20,00,000 when interest = 20,00,000 − 5,00,000 = 15,00,000 = 75 days.
    const at75 = dues(loan(), day(105));
    expect(at75).toMatchObject({ postDueInterestToDate: 1_500_000, penalToDate: 500_000, totalDue: 4_600_000 });
    // 74 days: 14,80,000 + 5,00,000 — one day short of the cap.
    expect(dues(loan(), day(104)).totalDue).toBe(2_000_000 + 600_000 + 1_480_000 + 500_000);
    // A year later it is still 20,00,000 + 6,00,000 + 15,00,000 + 5,00,000 = 46,00,000.
    expect(dues(loan(), day(400))).toMatchObject({ overdueDays: 370, totalDue: 4_600_000 });
  });

  it("the fairness cap clips a day part-way when the penal cap is higher", () => {
    // A product with 1% penal per day capped at 100%: post-due interest 20,000 + penal 20,000 a day,
    // so the principal (20,00,000) is reached after exactly 50 days: 10,00,000 + 10,00,000.
    const product: LoanRates = { ...RATES, penalBpsPerDay: 100, penalCapBps: 10_000 };
    expect(dues(loan([], product), day(80))).toMatchObject({ postDueInterestToDate: 1_000_000, penalToDate: 1_000_000 });
    // With penal 1.7%/day (34,000): 54,000 a day, 37 days = 19,98,000; day 38 has room for 2,000 only,
    // which interest takes first: post-due interest 37 × 20,000 + 2,000 = 7,42,000; penal 37 × 34,000 = 12,58,000.
    const steeper: LoanRates = { ...product, penalBpsPerDay: 170 };
    expect(dues(loan([], steeper), day(67))).toMatchObject({ postDueInterestToDate: 740_000, penalToDate: 1_258_000 });
    expect(dues(loan([], steeper), day(68))).toMatchObject({ postDueInterestToDate: 742_000, penalToDate: 1_258_000 });
    expect(dues(loan([], steeper), day(90))).toMatchObject({ postDueInterestToDate: 742_000, penalToDate: 1_258_000 });
  });

  it("rounds a half paisa of penal charge up, each day", () => {
    // ₹10,001 for 7 days: 1% = 10,001 paise a day; 0.5% = 5,000.5 → 5,001 paise.
    const d = dues({ principal: 1_000_100, disbursalDate: DISBURSAL, repaymentDate: day(7), rates: RATES }, day(9));
    // Interest 9 × 10,001 = 90,009; penal 2 × 5,001 = 10,002.
    expect(d).toMatchObject({ interestToDate: 90_009, penalToDate: 10_002, totalDue: 1_000_100 + 90_009 + 10_002 });
  });
});

describe("payments", () => {
  it("payment on time settles the loan; nothing accrues after", () => {
    const d = dues(loan([{ on: REPAYMENT, amount: 2_600_000 }]), day(45));
    expect(d).toMatchObject({ settled: true, totalDue: 0, principalOutstanding: 0, interestToDate: 600_000, penalToDate: 0, excess: 0, paid: 2_600_000 });
    expect(d.allocations).toEqual([{ on: REPAYMENT, amount: 2_600_000, day: 30, interest: 600_000, principal: 2_000_000, penal: 0, excess: 0 }]);
  });

  it("prepayment on day 1 costs one day of interest", () => {
    const pay = dues(loan(), day(1)).closeToday;
    expect(pay).toBe(2_020_000);
    const d = dues(loan([{ on: day(1), amount: pay }]), day(20));
    expect(d).toMatchObject({ settled: true, interestToDate: 20_000, excess: 0 });
  });

  it("prepayment on day 10 costs ten days of interest", () => {
    const pay = dues(loan(), day(10)).closeToday;
    // 20,00,000 + 10 × 20,000.
    expect(pay).toBe(2_200_000);
    expect(dues(loan([{ on: day(10), amount: pay }]), REPAYMENT)).toMatchObject({ settled: true, interestToDate: 200_000, excess: 0, dueOnRepaymentDate: 0 });
  });

  it("closing on day 0 charges day 1 once, not again on day 1", () => {
    const d = dues(loan([{ on: day(0), amount: 2_020_000 }]), day(5));
    expect(d).toMatchObject({ settled: true, interestToDate: 20_000, excess: 0 });
    expect(dues(loan([{ on: day(0), amount: 2_020_000 }]), day(0))).toMatchObject({ settled: true, closeToday: 0 });
    // A part payment on day 0: 10,00,000 pays day 1's 20,000 and 9,80,000 of principal → 10,20,000 left.
    // Day 1 charges nothing more; day 2 charges 1% of 10,20,000 = 10,200.
    const part = dues(loan([{ on: day(0), amount: 1_000_000 }]), day(2));
    expect(part).toMatchObject({ principalOutstanding: 1_020_000, interestToDate: 30_200, interestOutstanding: 10_200, totalDue: 1_030_200 });
  });

  it("cooling-off exit on day 2: principal + 2 days of interest, no penalty (fee and GST are kept: not part of what is due)", () => {
    const d = dues(loan(), day(2));
    expect(d.coolingOff).toBe(true);
    // 20,00,000 + 2 × 20,000.
    expect(d.closeToday).toBe(2_040_000);
    expect(dues(loan([{ on: day(2), amount: 2_040_000 }]), day(3))).toMatchObject({ settled: true, excess: 0, penalToDate: 0 });
  });

  it("a partial payment pays interest first, then principal; interest then runs on the smaller principal", () => {
    // Day 10: interest due 2,00,000. ₹5,000 (5,00,000) pays it and 3,00,000 of principal → 17,00,000.
    const payments = [{ on: day(10), amount: 500_000 }];
    const d10 = dues(loan(payments), day(10));
    expect(d10.allocations[0]).toMatchObject({ interest: 200_000, principal: 300_000, penal: 0, excess: 0 });
    // Days 11-30 charge 1% of 17,00,000 = 17,000 a day: 20 × 17,000 = 3,40,000. Due then 17,00,000 + 3,40,000.
    expect(d10).toMatchObject({ principalOutstanding: 1_700_000, interestOutstanding: 0, totalDue: 1_700_000, dueOnRepaymentDate: 2_040_000 });
    expect(dues(loan(payments), REPAYMENT)).toMatchObject({ interestToDate: 540_000, totalDue: 2_040_000 });
    // Before the payment was made, the repayment-date figure was the full 26,00,000.
    expect(dues(loan(payments), day(9)).dueOnRepaymentDate).toBe(2_600_000);
  });

  it("an overdue partial payment pays interest, then principal, and leaves penal charges for last", () => {
    // Day 35 (5 overdue): interest 6,00,000 + 5 × 20,000 = 7,00,000; penal 5 × 10,000 = 50,000.
    // ₹10,000 (10,00,000): interest 7,00,000, principal 3,00,000, penal 0 → principal 17,00,000.
    const payments = [{ on: day(35), amount: 1_000_000 }];
    expect(dues(loan(payments), day(35)).allocations[0]).toMatchObject({ interest: 700_000, principal: 300_000, penal: 0 });
    // Day 36: interest 1% of 17,00,000 = 17,000; penal 0.5% = 8,500 → penal 58,500.
    expect(dues(loan(payments), day(36))).toMatchObject({
      principalOutstanding: 1_700_000,
      interestOutstanding: 17_000,
      penalOutstanding: 58_500,
      totalDue: 1_775_500,
    });
  });

  it("paying interest and principal but not penal charges leaves the penal charges, which no longer grow", () => {
    // Day 31 total 26,30,000; paying 26,20,000 leaves penal 10,000.
    const d = dues(loan([{ on: day(31), amount: 2_620_000 }]), day(60));
    expect(d).toMatchObject({ principalOutstanding: 0, interestOutstanding: 0, penalOutstanding: 10_000, totalDue: 10_000, settled: false });
  });

  it("an overpayment is held as customer excess", () => {
    const d = dues(loan([{ on: REPAYMENT, amount: 2_700_000 }]), day(31));
    expect(d).toMatchObject({ settled: true, totalDue: 0, excess: 100_000, paid: 2_700_000 });
    expect(d.allocations[0]).toMatchObject({ interest: 600_000, principal: 2_000_000, penal: 0, excess: 100_000 });
    // A second payment on a settled loan is all excess (decision 29: late and surplus money).
    expect(
      dues(
        loan([
          { on: REPAYMENT, amount: 2_600_000 },
          { on: day(40), amount: 50_000 },
        ]),
        day(40),
      ).excess,
    ).toBe(50_000);
  });

  it("ignores payments after the date asked about", () => {
    expect(dues(loan([{ on: day(12), amount: 2_240_000 }]), day(11))).toMatchObject({ totalDue: 2_220_000, paid: 0, dueOnRepaymentDate: 2_600_000 });
  });

  it("refuses bad input", () => {
    expect(() => dues(loan(), "2026-10-31")).toThrow(RangeError);
    expect(() => dues(loan([{ on: day(1), amount: 10.5 }]), day(2))).toThrow(RangeError);
    expect(() => dues({ ...loan(), principal: 0 }, day(2))).toThrow(RangeError);
    expect(() => dues({ ...loan(), repaymentDate: DISBURSAL }, day(2))).toThrow(RangeError);
    expect(() => dues(loan([{ on: "2026-10-30", amount: 100 }]), day(2))).toThrow(RangeError);
  });
});

describe("allocatePayment (decision 28 order)", () => {
  it("interest, then principal, then penal, then excess", () => {
    expect(allocatePayment(150, { interest: 100, principal: 100, penal: 30 })).toEqual({ interest: 100, principal: 50, penal: 0, excess: 0 });
    expect(allocatePayment(250, { interest: 100, principal: 100, penal: 30 })).toEqual({ interest: 100, principal: 100, penal: 30, excess: 20 });
    expect(() => allocatePayment(0, { interest: 1, principal: 1, penal: 0 })).toThrow(RangeError);
  });
});
