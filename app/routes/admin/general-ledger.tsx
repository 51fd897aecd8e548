// General ledger (issue 29): one account's postings over a date range (default this month to today), with
// the opening balance at the start date, each entry (date, kind, loan, memo, debit, credit, running balance)
// and the closing balance. Paged on screen; the CSV holds the whole range.
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/general-ledger.ts";
import { entryKindLabel, type ChartAccount, type GeneralLedger } from "../../../core/admin/books-desk.ts";
import { formatDate } from "../../../core/format.ts";
import { AdminTable } from "../../components/admin-table.tsx";
import { amountOrBlank, balanceText, BooksPager, DateField, paiseText } from "../../components/admin-books.tsx";
import { refusal, requireStaff } from "../../lib/admin.ts";

export const meta = () => [{ title: "General ledger | SalaryOnTime back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  const url = new URL(request.url);
  const query = { account: url.searchParams.get("account") ?? "", from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" };
  const page = Number(url.searchParams.get("page")) || 1;
  let chart: ChartAccount[] = [];
  try {
    chart = await admin.books.chart();
    if (!query.account) return { chart, query, gl: null as GeneralLedger | null, failure: null, search: url.search };
    return { chart, query, gl: await admin.books.generalLedger({ ...query, page }), failure: null, search: url.search };
  } catch (error) {
    return refusal(error, { chart, query, gl: null as GeneralLedger | null, search: url.search });
  }
}

export default function GeneralLedgerPage() {
  const { chart, query, gl, failure, search } = useLoaderData<typeof loader>();
  const errors = failure?.errors ?? {};
  const fileQuery = gl ? `account=${encodeURIComponent(gl.account.account)}&from=${gl.from}&to=${gl.to}` : "";
  return (
    <>
      <h1>General ledger</h1>
      <p>One account's entries between two dates: the balance at the start, each entry with the balance after it, and the balance at the end.</p>
      <Form method="get" className="admin-card admin-inline">
        <div>
          <label htmlFor="gl-account">Account</label>
          <select
            id="gl-account"
            name="account"
            defaultValue={gl?.account.account ?? query.account}
            aria-invalid={errors.account ? true : undefined}
            aria-describedby="gl-account-error"
          >
            <option value="">Choose an account</option>
            {chart.map((a) => (
              <option key={a.account} value={a.account}>
                {a.label}
              </option>
            ))}
          </select>
          <p id="gl-account-error" className="error">
            {errors.account}
          </p>
        </div>
        <DateField id="gl-from" name="from" label="From (YYYY-MM-DD)" value={gl?.from ?? query.from} error={errors.from} />
        <DateField id="gl-to" name="to" label="To (YYYY-MM-DD)" value={gl?.to ?? query.to} error={errors.to} />
        <button type="submit">Show</button>
      </Form>
      {failure && !Object.keys(errors).length ? (
        <p className="error" role="alert">
          {failure.message}
        </p>
      ) : null}
      {gl ? (
        <>
          <dl className="admin-card">
            <dt>Opening balance on {formatDate(gl.from)}</dt>
            <dd data-testid="gl-opening">{balanceText(gl.openingPaise)}</dd>
            <dt>Debits and credits in the range</dt>
            <dd data-testid="gl-totals">
              {paiseText(gl.totals.debitPaise)} debit, {paiseText(gl.totals.creditPaise)} credit
            </dd>
            <dt>Closing balance on {formatDate(gl.to)}</dt>
            <dd data-testid="gl-closing">{balanceText(gl.closingPaise)}</dd>
          </dl>
          <AdminTable caption={`${gl.account.label}: ${formatDate(gl.from)} to ${formatDate(gl.to)}`}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Entry</th>
                <th scope="col">Kind</th>
                <th scope="col">Loan</th>
                <th scope="col">Memo</th>
                <th scope="col">Debit</th>
                <th scope="col">Credit</th>
                <th scope="col">Balance</th>
              </tr>
            </thead>
            <tbody>
              {gl.lines.map((l, i) => (
                <tr key={`${l.seq}-${i}`}>
                  <td data-label="Date">{formatDate(l.date)}</td>
                  <td data-label="Entry">{l.seq}</td>
                  <td data-label="Kind">{entryKindLabel(l.kind)}</td>
                  <td data-label="Loan">{l.loanId && l.loanNo ? <Link to={`/admin/loans/${l.loanId}`}>{l.loanNo}</Link> : "—"}</td>
                  <td data-label="Memo">{l.memo ?? ""}</td>
                  <td data-label="Debit">{amountOrBlank(l.debitPaise)}</td>
                  <td data-label="Credit">{amountOrBlank(l.creditPaise)}</td>
                  <td data-label="Balance">{balanceText(l.balancePaise)}</td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
          {gl.lines.length === 0 ? <p>No entries in this range.</p> : null}
          <BooksPager page={gl.page} pageSize={gl.pageSize} total={gl.total} search={new URLSearchParams(search)} />
          <p>
            <a href={`/admin/general-ledger.csv?${fileQuery}`} download={`general-ledger-${gl.account.account}-${gl.from}-to-${gl.to}.csv`}>
              Download as CSV ({gl.account.label}, {formatDate(gl.from)} to {formatDate(gl.to)})
            </a>
          </p>
        </>
      ) : null}
    </>
  );
}
