// Settlements (issue 20): each gateway settlement posted from its clearing account to the bank, with
// the gateway's fee and the GST on it as expenses; and the settlement lines that did not match our
// payments (listed on the reconciliation screen too, where accounts marks them as dealt with).
import { Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/settlements.ts";
import { EXCEPTION_KIND_LABELS, GATEWAY_LABELS } from "../../../core/admin/reconciliation-desk.ts";
import { formatDate, formatDateTime } from "../../../core/format.ts";
import { paiseOrDash } from "../../components/admin-books.tsx";
import { AdminTable } from "../../components/admin-table.tsx";
import { DeskAlerts } from "../../components/admin/admin-notices.tsx";
import { actionInput, pageParams, refusal, requireStaff, unknownIntent } from "../../lib/admin.ts";

export const meta = () => [{ title: "Settlements | SalaryOnTime back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  const { page } = pageParams(request);
  try {
    return { listing: await admin.reconciliation.settlements({ page }), canRead: staff.role === "accounts", failure: null };
  } catch (error) {
    return refusal(error, { listing: null, canRead: false });
  }
}

/** Accounts reads the settlements of past days again (issue 29, finding 4): posted once each, so a rerun changes nothing. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin, field } = await actionInput(request, context);
  try {
    if (field("intent") !== "read-range") {
      return unknownIntent({ message: null });
    }
    const r = await admin.reconciliation.settleRange({ from: field("from"), to: field("to") });
    const failed = r.failed.map((f) => `${GATEWAY_LABELS[f.gateway]} ${formatDate(f.on)}`).join(", ");
    const message = `Read ${formatDate(r.from)} to ${formatDate(r.to)}: ${r.settlements} settlement(s) found, ${r.posted} newly posted, ${r.unmatchedLines} line(s) not matched.${failed ? ` Not read (try again): ${failed}.` : ""}`;
    return { failure: null, message };
  } catch (error) {
    return refusal(error, { message: null });
  }
}

export default function SettlementsPage() {
  const { listing, canRead, failure } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const pages = listing ? Math.max(1, Math.ceil(listing.total / listing.pageSize)) : 1;
  return (
    <>
      <h1>Settlements</h1>
      <p>
        Each day the gateways&apos; settlement reports are read and matched to our payments. A settlement moves its matched payments from the gateway&apos;s
        clearing account to the bank, less the refunds and chargebacks the gateway kept back; the gateway&apos;s fee is an expense and the GST on it is input
        tax credit. Net = gross − fee − GST.
      </p>
      <DeskAlerts done={done} failure={failure} />
      {canRead ? (
        <Form method="post" aria-label="Read settlements of past days">
          <input type="hidden" name="intent" value="read-range" />
          <p>Read the gateways&apos; settlements of past days again (up to yesterday, at most 31 days): anything already posted is not posted twice.</p>
          <label>
            From <input type="date" name="from" required />
          </label>{" "}
          <label>
            To <input type="date" name="to" required />
          </label>{" "}
          <button type="submit">Read and post</button>
        </Form>
      ) : null}
      {listing ? (
        <>
          <AdminTable caption={`Settlements posted (${listing.total})`}>
            <thead>
              <tr>
                <th scope="col">Settled on</th>
                <th scope="col">Gateway</th>
                <th scope="col">Settlement</th>
                <th scope="col">UTR</th>
                <th scope="col">Gross</th>
                <th scope="col">Fee</th>
                <th scope="col">GST</th>
                <th scope="col">Net</th>
                <th scope="col">Lines</th>
              </tr>
            </thead>
            <tbody>
              {listing.rows.length === 0 ? (
                <tr>
                  <td colSpan={9}>No settlements yet.</td>
                </tr>
              ) : (
                listing.rows.map((s) => (
                  <tr key={`${s.gateway}:${s.settlementId}`}>
                    <td data-label="Settled on">{formatDate(s.settledOn)}</td>
                    <td data-label="Gateway">{GATEWAY_LABELS[s.gateway]}</td>
                    <td data-label="Settlement">{s.settlementId}</td>
                    <td data-label="UTR">{s.utr || "—"}</td>
                    <td data-label="Gross">{paiseOrDash(s.grossPaise)}</td>
                    <td data-label="Fee">{paiseOrDash(s.feePaise)}</td>
                    <td data-label="GST">{paiseOrDash(s.taxPaise)}</td>
                    <td data-label="Net">{paiseOrDash(s.netPaise)}</td>
                    <td data-label="Lines">
                      {s.lineCount}
                      {s.unmatchedCount ? ` (${s.unmatchedCount} not matched)` : ""}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </AdminTable>
          {pages > 1 ? (
            <nav aria-label="Pages">
              {listing.page > 1 ? <a href={`?page=${listing.page - 1}`}>Newer</a> : null} Page {listing.page} of {pages}{" "}
              {listing.page < pages ? <a href={`?page=${listing.page + 1}`}>Older</a> : null}
            </nav>
          ) : null}
          <AdminTable caption={`Lines that do not match (${listing.unmatched.length})`}>
            <thead>
              <tr>
                <th scope="col">What</th>
                <th scope="col">Gateway</th>
                <th scope="col">Settlement</th>
                <th scope="col">Payment id</th>
                <th scope="col">Our amount</th>
                <th scope="col">Gateway&apos;s amount</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {listing.unmatched.length === 0 ? (
                <tr>
                  <td colSpan={7}>Every line matched.</td>
                </tr>
              ) : (
                listing.unmatched.map((row) => (
                  <tr key={row.id}>
                    <td data-label="What">{EXCEPTION_KIND_LABELS[row.kind]}</td>
                    <td data-label="Gateway">{GATEWAY_LABELS[row.gateway]}</td>
                    <td data-label="Settlement">{row.settlementId ?? "—"}</td>
                    <td data-label="Payment id">{row.gatewayPaymentId ?? "—"}</td>
                    <td data-label="Our amount">{paiseOrDash(row.kind === "not_settled" ? row.paidPaise : row.orderedPaise)}</td>
                    <td data-label="Gateway's amount">{row.kind === "not_settled" ? "—" : paiseOrDash(row.paidPaise)}</td>
                    <td data-label="When">{formatDateTime(row.detectedAt)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </AdminTable>
          <p>
            <a href="/admin/reconciliation">Mark these as dealt with on the reconciliation screen</a>.
          </p>
        </>
      ) : null}
    </>
  );
}
