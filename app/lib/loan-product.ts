// The loan-product JSON-LD and representative example, built from core/product.ts so no
// figure is typed twice.
import { PRODUCT } from "../../core/product.ts";
import { quoteSingle } from "../../core/loan-math/index.ts";
import { formatMoney } from "../../core/format.ts";
import { loanProductLd } from "./seo.ts";

const P = PRODUCT.singleLoan;

/** The representative example used in structured data and on /rate-and-terms: ₹25,000 for 30 days. */
export const REPRESENTATIVE = { principal: 25_000, tenureDays: 30 } as const;

export function salaryDayLoanLd(path: string, name = "Salary-day personal loan") {
  const example = quoteSingle(REPRESENTATIVE);
  return loanProductLd({
    name,
    description: `Unsecured loan from ${formatMoney(P.amount.min)} to ${formatMoney(P.amount.max)} for salaried people, repaid in one payment on the next salary date (${P.tenureDays.min} to ${P.tenureDays.max} days). Interest ${P.interestPercentPerDay}% of the loan per day; processing fee ${P.processingFeePercent}% plus ${P.gstPercent}% GST on the fee, deducted at payout.`,
    path,
    minAmount: P.amount.min,
    maxAmount: P.amount.max,
    dailyRatePercent: P.interestPercentPerDay,
    minDays: P.tenureDays.min,
    maxDays: P.tenureDays.max,
    representativeAprPercent: example.apr,
  });
}
