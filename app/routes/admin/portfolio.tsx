// Portfolio (issue 22): loans open at the end of a chosen day (default today), counted per asset class
// (RBI IRACP: Standard, SMA-0, SMA-1, SMA-2, NPA) with what they owe and what is overdue, and a CSV of
// the same figures. Classes come from the day-end job's history, or are computed for a day it has not run.
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/portfolio.ts";
import { ASSET_CLASS_LABELS, type PortfolioSummary } from "../../../core/admin/portfolio-desk.ts";
import { WRITE_OFF_VIEW_ROLES, type WriteOffView } from "../../../core/admin/write-off-desk.ts";
import { formatDate, formatPaise } from "../../../core/format.ts";
import { AdminTable } from "../../components/admin-table.tsx";
import { WriteOffPanel } from "../../components/admin-write-offs.tsx";
import { ActionNotices } from "../../components/admin/admin-notices.tsx";
import { actionInput, refusal, requireStaff, unknownIntent } from "../../lib/admin.ts";

export const meta = () => [{ title: "Portfolio | SalaryOnTime back office" }];

const rupees = (paise: number) => formatPaise(paise, { decimals: 2 });

type WriteOffs = { pending: WriteOffView[]; approved: WriteOffView[] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  const date = new URL(request.url).searchParams.get("date") ?? "";
  const writeOffs: WriteOffs | null = (WRITE_OFF_VIEW_ROLES as readonly string[]).includes(staff.role) ? await admin.writeOffs.list() : null;
  const can = { canEnter: staff.role === "accounts", canDecide: staff.role === "credit_head" };
  try {
    return { summary: await admin.portfolio.summary({ date }), date, failure: null, writeOffs, ...can };
  } catch (error) {
    return refusal(error, { summary: null as PortfolioSummary | null, date, writeOffs, ...can });
  }
}

/** Decision 44: the write-off of an NPA, entered, approved or rejected from this page. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin, field } = await actionInput(request, context);
  const intent = field("intent");
  const values = { loanNo: field("loanNo"), reason: field("reason") };
  try {
    if (intent === "write-off-enter") {
      const w = await admin.writeOffs.enter(values);
      return { failure: null, values: null, message: `Write-off of ${w.loanNo} entered; it waits for the credit head.` };
    }
    if (intent === "write-off-approve") {
      const w = await admin.writeOffs.approve({ id: field("id") });
      return {
        failure: null,
        values: null,
        message: `Written off ${w.loanNo}: ${rupees(w.amountPaise ?? 0)}, of which ${rupees(w.provisionUsedPaise ?? 0)} from the provision.`,
      };
    }
    if (intent === "write-off-reject") {
      await admin.writeOffs.reject({ id: field("id"), reason: field("reason") });
      return { failure: null, values: null, message: "Write-off rejected." };
    }
    return unknownIntent({ values: null, message: null });
  } catch (error) {
    return refusal(error, { values: intent === "write-off-enter" ? values : null, message: null });
  }
}

export default function PortfolioPage() {
  const { summary, date, failure, writeOffs, canEnter, canDecide } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
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
      <ActionNotices result={result} />
      {writeOffs ? (
        <WriteOffPanel
          list={writeOffs}
          canEnter={canEnter}
          canDecide={canDecide}
          busy={busy}
          errors={result?.failure?.errors ?? {}}
          values={result?.values ?? null}
        />
      ) : null}
    </>
  );
}
