// The salary-day loan: one repayment, flat daily interest, fee and GST
// deducted at disbursal (decisions 1, 4, 7).
//
// Rounding, all in integer paise:
// - fee = principal × fee% exactly in paise (a rupee principal × whole percent
//   is always whole paise);
// - GST = fee × 18%, rounded half up to the paisa;
// - net disbursal = principal − fee − GST, rounded half up to the rupee
//   (decision 1: "rounded to the rupee");
// - interest = principal × 1% × days is exact in paise; total = principal + interest.
// - APR (decision 4) = (total / net − 1) × 365 / tenure_days, as a percent with
//   2 decimals. For a single payment this is the simple annualised cost on the
//   money actually received, including interest, fee and GST.

import { PRODUCT, type OfferRule, type SingleLoanProduct } from "../product.ts";
import { paise, paiseToRupees, percentOfPaise, roundPaiseToRupee, wholeRupeesToPaise, type Paise } from "../money.ts";

export type SingleQuoteInput = { principal: number; tenureDays: number };

/** A quote's figures in paise (issue 31: the loan math never works in rupees). */
export type SingleQuote = {
  principalPaise: Paise;
  tenureDays: number;
  /** Processing fee. */
  feePaise: Paise;
  /** GST on the fee. */
  gstPaise: Paise;
  /** Amount paid into the borrower's account, whole rupees (decision 1). */
  netDisbursalPaise: Paise;
  interestPaise: Paise;
  totalRepayablePaise: Paise;
  /** Annual percentage rate, percent, 2 decimals (decision 4 method). */
  apr: number;
};

function assertWholeRupees(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be a whole number of at least ${min}`);
  }
}

/** The quote of a whole-rupee principal (the slider's amount) for `tenureDays`, every figure in paise. */
export function quoteSingle({ principal, tenureDays }: SingleQuoteInput, product: SingleLoanProduct = PRODUCT.singleLoan): SingleQuote {
  assertWholeRupees("principal", principal, 1);
  assertWholeRupees("tenureDays", tenureDays, 1);
  const principalPaise = wholeRupeesToPaise(principal);
  const feePaise = percentOfPaise(principalPaise, product.processingFeePercent);
  const gstPaise = percentOfPaise(feePaise, product.gstPercent);
  const netDisbursalPaise = roundPaiseToRupee(principalPaise - feePaise - gstPaise);
  const interestPaise = percentOfPaise(principalPaise * tenureDays, product.interestPercentPerDay);
  const totalRepayablePaise = paise(principalPaise + interestPaise);
  return {
    principalPaise,
    tenureDays,
    feePaise,
    gstPaise,
    netDisbursalPaise,
    interestPaise,
    totalRepayablePaise,
    apr: singlePaymentApr({ netDisbursal: netDisbursalPaise, totalRepayable: totalRepayablePaise, tenureDays }),
  };
}

/**
 * Decision 4: APR = (total / net − 1) × 365 / tenure_days, returned as a
 * percent rounded to 2 decimals. Inputs may be rupees or paise (a ratio).
 */
export function singlePaymentApr({ netDisbursal, totalRepayable, tenureDays }: { netDisbursal: number; totalRepayable: number; tenureDays: number }): number {
  if (!(netDisbursal > 0) || !(tenureDays > 0)) throw new RangeError("APR needs a positive net amount and tenure");
  const annual = (totalRepayable / netDisbursal - 1) * (365 / tenureDays) * 100;
  return Math.round(annual * 100) / 100;
}

export type Offer = {
  eligible: boolean;
  /** Smallest amount the customer may take, rupees. */
  min: number;
  /** Largest amount offered, rupees; below `min` means not eligible. */
  max: number;
};

/**
 * Decision 7: max = min(cap, 40% of monthly income), rounded down to ₹500;
 * min = ₹10,000; not eligible when max < min. Income is whole rupees (paise
 * are dropped first, so ₹24,999.99 counts as ₹24,999).
 */
export function offer({ monthlyIncome }: { monthlyIncome: number }, rule: OfferRule = PRODUCT.offer): Offer {
  if (!Number.isFinite(monthlyIncome) || monthlyIncome < 0) throw new RangeError("monthlyIncome must be a non-negative number");
  const income = Math.floor(monthlyIncome);
  // Integer percent of an integer: floor of an exact quotient, no float error.
  const share = Math.floor((income * rule.incomePercent) / 100);
  const capped = Math.min(rule.cap, share);
  const max = Math.floor(capped / rule.roundDownTo) * rule.roundDownTo;
  return { eligible: max >= rule.minimum, min: rule.minimum, max };
}

/** True when an amount is inside [min, max] and on the slider step (from min). */
export function isOnSlider(amount: number, { min, max, step }: { min: number; max: number; step: number }): boolean {
  return Number.isSafeInteger(amount) && amount >= min && amount <= max && (amount - min) % step === 0;
}

/** The figures the quote screen shows and echoes on acceptance (the spec's rupees); the server compares them with its own. */
export function quoteFigures(q: SingleQuote, repaymentDate: string) {
  return {
    processing_fee: paiseToRupees(q.feePaise),
    gst: paiseToRupees(q.gstPaise),
    net_disbursal: paiseToRupees(q.netDisbursalPaise),
    interest: paiseToRupees(q.interestPaise),
    total_repayable: paiseToRupees(q.totalRepayablePaise),
    apr: q.apr,
    repayment_date: repaymentDate,
  };
}
