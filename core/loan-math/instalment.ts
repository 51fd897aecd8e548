// The marketing instalment illustration (decision 3): equal monthly instalments
// on a reducing balance, fee + GST deducted at disbursal.
//
// Rounding:
// - fee, GST and disbursed follow the single-loan rule (paise; disbursed to the rupee);
// - the exact EMI = P·r·(1+r)^n / ((1+r)^n − 1) with r = annual rate / 12;
//   `emi` shows it rounded half up to the rupee;
// - total = exact EMI × n rounded to the rupee (what a schedule whose last
//   instalment absorbs the rounding collects); interest = total − principal.
// - APR (decision 4) = monthly IRR × 12, as a percent with 2 decimals: the
//   monthly rate i at which n payments of the exact EMI are worth the net
//   disbursed amount, found by bisection.

import { PRODUCT, type InstalmentIllustration } from "../product.ts";
import { paiseToRupees, percentOfPaise, roundPaiseToRupee, wholeRupeesToPaise } from "../money.ts";

export type InstalmentInput = {
  principal: number;
  months: number;
  /** Nominal annual rate as a fraction (0.35 = 35%). */
  annualRate: number;
  /** Processing fee as a fraction of principal (0.02 = 2%). */
  feeRate: number;
  /** GST as a fraction of the fee (0.18 = 18%). */
  gstRate: number;
};

export type InstalmentResult = {
  fee: number;
  gst: number;
  disbursed: number;
  /** Monthly instalment, whole rupees. */
  emi: number;
  /** Total of all instalments, whole rupees. */
  total: number;
  interest: number;
  /** Monthly IRR × 12 on the disbursed amount, percent, 2 decimals. */
  apr: number;
};

/** Exact (unrounded) equal monthly instalment. */
export function exactEmi(principal: number, monthlyRate: number, months: number): number {
  if (monthlyRate === 0) return principal / months;
  const growth = Math.pow(1 + monthlyRate, months);
  return (principal * monthlyRate * growth) / (growth - 1);
}

/** Present value of `months` equal payments at a monthly rate. */
function presentValue(payment: number, monthlyRate: number, months: number): number {
  if (monthlyRate === 0) return payment * months;
  return (payment * (1 - Math.pow(1 + monthlyRate, -months))) / monthlyRate;
}

/**
 * Monthly internal rate of return: the rate at which `months` payments of
 * `payment` are worth `received` today. Bisection: present value falls as the
 * rate rises, so the root is bracketed and found to ~1e-12 in ≤ 200 steps.
 */
export function monthlyIrr({ received, payment, months }: { received: number; payment: number; months: number }): number {
  if (!(received > 0) || !(payment > 0) || !(months >= 1)) throw new RangeError("IRR needs positive amounts");
  if (payment * months < received) throw new RangeError("Payments do not repay the amount received");
  let lo = 0;
  let hi = 1;
  while (presentValue(payment, hi, months) > received) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-13; i++) {
    const mid = (lo + hi) / 2;
    if (presentValue(payment, mid, months) > received) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function fractionToPercent(rate: number): number {
  // Rates arrive as fractions like 0.02; hold them as percent with 4 decimals at most.
  return Math.round(rate * 1_000_000) / 10_000;
}

export function instalmentIllustration({ principal, months, annualRate, feeRate, gstRate }: InstalmentInput): InstalmentResult {
  if (!Number.isSafeInteger(principal) || principal <= 0) throw new RangeError("principal must be a positive whole number");
  if (!Number.isSafeInteger(months) || months <= 0) throw new RangeError("months must be a positive whole number");
  if (annualRate < 0 || feeRate < 0 || gstRate < 0) throw new RangeError("rates must not be negative");
  const principalPaise = wholeRupeesToPaise(principal);
  const feePaise = percentOfPaise(principalPaise, fractionToPercent(feeRate));
  const gstPaise = percentOfPaise(feePaise, fractionToPercent(gstRate));
  const disbursedPaise = roundPaiseToRupee(principalPaise - feePaise - gstPaise);
  const emiExact = exactEmi(principal, annualRate / 12, months);
  const total = Math.round(emiExact * months);
  const disbursed = paiseToRupees(disbursedPaise);
  const irr = monthlyIrr({ received: disbursed, payment: emiExact, months });
  return {
    fee: paiseToRupees(feePaise),
    gst: paiseToRupees(gstPaise),
    disbursed,
    emi: Math.round(emiExact),
    total,
    interest: total - principal,
    apr: Math.round(irr * 12 * 100 * 100) / 100,
  };
}

/** The rate-and-terms page's illustration, from the product configuration. */
export function productIllustration(cfg: InstalmentIllustration = PRODUCT.instalmentIllustration): InstalmentResult {
  return instalmentIllustration({
    principal: cfg.principal,
    months: cfg.months,
    annualRate: cfg.annualRatePercent / 100,
    feeRate: cfg.feePercent / 100,
    gstRate: cfg.gstPercent / 100,
  });
}
