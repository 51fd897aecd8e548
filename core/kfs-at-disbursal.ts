// Decision 35, the KFS is the loan: a payout may go only if the loan it creates is the accepted KFS's.
// The repayment date is fixed by the KFS, so a later payout shortens the tenure; interest is never more
// than the KFS figure, but the fee and GST are the same rupees over fewer days, so the APR rises.
// Pure: the disbursal desk asks this before it calls the payout provider.
import { addDays, daysBetween, type IsoDate } from "./calendar.ts";
import { percentOfPaise, rupeesToPaise, singlePaymentApr } from "./loan-math/index.ts";
import { PRODUCT, type SingleLoanProduct } from "./product.ts";

/** The accepted KFS's figures (loan_quotes), rupees as stored. */
export type AcceptedKfs = { principal: number; repaymentDate: IsoDate; netDisbursal: number; interest: number; apr: number };

export type KfsAtDisbursal =
  | { ok: true; tenureDays: number; interestPaise: number; totalRepayablePaise: number; apr: number; coolingOffUntil: IsoDate }
  | { ok: false; problem: "tenure"; tenureDays: number; minimumDays: number }
  | { ok: false; problem: "apr"; tenureDays: number; apr: number; kfsApr: number };

export function kfsAtDisbursal(kfs: AcceptedKfs, disbursedOn: IsoDate, product: SingleLoanProduct = PRODUCT.singleLoan): KfsAtDisbursal {
  const tenureDays = daysBetween(disbursedOn, kfs.repaymentDate);
  if (tenureDays < product.tenureDays.min) return { ok: false, problem: "tenure", tenureDays, minimumDays: product.tenureDays.min };
  const principalPaise = rupeesToPaise(kfs.principal);
  const interestPaise = Math.min(rupeesToPaise(kfs.interest), percentOfPaise(principalPaise * tenureDays, product.interestPercentPerDay));
  const totalRepayablePaise = principalPaise + interestPaise;
  const apr = singlePaymentApr({ netDisbursal: rupeesToPaise(kfs.netDisbursal), totalRepayable: totalRepayablePaise, tenureDays });
  if (apr > kfs.apr) return { ok: false, problem: "apr", tenureDays, apr, kfsApr: kfs.apr };
  return { ok: true, tenureDays, interestPaise, totalRepayablePaise, apr, coolingOffUntil: coolingOffUntil(disbursedOn, product) };
}

/** The cooling-off period runs from disbursal (decision 35). */
export function coolingOffUntil(disbursedOn: IsoDate, product: SingleLoanProduct = PRODUCT.singleLoan): IsoDate {
  return addDays(disbursedOn, product.coolingOffDays);
}
