// Each loan's own terms (decision 34): fixed when the customer accepts the KFS and used for the
// loan's whole life. A change of product configuration applies to new quotes only. Rates are
// integer basis points (1% = 100 bps) and amounts integer paise, so nothing drifts.
import type { IsoDate } from "../calendar.ts";
import type { SingleLoanProduct } from "../product.ts";
import { divRoundHalfUp } from "../money.ts";
import { quoteSingle } from "./single-loan.ts";

/** What core dues() charges by: the loan's rates, never today's product. */
export type LoanRates = {
  /** Interest per day, basis points of the principal outstanding (100 = 1%). */
  interestBpsPerDay: number;
  /** Penal charge per day after the repayment date, basis points of the overdue principal. */
  penalBpsPerDay: number;
  /** Penal charges in all never exceed this share of the principal, basis points. */
  penalCapBps: number;
  /** Days after disbursal in which the borrower may exit without penalty. */
  coolingOffDays: number;
};

/** The whole of a loan's terms as the accepted KFS stated them. */
export type LoanTerms = LoanRates & {
  /** Principal, paise. */
  principal: number;
  processingFeeBps: number;
  gstBps: number;
  feePaise: number;
  gstPaise: number;
  netDisbursalPaise: number;
  /** Interest to the repayment date as the KFS showed it, paise (never exceeded, decision 26). */
  interestPaise: number;
  /** APR of the KFS, basis points (95,600 = 956%). */
  aprBps: number;
  tenureDays: number;
  repaymentDate: IsoDate;
  /** KFS date (the quote's issue date). */
  kfsIssuedOn: IsoDate;
  /** The shortest tenure the product allowed when the KFS was issued: a later payout may not make it shorter (decision 35). */
  minTenureDays: number;
};

/** A percentage of the configuration (at most 2 decimals) as basis points. */
export const percentToBps = (percent: number): number => Math.round(percent * 100);

/** Basis points as the percentage the documents print (95,641 → 956.41). Not money: a rate. */
export const bpsToPercent = (bps: number): number => bps / 100;

/** Basis points of a paise amount, rounded half up to the paisa. */
export function bpsOfPaise(paise: number, bps: number): number {
  return divRoundHalfUp(paise * bps, 10_000);
}

/** The rates a new quote of `product` fixes. */
export function ratesOfProduct(product: SingleLoanProduct): LoanRates {
  return {
    interestBpsPerDay: percentToBps(product.interestPercentPerDay),
    penalBpsPerDay: percentToBps(product.penalCharge.percentPerDayOfOverduePrincipal),
    penalCapBps: percentToBps(product.penalCharge.capPercentOfPrincipal),
    coolingOffDays: product.coolingOffDays,
  };
}

/**
 * The product as one loan's terms fixed it (decision 34): `base` with the loan's rates, fee and GST,
 * so an existing loan's KFS is built from its own terms, never from today's configuration.
 */
export function productOfTerms(base: SingleLoanProduct, terms: LoanRates & Pick<LoanTerms, "processingFeeBps" | "gstBps">): SingleLoanProduct {
  const percent = bpsToPercent;
  return {
    ...base,
    interestPercentPerDay: percent(terms.interestBpsPerDay),
    processingFeePercent: percent(terms.processingFeeBps),
    gstPercent: percent(terms.gstBps),
    coolingOffDays: terms.coolingOffDays,
    penalCharge: { percentPerDayOfOverduePrincipal: percent(terms.penalBpsPerDay), capPercentOfPrincipal: percent(terms.penalCapBps) },
  };
}

/** The terms an accepted quote fixes: its figures from the same loan math the KFS showed. */
export function termsOfQuote(
  quote: { principalRupees: number; tenureDays: number; repaymentDate: IsoDate; issuedOn: IsoDate },
  product: SingleLoanProduct,
): LoanTerms {
  const q = quoteSingle({ principal: quote.principalRupees, tenureDays: quote.tenureDays }, product);
  return {
    ...ratesOfProduct(product),
    principal: q.principalPaise,
    processingFeeBps: percentToBps(product.processingFeePercent),
    gstBps: percentToBps(product.gstPercent),
    feePaise: q.feePaise,
    gstPaise: q.gstPaise,
    netDisbursalPaise: q.netDisbursalPaise,
    interestPaise: q.interestPaise,
    aprBps: percentToBps(q.apr),
    tenureDays: quote.tenureDays,
    repaymentDate: quote.repaymentDate,
    kfsIssuedOn: quote.issuedOn,
    minTenureDays: product.tenureDays.min,
  };
}
