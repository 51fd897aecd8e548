import { describe, expect, it } from "vitest";
import { loanQuoteTerms, repaymentDate, repaymentDateForTenure, salaryDateInMonth } from "./repayment-date.ts";

describe("salary day → date", () => {
  it("clamps a salary day to the last day of a shorter month", () => {
    expect(salaryDateInMonth(2025, 4, 31)).toBe("2025-04-30");
    expect(salaryDateInMonth(2025, 2, 31)).toBe("2025-02-28");
    expect(salaryDateInMonth(2024, 2, 30)).toBe("2024-02-29");
    expect(salaryDateInMonth(2025, 3, 15)).toBe("2025-03-15");
  });
});

describe("repaymentDate (decision 2)", () => {
  it("takes this month’s salary date when it is at least 7 days away", () => {
    expect(repaymentDate({ today: "2025-01-05", salaryDay: 12 })).toEqual({ repaymentDate: "2025-01-12", tenureDays: 7 });
  });

  it("moves to next month when this month’s date is under 7 days away or past", () => {
    expect(repaymentDate({ today: "2025-01-06", salaryDay: 12 })).toEqual({ repaymentDate: "2025-02-12", tenureDays: 37 });
    expect(repaymentDate({ today: "2025-01-20", salaryDay: 1 })).toEqual({ repaymentDate: "2025-02-01", tenureDays: 12 });
  });

  it("handles day 31 through February and across the year end", () => {
    expect(repaymentDate({ today: "2025-01-25", salaryDay: 31 })).toEqual({ repaymentDate: "2025-02-28", tenureDays: 34 });
    expect(repaymentDate({ today: "2024-01-31", salaryDay: 31 })).toEqual({ repaymentDate: "2024-02-29", tenureDays: 29 });
    // 3 January is 6 days away, so 3 February.
    expect(repaymentDate({ today: "2025-12-28", salaryDay: 3 })).toEqual({ repaymentDate: "2026-02-03", tenureDays: 37 });
    expect(repaymentDate({ today: "2025-12-20", salaryDay: 3 })).toEqual({ repaymentDate: "2026-01-03", tenureDays: 14 });
  });

  it("takes the salary day from the last salary date", () => {
    expect(repaymentDate({ today: "2025-03-10", lastSalaryDate: "2025-02-28" })).toEqual({ repaymentDate: "2025-03-28", tenureDays: 18 });
    // salaryDay wins over lastSalaryDate.
    expect(repaymentDate({ today: "2025-03-10", salaryDay: 20, lastSalaryDate: "2025-02-28" })?.repaymentDate).toBe("2025-03-20");
  });

  it("always lands 7 to 40 days away, for every salary day and every day of a year", () => {
    for (let d = 0; d < 366; d++) {
      const today = repaymentDateForTenure("2024-01-01", d);
      for (let day = 1; day <= 31; day++) {
        const plan = repaymentDate({ today, salaryDay: day });
        expect(plan).not.toBeNull();
        expect(plan!.tenureDays).toBeGreaterThanOrEqual(7);
        expect(plan!.tenureDays).toBeLessThanOrEqual(40);
      }
    }
  });

  it("returns null when the salary day is unknown", () => {
    expect(repaymentDate({ today: "2025-03-10" })).toBeNull();
    expect(repaymentDate({ today: "2025-03-10", salaryDay: null, lastSalaryDate: null })).toBeNull();
  });

  it("refuses bad input", () => {
    expect(() => repaymentDate({ today: "2025-03-10", salaryDay: 32 })).toThrow(RangeError);
    expect(() => repaymentDate({ today: "2025-03-10", salaryDay: 0 })).toThrow(RangeError);
    expect(() => repaymentDate({ today: "2025-03-10", lastSalaryDate: "2025-02-30" })).toThrow(RangeError);
    expect(() => repaymentDate({ today: "soon", salaryDay: 5 })).toThrow(RangeError);
  });
});

describe("loanQuoteTerms", () => {
  it("fixes the tenure and steps by ₹100 when the salary day is known", () => {
    expect(loanQuoteTerms({ today: "2025-01-06", salaryDay: 12, monthlyIncome: 50_000 })).toEqual({
      eligible: true,
      min_loan_amount: 10_000,
      max_loan_amount: 20_000,
      min_loan_tenure: 37,
      max_loan_tenure: 37,
      tenure: 37,
      repayment_date: "2025-02-12",
      show_loan_tenure: 0,
      amount_step: 100,
    });
  });

  it("lets the customer pick 7-40 days and steps by ₹500 when it is unknown", () => {
    expect(loanQuoteTerms({ today: "2025-01-06", monthlyIncome: 300_000 })).toEqual({
      eligible: true,
      min_loan_amount: 10_000,
      max_loan_amount: 100_000,
      min_loan_tenure: 7,
      max_loan_tenure: 40,
      tenure: 40,
      repayment_date: "2025-02-15",
      show_loan_tenure: 1,
      amount_step: 500,
    });
  });

  it("reports not eligible when the offer is below the minimum", () => {
    expect(loanQuoteTerms({ today: "2025-01-06", salaryDay: 12, monthlyIncome: 20_000 }).eligible).toBe(false);
  });
});
