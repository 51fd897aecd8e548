// Issue 32: where an application came from, as every back-office desk shows it: through a buyer app on ONDC
// (which one, and its transaction) or our own website (docs/decisions/providers.md, "The source on every desk").
// The desks' services are handed a reader of this (built by the ONDC module), so they never import ONDC.
import type { StaffRole } from "../staff.ts";
import { ONDC_DESK_ROLES } from "./ondc-desk.ts";

export type LeadSource = { kind: "ondc"; bapId: string | null; transactionId: string } | { kind: "website" };

export const WEBSITE_SOURCE: LeadSource = { kind: "website" };

/** For a set of lead ids, those that came through ONDC; a lead not in the map came through the website. */
export type LeadSourcesOf = (leadIds: string[]) => Promise<Map<string, LeadSource>>;

/** The queues' filter by source: every application, or those of one source. */
export const LEAD_SOURCE_FILTERS = ["all", "ondc", "website"] as const;
export type LeadSourceFilter = (typeof LEAD_SOURCE_FILTERS)[number];
export const LEAD_SOURCE_FILTER_LABELS: Record<LeadSourceFilter, string> = { all: "Any source", ondc: "ONDC", website: "Website" };

/** An unknown value (a hand-edited address) is every source, never an error. */
export const leadSourceFilterOf = (value: unknown): LeadSourceFilter =>
  LEAD_SOURCE_FILTERS.includes(value as LeadSourceFilter) ? (value as LeadSourceFilter) : "all";

/** The source in words: "ONDC" with the buyer app's subscriber id, or "Website". */
export function leadSourceText(source: LeadSource): string {
  if (source.kind === "website") return "Website";
  return source.bapId ? `ONDC (buyer app ${source.bapId})` : "ONDC";
}

/** The ONDC transaction's page, for the roles that may open it; null for the website or another role. */
export function ondcTransactionPath(source: LeadSource, role: StaffRole): string | null {
  if (source.kind !== "ondc" || !(ONDC_DESK_ROLES as readonly StaffRole[]).includes(role)) return null;
  return `/admin/ondc/${encodeURIComponent(source.transactionId)}`;
}
