// A loan's charges in the ledger (decisions 28 and 36): the daily accruals brought up to a day from core
// dues(), and value dating's reversal of the charges and repayments after a day.
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { IsoDate } from "../../../core/calendar.ts";
import { dues, type LoanFacts } from "../../../core/loan-math/index.ts";
import { ledgerEntries } from "../../db/schema/index.ts";
import { LedgerError } from "./ledger-entries.ts";
import type { LoanBalances, StatementEntry, Tx } from "./ledger-entries.ts";
import { correction, rowsOf, type LedgerPosting } from "./ledger-posting.ts";
import { interestAccrualEntry, ledgerKeys, penalAccrualEntry, reversalEntry, type Posting } from "./postings.ts";

export function createLedgerCharges(deps: {
  post: LedgerPosting["post"];
  withPostings: LedgerPosting["withPostings"];
  balances: (loanId: string, executor?: Tx, asOf?: IsoDate) => Promise<LoanBalances>;
  writtenOffOn: (loanId: string, executor?: Tx) => Promise<IsoDate | null>;
  npaSince: (loanId: string, executor?: Tx) => Promise<IsoDate | null>;
}) {
  const { post, withPostings, balances, writtenOffOn, npaSince } = deps;

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
  };
}
