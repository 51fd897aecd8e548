// The ledger (decision 27): the only writer of money figures. Every money movement is one
// balanced journal entry, written in the caller's transaction, posted once per idempotency key.
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { firstOpenDayAfter, monthLabel, monthOf } from "../../../core/accounting-period.ts";
import { addDays, type IsoDate } from "../../../core/calendar.ts";
import { dues, type LoanFacts } from "../../../core/loan-math/index.ts";
import type { Db } from "../../db/client.ts";
import { ledgerEntries, ledgerPostings } from "../../db/schema/index.ts";
import { isAccount, isLoanAccount, LOAN_ACCOUNTS, NORMAL_SIDE } from "./accounts.ts";
import { checkEntry, LedgerError, PeriodClosed } from "./ledger-entries.ts";
import type { ClosedPeriodRule, LoanBalances, PostResult, StatementEntry, Tx } from "./ledger-entries.ts";
import { incomeSuspenseEntry, interestAccrualEntry, ledgerKeys, penalAccrualEntry, reversalEntry, type EntryInput, type Posting } from "./postings.ts";

// The module's door: other modules build entries through these and post them with the service.
export {
  disbursalEntryOfTerms,
  incomeSuspenseEntry,
  netBookValueOf,
  provisionEntry,
  recoveryEntry,
  repaymentEntry,
  writeOffEntry,
  reversalEntry,
  ledgerKeys,
  type EntryInput,
  type Posting,
} from "./postings.ts";
export { clearingAccountOf, isAccount, isLoanAccount, LENDER_ACCOUNTS, LOAN_ACCOUNTS_FOR_CHECK, type Gateway, type LenderAccount } from "./accounts.ts";
export * from "./ledger-entries.ts";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Charges brought to a past day and value dating's reversals are corrections: a closed day moves to the open period. */
const correction = { ifClosed: "first_open_day" as const };

export function createLedgerService(deps: {
  db: Db;
  now: () => Date;
  allowDemoDiscard?: boolean;
  /** IRACP (decision 44): the first day of the loan's current NPA period, from the asset classification's history. */
  npaSince?: (loanId: string, executor: Tx) => Promise<IsoDate | null>;
}) {
  const { db, now } = deps;

  /** The first day of the open period, or null while no month is closed. */
  async function firstOpenDay(executor: Tx = db): Promise<IsoDate | null> {
    const [row] = rowsOf<{ month: string | null }>(await executor.execute(sql`select max(month)::text as month from ledger_closed_months`));
    return firstOpenDayAfter(row?.month ?? null);
  }

  async function post(executor: Tx, given: EntryInput, options: { ifClosed?: ClosedPeriodRule } = {}): Promise<PostResult> {
    checkEntry(given);
    let input = given;
    const open = await firstOpenDay(executor);
    if (open && given.effectiveOn < open) {
      // Posted before the close (a retried event): nothing to do, as for any repeated key.
      const existing = await entryByKey(executor, given.idempotencyKey);
      if (existing) {
        // A correction posted again may find itself already moved to a first open day (a later date).
        const moved = options.ifClosed === "first_open_day" && existing.effectiveOn > given.effectiveOn;
        if (!sameEntry(existing, moved ? { ...given, effectiveOn: existing.effectiveOn as IsoDate } : given))
          throw new LedgerError(`Idempotency key ${given.idempotencyKey} was already posted with different figures.`);
        return { posted: false, entryId: existing.id };
      }
      if (options.ifClosed !== "first_open_day")
        throw new PeriodClosed(
          `The books are closed to the end of ${monthLabel(monthOf(addDays(open, -1)))}: an entry cannot be dated ${given.effectiveOn}. Date it on or after ${open}.`,
        );
      const note = `corrects ${given.effectiveOn} (${monthLabel(monthOf(given.effectiveOn))} is closed)`;
      input = { ...given, effectiveOn: open, memo: given.memo ? `${given.memo}; ${note}` : note };
    }
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
      if (!existing || !(sameEntry(existing, input) || sameEntry(existing, given))) {
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
      seq: e.seq,
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

  /** Balances of a loan's accounts; with `asOf`, of the entries dated up to that day only. */
  async function balances(loanId: string, executor: Tx = db, asOf?: IsoDate): Promise<LoanBalances> {
    const rows = await executor
      .select({
        account: ledgerPostings.account,
        debits: sql<string>`coalesce(sum(case when ${ledgerPostings.side} = 'debit' then ${ledgerPostings.amount} else 0 end), 0)`,
        credits: sql<string>`coalesce(sum(case when ${ledgerPostings.side} = 'credit' then ${ledgerPostings.amount} else 0 end), 0)`,
      })
      .from(ledgerPostings)
      .where(
        asOf
          ? and(
              eq(ledgerPostings.loanId, loanId),
              sql`exists (select 1 from ledger_entries e where e.id = ${ledgerPostings.entryId} and e.effective_on <= ${asOf})`,
            )
          : eq(ledgerPostings.loanId, loanId),
      )
      .groupBy(ledgerPostings.account);
    const out = Object.fromEntries(LOAN_ACCOUNTS.map((a) => [a, 0])) as LoanBalances;
    for (const r of rows) {
      if (!isLoanAccount(r.account)) continue;
      const net = Number(r.debits) - Number(r.credits);
      out[r.account] = NORMAL_SIDE[r.account] === "debit" ? net : 0 - net;
    }
    return out;
  }

  /** IRACP: the first day of the loan's current NPA period (the day-end's class), or null when it is not NPA. */
  const npaSince = async (loanId: string, executor: Tx = db): Promise<IsoDate | null> => (deps.npaSince ? deps.npaSince(loanId, executor) : null);

  /** Decision 44: the day the loan was written off, or null. */
  async function writtenOffOn(loanId: string, executor: Tx = db): Promise<IsoDate | null> {
    const [row] = await executor
      .select({ on: sql<string | null>`min(${ledgerEntries.effectiveOn})::text` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.loanId, loanId), eq(ledgerEntries.kind, "write_off")));
    return (row?.on as IsoDate | null) ?? null;
  }

  /**
   * IRACP (decision 44): while a loan is NPA every unpaid charge is unrealised, so its suspense equals
   * its unpaid interest and penal charges. Posts the difference (dated `on`, key `key`) when they differ.
   */
  async function holdUnpaidInSuspense(executor: Tx, input: { loanId: string; on: IsoDate; key: string; memo: string; at?: Date; asOf?: IsoDate }) {
    const held = await balances(input.loanId, executor, input.asOf);
    const interest = held.interest_receivable - held.interest_suspense;
    const penal = held.penal_receivable - held.penal_suspense;
    if (interest === 0 && penal === 0) return { posted: false, interest, penal };
    const entry = incomeSuspenseEntry({
      loanId: input.loanId,
      on: input.on,
      idempotencyKey: input.key,
      interest,
      penal,
      memo: input.memo,
      occurredAt: input.at,
    });
    return { posted: (await post(executor, entry, correction)).posted, interest, penal };
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
    /**
     * Posts one balanced entry, once per idempotency key, in the caller's transaction. An entry dated in
     * a closed period is refused (PeriodClosed) unless ifClosed is "first_open_day" (corrections only).
     */
    post,

    firstOpenDay,

    npaSince,

    writtenOffOn,

    /**
     * Each day-end that finds a loan NPA on `on`: its interest and penal charges unpaid by the end of
     * that day leave income for suspense (key npa:<loan>:<date>). The first NPA day moves them all; later
     * days post only what the books hold beyond that (charges posted to income before the class was known).
     */
    async moveToSuspense(executor: Tx, input: { loanId: string; on: IsoDate; at?: Date }) {
      return holdUnpaidInSuspense(executor, {
        loanId: input.loanId,
        on: input.on,
        asOf: input.on,
        key: ledgerKeys.npaSuspense(input.loanId, input.on),
        memo: `NPA on ${input.on}: unrealised interest and penal charges kept in suspense`,
        at: input.at,
      });
    },

    /**
     * An NPA's suspense brought back to its unpaid charges after a payment counted from an earlier day
     * (or a day-end that found charges posted to income ahead of it); `reference` names the cause.
     */
    async keepSuspense(executor: Tx, input: { loanId: string; on: IsoDate; reference: string; at?: Date }) {
      const since = await npaSince(input.loanId, executor);
      if (!since) return { posted: false, interest: 0, penal: 0 };
      return holdUnpaidInSuspense(executor, {
        loanId: input.loanId,
        on: input.on < since ? since : input.on,
        key: ledgerKeys.suspenseCorrection(input.loanId, input.reference),
        memo: `Suspense of the NPA worked out again (${input.reference})`,
        at: input.at,
      });
    },

    /** A loan's account balances from its postings (dated up to `asOf` when given), positive on each account's normal side. */
    balances,

    /**
     * Brings a loan's interest and penal accruals up to `on` (end of that day): posts what
     * core dues() has charged by then beyond what the ledger holds, one entry of each kind per day
     * (keys interest:<loan>:<date>, penal:<loan>:<date>). facts.payments are the loan's payments.
     */
    async accrueTo(executor: Tx, input: { loanId: string; facts: LoanFacts; on: IsoDate; keySuffix?: string }) {
      // A written-off loan's charges are still owed by the borrower but no longer booked (decision 44).
      if (await writtenOffOn(input.loanId, executor)) return { interest: 0, penal: 0 };
      const d = dues(input.facts, input.on);
      const held = await balances(input.loanId, executor);
      // What was charged is income, or suspense while the loan is NPA (IRACP, decision 44).
      const interest = d.interestToDate - held.interest_income - held.interest_suspense;
      const penal = d.penalToDate - held.penal_income - held.penal_suspense;
      const since = await npaSince(input.loanId, executor);
      const toSuspense = since !== null && since <= input.on;
      if (interest < 0 || penal < 0) throw new LedgerError(`Loan ${input.loanId} holds more accrued than dues() charges by ${input.on}.`);
      const posted = { interest: 0, penal: 0 };
      // A charge posted again after a back-dated payment reversed it carries the payment's suffix.
      const key = (base: string) => (input.keySuffix ? `${base}:${input.keySuffix}` : base);
      const interestKey = await liveKey(executor, key(ledgerKeys.interestAccrual(input.loanId, input.on)));
      const penalKey = await liveKey(executor, key(ledgerKeys.penalAccrual(input.loanId, input.on)));
      if (
        interest > 0 &&
        (
          await post(
            executor,
            interestAccrualEntry({ loanId: input.loanId, on: input.on, amount: interest, idempotencyKey: interestKey, toSuspense }),
            correction,
          )
        ).posted
      )
        posted.interest = interest;
      if (
        penal > 0 &&
        (await post(executor, penalAccrualEntry({ loanId: input.loanId, on: input.on, amount: penal, idempotencyKey: penalKey, toSuspense }), correction))
          .posted
      )
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
          correction,
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
