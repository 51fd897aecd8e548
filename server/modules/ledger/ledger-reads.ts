// What the ledger holds (decision 27): a loan's balances and entries, any account's balance, and the
// days a loan was written off and last charged.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { IsoDate } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { ledgerEntries, ledgerPostings } from "../../db/schema/index.ts";
import { isAccount, isLoanAccount, LOAN_ACCOUNTS, NORMAL_SIDE } from "./accounts.ts";
import { LedgerError } from "./ledger-entries.ts";
import type { LoanBalances, StatementEntry, Tx } from "./ledger-entries.ts";
import { rowsOf, type LedgerPosting } from "./ledger-posting.ts";

export function createLedgerReads(deps: { db: Db; withPostings: LedgerPosting["withPostings"] }) {
  const { db, withPostings } = deps;

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

  /** Decision 44: the day the loan was written off, or null. */
  async function writtenOffOn(loanId: string, executor: Tx = db): Promise<IsoDate | null> {
    const [row] = await executor
      .select({ on: sql<string | null>`min(${ledgerEntries.effectiveOn})::text` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.loanId, loanId), eq(ledgerEntries.kind, "write_off")));
    return (row?.on as IsoDate | null) ?? null;
  }

  return {
    balances,
    writtenOffOn,

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
  };
}
