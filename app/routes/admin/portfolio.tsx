// Portfolio (issue 22): loans open at the end of a chosen day (default today), counted per asset class
// (RBI IRACP: Standard, SMA-0, SMA-1, SMA-2, NPA) with what they owe and what is overdue, and a CSV of
// the same figures. Classes come from the day-end job's history, or are computed for a day it has not run.
import { Form, data, useLoaderData } from "react-router";
import type { Route } from "./+types/portfolio.ts";
import { ASSET_CLASS_LABELS, type PortfolioSummary } from "../../../core/admin/portfolio-desk.ts";
import { formatDate, formatINR } from "../../../core/format.ts";
import { AdminTable } from "../../components/admin-table.tsx";
import { adminFailure, requireStaff } from "../../lib/admin.ts";

export const meta = () => [{ title: "Portfolio | SalaryOnTime back office" }];

const rupees = (paise: number) => formatINR(paise / 100, { decimals: 2 });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  const date = new URL(request.url).searchParams.get("date") ?? "";
  try {
    return { summary: await admin.portfolio.summary({ date }), date, failure: null };
  } catch (error) {
    const failure = adminFailure(error);
    return data({ summary: null as PortfolioSummary | null, date, failure }, { status: failure.kind === "forbidden" ? 403 : 400 });
  }
}

export default function PortfolioPage() {
  const { summary, date, failure } = useLoaderData<typeof loader>();
  const dateError = failure?.errors?.date;
  return (
    <>
      <h1>Portfolio by asset class</h1>
      <p>
        Loans open at the end of the day, by days past due: Standard (none), SMA-0 (1 to 30), SMA-1 (31 to 60), SMA-2 (61 to 90) and NPA (over 90). An NPA
        returns to Standard only when all its arrears are paid. Outstanding is everything the loan owes; overdue is what is owed after its repayment date.
      </p>
      <Form method="get" className="admin-card admin-inline">
        <div>
          <label htmlFor="portfolio-date">As on (YYYY-MM-DD)</label>
          <input
            id="portfolio-date"
            name="date"
            type="text"
            inputMode="numeric"
            placeholder="YYYY-MM-DD"
            defaultValue={summary?.asOn ?? date}
            aria-invalid={Boolean(dateError)}
            aria-describedby="portfolio-date-error"
          />
          <p id="portfolio-date-error" className="error">
            {dateError}
          </p>
        </div>
        <button type="submit">Show</button>
      </Form>
      {failure && !dateError ? (
        <p className="error" role="alert">
          {failure.message}
        </p>
      ) : null}
      {summary ? (
        <>
          <AdminTable caption={`Loans by asset class as on ${formatDate(summary.asOn)}`}>
            <thead>
              <tr>
                <th scope="col">Class</th>
                <th scope="col">Loans</th>
                <th scope="col">Outstanding</th>
                <th scope="col">Overdue</th>
              </tr>
            </thead>
            <tbody>
              {summary.rows.map((r) => (
                <tr key={r.assetClass} data-testid={`class-${r.assetClass}`}>
                  <th scope="row" data-label="Class">
                    {ASSET_CLASS_LABELS[r.assetClass]}
                  </th>
                  <td data-label="Loans">{r.loans}</td>
                  <td data-label="Outstanding">{rupees(r.outstandingPaise)}</td>
                  <td data-label="Overdue">{rupees(r.overduePaise)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr data-testid="class-total">
                <th scope="row" data-label="Class">
                  Total
                </th>
                <td data-label="Loans">{summary.total.loans}</td>
                <td data-label="Outstanding">{rupees(summary.total.outstandingPaise)}</td>
                <td data-label="Overdue">{rupees(summary.total.overduePaise)}</td>
              </tr>
            </tfoot>
          </AdminTable>
          <p>
            <a href={`/admin/portfolio.csv?date=${summary.asOn}`} download={`portfolio-${summary.asOn}.csv`}>
              Download as CSV (as on {formatDate(summary.asOn)})
            </a>
          </p>
        </>
      ) : null}
    </>
  );
}
