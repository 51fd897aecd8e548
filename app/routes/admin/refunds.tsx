// Refunds of customer excess (decision 37): the excess held per loan with its 7-working-day deadline,
// the requests waiting for a second person in accounts, and the refunds sent, paid or failed.
// Accounts or collections request; accounts approve or reject (never their own request: the server refuses it).
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/refunds.ts";
import { REFUND_STATUS_LABELS, type ExcessHeldRow, type RefundRow } from "../../../core/admin/refund-desk.ts";
import { formatDate, formatDateTime, formatPaise } from "../../../core/format.ts";
import { rupeeText } from "../../../core/money.ts";
import { AdminTable } from "../../components/admin-table.tsx";
import { ActionNotices } from "../../components/admin/admin-notices.tsx";
import { actionInput, pageParams, refusal, requireStaff, unknownIntent } from "../../lib/admin.ts";

export const meta = () => [{ title: "Refunds | SalaryOnTime back office" }];

type Listing = { rows: RefundRow[]; total: number; page: number; pageSize: number };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  const { page } = pageParams(request);
  try {
    const [held, waiting, refunds] = await Promise.all([admin.refunds.excessHeld(), admin.refunds.waiting(), admin.refunds.list({ page })]);
    return {
      held,
      waiting,
      refunds: refunds as Listing | null,
      me: staff.email,
      canRequest: staff.role === "accounts" || staff.role === "collections",
      canDecide: staff.role === "accounts",
      failure: null,
    };
  } catch (error) {
    return refusal(error, { held: [] as ExcessHeldRow[], waiting: [] as RefundRow[], refunds: null, me: staff.email, canRequest: false, canDecide: false });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, field } = await actionInput(request, context);
  const intent = field("intent");
  try {
    if (intent === "request") {
      const r = await admin.refunds.request({ leadId: field("leadId"), route: field("route"), amountRupees: field("amountRupees") });
      return {
        failure: null,
        forLead: null,
        message: `Requested a refund of ${rupees(r.amountPaise)} for ${r.loanNo}, ${r.destination}. Another person in accounts must approve it.`,
      };
    }
    if (intent === "approve") {
      const r = await admin.refunds.approve({ id: field("id") });
      return { failure: null, forLead: null, message: `Approved: ${rupees(r.amountPaise)} for ${r.loanNo}. ${outcome(r)}` };
    }
    if (intent === "reject") {
      const r = await admin.refunds.reject({ id: field("id"), reason: field("reason") });
      return { failure: null, forLead: null, message: `Rejected the refund for ${r.loanNo}.` };
    }
    if (intent === "check") {
      const r = await admin.refunds.check({ id: field("id") });
      return { failure: null, forLead: null, message: `Asked the provider about ${r.loanNo}. ${outcome(r)}` };
    }
    return unknownIntent({ forLead: null, message: null });
  } catch (error) {
    return refusal(error, { forLead: intent === "request" ? field("leadId") : null, message: null });
  }
}

const rupees = (paise: number) => formatPaise(paise, { decimals: 2 });

/** Where the refund stands after a step, in words. */
function outcome(r: RefundRow): string {
  if (r.status === "PROCESSED") return "The provider has paid it; the customer has been told by SMS.";
  if (r.status === "SENT") return "The provider has accepted it and is paying it.";
  if (r.status === "UNKNOWN") return "The provider did not answer. Ask it again before doing anything else.";
  if (r.status === "REQUESTED" && r.failureReason) return `The provider could not pay it: ${r.failureReason} It needs approval again.`;
  return REFUND_STATUS_LABELS[r.status] + ".";
}

function RequestForm({ row, busy }: { row: ExcessHeldRow; busy: boolean }) {
  const id = row.leadId;
  return (
    <Form method="post" className="refund-request">
      <input type="hidden" name="intent" value="request" />
      <input type="hidden" name="leadId" value={id} />
      <label htmlFor={`amount-${id}`}>Amount (₹)</label>
      <input id={`amount-${id}`} name="amountRupees" inputMode="decimal" required defaultValue={rupeeText(row.heldPaise)} />
      <fieldset>
        <legend>Refund to</legend>
        {row.gatewayPayment ? (
          <label className="admin-choice">
            <input type="radio" name="route" value="gateway" defaultChecked /> <span>the original payment ({row.gatewayPayment})</span>
          </label>
        ) : null}
        {row.bankAccount ? (
          <label className="admin-choice">
            <input type="radio" name="route" value="bank" defaultChecked={!row.gatewayPayment} /> <span>the bank account {row.bankAccount}</span>
          </label>
        ) : null}
      </fieldset>
      <button type="submit" disabled={busy || (!row.gatewayPayment && !row.bankAccount)} aria-label={`Request refund for ${row.loanNo}`}>
        Request refund
      </button>
    </Form>
  );
}

export default function RefundsPage() {
  const { held, waiting, refunds, me, canRequest, canDecide, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const others = refunds?.rows ?? [];
  return (
    <>
      <h1>Refunds</h1>
      <p>Money a customer paid above what was due is refunded within 7 working days: to the original payment, or to their verified bank account.</p>
      <ActionNotices result={result} failure={failure} />
      <AdminTable caption={`Excess held (${held.length})`}>
        <thead>
          <tr>
            <th scope="col">Loan</th>
            <th scope="col">Held</th>
            <th scope="col">Since</th>
            <th scope="col">Refund by</th>
            <th scope="col">Refund</th>
          </tr>
        </thead>
        <tbody>
          {held.map((row) => (
            <tr key={row.leadId}>
              <td data-label="Loan">{row.loanNo}</td>
              <td data-label="Held">{rupees(row.heldPaise)}</td>
              <td data-label="Since">{formatDate(row.arose)}</td>
              <td data-label="Refund by">
                {formatDate(row.deadline)}
                {row.late ? <strong className="error"> Late</strong> : null}
              </td>
              <td data-label="Refund">
                {row.liveRefundStatus ? REFUND_STATUS_LABELS[row.liveRefundStatus] : canRequest ? <RequestForm row={row} busy={busy} /> : "Not requested yet"}
                {result?.failure && result.forLead === row.leadId ? <p className="error">{result.failure.message}</p> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
      {refunds ? (
        <>
          <AdminTable caption={`Waiting for approval (${waiting.length})`}>
            <thead>
              <tr>
                <th scope="col">Loan</th>
                <th scope="col">Amount</th>
                <th scope="col">To</th>
                <th scope="col">Requested by</th>
                <th scope="col">Decision</th>
              </tr>
            </thead>
            <tbody>
              {waiting.map((row) => (
                <tr key={row.id}>
                  <td data-label="Loan">{row.loanNo}</td>
                  <td data-label="Amount">{rupees(row.amountPaise)}</td>
                  <td data-label="To">{row.destination}</td>
                  <td data-label="Requested by">
                    {row.requestedByEmail ?? "—"}, {formatDateTime(row.requestedAt)}
                    {row.failureReason ? <p className="error">Last attempt failed: {row.failureReason}</p> : null}
                  </td>
                  <td data-label="Decision">
                    {canDecide && row.requestedByEmail !== me ? (
                      <>
                        <Form method="post">
                          <input type="hidden" name="intent" value="approve" />
                          <input type="hidden" name="id" value={row.id} />
                          <button type="submit" disabled={busy} aria-label={`Approve refund of ${rupees(row.amountPaise)} for ${row.loanNo}`}>
                            Approve
                          </button>
                        </Form>
                        <Form method="post">
                          <input type="hidden" name="intent" value="reject" />
                          <input type="hidden" name="id" value={row.id} />
                          <label htmlFor={`reason-${row.id}`}>Reason for rejecting</label>
                          <input id={`reason-${row.id}`} name="reason" required minLength={5} maxLength={500} />
                          <button type="submit" disabled={busy} aria-label={`Reject refund for ${row.loanNo}`}>
                            Reject
                          </button>
                        </Form>
                      </>
                    ) : (
                      "Another person in accounts approves"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
          <AdminTable caption={`Refunds approved, paid or rejected (${refunds.total})`}>
            <thead>
              <tr>
                <th scope="col">Loan</th>
                <th scope="col">Amount</th>
                <th scope="col">To</th>
                <th scope="col">Status</th>
                <th scope="col">Approved</th>
                <th scope="col">Paid</th>
              </tr>
            </thead>
            <tbody>
              {others.map((row) => (
                <tr key={row.id}>
                  <td data-label="Loan">{row.loanNo}</td>
                  <td data-label="Amount">{rupees(row.amountPaise)}</td>
                  <td data-label="To">{row.destination}</td>
                  <td data-label="Status">
                    {REFUND_STATUS_LABELS[row.status]}
                    {row.rejectReason ? `: ${row.rejectReason}` : ""}
                    {canDecide && (row.status === "SENT" || row.status === "UNKNOWN" || row.status === "APPROVED") ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="check" />
                        <input type="hidden" name="id" value={row.id} />
                        <button type="submit" disabled={busy} aria-label={`Ask the provider about the refund for ${row.loanNo}`}>
                          Ask the provider
                        </button>
                      </Form>
                    ) : null}
                  </td>
                  <td data-label="Approved">{row.approvedByEmail ? `${row.approvedByEmail}, ${formatDateTime(row.approvedAt)}` : "—"}</td>
                  <td data-label="Paid">{row.processedAt ? formatDateTime(row.processedAt) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
          {refunds.page > 1 || refunds.total > refunds.page * refunds.pageSize ? (
            <nav className="admin-pager" aria-label="Pages">
              {refunds.page > 1 ? <Link to={`?page=${refunds.page - 1}`}>Newer refunds</Link> : null}
              {refunds.total > refunds.page * refunds.pageSize ? <Link to={`?page=${refunds.page + 1}`}>Older refunds</Link> : null}
            </nav>
          ) : null}
        </>
      ) : null}
    </>
  );
}
