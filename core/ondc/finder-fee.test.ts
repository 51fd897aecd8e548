import { describe, expect, it } from "vitest";
import { finderFeePaise } from "./finder-fee.ts";

describe("the buyer app's finder fee (percent-annualized)", () => {
  it("is the percentage a year of the principal for the loan's days, half up to the paisa", () => {
    // ₹15,000 at 1 % a year for 9 days: 1,500,000 × 0.01 × 9 / 365 = 369.863… paise → ₹3.70.
    expect(finderFeePaise({ principalPaise: 1_500_000, percentage: "1", tenureDays: 9 })).toBe(370);
    // ₹1,00,000 at 2.5 % for 40 days: 10,000,000 × 0.025 × 40 / 365 = 27,397.26… → ₹273.97.
    expect(finderFeePaise({ principalPaise: 10_000_000, percentage: "2.5", tenureDays: 40 })).toBe(27_397);
    // ₹10,000 at 0.5 % for 73 days: 1,000,000 × 0.005 × 73 / 365 = exactly 1,000 paise.
    expect(finderFeePaise({ principalPaise: 1_000_000, percentage: "0.5", tenureDays: 73 })).toBe(1_000);
    // Half a paisa rounds up: ₹547.50 at 1 % for a day: 54,750 × 0.01 / 365 = 1.5 paise → 2.
    expect(finderFeePaise({ principalPaise: 54_750, percentage: "1", tenureDays: 1 })).toBe(2);
    expect(finderFeePaise({ principalPaise: 1_500_000, percentage: "0", tenureDays: 9 })).toBe(0);
  });

  it("refuses a percentage that is not a plain decimal", () => {
    for (const percentage of ["", "-1", "1e2", "1.23456", "abc", "1000"])
      expect(finderFeePaise({ principalPaise: 1_500_000, percentage, tenureDays: 9 })).toBeNull();
  });
});
