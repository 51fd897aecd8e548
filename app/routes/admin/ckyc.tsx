// CKYC uploads (issue 33): each customer's KYC record sent to CERSAI's Central KYC Records Registry after
// their first payout, with its status, CKYCR's reasons for a rejection and the day it is due; a rejected
// or refused record is corrected here (what is sent, never the profile) and sent again. Names masked.
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/ckyc.ts";
import { CKYC_CORRECTION_LABELS, CKYC_STATUS_LABELS, type CkycDeskRow } from "../../../core/admin/ckyc-desk.ts";
import { formatDate, formatDateTime } from "../../../core/format.ts";
import { AdminTable } from "../../components/admin-table.tsx";
import { ActionNotices } from "../../components/admin/admin-notices.tsx";
import { actionInput, refusal, requireStaff, unknownIntent } from "../../lib/admin.ts";

export const meta = () => [{ title: "CKYC uploads | SalaryOnTime back office" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  try {
    return { listing: await admin.ckyc.list(), failure: null };
  } catch (error) {
    return refusal(error, { listing: null });
  }
}

export const shouldRevalidate = () => true;

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, field } = await actionInput(request, context);
  const intent = field("intent");
  try {
    if (intent === "correct") {
      const r = await admin.ckyc.correct({ customerId: field("customerId"), field: field("field"), value: field("value") });
      return { failure: null, message: `Corrected: ${CKYC_CORRECTION_LABELS[r.field]}. Send the record again to CKYCR.` };
    }
    if (intent === "send") {
      const s = await admin.ckyc.sendAgain({ customerId: field("customerId") });
      const why = s.reasons.map((r) => `${r.code}: ${r.message}`).join(" ");
      return { failure: null, message: `Sent ${s.reference}: ${CKYC_STATUS_LABELS[s.status]}${why ? ` (${why})` : ""}.` };
    }
    return unknownIntent({ message: null });
  } catch (error) {
    return refusal(error, { message: null });
  }
}

function Correct({ row, busy }: { row: CkycDeskRow; busy: boolean }) {
  const id = `fix-${row.reference}`;
  return (
    <>
      <Form method="post" className="admin-inline">
        <input type="hidden" name="intent" value="correct" />
        <input type="hidden" name="customerId" value={row.customerId} />
        <div>
          <label htmlFor={`${id}-field`}>Field</label>
          <select id={`${id}-field`} name="field" required>
            {Object.entries(CKYC_CORRECTION_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-value`}>Corrected value</label>
          <input id={`${id}-value`} name="value" autoComplete="off" />
        </div>
        <div>
          <button type="submit" className="secondary" disabled={busy} aria-label={`Correct: ${row.reference}`}>
            Correct
          </button>
        </div>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="customerId" value={row.customerId} />
        <button type="submit" disabled={busy} aria-label={`Send again: ${row.reference}`}>
          Send again
        </button>
      </Form>
    </>
  );
}

export default function CkycPage() {
  const { listing, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const rows = listing?.rows ?? [];
  return (
    <>
      <h1>CKYC uploads</h1>
      <p>
        RBI&apos;s KYC directions ask us to upload each new customer&apos;s KYC record to CERSAI&apos;s Central KYC Records Registry (CKYCR) within 10 days of
        their first payout, and again when their details change. The daily job sends them; CKYCR answers with the customer&apos;s 14-digit CKYC identifier,
        which the customer gets by SMS. A record CKYCR rejects, or one our own checks refuse before sending, stays here with the reasons until it is corrected
        and sent again. A correction changes only what is sent to CKYCR, never the customer&apos;s profile.
      </p>
      <ActionNotices result={result} failure={failure} />
      {listing ? (
        <AdminTable caption={`Customers (${rows.length})`}>
          <thead>
            <tr>
              <th scope="col">Customer</th>
              <th scope="col">Upload</th>
              <th scope="col">Status</th>
              <th scope="col">Reasons</th>
              <th scope="col">Due by</th>
              <th scope="col">Act</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={6}>No uploads yet.</td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.customerId} data-testid={`ckyc-${r.reference}`}>
                  <td data-label="Customer">
                    {r.name}
                    {r.panLast4 ? `, PAN ending ${r.panLast4}` : ""}
                  </td>
                  <td data-label="Upload">
                    {r.reference} (version {r.version}, {r.attempts} sent), {formatDateTime(r.updatedAt)}
                  </td>
                  <td data-label="Status">
                    {CKYC_STATUS_LABELS[r.status]}
                    {r.ckycNumber ? `: ${r.ckycNumber}` : ""}
                    {r.status === "ACCEPTED" ? (r.notified ? ", customer told by SMS" : ", SMS not sent yet") : ""}
                  </td>
                  <td data-label="Reasons">
                    {r.reasons.length ? (
                      <ul>
                        {r.reasons.map((x, i) => (
                          <li key={i}>
                            {x.code}: {x.message}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      "None"
                    )}
                    {r.corrections.length ? <p>Corrected: {r.corrections.map((c) => c.label).join(", ")}</p> : null}
                  </td>
                  <td data-label="Due by">
                    {r.dueBy ? formatDate(r.dueBy) : "—"}
                    {r.overdue ? <strong> (overdue)</strong> : null}
                  </td>
                  <td data-label="Act">{r.status === "ACCEPTED" || r.status === "SENDING" ? "—" : <Correct row={r} busy={busy} />}</td>
                </tr>
              ))
            )}
          </tbody>
        </AdminTable>
      ) : null}
    </>
  );
}
