// The ledger (decision 27): the only writer of money figures. Every money movement is one
// balanced journal entry, written in the caller's transaction, posted once per idempotency key.
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { isIsoDate, type IsoDate } from "../../../core/calendar.ts";
import { dues, type LoanFacts } from "../../../core/loan-math/index.ts";
import type { Db } from "../../db/client.ts";
import { ledgerEntries, ledgerPostings } from "../../db/schema/index.ts";
import { ENTRY_KINDS, isAccount, isLoanAccount, LOAN_ACCOUNTS, NORMAL_SIDE, type LoanAccount } from "./accounts.ts";
import { interestAccrualEntry, ledgerKeys, penalAccrualEntry, reversalEntry, type EntryInput, type Posting } from "./postings.ts";

// The module's door: other modules build entries through these and post them with the service.
export { disbursalEntry, disbursalEntryOfTerms, repaymentEntry, reversalEntry, ledgerKeys, type EntryInput, type Posting } from "./postings.ts";
export { clearingAccountOf, type Gateway } from "./accounts.ts";

/** A database handle or an open transaction (db.transaction's callback argument). */
export type Tx = Pick<Db, "select" | "insert" | "execute" | "transaction">;

export class LedgerError extends Error {}

/** The per-loan accounts and their normal sides, for readers that sum postings themselves (the books check). */
export const LOAN_ACCOUNTS_FOR_CHECK = LOAN_ACCOUNTS.map((account) => ({ account, normal: NORMAL_SIDE[account] }));

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

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function createLedgerService(deps: { db: Db; now: () => Date; allowDemoDiscard?: boolean }) {
  const { db, now } = deps;

  async function post(executor: Tx, input: EntryInput): Promise<PostResult> {
    checkEntry(input);
    // A savepoint inside the caller's transaction (or a transaction of its own): the entry and its
    // postings are written together or not at all.
    return executor.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(ledgerEntries)
        .values({
          idempotencyKey: input.idempotencyKey,
          kind: input.kind,
          loanId: input.loanId,
          effectiveOn: input.effectiveOn,
          occurredAt: input.occurredAt ?? now(),
          memo: input.memo ?? null,
        })
        // A second post with the same key waits for the first to commit, then does nothing.
        .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
        .returning({ id: ledgerEntries.id });
      if (inserted) {
        await tx.insert(ledgerPostings).values(
          input.postings.map((p, i) => ({
            entryId: inserted.id,
            lineNo: i + 1,
            account: p.account,
            loanId: isLoanAccount(p.account) ? input.loanId : null,
            side: p.side,
            amount: p.amount,
          })),
        );
        return { posted: true, entryId: inserted.id };
      }
      const existing = await entryByKey(tx, input.idempotencyKey);
      if (!existing || !sameEntry(existing, input)) {
        throw new LedgerError(`Idempotency key ${input.idempotencyKey} was already posted with different figures.`);
      }
      return { posted: false, entryId: existing.id };
    });
  }

  async function entryByKey(executor: Tx, key: string): Promise<StatementEntry | null> {
    const [entry] = await executor.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key));
    if (!entry) return null;
    return (await withPostings(executor, [entry]))[0];
  }

  async function withPostings(executor: Tx, entries: (typeof ledgerEntries.$inferSelect)[]): Promise<StatementEntry[]> {
    if (entries.length === 0) return [];
    const lines = await executor
      .select()
      .from(ledgerPostings)
      .where(
        inArray(
          ledgerPostings.entryId,
          entries.map((e) => e.id),
        ),
      )
      .orderBy(asc(ledgerPostings.entryId), asc(ledgerPostings.lineNo));
    return entries.map((e) => ({
      id: e.id,
      idempotencyKey: e.idempotencyKey,
      kind: e.kind,
      loanId: e.loanId,
      effectiveOn: e.effectiveOn,
      occurredAt: e.occurredAt,
      memo: e.memo,
      postings: lines.filter((l) => l.entryId === e.id).map((l) => ({ account: l.account, side: l.side as "debit" | "credit", amount: Number(l.amount) })),
    }));
  }

  function sameEntry(existing: StatementEntry, input: EntryInput & { loanId: string | null }): boolean {
    const a = existing.postings;
    const b: Posting[] = input.postings;
    return (
      existing.kind === input.kind &&
      existing.loanId === input.loanId &&
      existing.effectiveOn === input.effectiveOn &&
      a.length === b.length &&
      a.every((p, i) => p.account === b[i].account && p.side === b[i].side && p.amount === b[i].amount)
    );
  }

  async function balances(loanId: string, executor: Tx = db): Promise<LoanBalances> {
    const rows = await executor
      .select({
        account: ledgerPostings.account,
        debits: sql<string>`coalesce(sum(case when ${ledgerPostings.side} = 'debit' then ${ledgerPostings.amount} else 0 end), 0)`,
        credits: sql<string>`coalesce(sum(case when ${ledgerPostings.side} = 'credit' then ${ledgerPostings.amount} else 0 end), 0)`,
      })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.loanId, loanId))
      .groupBy(ledgerPostings.account);
    const out = Object.fromEntries(LOAN_ACCOUNTS.map((a) => [a, 0])) as LoanBalances;
    for (const r of rows) {
      if (!isLoanAccount(r.account)) continue;
      const net = Number(r.debits) - Number(r.credits);
      out[r.account] = NORMAL_SIDE[r.account] === "debit" ? net : 0 - net;
    }
    return out;
  }

  /**
   * A charge's key, or, when that key's entry was reversed (a payout the bank returned, then paid out
   * again), the first of key~2, key~3… not yet reversed: the loan's charges are posted afresh (issue 29).
   */
  async function liveKey(executor: Tx, key: string): Promise<string> {
    for (let n = 1; ; n += 1) {
      const candidate = n === 1 ? key : `${key}~${n}`;
      const [row] = rowsOf<{ posted: boolean; reversed: boolean }>(
        await executor.execute(sql`select exists (select 1 from ledger_entries where idempotency_key = ${candidate}) as posted,
          exists (select 1 from ledger_entries where idempotency_key = ${ledgerKeys.reversal(candidate)}) as reversed`),
      );
      if (!row?.posted || !row.reversed) return candidate;
    }
  }

  return {
    post,

    /** A loan's account balances from its postings, positive on each account's normal side. */
    balances,

    /**
     * Brings a loan's interest and penal accruals up to `on` (end of that day): posts what
     * core dues() has charged by then beyond what the ledger holds, one entry of each kind per day
     * (keys interest:<loan>:<date>, penal:<loan>:<date>). facts.payments are the loan's payments.
     */
    async accrueTo(executor: Tx, input: { loanId: string; facts: LoanFacts; on: IsoDate; keySuffix?: string }) {
      const d = dues(input.facts, input.on);
      const held = await balances(input.loanId, executor);
      const interest = d.interestToDate - held.interest_income;
      const penal = d.penalToDate - held.penal_income;
      if (interest < 0 || penal < 0) throw new LedgerError(`Loan ${input.loanId} holds more accrued than dues() charges by ${input.on}.`);
      const posted = { interest: 0, penal: 0 };
      // A charge posted again after a back-dated payment reversed it carries the payment's suffix.
      const key = (base: string) => (input.keySuffix ? `${base}:${input.keySuffix}` : base);
      const interestKey = await liveKey(executor, key(ledgerKeys.interestAccrual(input.loanId, input.on)));
      const penalKey = await liveKey(executor, key(ledgerKeys.penalAccrual(input.loanId, input.on)));
      if (
        interest > 0 &&
        (await post(executor, interestAccrualEntry({ loanId: input.loanId, on: input.on, amount: interest, idempotencyKey: interestKey }))).posted
      )
        posted.interest = interest;
      if (penal > 0 && (await post(executor, penalAccrualEntry({ loanId: input.loanId, on: input.on, amount: penal, idempotencyKey: penalKey }))).posted)
        posted.penal = penal;
      return posted;
    },

    /**
     * Value dating (decision 36): reverses, by reversal entries dated as the originals, every charge and
     * repayment of the loan that counts for a day after `after` and is not reversed yet. The caller
     * then charges and allocates again from `after` on the new facts, in the same transaction.
     */
    async reverseAfter(executor: Tx, input: { loanId: string; after: IsoDate; memo: string; at: Date }): Promise<StatementEntry[]> {
      const rows = await executor
        .select()
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.loanId, input.loanId),
            inArray(ledgerEntries.kind, ["interest_accrual", "penal_accrual", "repayment"]),
            gt(ledgerEntries.effectiveOn, input.after),
            sql`not exists (select 1 from ledger_entries r where r.idempotency_key = 'reversal:' || ${ledgerEntries.idempotencyKey})`,
          ),
        )
        .orderBy(asc(ledgerEntries.effectiveOn), asc(ledgerEntries.seq));
      const live = await withPostings(executor, rows);
      for (const entry of live) {
        await post(
          executor,
          reversalEntry(
            { ...entry, postings: entry.postings as Posting[] },
            { effectiveOn: entry.effectiveOn as IsoDate, memo: input.memo, occurredAt: input.at },
          ),
        );
      }
      return live;
    },

    /** The last day the loan's charges were posted for (a charge or its reversal), or null. */
    async lastChargedOn(loanId: string, executor: Tx = db): Promise<IsoDate | null> {
      const [row] = await executor
        .select({ on: sql<string | null>`max(${ledgerEntries.effectiveOn})::text` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.loanId, loanId), inArray(ledgerEntries.kind, ["interest_accrual", "penal_accrual", "reversal"])));
      return (row?.on as IsoDate | null) ?? null;
    },

    /** Balance of any account across all loans (the lender's bank and clearing accounts). */
    async accountBalance(account: string, executor: Tx = db): Promise<number> {
      if (!isAccount(account)) throw new LedgerError(`Unknown account: ${account}`);
      const [row] = rowsOf<{ net: string }>(
        await executor.execute(
          sql`select coalesce(sum(case when side = 'debit' then amount else -amount end), 0)::text as net from ledger_postings where account = ${account}`,
        ),
      );
      const net = Number(row?.net ?? 0);
      return NORMAL_SIDE[account] === "debit" ? net : 0 - net;
    },

    /** A loan's entries, oldest first, each with its postings: the statement. */
    async entries(loanId: string, executor: Tx = db): Promise<StatementEntry[]> {
      const rows = await executor
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.loanId, loanId))
        .orderBy(asc(ledgerEntries.effectiveOn), asc(ledgerEntries.seq));
      return withPostings(executor, rows);
    },

    entryByKey: (key: string, executor: Tx = db) => entryByKey(executor, key),

    /**
     * Sandbox demo data only (npm run demo:customers replaces its customers): removes the entries
     * of the given loans, which the append-only trigger otherwise refuses. Never in production mode.
     */
    async discardDemoLoans(loanIds: string[]): Promise<number> {
      if (!deps.allowDemoDiscard) throw new LedgerError("Ledger entries are never deleted outside sandbox demo data.");
      if (loanIds.length === 0) return 0;
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('ledger.allow_discard', 'on', true)`);
        const gone = await tx.delete(ledgerEntries).where(inArray(ledgerEntries.loanId, loanIds)).returning({ id: ledgerEntries.id });
        return gone.length;
      });
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
