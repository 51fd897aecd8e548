// The ledger's reads behind the books desk (issue 29): the chart, the trial balance on a day and an account's
// general ledger over a range. The desk (books-reports.service.ts) checks the role and parses the input first.
import { sql } from "drizzle-orm";
import {
  accountLabel,
  BOOKS_LIMITS,
  BOOKS_MESSAGES,
  type ChartAccount,
  type GeneralLedger,
  type GeneralLedgerLine,
  type TrialBalance,
} from "../../../core/admin/books-desk.ts";
import type { Db } from "../../db/client.ts";
import { InvalidInput } from "../domain-errors.ts";
import { LENDER_ACCOUNTS, LOAN_ACCOUNTS, NORMAL_SIDE } from "../ledger/accounts.ts";

/** Every account of the ledger's chart, the loan's accounts first, with its label and normal side. */
export function chartOfAccounts(): ChartAccount[] {
  const of = (account: string, perLoan: boolean): ChartAccount => ({
    account,
    label: accountLabel(account),
    normal: NORMAL_SIDE[account as keyof typeof NORMAL_SIDE] ?? "debit",
    perLoan,
  });
  return [...LOAN_ACCOUNTS.map((a) => of(a, true)), ...LENDER_ACCOUNTS.map((a) => of(a, false))];
}

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type EntryRow = { id: string; seq: string; date: string; kind: string; loan_id: string | null; loan_no: string | null; memo: string | null };

export function createBooksLedgerReads(db: Db) {
  async function trialBalanceOn(asOn: string): Promise<TrialBalance> {
    const nets = rowsOf<{ account: string; net: string }>(
      await db.execute(sql`select p.account, sum(case when p.side = 'debit' then p.amount else -p.amount end)::text as net
        from ledger_postings p join ledger_entries e on e.id = p.entry_id
        where e.effective_on <= ${asOn} group by p.account`),
    );
    const netOf = new Map(nets.map((r) => [r.account, Number(r.net)]));
    const chart = chartOfAccounts();
    // An account the ledger holds but the chart does not name still shows, so the totals stay whole.
    const accounts = [...chart.map((a) => a.account), ...[...netOf.keys()].filter((a) => !chart.some((c) => c.account === a)).sort()];
    const rows = accounts.map((account) => {
      const net = netOf.get(account) ?? 0;
      return { account, label: accountLabel(account), debitPaise: net > 0 ? net : 0, creditPaise: net < 0 ? -net : 0 };
    });
    const totals = rows.reduce((t, r) => ({ debitPaise: t.debitPaise + r.debitPaise, creditPaise: t.creditPaise + r.creditPaise }), {
      debitPaise: 0,
      creditPaise: 0,
    });
    return { asOn, rows, totals };
  }

  async function generalLedgerOf(account: ChartAccount, range: { from: string; to: string }, page: number | "all"): Promise<GeneralLedger> {
    const a = account.account;
    const [opening] = rowsOf<{ net: string }>(
      await db.execute(sql`select coalesce(sum(case when p.side = 'debit' then p.amount else -p.amount end), 0)::text as net
        from ledger_postings p join ledger_entries e on e.id = p.entry_id where p.account = ${a} and e.effective_on < ${range.from}`),
    );
    const [sums] = rowsOf<{ n: string; debits: string; credits: string }>(
      await db.execute(sql`select count(*)::text as n,
          coalesce(sum(case when p.side = 'debit' then p.amount else 0 end), 0)::text as debits,
          coalesce(sum(case when p.side = 'credit' then p.amount else 0 end), 0)::text as credits
        from ledger_postings p join ledger_entries e on e.id = p.entry_id
        where p.account = ${a} and e.effective_on between ${range.from} and ${range.to}`),
    );
    const total = Number(sums.n);
    if (page === "all" && total > BOOKS_LIMITS.maxExportEntries) throw new InvalidInput(BOOKS_MESSAGES.tooMany(total));
    const openingPaise = Number(opening.net);
    const size = page === "all" ? BOOKS_LIMITS.maxExportEntries : BOOKS_LIMITS.pageSize;
    const offset = page === "all" ? 0 : (page - 1) * size;
    // The running balance is summed over the whole range before the page is cut, so page 3 carries pages 1 and 2.
    const rows = rowsOf<EntryRow & { side: string; amount: string; running: string }>(
      await db.execute(sql`select e.seq::text as seq, e.effective_on::text as date, e.kind, e.loan_id, l.loan_no, e.memo, p.side, p.amount::text as amount,
          sum(case when p.side = 'debit' then p.amount else -p.amount end) over (order by e.effective_on, e.seq, p.line_no)::text as running
        from ledger_postings p join ledger_entries e on e.id = p.entry_id left join loan_accounts l on l.lead_id = e.loan_id
        where p.account = ${a} and e.effective_on between ${range.from} and ${range.to}
        order by e.effective_on, e.seq, p.line_no limit ${size} offset ${offset}`),
    );
    const lines: GeneralLedgerLine[] = rows.map((r) => ({
      seq: Number(r.seq),
      date: r.date,
      kind: r.kind,
      loanId: r.loan_id,
      loanNo: r.loan_no,
      memo: r.memo,
      debitPaise: r.side === "debit" ? Number(r.amount) : 0,
      creditPaise: r.side === "credit" ? Number(r.amount) : 0,
      balancePaise: openingPaise + Number(r.running),
    }));
    const debits = Number(sums.debits);
    const credits = Number(sums.credits);
    return {
      account,
      ...range,
      openingPaise,
      closingPaise: openingPaise + debits - credits,
      totals: { debitPaise: debits, creditPaise: credits },
      lines,
      page: page === "all" ? 1 : page,
      pageSize: size,
      total,
    };
  }

  return { trialBalanceOn, generalLedgerOf };
}
