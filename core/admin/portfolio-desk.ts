// What the portfolio screen and a loan's page may ask of the server (issue 22): counts and amounts of
// loans per asset class as on a date, its CSV, and one loan's class with its history.
import { isIsoDate } from "../calendar.ts";
import { ASSET_CLASSES, ASSET_CLASS_LABELS, type AssetClass } from "../loan-math/asset-class.ts";
import type { StaffRole } from "../staff.ts";
import type { StaffAutopay } from "./collections-desk.ts";
import { plainRupees } from "./csv.ts";

/** Who sees the portfolio: management (admin, credit head), accounts (provisioning) and the auditor. */
export const PORTFOLIO_ROLES: readonly StaffRole[] = ["admin", "credit_head", "accounts", "auditor"];
/** Who sees one loan's class: the portfolio's roles and the desks that work the loan (not a credit manager's queue). */
export const LOAN_CLASS_ROLES: readonly StaffRole[] = [...PORTFOLIO_ROLES, "disbursal", "collections"];

export const PORTFOLIO_MESSAGES = {
  date: "Enter the date as YYYY-MM-DD, for example 2026-11-26.",
  future: "Choose today or an earlier date: loans are classified at the end of each day.",
  notFound: "No such loan.",
} as const;

export interface ClassFigures {
  assetClass: AssetClass;
  daysPastDue: number;
  overduePaise: number;
  outstandingPaise: number;
}

export interface PortfolioClassRow {
  assetClass: AssetClass;
  loans: number;
  outstandingPaise: number;
  overduePaise: number;
}

export interface PortfolioSummary {
  asOn: string;
  /** One row per class, in ASSET_CLASSES order, zeros included. */
  rows: PortfolioClassRow[];
  total: Omit<PortfolioClassRow, "assetClass">;
}

export interface AssetClassPeriod {
  assetClass: AssetClass;
  fromDate: string;
  toDate: string | null;
  asOf: string;
  daysPastDue: number;
  overduePaise: number;
}

export interface LoanClassView {
  /** Today's class (India date), from the history or computed. */
  today: ClassFigures & { asOn: string };
  history: AssetClassPeriod[];
  /** Issue 24: the loan's AutoPay mandate (state, next debit date); null when none was set up. */
  autopay?: StaffAutopay | null;
}

export interface PortfolioDesk {
  /** Counts and amounts per class; `date` empty means today. */
  summary(input: { date?: string }): Promise<PortfolioSummary>;
  /** The same as a CSV file. */
  csv(input: { date?: string }): Promise<{ filename: string; text: string }>;
  loanClass(leadId: string): Promise<LoanClassView>;
}

/** A date from a form or query: blank is `today`; anything but a calendar date up to today is refused with its message. */
export function portfolioDate(value: string | null | undefined, today: string): { date: string } | { error: string } {
  const text = String(value ?? "").trim();
  if (!text) return { date: today };
  if (!isIsoDate(text)) return { error: PORTFOLIO_MESSAGES.date };
  if (text > today) return { error: PORTFOLIO_MESSAGES.future };
  return { date: text };
}

/** The portfolio as CSV: one line per class and a total, amounts in rupees with two decimals (no grouping, for spreadsheets). */
export function portfolioCsv(s: PortfolioSummary): string {
  const lines = [["as_on", "asset_class", "loans", "outstanding_rupees", "overdue_rupees"].join(",")];
  for (const r of s.rows)
    lines.push([s.asOn, ASSET_CLASS_LABELS[r.assetClass], r.loans, plainRupees(r.outstandingPaise), plainRupees(r.overduePaise)].join(","));
  lines.push([s.asOn, "Total", s.total.loans, plainRupees(s.total.outstandingPaise), plainRupees(s.total.overduePaise)].join(","));
  return `${lines.join("\r\n")}\r\n`;
}

export { ASSET_CLASSES, ASSET_CLASS_LABELS, type AssetClass };
