// The accountant's desk (issue 29, findings 10 and 11): trial balance, general ledger, day book and the
// Tally import file, read from the ledger's postings (decision 27), and a loan's account. Read-only; each
// method checks the role first. The chart is the ledger's own list (accounts.ts), so an account added
// there shows here with no change.
import { sql } from "drizzle-orm";
import {
  accountLabel,
  BOOKS_LIMITS,
  BOOKS_MESSAGES,
  BOOKS_ROLES,
  booksDate,
  booksRange,
  dayBookCsv,
  entryKindLabel,
  generalLedgerCsv,
  trialBalanceCsv,
  type BookPosting,
  type ChartAccount,
  type DayBook,
  type DayBookEntry,
  type GeneralLedger,
  type GeneralLedgerLine,
  type TrialBalance,
} from "../../../core/admin/books-desk.ts";
import { tallyImportXml, tallyLines } from "../../../core/accounting/tally-xml.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { requireStaffRole, type StaffActor } from "../credit/credit.service.ts";
import { InvalidInput, NotFound } from "../domain-errors.ts";
import { LENDER_ACCOUNTS, LOAN_ACCOUNTS, NORMAL_SIDE } from "../ledger/accounts.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import { loanAccountView } from "./loan-account-view.ts";
import { TALLY_COMPANY, tallyLedgerName } from "./tally-ledgers.ts";

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

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const pageOf = (page: unknown) => Math.max(1, Math.min(100_000, Math.trunc(Number(page)) || 1));

type EntryRow = { id: string; seq: string; date: string; kind: string; loan_id: string | null; loan_no: string | null; memo: string | null };

export function createBooksReportsService(deps: { db: Db; ledger: LedgerService; now: () => Date }) {
  const { db, now } = deps;
  const today = () => todayInIndia(now());

  function dateOf(input: { date?: unknown }) {
    const parsed = booksDate(input.date, today());
    if ("error" in parsed) throw new InvalidInput(parsed.error, { date: parsed.error });
    return parsed.date;
  }
  function rangeOf(input: { from?: unknown; to?: unknown }) {
    const parsed = booksRange(input, today());
    if ("error" in parsed) throw new InvalidInput(parsed.error, { [parsed.field]: parsed.error });
    return parsed;
  }
  function accountOf(value: unknown): ChartAccount {
    const found = chartOfAccounts().find((a) => a.account === value);
    if (!found) throw new InvalidInput(BOOKS_MESSAGES.account, { account: BOOKS_MESSAGES.account });
    return found;
  }

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

  async function dayBookOf(range: { from: string; to: string }, page: number | "all"): Promise<DayBook> {
    const [sums] = rowsOf<{ n: string; debits: string; credits: string }>(
      await db.execute(sql`select (select count(*) from ledger_entries where effective_on between ${range.from} and ${range.to})::text as n,
          coalesce(sum(case when p.side = 'debit' then p.amount else 0 end), 0)::text as debits,
          coalesce(sum(case when p.side = 'credit' then p.amount else 0 end), 0)::text as credits
        from ledger_postings p join ledger_entries e on e.id = p.entry_id where e.effective_on between ${range.from} and ${range.to}`),
    );
    const total = Number(sums.n);
    if (page === "all" && total > BOOKS_LIMITS.maxExportEntries) throw new InvalidInput(BOOKS_MESSAGES.tooMany(total));
    const size = page === "all" ? BOOKS_LIMITS.maxExportEntries : BOOKS_LIMITS.pageSize;
    const offset = page === "all" ? 0 : (page - 1) * size;
    const heads = rowsOf<EntryRow>(
      await db.execute(sql`select e.id, e.seq::text as seq, e.effective_on::text as date, e.kind, e.loan_id, l.loan_no, e.memo
        from ledger_entries e left join loan_accounts l on l.lead_id = e.loan_id
        where e.effective_on between ${range.from} and ${range.to}
        order by e.effective_on, e.seq limit ${size} offset ${offset}`),
    );
    // The page's postings by its entries' ids, passed as one text parameter however long the page.
    const ids = heads.map((h) => h.id).join(",");
    const postings = heads.length
      ? rowsOf<{ entry_id: string; account: string; side: string; amount: string }>(
          await db.execute(sql`select entry_id, account, side, amount::text as amount from ledger_postings
            where entry_id = any(string_to_array(${ids}, ',')::uuid[]) order by entry_id, line_no`),
        )
      : [];
    const byEntry = new Map<string, typeof postings>();
    for (const p of postings) {
      const list = byEntry.get(p.entry_id);
      if (list) list.push(p);
      else byEntry.set(p.entry_id, [p]);
    }
    const entries: DayBookEntry[] = heads.map((h) => ({
      seq: Number(h.seq),
      date: h.date,
      kind: h.kind,
      loanId: h.loan_id,
      loanNo: h.loan_no,
      memo: h.memo,
      postings: (byEntry.get(h.id) ?? []).map((p): BookPosting => ({
        account: p.account,
        label: accountLabel(p.account),
        debitPaise: p.side === "debit" ? Number(p.amount) : 0,
        creditPaise: p.side === "credit" ? Number(p.amount) : 0,
      })),
    }));
    return {
      ...range,
      entries,
      totals: { debitPaise: Number(sums.debits), creditPaise: Number(sums.credits) },
      page: page === "all" ? 1 : page,
      pageSize: size,
      total,
    };
  }

  /** One Journal voucher per ledger entry, dated its effective day, lines by mapped Tally ledger. */
  function tallyFile(book: DayBook): string {
    const vouchers = book.entries.map((e) => ({
      date: e.date,
      number: String(e.seq),
      narration: [entryKindLabel(e.kind), e.loanNo ? `loan ${e.loanNo}` : null, e.memo].filter(Boolean).join(" · "),
      lines: tallyLines(
        e.postings.map((p) => ({
          ledger: tallyLedgerName(p.account),
          side: p.debitPaise ? ("debit" as const) : ("credit" as const),
          amount: p.debitPaise || p.creditPaise,
        })),
      ),
    }));
    return tallyImportXml(
      TALLY_COMPANY,
      vouchers.filter((v) => v.lines.length > 0),
    );
  }

  const csv = (filename: string, text: string) => ({ filename, contentType: "text/csv; charset=utf-8", text });

  const desk = {
    async chart(staff: StaffActor | null) {
      requireStaffRole(staff, ...BOOKS_ROLES);
      return chartOfAccounts();
    },
    async trialBalance(staff: StaffActor | null, input: { date?: string } = {}) {
      requireStaffRole(staff, ...BOOKS_ROLES);
      return trialBalanceOn(dateOf(input));
    },
    async generalLedger(staff: StaffActor | null, input: { account?: string; from?: string; to?: string; page?: number } = {}) {
      requireStaffRole(staff, ...BOOKS_ROLES);
      return generalLedgerOf(accountOf(input.account), rangeOf(input), pageOf(input.page));
    },
    async dayBook(staff: StaffActor | null, input: { from?: string; to?: string; page?: number } = {}) {
      requireStaffRole(staff, ...BOOKS_ROLES);
      return dayBookOf(rangeOf(input), pageOf(input.page));
    },
    async trialBalanceCsv(staff: StaffActor | null, input: { date?: string } = {}) {
      requireStaffRole(staff, ...BOOKS_ROLES);
      const tb = await trialBalanceOn(dateOf(input));
      return csv(`trial-balance-${tb.asOn}.csv`, trialBalanceCsv(tb));
    },
    async generalLedgerCsv(staff: StaffActor | null, input: { account?: string; from?: string; to?: string } = {}) {
      requireStaffRole(staff, ...BOOKS_ROLES);
      const gl = await generalLedgerOf(accountOf(input.account), rangeOf(input), "all");
      return csv(`general-ledger-${gl.account.account}-${gl.from}-to-${gl.to}.csv`, generalLedgerCsv(gl));
    },
    async dayBookCsv(staff: StaffActor | null, input: { from?: string; to?: string } = {}) {
      requireStaffRole(staff, ...BOOKS_ROLES);
      const book = await dayBookOf(rangeOf(input), "all");
      return csv(`day-book-${book.from}-to-${book.to}.csv`, dayBookCsv(book));
    },
    async tallyXml(staff: StaffActor | null, input: { from?: string; to?: string } = {}) {
      requireStaffRole(staff, ...BOOKS_ROLES);
      const book = await dayBookOf(rangeOf(input), "all");
      return { filename: `tally-vouchers-${book.from}-to-${book.to}.xml`, contentType: "application/xml; charset=utf-8", text: tallyFile(book) };
    },
    async findLoan(staff: StaffActor | null, input: { loanNo?: string } = {}) {
      requireStaffRole(staff, ...BOOKS_ROLES);
      const loanNo = String(input.loanNo ?? "")
        .trim()
        .toUpperCase();
      if (!/^SOT[0-9A-Z-]{4,40}$/.test(loanNo)) throw new InvalidInput("Enter a loan number, for example SOT2611000123.", { loanNo: "Enter a loan number." });
      const [row] = rowsOf<{ id: string }>(await db.execute(sql`select lead_id as id from loan_accounts where loan_no = ${loanNo} limit 1`));
      if (!row) throw new NotFound(BOOKS_MESSAGES.loanNotFound);
      return { leadId: row.id };
    },
    async loanAccount(staff: StaffActor | null, leadId: string) {
      requireStaffRole(staff, ...BOOKS_ROLES);
      return loanAccountView(db, deps.ledger, String(leadId ?? ""), chartOfAccounts());
    },
  };

  return { desk, trialBalanceOn };
}

export type BooksReportsService = ReturnType<typeof createBooksReportsService>;
