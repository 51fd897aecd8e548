// The ledger's words (decision 27): an entry as read back, a loan's balances, what posting answers, the
// ledger's errors, and the check of an entry before it is written. ledger.service.ts re-exports them.
import { isIsoDate } from "../../../core/calendar.ts";
import { ENTRY_KINDS, isAccount, isLoanAccount, type LoanAccount } from "./accounts.ts";
import type { EntryInput } from "./postings.ts";
import type { Db } from "../../db/client.ts";

/** A database handle or an open transaction (db.transaction's callback argument). */
export type Tx = Pick<Db, "select" | "insert" | "execute" | "transaction">;

export class LedgerError extends Error {}

/** An entry dated in a closed period (decision 44): refused, by the service and by a database trigger. */
export class PeriodClosed extends LedgerError {}

/**
 * What post does with an entry dated in a closed period: refuse it (the default), or, for a correction
 * (value dating, a back-dated receipt, a reversal), post it on the first day of the open period with a
 * memo naming the day it corrects (decision 44).
 */
export type ClosedPeriodRule = "refuse" | "first_open_day";

export type PostResult = { posted: boolean; entryId: string };

/** Balances of a loan's accounts, paise, positive on each account's normal side. */
export type LoanBalances = Record<LoanAccount, number>;

export type StatementEntry = {
  id: string;
  idempotencyKey: string;
  kind: string;
  loanId: string | null;
  effectiveOn: string;
  occurredAt: Date;
  memo: string | null;
  postings: { account: string; side: "debit" | "credit"; amount: number }[];
  /** Posting order (the ledger's sequence); a statement orders by day, and names periods in this order. */
  seq?: number;
};

/** Refuses what the database would refuse, with a clear message, before any write. */
export function checkEntry(input: EntryInput): void {
  if (!input.idempotencyKey || input.idempotencyKey.length < 3 || input.idempotencyKey.length > 200)
    throw new LedgerError("An entry needs an idempotency key of 3 to 200 characters.");
  if (!(ENTRY_KINDS as readonly string[]).includes(input.kind)) throw new LedgerError(`Unknown entry kind: ${input.kind}`);
  if (!isIsoDate(input.effectiveOn)) throw new LedgerError("effectiveOn must be a calendar date (YYYY-MM-DD).");
  if (input.postings.length < 2) throw new LedgerError("An entry needs at least two postings.");
  let net = 0;
  for (const p of input.postings) {
    if (!isAccount(p.account)) throw new LedgerError(`Unknown account: ${p.account}`);
    if (p.side !== "debit" && p.side !== "credit") throw new LedgerError(`A posting is a debit or a credit, not ${String(p.side)}.`);
    if (!Number.isSafeInteger(p.amount) || p.amount <= 0) throw new LedgerError(`A posting amount must be a positive whole number of paise (got ${p.amount}).`);
    if (isLoanAccount(p.account) && !input.loanId) throw new LedgerError(`Account ${p.account} belongs to a loan: the entry needs a loan id.`);
    net += p.side === "debit" ? p.amount : -p.amount;
  }
  if (net !== 0) throw new LedgerError(`The entry is not balanced: debits − credits = ${net} paise.`);
}
