// Posting an entry (decision 27): balanced, once per idempotency key, in the caller's transaction, and
// never dated in a closed period unless it is a correction moved to the first open day (decision 44).
import { asc, eq, inArray, sql } from "drizzle-orm";
import { firstOpenDayAfter, monthLabel, monthOf } from "../../../core/accounting-period.ts";
import { addDays, type IsoDate } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { ledgerEntries, ledgerPostings } from "../../db/schema/index.ts";
import { isLoanAccount } from "./accounts.ts";
import { checkEntry, LedgerError, PeriodClosed } from "./ledger-entries.ts";
import type { ClosedPeriodRule, PostResult, StatementEntry, Tx } from "./ledger-entries.ts";
import type { EntryInput, Posting } from "./postings.ts";

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Charges brought to a past day and value dating's reversals are corrections: a closed day moves to the open period. */
export const correction = { ifClosed: "first_open_day" as const };

export function createLedgerPosting(deps: { db: Db; now: () => Date }) {
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

  return { firstOpenDay, post, entryByKey, withPostings };
}

export type LedgerPosting = ReturnType<typeof createLedgerPosting>;
