// The accountant's desk (issue 29, findings 10 and 11): the trial balance as on a date, the general
// ledger of one account, the day book, a loan's account, and their CSV and Tally files. The chart of
// accounts comes from the server's ledger (every account it knows), so a new account shows by itself.
import { addDays, daysBetween, isIsoDate } from "../calendar.ts";
import type { StaffRole } from "../staff.ts";
import { csvFile, plainRupees } from "./csv.ts";
import type { LeadSource } from "./lead-source.ts";
import { PAYMENT_GATEWAY_TITLES } from "../payment-gateways.ts";

/** Who reads the books: accounts keeps them, the auditor reads them (decision 32). Nobody writes here. */
export const BOOKS_ROLES: readonly StaffRole[] = ["accounts", "auditor"];

/** Longest range a page or file covers, and most entries one file holds: a larger export is refused with a message. */
export const BOOKS_LIMITS = { maxRangeDays: 366, pageSize: 100, maxExportEntries: 20_000 } as const;

export const BOOKS_MESSAGES = {
  date: "Enter the date as YYYY-MM-DD, for example 2026-11-26.",
  future: "Choose today or an earlier date.",
  order: "The start date must be on or before the end date.",
  range: `Choose a range of at most ${BOOKS_LIMITS.maxRangeDays} days.`,
  account: "Choose an account from the chart.",
  loanNotFound: "No such loan.",
  notALoan: "This application has not been paid out, so it has no loan account.",
  tooMany: (n: number) =>
    `The range holds ${n} entries; a file takes at most ${BOOKS_LIMITS.maxExportEntries}. Choose a shorter range and download it in parts.`,
} as const;

export type Side = "debit" | "credit";

export interface ChartAccount {
  account: string;
  label: string;
  /** The side its balance normally lies on. */
  normal: Side;
  /** Per-loan accounts carry a loan on each posting; the lender's own do not. */
  perLoan: boolean;
}

export interface TrialBalanceRow {
  account: string;
  label: string;
  /** The balance on its debit side (or 0). */
  debitPaise: number;
  /** The balance on its credit side (or 0). */
  creditPaise: number;
}

export interface TrialBalance {
  asOn: string;
  /** Every account of the chart, zeros included, in the chart's order. */
  rows: TrialBalanceRow[];
  totals: { debitPaise: number; creditPaise: number };
}

export interface GeneralLedgerLine {
  seq: number;
  date: string;
  kind: string;
  loanId: string | null;
  loanNo: string | null;
  memo: string | null;
  debitPaise: number;
  creditPaise: number;
  /** Balance after this line, debit positive. */
  balancePaise: number;
}

export interface GeneralLedger {
  account: ChartAccount;
  from: string;
  to: string;
  /** Balance at the start of `from`, debit positive. */
  openingPaise: number;
  /** Balance at the end of `to`, debit positive. */
  closingPaise: number;
  /** Debits and credits of the whole range (every page). */
  totals: { debitPaise: number; creditPaise: number };
  lines: GeneralLedgerLine[];
  page: number;
  pageSize: number;
  total: number;
}

export interface BookPosting {
  account: string;
  label: string;
  debitPaise: number;
  creditPaise: number;
}

export interface DayBookEntry {
  seq: number;
  date: string;
  kind: string;
  loanId: string | null;
  loanNo: string | null;
  memo: string | null;
  postings: BookPosting[];
}

export interface DayBook {
  from: string;
  to: string;
  entries: DayBookEntry[];
  /** Debits and credits of the whole range (every page). */
  totals: { debitPaise: number; creditPaise: number };
  page: number;
  pageSize: number;
  total: number;
}

export interface LoanAccountView {
  leadId: string;
  loanNo: string | null;
  status: string;
  /** Issue 32: through a buyer app on ONDC (which one, its transaction), or the website. */
  source: LeadSource;
  disbursedOn: string | null;
  terms: {
    principalPaise: number;
    tenureDays: number;
    repaymentDate: string;
    interestBpsPerDay: number;
    penalBpsPerDay: number;
    penalCapBps: number;
    feePaise: number;
    gstPaise: number;
    netDisbursalPaise: number;
    interestPaise: number;
    aprBps: number;
    kfsIssuedOn: string;
  } | null;
  /** Balances of the loan's accounts as posted, positive on each account's normal side. */
  dues: { principalPaise: number; interestPaise: number; penalPaise: number; excessPaise: number; totalPaise: number };
  /** The last day charges were posted for, or null. */
  chargedTo: string | null;
  /** Every per-loan account of the chart with its balance as posted. */
  balances: { account: string; label: string; balancePaise: number; normal: Side }[];
  entries: DayBookEntry[];
  statement: { date: string; description: string; addedPaise: number; paidPaise: number; balancePaise: number; note: boolean }[];
  documents: { id: string; kind: string; contentType: string; size: number; createdAt: string }[];
}

export interface BooksFile {
  filename: string;
  contentType: string;
  text: string;
}

export interface BooksDesk {
  chart(): Promise<ChartAccount[]>;
  trialBalance(input: { date?: string }): Promise<TrialBalance>;
  generalLedger(input: { account?: string; from?: string; to?: string; page?: number }): Promise<GeneralLedger>;
  dayBook(input: { from?: string; to?: string; page?: number }): Promise<DayBook>;
  trialBalanceCsv(input: { date?: string }): Promise<BooksFile>;
  generalLedgerCsv(input: { account?: string; from?: string; to?: string }): Promise<BooksFile>;
  dayBookCsv(input: { from?: string; to?: string }): Promise<BooksFile>;
  tallyXml(input: { from?: string; to?: string }): Promise<BooksFile>;
  /** A loan by its number (SOT…), for the loan lookup. */
  findLoan(input: { loanNo?: string }): Promise<{ leadId: string }>;
  loanAccount(leadId: string): Promise<LoanAccountView>;
}

/** Words of account names written their own way (acronyms and the gateways' names). */
const NAMED_WORDS: Record<string, string> = {
  gst: "GST",
  tds: "TDS",
  itc: "ITC",
  npa: "NPA",
  sma: "SMA",
  upi: "UPI",
  nach: "NACH",
  ...PAYMENT_GATEWAY_TITLES,
};

/** "principal_receivable" → "Principal receivable", "gst_payable" → "GST payable": a label for any account of the chart. */
export function accountLabel(account: string): string {
  const words = account
    .split("_")
    .filter(Boolean)
    .map((w) => NAMED_WORDS[w] ?? w);
  if (!words.length) return account;
  return [words[0][0].toUpperCase() + words[0].slice(1), ...words.slice(1)].join(" ");
}

export const ENTRY_KIND_LABELS: Record<string, string> = {
  disbursal: "Disbursal",
  interest_accrual: "Interest accrual",
  penal_accrual: "Penal accrual",
  repayment: "Repayment",
  refund: "Refund",
  reversal: "Reversal",
  settlement: "Settlement",
};
/** A kind of entry in words; a kind added later reads from its name. */
export const entryKindLabel = (kind: string) => ENTRY_KIND_LABELS[kind] ?? accountLabel(kind);

export type DateResult = { date: string } | { error: string };
export type RangeResult = { from: string; to: string } | { error: string; field: "from" | "to" };

/** A date from a form: blank is today; anything but a calendar date up to today is refused with its message. */
export function booksDate(value: unknown, today: string): DateResult {
  const text = typeof value === "string" ? value.trim() : "";
  if (!text) return { date: today };
  if (!isIsoDate(text)) return { error: BOOKS_MESSAGES.date };
  if (text > today) return { error: BOOKS_MESSAGES.future };
  return { date: text };
}

/** A date range: blank `to` is today, blank `from` the first of `to`'s month; at most maxRangeDays long. */
export function booksRange(input: { from?: unknown; to?: unknown }, today: string): RangeResult {
  const to = booksDate(input.to, today);
  if ("error" in to) return { error: to.error, field: "to" };
  const fromText = typeof input.from === "string" ? input.from.trim() : "";
  const from = fromText ? booksDate(fromText, today) : { date: `${to.date.slice(0, 8)}01` };
  if ("error" in from) return { error: from.error, field: "from" };
  if (from.date > to.date) return { error: BOOKS_MESSAGES.order, field: "from" };
  if (daysBetween(from.date, to.date) + 1 > BOOKS_LIMITS.maxRangeDays) return { error: BOOKS_MESSAGES.range, field: "from" };
  return { from: from.date, to: to.date };
}

/** The day before a date (the general ledger's opening balance is as at the end of it). */
export const dayBefore = (date: string) => addDays(date, -1);

const sideOf = (paise: number) => (paise > 0 ? "Dr" : paise < 0 ? "Cr" : "");

export function trialBalanceCsv(tb: TrialBalance): string {
  const rows = tb.rows.map((r) => [tb.asOn, r.account, r.label, plainRupees(r.debitPaise), plainRupees(r.creditPaise)]);
  rows.push([tb.asOn, "total", "Total", plainRupees(tb.totals.debitPaise), plainRupees(tb.totals.creditPaise)]);
  return csvFile(["as_on", "account", "account_name", "debit_rupees", "credit_rupees"], rows);
}

export function generalLedgerCsv(gl: GeneralLedger): string {
  const balance = (paise: number) => [plainRupees(Math.abs(paise)), sideOf(paise)];
  const rows = [
    [gl.from, "", "opening", "", "Opening balance", "", "", ...balance(gl.openingPaise)],
    ...gl.lines.map((l) => [
      l.date,
      l.seq,
      l.kind,
      l.loanNo ?? "",
      l.memo ?? "",
      l.debitPaise ? plainRupees(l.debitPaise) : "",
      l.creditPaise ? plainRupees(l.creditPaise) : "",
      ...balance(l.balancePaise),
    ]),
    [gl.to, "", "closing", "", "Closing balance", plainRupees(gl.totals.debitPaise), plainRupees(gl.totals.creditPaise), ...balance(gl.closingPaise)],
  ];
  return csvFile(["date", "entry_no", "entry_kind", "loan_no", "memo", "debit_rupees", "credit_rupees", "balance_rupees", "balance_side"], rows);
}

export function dayBookCsv(db: DayBook): string {
  const rows = db.entries.flatMap((e) =>
    e.postings.map((p) => [
      e.date,
      e.seq,
      e.kind,
      e.loanNo ?? "",
      e.memo ?? "",
      p.account,
      p.debitPaise ? plainRupees(p.debitPaise) : "",
      p.creditPaise ? plainRupees(p.creditPaise) : "",
    ]),
  );
  rows.push([db.to, "", "total", "", "", "", plainRupees(db.totals.debitPaise), plainRupees(db.totals.creditPaise)]);
  return csvFile(["date", "entry_no", "entry_kind", "loan_no", "memo", "account", "debit_rupees", "credit_rupees"], rows);
}
