// Ledger entries with their postings, one row a posting (back office, English only): the day book and a
// loan's account show them alike; the day book adds the loan column and a test id on each entry's first row.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { entryKindLabel, type DayBookEntry } from "../../../core/admin/books-desk.ts";
import { formatDate } from "../../../core/format.ts";
import { amountOrBlank } from "../admin-books.tsx";
import { AdminTable } from "../admin-table.tsx";

export function LedgerEntriesTable(props: { caption: string; entries: DayBookEntry[]; dayBook?: boolean; footer?: ReactNode }) {
  const { caption, entries, dayBook = false, footer } = props;
  return (
    <AdminTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Entry</th>
          <th scope="col">Kind</th>
          {dayBook ? <th scope="col">Loan</th> : null}
          <th scope="col">Memo</th>
          <th scope="col">Account</th>
          <th scope="col">Debit</th>
          <th scope="col">Credit</th>
        </tr>
      </thead>
      <tbody>
        {entries.flatMap((e) =>
          e.postings.map((p, i) => (
            <tr key={`${e.seq}-${i}`} data-testid={dayBook && i === 0 ? `entry-${e.seq}` : undefined}>
              <td data-label="Date">{i === 0 ? formatDate(e.date) : ""}</td>
              <td data-label="Entry">{i === 0 ? e.seq : ""}</td>
              <td data-label="Kind">{i === 0 ? entryKindLabel(e.kind) : ""}</td>
              {dayBook ? <td data-label="Loan">{i === 0 && e.loanId && e.loanNo ? <Link to={`/admin/loans/${e.loanId}`}>{e.loanNo}</Link> : ""}</td> : null}
              <td data-label="Memo">{i === 0 ? (e.memo ?? "") : ""}</td>
              <td data-label="Account">{p.label}</td>
              <td data-label="Debit">{amountOrBlank(p.debitPaise)}</td>
              <td data-label="Credit">{amountOrBlank(p.creditPaise)}</td>
            </tr>
          )),
        )}
      </tbody>
      {footer}
    </AdminTable>
  );
}
