// Issue 32: the buyer app's finder fee on an ONDC loan (docs/decisions/providers.md, issue 32, init → on_init).
// ONDC's BUYER_FINDER_FEES_TYPE is "percent-annualized": the percentage a year of the principal, for the days
// the loan runs. Ours runs `tenureDays` (one repayment), so the fee is principal × percentage × days / 365,
// rounded half up to the paisa. Exact: the percentage's decimal text is read as an integer over a power of ten.

const PERCENTAGE = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

/** The finder fee in paise, or null when the percentage is not a plain decimal (0 to 999, at most 4 places). */
export function finderFeePaise(input: { principalPaise: number; percentage: string; tenureDays: number }): number | null {
  const match = PERCENTAGE.exec(input.percentage.trim());
  if (!match || !Number.isSafeInteger(input.principalPaise) || input.principalPaise < 0 || !Number.isInteger(input.tenureDays) || input.tenureDays < 0)
    return null;
  const places = match[2] ?? "";
  const numerator = BigInt(`${match[1]}${places}`);
  const scale = 10n ** BigInt(places.length);
  // principal × (numerator / scale) / 100 × days / 365, half up.
  const a = BigInt(input.principalPaise) * numerator * BigInt(input.tenureDays);
  const b = scale * 100n * 365n;
  return Number((2n * a + b) / (2n * b));
}
