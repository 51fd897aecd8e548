// Decision 35, the KFS is the loan: a payout may go only if the loan it creates is the accepted KFS's.
// The repayment date is fixed by the KFS, so a later payout shortens the tenure; interest is never more
// than the KFS figure, but the fee and GST are the same rupees over fewer days, so the APR rises.
// Pure: the disbursal desk asks this before it calls the payout provider. Everything comes from the
// loan's terms row (issue 31), the shortest tenure the product allowed at its KFS too.
import { addDays, daysBetween, type IsoDate } from "./calendar.ts";
import { bpsOfPaise, bpsToPercent, singlePaymentApr, type LoanTerms } from "./loan-math/index.ts";

/** What the check reads of the loan's terms (paise and basis points). */
export type AcceptedKfs = Pick<
  LoanTerms,
  "principal" | "repaymentDate" | "netDisbursalPaise" | "interestPaise" | "aprBps" | "interestBpsPerDay" | "coolingOffDays" | "minTenureDays"
>;

export type KfsAtDisbursal =
  | { ok: true; tenureDays: number; interestPaise: number; totalRepayablePaise: number; apr: number; coolingOffUntil: IsoDate }
  | { ok: false; problem: "tenure"; tenureDays: number; minimumDays: number }
  | { ok: false; problem: "apr"; tenureDays: number; apr: number; kfsApr: number };

export function kfsAtDisbursal(kfs: AcceptedKfs, disbursedOn: IsoDate): KfsAtDisbursal {
  const tenureDays = daysBetween(disbursedOn, kfs.repaymentDate);
  if (tenureDays < kfs.minTenureDays) return { ok: false, problem: "tenure", tenureDays, minimumDays: kfs.minTenureDays };
  const interestPaise = Math.min(kfs.interestPaise, bpsOfPaise(kfs.principal * tenureDays, kfs.interestBpsPerDay));
  const totalRepayablePaise = kfs.principal + interestPaise;
  const apr = singlePaymentApr({ netDisbursal: kfs.netDisbursalPaise, totalRepayable: totalRepayablePaise, tenureDays });
  // The APR is a percent with 2 decimals; the terms keep it in basis points (the same figure).
  const kfsApr = bpsToPercent(kfs.aprBps);
  if (apr > kfsApr) return { ok: false, problem: "apr", tenureDays, apr, kfsApr };
  return { ok: true, tenureDays, interestPaise, totalRepayablePaise, apr, coolingOffUntil: coolingOffUntil(disbursedOn, kfs.coolingOffDays) };
}

/** The cooling-off period runs from disbursal (decision 35) for the loan's own number of days. */
export function coolingOffUntil(disbursedOn: IsoDate, coolingOffDays: number): IsoDate {
  return addDays(disbursedOn, coolingOffDays);
}
