// Asset classification of a loan (RBI IRACP norms for NBFCs, November 2021 clarifications).
// A bullet loan has one due: days past due count from the day after the repayment date while any of
// that due (principal, interest or penal charges) is unpaid, so a part payment never lowers them, and an
// NPA returns to standard only when all arrears, penal charges included, are paid (days past due 0).

export const ASSET_CLASSES = ["STANDARD", "SMA-0", "SMA-1", "SMA-2", "NPA"] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

export const ASSET_CLASS_LABELS: Record<AssetClass, string> = {
  STANDARD: "Standard",
  "SMA-0": "SMA-0",
  "SMA-1": "SMA-1",
  "SMA-2": "SMA-2",
  NPA: "NPA",
};

/** The class for a number of days past due: 0 standard, 1-30 SMA-0, 31-60 SMA-1, 61-90 SMA-2, over 90 NPA. */
export function assetClassOf(daysPastDue: number): AssetClass {
  if (!Number.isInteger(daysPastDue) || daysPastDue < 0) throw new RangeError(`days past due must be a whole number >= 0, got ${daysPastDue}`);
  if (daysPastDue === 0) return "STANDARD";
  if (daysPastDue <= 30) return "SMA-0";
  if (daysPastDue <= 60) return "SMA-1";
  if (daysPastDue <= 90) return "SMA-2";
  return "NPA";
}
