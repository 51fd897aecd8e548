// Period close (decision 44): the months of the ledger, which are closed (by whom, when), and the next
// month accounts may close: months close in order, each once it has ended, never undone. After a close
// the ledger takes no entry dated in it; a correction goes in the open period, naming the day it corrects.
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/period-close.ts";
import { formatDateTime } from "../../../core/format.ts";
import { AdminTable } from "../../components/admin-table.tsx";
import { ActionNotices } from "../../components/admin/admin-notices.tsx";
import { refusal, requireStaff, unknownIntent } from "../../lib/admin.ts";

export const meta = () => [{ title: "Period close | SalaryOnTime back office" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  try {
    return { view: await admin.journals.periods(), canClose: staff.role === "accounts", failure: null };
  } catch (error) {
    return refusal(error, { view: null, canClose: false });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = requireStaff(context);
  const form = await request.formData();
  if (form.get("intent") !== "close") {
    return unknownIntent({ message: null });
  }
  try {
    const { month } = await admin.journals.closeMonth({ month: String(form.get("month") ?? "") });
    return { failure: null, message: `Closed the month starting ${month}. Entries can no longer be dated in it.` };
  } catch (error) {
    return refusal(error, { message: null });
  }
}

export default function PeriodClosePage() {
  const { view, canClose, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1>Period close</h1>
      <p>
        <Link to="/admin/journals">Manual journals</Link>
      </p>
      <ActionNotices result={result} failure={failure} />
      {view ? (
        <>
          <p>
            {view.firstOpenDay
              ? `The books are closed to ${view.firstOpenDay} (not included): every entry is dated on or after it; a correction for an earlier day is posted then, naming the day.`
              : "No month is closed yet."}
          </p>
          {view.next.month ? (
            <section aria-labelledby="close-heading">
              <h2 id="close-heading">Close {view.next.label}</h2>
              {view.next.refused ? (
                <p>{view.next.refused}</p>
              ) : canClose ? (
                <Form method="post">
                  <p>Closing is final: no entry may be dated in {view.next.label} afterwards. Approve or reject the journals dated in it first.</p>
                  <input type="hidden" name="intent" value="close" />
                  <input type="hidden" name="month" value={view.next.month} />
                  <button type="submit" disabled={busy}>
                    Close {view.next.label}
                  </button>
                </Form>
              ) : (
                <p>{view.next.label} may be closed by accounts.</p>
              )}
            </section>
          ) : (
            <p>{view.next.refused}</p>
          )}
          <AdminTable caption="Months">
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Entries</th>
                <th scope="col">Status</th>
                <th scope="col">Closed by</th>
                <th scope="col">Closed at</th>
              </tr>
            </thead>
            <tbody>
              {view.months.map((m) => (
                <tr key={m.month}>
                  <td data-label="Month">{m.label}</td>
                  <td data-label="Entries">{m.entries}</td>
                  <td data-label="Status">{m.closed ? "closed" : "open"}</td>
                  <td data-label="Closed by">{m.closed?.byEmail ?? "—"}</td>
                  <td data-label="Closed at">{m.closed ? formatDateTime(m.closed.at) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
        </>
      ) : null}
    </>
  );
}
