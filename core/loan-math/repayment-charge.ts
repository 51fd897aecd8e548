// What a repayment charges (decision 29, spec 5), in integer paise. Written once: the server
// charges it and the Pay Now form shows it.

/** The smallest part payment: ₹100 (or the whole due when less is owed). */
export const MIN_PART_PAYMENT_PAISE = 100_00;

/**
 * Blank (null), or at least the total due → the total due. Less → that amount, at least
 * ₹100, or the total due when that is smaller than ₹100.
 */
export function repaymentChargePaise(enteredPaise: number | null, totalDuePaise: number): number {
  if (!Number.isSafeInteger(totalDuePaise) || totalDuePaise < 0) throw new RangeError("total due must be a whole number of paise");
  if (enteredPaise === null || enteredPaise >= totalDuePaise) return totalDuePaise;
  if (!Number.isSafeInteger(enteredPaise) || enteredPaise <= 0) throw new RangeError("the amount must be a positive whole number of paise");
  return Math.max(enteredPaise, Math.min(MIN_PART_PAYMENT_PAISE, totalDuePaise));
}
