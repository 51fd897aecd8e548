// Data requests (issue 23, DPDP Rules 2025): the borrowers' correction and erasure requests, oldest due
// first, each with its 30-day due date. The data protection officer completes or declines them (an
// erasure runs when completed); the auditor reads. Every action is audited by the server.
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/data-requests.ts";
import type { DataRequestRow } from "../../../core/admin/data-request-desk.ts";
import { RIGHTS_REQUEST_LABELS } from "../../../core/data-rights/index.ts";
import { formatDate } from "../../../core/format.ts";
import { AdminTable } from "../../components/admin-table.tsx";
import { ActionNotices } from "../../components/admin/admin-notices.tsx";
import { actionInput, pageParams, refusal, requireStaff, unknownIntent } from "../../lib/admin.ts";

export const meta = () => [{ title: "Data requests | SalaryOnTime back office" }];

const STATUS_WORDS = { OPEN: "Open", DONE: "Done", REJECTED: "Declined" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  const { page } = pageParams(request);
  const show = new URL(request.url).searchParams.get("show") === "all" ? "all" : "open";
  try {
    const listing = await admin.dataRequests.list({ show, page });
    return { listing, show, canAct: staff.role === "data_protection", failure: null };
  } catch (error) {
    return refusal(error, { listing: { rows: [] as DataRequestRow[], total: 0, page: 1, pageSize: 25 }, show, canAct: false });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, field } = await actionInput(request, context);
  const intent = field("intent");
  try {
    if (intent === "complete") {
      await admin.dataRequests.complete({ id: field("id"), outcome: field("outcome") });
      return { failure: null, forRow: null, message: "The request is done and the customer's record updated." };
    }
    if (intent === "reject") {
      await admin.dataRequests.reject({ id: field("id"), reason: field("reason") });
      return { failure: null, forRow: null, message: "The request is declined with your reason." };
    }
    return unknownIntent({ forRow: null, message: null });
  } catch (error) {
    return refusal(error, { forRow: field("id"), message: null });
  }
}

function Actions({ row, busy }: { row: DataRequestRow; busy: boolean }) {
  const what = `${RIGHTS_REQUEST_LABELS[row.kind].toLowerCase()} request of ${row.customer}`;
  return (
    <>
      <Form method="post">
        <input type="hidden" name="intent" value="complete" />
        <input type="hidden" name="id" value={row.id} />
        <label htmlFor={`outcome-${row.id}`}>{row.kind === "erasure" ? "Note (optional)" : "What was corrected"}</label>
        <input id={`outcome-${row.id}`} name="outcome" maxLength={1000} required={row.kind === "correction"} />
        <button type="submit" disabled={busy} aria-label={`${row.kind === "erasure" ? "Erase now" : "Mark corrected"}: ${what}`}>
          {row.kind === "erasure" ? "Erase now" : "Mark corrected"}
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="reject" />
        <input type="hidden" name="id" value={row.id} />
        <label htmlFor={`reason-${row.id}`}>Reason for declining</label>
        <input id={`reason-${row.id}`} name="reason" required minLength={5} maxLength={1000} />
        <button type="submit" disabled={busy} aria-label={`Decline the ${what}`}>
          Decline
        </button>
      </Form>
    </>
  );
}

export default function DataRequestsPage() {
  const { listing, show, canAct, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1>Data requests</h1>
      <p>
        Borrowers&apos; requests to correct or erase their data (DPDP Act 2023). Each is answered within 30 days. Erasing keeps loan and identity records until
        five years after the last loan closed, and erases the rest.
      </p>
      <p>{show === "all" ? <Link to="?show=open">Show open requests only</Link> : <Link to="?show=all">Show all requests</Link>}</p>
      <ActionNotices result={result} failure={failure} />
      <AdminTable caption={`${show === "all" ? "All requests" : "Open requests"} (${listing.total})`}>
        <thead>
          <tr>
            <th scope="col">Request</th>
            <th scope="col">Customer</th>
            <th scope="col">Asked on</th>
            <th scope="col">Due by</th>
            <th scope="col">Details</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {listing.rows.map((row) => (
            <tr key={row.id}>
              <td data-label="Request">{RIGHTS_REQUEST_LABELS[row.kind]}</td>
              <td data-label="Customer">{row.customer}</td>
              <td data-label="Asked on">{formatDate(row.requestedOn)}</td>
              <td data-label="Due by">
                {formatDate(row.dueOn)}
                {row.late ? <strong className="error"> Late</strong> : null}
              </td>
              <td data-label="Details">{row.details ?? "—"}</td>
              <td data-label="Status">
                {row.status === "OPEN" && canAct ? <Actions row={row} busy={busy} /> : STATUS_WORDS[row.status]}
                {row.outcome ? <p>{row.outcome}</p> : null}
                {result?.failure && result.forRow === row.id ? <p className="error">{result.failure.message}</p> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </>
  );
}
