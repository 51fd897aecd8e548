// Reconciliation (issue 20): the orders the job is still asking the gateways about, and what the books
// could not settle by themselves (amounts that differ, unanswered orders, settlement lines that do not
// match). Accounts marks an exception as dealt with, with a note (audited); the auditor reads.
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/reconciliation.ts";
import { EXCEPTION_KIND_LABELS, GATEWAY_LABELS, type ReconciliationExceptionRow } from "../../../core/admin/reconciliation-desk.ts";
import { formatDateTime } from "../../../core/format.ts";
import { paiseOrDash } from "../../components/admin-books.tsx";
import { AdminTable } from "../../components/admin-table.tsx";
import { ActionNotices } from "../../components/admin/admin-notices.tsx";
import { actionInput, refusal, requireStaff, unknownIntent } from "../../lib/admin.ts";

export const meta = () => [{ title: "Reconciliation | SalaryOnTime back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  const show = new URL(request.url).searchParams.get("show") === "resolved" ? "resolved" : "open";
  try {
    const overview = await admin.reconciliation.overview({ show });
    return { overview, canResolve: staff.role === "accounts", failure: null };
  } catch (error) {
    return refusal(error, { overview: null, canResolve: false });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, field } = await actionInput(request, context);
  try {
    if (field("intent") !== "resolve") {
      return unknownIntent({ message: null, id: null });
    }
    await admin.reconciliation.resolve({ id: field("id"), note: field("note") });
    return { failure: null, message: "Marked as dealt with.", id: null };
  } catch (error) {
    return refusal(error, { message: null, id: field("id") });
  }
}

function ExceptionCells({ row }: { row: ReconciliationExceptionRow }) {
  return (
    <>
      <td data-label="What">{EXCEPTION_KIND_LABELS[row.kind]}</td>
      <td data-label="Gateway">{GATEWAY_LABELS[row.gateway]}</td>
      <td data-label="Order">{row.orderId ?? "—"}</td>
      <td data-label="Payment id">{row.gatewayPaymentId ?? "—"}</td>
      <td data-label="Ordered">{paiseOrDash(row.orderedPaise)}</td>
      <td data-label="Paid">{paiseOrDash(row.paidPaise)}</td>
      <td data-label="When">{formatDateTime(row.detectedAt)}</td>
    </>
  );
}

export default function ReconciliationPage() {
  const { overview, canResolve, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1>Reconciliation</h1>
      <p>
        Every 5 minutes each gateway is asked about orders still open 15 minutes after they were made, and what was paid is posted. Orders unanswered after 3
        days, and amounts that differ from the order, are listed here and never posted by themselves.
      </p>
      <ActionNotices result={result} failure={failure} />
      {overview ? (
        <>
          <AdminTable caption={`Open orders being chased (${overview.chasing.length})`}>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Gateway</th>
                <th scope="col">Loan</th>
                <th scope="col">Amount</th>
                <th scope="col">Made at</th>
              </tr>
            </thead>
            <tbody>
              {overview.chasing.length === 0 ? (
                <tr>
                  <td colSpan={5}>No open orders are being chased.</td>
                </tr>
              ) : (
                overview.chasing.map((o) => (
                  <tr key={o.orderId}>
                    <td data-label="Order">{o.orderId}</td>
                    <td data-label="Gateway">{GATEWAY_LABELS[o.gateway]}</td>
                    <td data-label="Loan">{o.loanNo ?? "—"}</td>
                    <td data-label="Amount">{paiseOrDash(o.amountPaise)}</td>
                    <td data-label="Made at">{formatDateTime(o.createdAt)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </AdminTable>
          <nav aria-label="Exceptions shown" style={{ margin: "1rem 0" }}>
            <a href="/admin/reconciliation" aria-current={overview.show === "open" ? "page" : undefined}>
              Open exceptions
            </a>{" "}
            ·{" "}
            <a href="/admin/reconciliation?show=resolved" aria-current={overview.show === "resolved" ? "page" : undefined}>
              Dealt with
            </a>
          </nav>
          <AdminTable caption={`${overview.show === "open" ? "Open exceptions" : "Exceptions dealt with"} (${overview.exceptions.length})`}>
            <thead>
              <tr>
                <th scope="col">What</th>
                <th scope="col">Gateway</th>
                <th scope="col">Order</th>
                <th scope="col">Payment id</th>
                <th scope="col">Ordered</th>
                <th scope="col">Paid</th>
                <th scope="col">When</th>
                <th scope="col">{overview.show === "open" ? "Action" : "Note"}</th>
              </tr>
            </thead>
            <tbody>
              {overview.exceptions.length === 0 ? (
                <tr>
                  <td colSpan={8}>{overview.show === "open" ? "Nothing to look at." : "None yet."}</td>
                </tr>
              ) : (
                overview.exceptions.map((row) => (
                  <tr key={row.id}>
                    <ExceptionCells row={row} />
                    <td data-label={overview.show === "open" ? "Action" : "Note"}>
                      {row.resolvedAt ? (
                        `${row.resolutionNote ?? ""} (${row.resolvedByEmail ?? "—"}, ${formatDateTime(row.resolvedAt)})`
                      ) : canResolve ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="resolve" />
                          <input type="hidden" name="id" value={row.id} />
                          <label htmlFor={`note-${row.id}`}>What was done</label>
                          <input
                            id={`note-${row.id}`}
                            name="note"
                            required
                            minLength={5}
                            maxLength={500}
                            aria-invalid={result?.id === row.id && Boolean(result?.failure)}
                          />
                          <button type="submit" disabled={busy}>
                            Mark as dealt with
                          </button>
                        </Form>
                      ) : (
                        "open"
                      )}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </AdminTable>
        </>
      ) : null}
    </>
  );
}
