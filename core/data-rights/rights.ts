// Issue 23: the borrower's rights requests (correction, erasure) and how long loan records are kept.
// Decisions recorded in docs/decisions/compliance.md ("Issue 23: data rights").
import { addDays, parseIsoDate, formatIsoDate, daysInMonth, type IsoDate } from "../calendar.ts";

export const RIGHTS_REQUEST_KINDS = ["correction", "erasure"] as const;
export type RightsRequestKind = (typeof RIGHTS_REQUEST_KINDS)[number];
export const RIGHTS_REQUEST_STATUSES = ["OPEN", "DONE", "REJECTED"] as const;
export type RightsRequestStatus = (typeof RIGHTS_REQUEST_STATUSES)[number];

/** DPDP Rules 2025 allow at most 90 days; we answer within 30 calendar days, like a grievance (decision 41). */
export const RIGHTS_REQUEST_DUE_DAYS = 30;
export const rightsRequestDueOn = (requestedOn: IsoDate): IsoDate => addDays(requestedOn, RIGHTS_REQUEST_DUE_DAYS);

/** PML Rules rule 3 and 9, RBI KYC Master Direction: five years after the relationship (the last loan) ends. */
export const LOAN_RECORD_RETENTION_YEARS = 5;

/** The same day N years later (29 February becomes 28 February). */
export function addYears(date: IsoDate, years: number): IsoDate {
  const p = parseIsoDate(date);
  if (!p) throw new Error(`not a date: ${date}`);
  const year = p.year + years;
  return formatIsoDate({ year, month: p.month, day: Math.min(p.day, daysInMonth(year, p.month)) });
}

export const loanRecordsKeptUntil = (lastLoanClosedOn: IsoDate): IsoDate => addYears(lastLoanClosedOn, LOAN_RECORD_RETENTION_YEARS);

export const RIGHTS_REQUEST_LABELS: Record<RightsRequestKind, string> = {
  correction: "Correction",
  erasure: "Erasure",
};

/** Longest free text a customer or staff member may write on a request. */
export const RIGHTS_TEXT_MAX = 1000;
