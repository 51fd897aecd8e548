// The one place that holds the lending figures (decisions 1, 2, 3, 6, 7 and the
// cooling-off period of regulatory.md). Pages, quotes, the KFS and the
// eligibility engine read them from here; no other file repeats a number.
// Rates are whole percentages so loan-math can work in integer paise.

export type SingleLoanProduct = {
  name: string;
  /** Principal in whole rupees. */
  amount: { min: number; max: number };
  /** Flat interest: percent of principal charged per day. */
  interestPercentPerDay: number;
  /** Processing fee, percent of principal; deducted at disbursal. */
  processingFeePercent: number;
  /** GST, percent of the processing fee; deducted at disbursal. */
  gstPercent: number;
  tenureDays: { min: number; max: number };
  /** Amount slider step in rupees: fixed tenure (salary date known) or customer-chosen tenure. */
  sliderStep: { fixedTenure: number; chosenTenure: number };
  /** Days in which the borrower may exit without penalty. */
  coolingOffDays: number;
  /**
   * Penal charge after the repayment date (RBI penal-charges circular, 2023): a charge,
   * never added to the interest rate and never compounded; percent of the overdue
   * principal per day, capped at a percent of the principal.
   */
  penalCharge: { percentPerDayOfOverduePrincipal: number; capPercentOfPrincipal: number };
};

export type EligibilityRules = {
  age: { min: number; max: number };
  /** income_type_id that qualifies (1 Salaried). */
  incomeTypeId: number;
  minMonthlyIncome: number;
  /** salary_mode id that qualifies (1 bank account). */
  salaryModeId: number;
  minBureauScore: number;
  /** New-to-credit customers (no bureau history) pass the score rule. */
  allowNoBureauHistory: boolean;
};

export type OfferRule = {
  /** Maximum offer as a percent of monthly income. */
  incomePercent: number;
  /** Ceiling of the maximum offer, rupees. */
  cap: number;
  /** The maximum is rounded down to a multiple of this, rupees. */
  roundDownTo: number;
  /** Smallest loan offered; below it the customer is not eligible. */
  minimum: number;
};

export type InstalmentIllustration = {
  principal: number;
  months: number;
  /** Nominal annual rate, percent, on a reducing balance. */
  annualRatePercent: number;
  feePercent: number;
  gstPercent: number;
};

export type ProductConfig = {
  singleLoan: SingleLoanProduct;
  eligibility: EligibilityRules;
  offer: OfferRule;
  /** Marketing copy's instalment example, shown on the rate-and-terms page (decision 3). */
  instalmentIllustration: InstalmentIllustration;
};

export const PRODUCT: ProductConfig = {
  singleLoan: {
    name: "Salary-day loan",
    amount: { min: 10_000, max: 100_000 },
    interestPercentPerDay: 1,
    processingFeePercent: 10,
    gstPercent: 18,
    tenureDays: { min: 7, max: 40 },
    sliderStep: { fixedTenure: 100, chosenTenure: 500 },
    coolingOffDays: 3,
    penalCharge: { percentPerDayOfOverduePrincipal: 0.5, capPercentOfPrincipal: 25 },
  },
  eligibility: {
    age: { min: 21, max: 60 },
    incomeTypeId: 1,
    minMonthlyIncome: 30_000,
    salaryModeId: 1,
    minBureauScore: 600,
    allowNoBureauHistory: true,
  },
  offer: {
    incomePercent: 40,
    cap: 100_000,
    roundDownTo: 500,
    minimum: 10_000,
  },
  instalmentIllustration: {
    principal: 50_000,
    months: 12,
    annualRatePercent: 35,
    feePercent: 2,
    gstPercent: 18,
  },
};

/** Amount slider step: ₹100 when the salary date fixes the tenure, else ₹500 (decision 2). */
export function amountSliderStep(showLoanTenure: 0 | 1, product: SingleLoanProduct = PRODUCT.singleLoan): number {
  return showLoanTenure === 0 ? product.sliderStep.fixedTenure : product.sliderStep.chosenTenure;
}
