import { describe, expect, it } from "vitest";
import { MIN_PART_PAYMENT_PAISE, repaymentChargePaise } from "./repayment-charge.ts";

describe("repaymentChargePaise (decision 29)", () => {
  it("charges the total due when blank or at least the total due", () => {
    expect(repaymentChargePaise(null, 13_000_00)).toBe(13_000_00);
    expect(repaymentChargePaise(13_000_00, 13_000_00)).toBe(13_000_00);
    expect(repaymentChargePaise(20_000_00, 13_000_00)).toBe(13_000_00);
  });
  it("charges a smaller amount as entered, at least ₹100", () => {
    expect(repaymentChargePaise(5_000_00, 13_000_00)).toBe(5_000_00);
    expect(repaymentChargePaise(50_00, 13_000_00)).toBe(MIN_PART_PAYMENT_PAISE);
    expect(repaymentChargePaise(1, 13_000_00)).toBe(100_00);
  });
  it("charges the total due when it is below ₹100", () => {
    expect(repaymentChargePaise(10_00, 60_00)).toBe(60_00);
  });
  it("refuses a zero, negative or fractional amount", () => {
    expect(() => repaymentChargePaise(0, 13_000_00)).toThrow(RangeError);
    expect(() => repaymentChargePaise(-5, 13_000_00)).toThrow(RangeError);
    expect(() => repaymentChargePaise(1.5, 13_000_00)).toThrow(RangeError);
  });
});
