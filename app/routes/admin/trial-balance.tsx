// Trial balance (issue 29): every account of the chart with its balance as on a chosen day (default today),
// on its debit or credit side, and the two totals, which agree when the books balance. Also as CSV.
import { Form, useLoaderData } from "react-router";
import type { Route } from "./+types/trial-balance.ts";
import type { TrialBalance } from "../../../core/admin/books-desk.ts";
import { formatDate } from "../../../core/format.ts";
import { AdminTable } from "../../components/admin-table.tsx";
import { amountOrBlank, DateField, paiseText } from "../../components/admin-books.tsx";
import { refusal, requireStaff } from "../../lib/admin.ts";

export const meta = () => [{ title: "Trial balance | SalaryOnTime back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  const date = new URL(request.url).searchParams.get("date") ?? "";
  try {
    return { tb: await admin.books.trialBalance({ date }), date, failure: null };
  } catch (error) {
    return refusal(error, { tb: null as TrialBalance | null, date });
  }
}

export default function TrialBalancePage() {
  const { tb, date, failure } = useLoaderData<typeof loader>();
  const dateError = failure?.errors?.date;
  const balanced = tb ? tb.totals.debitPaise === tb.totals.creditPaise : false;
  return (
    <>
      <h1>Trial balance</h1>
      <p>Every account of the ledger with its balance at the end of the day chosen, from the postings dated up to that day.</p>
      <Form method="get" className="admin-card admin-inline">
        <DateField id="tb-date" name="date" label="As on (YYYY-MM-DD)" value={tb?.asOn ?? date} error={dateError} />
        <button type="submit">Show</button>
      </Form>
      {failure && !dateError ? (
        <p className="error" role="alert">
          {failure.message}
        </p>
      ) : null}
      {tb ? (
        <>
          <AdminTable caption={`Trial balance as on ${formatDate(tb.asOn)}`}>
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col">Debit</th>
                <th scope="col">Credit</th>
              </tr>
            </thead>
            <tbody>
              {tb.rows.map((r) => (
                <tr key={r.account} data-testid={`tb-${r.account}`}>
                  <th scope="row" data-label="Account">
                    <a href={`/admin/general-ledger?account=${encodeURIComponent(r.account)}&to=${tb.asOn}`}>{r.label}</a>
                  </th>
                  <td data-label="Debit">{amountOrBlank(r.debitPaise)}</td>
                  <td data-label="Credit">{amountOrBlank(r.creditPaise)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr data-testid="tb-total">
                <th scope="row" data-label="Account">
                  Total
                </th>
                <td data-label="Debit">{paiseText(tb.totals.debitPaise)}</td>
                <td data-label="Credit">{paiseText(tb.totals.creditPaise)}</td>
              </tr>
            </tfoot>
          </AdminTable>
          <p data-testid="tb-balanced" className={balanced ? "notice" : "error"}>
            {balanced ? "Debits and credits agree." : `Debits and credits differ by ${paiseText(Math.abs(tb.totals.debitPaise - tb.totals.creditPaise))}.`}
          </p>
          <p>
            <a href={`/admin/trial-balance.csv?date=${tb.asOn}`} download={`trial-balance-${tb.asOn}.csv`}>
              Download as CSV (as on {formatDate(tb.asOn)})
            </a>
          </p>
        </>
      ) : null}
    </>
  );
}
