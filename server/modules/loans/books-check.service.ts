// `npm run ledger:check` (issue 20): proves the books for a date. For every loan the ledger knows, its
// receivables and income as posted by that date equal core dues() over the loan's own terms and
// payments at the day its charges were last brought to, an NPA's unpaid charges in suspense and its
// provision as its class requires (decision 44); a loan that is no longer paid out (a payout reversed)
// holds nothing; customer excess equals what was paid above the dues less what was refunded; the trial
// balance over every posting is zero and every entry balances (so it is zero on every date); no receivable is negative, and every clearing account holds only
// its open items, none past its window (issue 29); the payable to buyer apps equals its sub-ledger (issue 32). Read-only.
import { and, lte, sql } from "drizzle-orm";
import type { IsoDate } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { ledgerEntries } from "../../db/schema/index.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import { createLoanBooksCheck, rowsOf, type PaymentRow } from "./books-check-loan.ts";

export type BooksProblem = { loanId: string | null; loanNo: string | null; problem: string };
export type BooksReport = {
  asOf: IsoDate;
  loans: number;
  entries: number;
  debits: number;
  credits: number;
  problems: BooksProblem[];
  ok: boolean;
};

export function createBooksCheck(deps: {
  db: Db;
  ledger: LedgerService;
  /** The loan's payments by value date (the payments module's rows), applied or not. */
  paymentsOf: (leadId: string) => Promise<PaymentRow[]>;
  /** Decision 44: income suspense and provisions against the class each day-end recorded (asset classification). */
  prudentialProblems?: (loanId: string, asOf: IsoDate) => Promise<string[]>;
  /** Issue 29: each clearing account holds only its open items, none past its window (the reconciliation module's check). */
  clearingProblems?: (asOf: IsoDate) => Promise<string[]>;
  /** Issue 32: each sub-ledger kept outside the loans equals its account (the payable to buyer apps). */
  subLedgerProblems?: (asOf: IsoDate) => Promise<string[]>;
}) {
  const { db, paymentsOf } = deps;
  const { checkLoan } = createLoanBooksCheck({ db, ledger: deps.ledger, paymentsOf, prudentialProblems: deps.prudentialProblems });

  return {
    async run(asOf: IsoDate): Promise<BooksReport> {
      const problems: BooksProblem[] = [];
      const [trial] = rowsOf<{ debits: string; credits: string; entries: string }>(
        await db.execute(sql`select
            coalesce(sum(case when p.side = 'debit' then p.amount else 0 end), 0)::text as debits,
            coalesce(sum(case when p.side = 'credit' then p.amount else 0 end), 0)::text as credits,
            count(distinct e.id)::text as entries
          from ledger_postings p join ledger_entries e on e.id = p.entry_id where e.effective_on <= ${asOf}`),
      );
      const debits = Number(trial?.debits ?? 0);
      const credits = Number(trial?.credits ?? 0);
      if (debits !== credits) problems.push({ loanId: null, loanNo: null, problem: `Trial balance is off: debits ${debits} ≠ credits ${credits} paise.` });
      // The trial balance on every date up to asOf (issue 29): it balances on each day when every entry
      // dated up to then balances, so one query lists the entries whose debits are not their credits.
      for (const e of rowsOf<{ key: string; effective_on: string; debits: string; credits: string }>(
        await db.execute(sql`select e.idempotency_key as key, e.effective_on::text as effective_on,
            coalesce(sum(case when p.side = 'debit' then p.amount else 0 end), 0)::text as debits,
            coalesce(sum(case when p.side = 'credit' then p.amount else 0 end), 0)::text as credits
          from ledger_entries e left join ledger_postings p on p.entry_id = e.id where e.effective_on <= ${asOf}
          group by e.id, e.idempotency_key, e.effective_on
          having coalesce(sum(case when p.side = 'debit' then p.amount else -p.amount end), 0) <> 0 order by e.effective_on, e.idempotency_key`),
      ))
        problems.push({
          loanId: null,
          loanNo: null,
          problem: `Entry ${e.key} of ${e.effective_on} is not balanced: debits ${e.debits} ≠ credits ${e.credits} paise, so the trial balance is off from that day.`,
        });

      const loanIds = await db
        .selectDistinct({ loanId: ledgerEntries.loanId, last: sql<string>`max(${ledgerEntries.effectiveOn})::text` })
        .from(ledgerEntries)
        .where(and(sql`${ledgerEntries.loanId} is not null`, lte(ledgerEntries.effectiveOn, asOf)))
        .groupBy(ledgerEntries.loanId);
      for (const { loanId, last } of loanIds) {
        await checkLoan(loanId!, last, asOf, (loanNo, problem) => problems.push({ loanId, loanNo, problem }));
      }
      for (const problem of (await deps.clearingProblems?.(asOf)) ?? []) problems.push({ loanId: null, loanNo: null, problem });
      for (const problem of (await deps.subLedgerProblems?.(asOf)) ?? []) problems.push({ loanId: null, loanNo: null, problem });
      return { asOf, loans: loanIds.length, entries: Number(trial?.entries ?? 0), debits, credits, problems, ok: problems.length === 0 };
    },
  };
}

export type BooksCheck = ReturnType<typeof createBooksCheck>;
