// The day book (issue 29): every ledger entry of a range with its postings, and the Tally import file built
// from it. The desk (books-reports.service.ts) checks the role and parses the input first.
import { sql } from "drizzle-orm";
import {
  accountLabel,
  BOOKS_LIMITS,
  BOOKS_MESSAGES,
  entryKindLabel,
  type BookPosting,
  type DayBook,
  type DayBookEntry,
} from "../../../core/admin/books-desk.ts";
import { tallyImportXml, tallyLines } from "../../../core/accounting/tally-xml.ts";
import type { Db } from "../../db/client.ts";
import { InvalidInput } from "../domain-errors.ts";
import { rowsOf, type EntryRow } from "./books-ledger-reads.ts";
import { TALLY_COMPANY, tallyLedgerName } from "./tally-ledgers.ts";

export function createBooksDayBook(db: Db) {
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

  return { dayBookOf, tallyFile };
}
