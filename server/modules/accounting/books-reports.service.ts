// The accountant's desk (issue 29, findings 10 and 11): trial balance, general ledger, day book and the
// Tally import file, read from the ledger's postings (decision 27), and a loan's account. Read-only; each
// method checks the role first. The chart is the ledger's own list (accounts.ts), so an account added
// there shows here with no change. The reads are in books-ledger-reads.ts and books-day-book.ts; this file
// parses the desk's input and assembles them.
import { sql } from "drizzle-orm";
import {
  BOOKS_MESSAGES,
  BOOKS_ROLES,
  booksDate,
  booksRange,
  dayBookCsv,
  generalLedgerCsv,
  trialBalanceCsv,
  type ChartAccount,
} from "../../../core/admin/books-desk.ts";
import type { LeadSourcesOf } from "../../../core/admin/lead-source.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { requireStaffRole, type StaffActor } from "../credit/credit.service.ts";
import { InvalidInput, NotFound } from "../domain-errors.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import { createBooksDayBook } from "./books-day-book.ts";
import { chartOfAccounts, createBooksLedgerReads, rowsOf } from "./books-ledger-reads.ts";
import { loanAccountView } from "./loan-account-view.ts";

export { chartOfAccounts };

const pageOf = (page: unknown) => Math.max(1, Math.min(100_000, Math.trunc(Number(page)) || 1));

export function createBooksReportsService(deps: { db: Db; ledger: LedgerService; sourcesOf: LeadSourcesOf; now: () => Date }) {
  const { db, now } = deps;
  const today = () => todayInIndia(now());
  const { trialBalanceOn, generalLedgerOf } = createBooksLedgerReads(db);
  const { dayBookOf, tallyFile } = createBooksDayBook(db);

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
      return loanAccountView(db, deps.ledger, String(leadId ?? ""), chartOfAccounts(), deps.sourcesOf);
    },
  };

  return { desk, trialBalanceOn };
}

export type BooksReportsService = ReturnType<typeof createBooksReportsService>;
