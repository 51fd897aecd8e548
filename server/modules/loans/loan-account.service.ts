// The loan account (issue 31, decision 45): the one writer of loan_accounts. Every status change goes
// through transition(): it locks the account in the caller's transaction, checks the named move
// against the transition table and the row's status, writes, and records the change. Other modules
// read accounts (a lead with its account: leadWithAccount) and move them only through this file.
import { eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { IsoDate } from "../../../core/calendar.ts";
import { canTransitionLead, type LeadStatus } from "../../../core/journey/index.ts";
import { bpsToPercent, paiseToRupees } from "../../../core/loan-math/index.ts";
import { LOAN_CODES } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { leads, loanAccounts, loanStatusChanges } from "../../db/schema/index.ts";
import { NotAvailable } from "../domain-errors.ts";

export type LoanStatus = LeadStatus;
export type LoanAccount = typeof loanAccounts.$inferSelect;
type Executor = Pick<Db, "select" | "insert" | "update">;

/**
 * The transition table: each move the product makes, the statuses it starts from and where it goes.
 * Every edge is one of core's LEAD_TRANSITIONS (loan-account.test.ts holds the two together); a move
 * asked of an account in another status changes nothing (a repeated or late event, a stale screen).
 */
export const LOAN_MOVES = {
  /** eSign finished: the application goes to credit. */
  submit: { from: ["IN_PROCESS"], to: "SUBMITTED" },
  /** The credit head sanctions. */
  sanction: { from: ["SUBMITTED"], to: "SANCTIONED" },
  /** The credit head rejects, or the customer declines the quote (before any payout). */
  reject: { from: ["IN_PROCESS", "SUBMITTED", "SANCTIONED"], to: "REJECTED" },
  /** At payout the KFS no longer holds: back to credit after a fresh quote (decision 35). */
  requote: { from: ["SANCTIONED"], to: "SUBMITTED" },
  /** The provider paid: a loan, with its number and disbursal date. */
  disburse: { from: ["SANCTIONED"], to: "DISBURSED" },
  /** The bank returned the payout, even after a closure (decision 36, issue 29): there was never a loan. */
  returnPayout: { from: ["DISBURSED", "CLOSED"], to: "SANCTIONED" },
  /** Nothing is left due (decision 30). */
  close: { from: ["DISBURSED"], to: "CLOSED" },
} as const satisfies Record<string, { from: readonly LoanStatus[]; to: LoanStatus }>;
export type LoanMove = keyof typeof LOAN_MOVES;

export interface MoveFacts {
  at: Date;
  /** The staff member who decided, for a desk's move. */
  by?: string | null;
  /** reject: the listed reason code. */
  rejectionReason?: string;
  /** disburse: the loan's number and disbursal date. */
  loanNo?: string;
  disbursedOn?: IsoDate;
}

/**
 * The spec's figures of a lead's loan (its active_loan_details and lead_details names), read from its
 * loan_terms row and only from it (issue 31): null until a quote is accepted. The lead keeps no copy.
 */
export interface LeadTerms {
  /** The principal, rupees. */
  loanRecommended: number | null;
  tenureDays: number | null;
  repaymentDate: string | null;
  /** The interest rate, percent a day. */
  roi: number | null;
}
const NO_TERMS: LeadTerms = { loanRecommended: null, tenureDays: null, repaymentDate: null, roi: null };
/** Each term: its SQL on the terms row `t`, and how its value becomes the field. */
const LEAD_TERMS_SQL: { [K in keyof LeadTerms]: [string, (value: unknown) => NonNullable<LeadTerms[K]>] } = {
  loanRecommended: ["t.principal_paise", (v) => paiseToRupees(Number(v))],
  tenureDays: ["t.tenure_days", Number],
  repaymentDate: ["t.repayment_date::text", String],
  roi: ["t.interest_bps_per_day", (v) => bpsToPercent(Number(v))],
};
const ofTerms = (expression: string) => `(select ${expression} from loan_terms t where t.lead_id = "leads"."id")`;
// A scalar subquery each (by the terms row's key), so selectLeads(...).for("update") locks only the lead and its account.
function termOfLead<K extends keyof LeadTerms>(key: K) {
  const [expression, decode] = LEAD_TERMS_SQL[key];
  return sql.raw(ofTerms(expression)).mapWith({ mapFromDriverValue: (value: unknown): LeadTerms[K] => (value === null ? null : decode(value)) });
}

/** A lead's terms as one JSON value, for reads that carry rows inside another statement (the dashboard's). */
export const leadTermsPart = {
  sql: sql.raw(
    ofTerms(
      `json_build_array(${Object.values(LEAD_TERMS_SQL)
        .map(([expression]) => expression)
        .join(", ")})`,
    ),
  ),
  decode(value: unknown): LeadTerms {
    if (value === null || value === undefined) return NO_TERMS;
    const values = value as unknown[];
    const keys = Object.keys(LEAD_TERMS_SQL) as (keyof LeadTerms)[];
    return Object.fromEntries(keys.map((key, i) => [key, values[i] === null ? null : LEAD_TERMS_SQL[key][1](values[i])])) as unknown as LeadTerms;
  },
};

/** A lead (the application) with its account's columns and its loan's terms, as one row: what readers of a loan want. */
export const leadWithAccount = {
  ...getTableColumns(leads),
  status: loanAccounts.status,
  loanNo: loanAccounts.loanNo,
  disbursalDate: loanAccounts.disbursalDate,
  rejectionReason: loanAccounts.rejectionReason,
  statusChangedAt: loanAccounts.statusChangedAt,
  closedAt: loanAccounts.closedAt,
  loanRecommended: termOfLead("loanRecommended"),
  tenureDays: termOfLead("tenureDays"),
  repaymentDate: termOfLead("repaymentDate"),
  roi: termOfLead("roi"),
};
export type LeadWithAccount = typeof leads.$inferSelect &
  Pick<LoanAccount, "status" | "loanNo" | "disbursalDate" | "rejectionReason" | "statusChangedAt" | "closedAt"> &
  LeadTerms;

/** select leadWithAccount from leads joined to their accounts; add where, order, `for`. */
export function selectLeads(executor: Pick<Db, "select">) {
  return executor.select(leadWithAccount).from(leads).innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id));
}

/**
 * Opens the account of a new lead, in the lead's transaction. `seed` is for sandbox demo data and
 * test arrangements only: an account that starts further along (a past loan).
 */
export async function openAccount(
  executor: Pick<Db, "insert">,
  lead: { id: string; profileId: string },
  at: Date,
  seed: Partial<Pick<LoanAccount, "status" | "loanNo" | "disbursalDate" | "rejectionReason" | "closedAt">> = {},
): Promise<LoanAccount> {
  const status = seed.status ?? "IN_PROCESS";
  const [account] = await executor
    .insert(loanAccounts)
    .values({ leadId: lead.id, profileId: lead.profileId, ...seed, status, closedAt: status === "CLOSED" ? (seed.closedAt ?? at) : null, statusChangedAt: at })
    .returning();
  return account;
}

type AccountSeed = Partial<Pick<LoanAccount, "status" | "loanNo" | "disbursalDate" | "rejectionReason" | "statusChangedAt">>;

/** Sandbox demo data and test arrangements only: a lead inserted as it stands (a past loan) with its account. */
export async function seedLead(executor: Pick<Db, "insert">, values: typeof leads.$inferInsert & AccountSeed): Promise<LeadWithAccount> {
  const { status, loanNo, disbursalDate, rejectionReason, statusChangedAt, ...lead } = values;
  const [row] = await executor.insert(leads).values(lead).returning();
  const account = await openAccount(executor, row, statusChangedAt ?? row.createdAt, { status, loanNo, disbursalDate, rejectionReason });
  // No terms yet: a caller that needs them fixes them (loans.fixTerms), as an accepted quote does.
  return { ...row, ...account, ...NO_TERMS };
}

/**
 * Moves the account of `leadId` by `move` in the caller's transaction. Returns the account before and
 * after the move, or null (nothing written) when the row's status is not one the move starts from.
 */
export async function transition(tx: Executor, leadId: string, move: LoanMove, facts: MoveFacts): Promise<{ before: LoanAccount; after: LoanAccount } | null> {
  const { from, to } = LOAN_MOVES[move];
  const [before] = await tx.select().from(loanAccounts).where(eq(loanAccounts.leadId, leadId)).for("update");
  if (!before) throw new NotAvailable(LOAN_CODES.noApplication);
  if (!(from as readonly LoanStatus[]).includes(before.status) || !canTransitionLead(before.status, to)) return null;
  const set: Partial<LoanAccount> = { status: to, statusChangedAt: facts.at, closedAt: to === "CLOSED" ? facts.at : null };
  if (to === "REJECTED") set.rejectionReason = facts.rejectionReason ?? null;
  if (move === "disburse") {
    // A loan paid out again after a returned payout keeps its number.
    set.loanNo = facts.loanNo ?? before.loanNo;
    set.disbursalDate = facts.disbursedOn ?? null;
  }
  // The loan number stays for the record; the disbursal date goes (there was never a loan).
  if (move === "returnPayout") set.disbursalDate = null;
  const [after] = await tx.update(loanAccounts).set(set).where(eq(loanAccounts.leadId, leadId)).returning();
  await tx.insert(loanStatusChanges).values({ leadId, fromStatus: before.status, toStatus: to, move, changedBy: facts.by ?? null, changedAt: facts.at });
  return { before, after };
}

/** The account of a lead, without a lock. */
export async function accountOf(executor: Pick<Db, "select">, leadId: string): Promise<LoanAccount | null> {
  const [account] = await executor.select().from(loanAccounts).where(eq(loanAccounts.leadId, leadId));
  return account ?? null;
}

/** Records purge (decision 23's retention): the rejection reason is the customer's data and goes. */
export async function eraseRejectionReasons(executor: Executor, leadIds: string[]): Promise<void> {
  if (leadIds.length) await executor.update(loanAccounts).set({ rejectionReason: null }).where(inArray(loanAccounts.leadId, leadIds));
}

/** The status history of an account, oldest first. */
export async function statusChangesOf(executor: Pick<Db, "select">, leadId: string) {
  return executor.select().from(loanStatusChanges).where(eq(loanStatusChanges.leadId, leadId)).orderBy(loanStatusChanges.id);
}
