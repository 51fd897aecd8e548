// The accounting policy's figures (decision 44, docs/decisions/money.md "The general ledger an auditor
// signs"): provisioning rates by asset class under RBI's scale-based regulation for an NBFC in the
// Base Layer. A move to the Middle Layer changes these numbers, nothing else. Pure.
import { formatIsoDate, parseIsoDate, type IsoDate } from "./calendar.ts";
import type { AssetClass } from "./loan-math/asset-class.ts";
import { bpsOfPaise } from "./loan-math/loan-terms.ts";

/** IRACP's classes for provisioning: standard (SMA included), and an NPA's by its age. */
export type ProvisionClass = "standard" | "sub_standard" | "doubtful" | "loss";

/**
 * Rates in basis points of the loan's net book value (receivables less suspense). RBI sets no
 * separate SMA rate for NBFCs; our loans are unsecured, so a doubtful asset is provided in full.
 */
export const PROVISION_BPS: Record<ProvisionClass, number> = {
  standard: 25,
  sub_standard: 1_000,
  doubtful: 10_000,
  loss: 10_000,
};

/** An NPA is sub-standard for up to 12 months from the day it became NPA, doubtful after. */
export const SUB_STANDARD_MONTHS = 12;

/** The same day `months` later (the month's last day when it has no such day: 29 Feb → 28 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const p = parseIsoDate(date);
  if (!p) throw new RangeError(`Not a calendar date: ${date}`);
  const index = p.year * 12 + (p.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return formatIsoDate({ year, month, day: Math.min(p.day, last) });
}

/** The provisioning class on `on` of a loan in `assetClass`, NPA since `npaSince` (its first NPA day). */
export function provisionClassOf(assetClass: AssetClass, npaSince: IsoDate | null, on: IsoDate): ProvisionClass {
  if (assetClass !== "NPA") return "standard";
  if (!npaSince) throw new RangeError("An NPA's provisioning class needs the day it became NPA.");
  return on < addMonths(npaSince, SUB_STANDARD_MONTHS) ? "sub_standard" : "doubtful";
}

/** The provision required on a net book value (paise), rounded half up to the paisa; never below 0. */
export function provisionRequired(netBookValuePaise: number, provisionClass: ProvisionClass): number {
  return netBookValuePaise > 0 ? bpsOfPaise(netBookValuePaise, PROVISION_BPS[provisionClass]) : 0;
}
