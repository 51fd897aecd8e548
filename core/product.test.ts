import { describe, expect, it } from "vitest";
import { PRODUCT, amountSliderStep } from "./product.ts";

describe("product configuration", () => {
  it("holds the salary-day loan of decision 1", () => {
    expect(PRODUCT.singleLoan).toMatchObject({
      amount: { min: 10_000, max: 100_000 },
      interestPercentPerDay: 1,
      processingFeePercent: 10,
      gstPercent: 18,
      tenureDays: { min: 7, max: 40 },
      coolingOffDays: 3,
    });
  });

  it("holds the eligibility thresholds of decision 6 and the offer rule of decision 7", () => {
    expect(PRODUCT.eligibility).toEqual({
      age: { min: 21, max: 60 },
      incomeTypeId: 1,
      minMonthlyIncome: 30_000,
      salaryModeId: 1,
      minBureauScore: 600,
      allowNoBureauHistory: true,
    });
    expect(PRODUCT.offer).toEqual({ incomePercent: 40, cap: 100_000, roundDownTo: 500, minimum: 10_000 });
  });

  it("holds the marketing illustration of decision 3", () => {
    expect(PRODUCT.instalmentIllustration).toEqual({
      principal: 50_000,
      months: 12,
      annualRatePercent: 35,
      feePercent: 2,
      gstPercent: 18,
    });
  });

  it("steps the amount slider by 100 with a fixed tenure and 500 otherwise (decision 2)", () => {
    expect(amountSliderStep(0)).toBe(100);
    expect(amountSliderStep(1)).toBe(500);
  });
});
