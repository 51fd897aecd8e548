// Day book (issue 29): every ledger entry dated in a range (default this month to today), by date and then
// in the order posted, each with its postings. Also as CSV, and as Tally's voucher import file.
import { Form, useLoaderData } from "react-router";
import type { Route } from "./+types/day-book.ts";
import type { DayBook } from "../../../core/admin/books-desk.ts";
import { formatDate } from "../../../core/format.ts";
import { LedgerEntriesTable } from "../../components/admin/ledger-entries.tsx";
import { BooksPager, DateField, paiseText } from "../../components/admin-books.tsx";
import { refusal, requireStaff } from "../../lib/admin.ts";

export const meta = () => [{ title: "Day book | SalaryOnTime back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  const url = new URL(request.url);
  const query = { from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" };
  const page = Number(url.searchParams.get("page")) || 1;
  try {
    return { book: await admin.books.dayBook({ ...query, page }), query, failure: null, search: url.search };
  } catch (error) {
    return refusal(error, { book: null as DayBook | null, query, search: url.search });
  }
}

export default function DayBookPage() {
  const { book, query, failure, search } = useLoaderData<typeof loader>();
  const errors = failure?.errors ?? {};
  const range = book ? `from=${book.from}&to=${book.to}` : "";
  return (
    <>
      <h1>Day book</h1>
      <p>Every entry dated in the range, day by day in the order it was posted, with the accounts it debits and credits.</p>
      <Form method="get" className="admin-card admin-inline">
        <DateField id="db-from" name="from" label="From (YYYY-MM-DD)" value={book?.from ?? query.from} error={errors.from} />
        <DateField id="db-to" name="to" label="To (YYYY-MM-DD)" value={book?.to ?? query.to} error={errors.to} />
        <button type="submit">Show</button>
      </Form>
      {failure && !Object.keys(errors).length ? (
        <p className="error" role="alert">
          {failure.message}
        </p>
      ) : null}
      {book ? (
        <>
          <LedgerEntriesTable
            caption={`Day book: ${formatDate(book.from)} to ${formatDate(book.to)} (${book.total} ${book.total === 1 ? "entry" : "entries"})`}
            entries={book.entries}
            dayBook
            footer={
              <tfoot>
                <tr data-testid="db-total">
                  <th scope="row" colSpan={6} data-label="Total">
                    Total of the range
                  </th>
                  <td data-label="Debit">{paiseText(book.totals.debitPaise)}</td>
                  <td data-label="Credit">{paiseText(book.totals.creditPaise)}</td>
                </tr>
              </tfoot>
            }
          />
          {book.entries.length === 0 ? <p>No entries in this range.</p> : null}
          <BooksPager page={book.page} pageSize={book.pageSize} total={book.total} search={new URLSearchParams(search)} />
          <ul>
            <li>
              <a href={`/admin/day-book.csv?${range}`} download={`day-book-${book.from}-to-${book.to}.csv`}>
                Download as CSV ({formatDate(book.from)} to {formatDate(book.to)})
              </a>
            </li>
            <li>
              <a href={`/admin/tally.xml?${range}`} download={`tally-vouchers-${book.from}-to-${book.to}.xml`}>
                Download for Tally (XML vouchers, {formatDate(book.from)} to {formatDate(book.to)})
              </a>
            </li>
          </ul>
        </>
      ) : null}
    </>
  );
}
