// One ONDC transaction (issue 32): the forms our pages took and every message in and out, in order, each with
// its signature result (verified against the registry, or signed by us and acknowledged, or still waiting)
// and its body, personal fields masked.
import { Link, data, useLoaderData } from "react-router";
import type { Route } from "./+types/ondc-transaction.ts";
import { ONDC_SIGNATURE_LABELS } from "../../../core/admin/ondc-desk.ts";
import { formatDateTime } from "../../../core/format.ts";
import { AdminTable } from "../../components/admin-table.tsx";
import { PageRefusal } from "../../components/admin/admin-notices.tsx";
import { adminFailure, requireStaff } from "../../lib/admin.ts";

export const meta = () => [{ title: "ONDC transaction | SalaryOnTime back office" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { admin } = requireStaff(context);
  try {
    return { view: await admin.ondc.transaction(params.transactionId), failure: null };
  } catch (error) {
    const failure = adminFailure(error);
    return data({ view: null, failure }, { status: failure.kind === "forbidden" ? 403 : 404 });
  }
}

export default function OndcTransactionPage() {
  const { view, failure } = useLoaderData<typeof loader>();
  if (!view) return <PageRefusal failure={failure} />;
  const { transaction: t, forms, messages } = view;
  return (
    <>
      <p>
        <Link to="/admin/ondc">All ONDC transactions</Link>
      </p>
      <h1>ONDC transaction</h1>
      <dl className="facts">
        <dt>Transaction</dt>
        <dd>{t.transactionId}</dd>
        <dt>Buyer app</dt>
        <dd>{t.bapId}</dd>
        <dt>Customer</dt>
        <dd>{t.customer ?? "Not named yet"}</dd>
        <dt>Started</dt>
        <dd>{formatDateTime(t.startedAt)}</dd>
      </dl>
      <AdminTable caption={`Forms on our pages (${forms.length})`}>
        <thead>
          <tr>
            <th scope="col">Form</th>
            <th scope="col">Submission</th>
            <th scope="col">Outcome</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {forms.length === 0 ? (
            <tr>
              <td colSpan={4}>No form submitted yet.</td>
            </tr>
          ) : (
            forms.map((f) => (
              <tr key={f.submissionId}>
                <td data-label="Form">{f.formId}</td>
                <td data-label="Submission">{f.submissionId}</td>
                <td data-label="Outcome">{f.outcome === "eligible" ? "Accepted" : "Refused by our rules"}</td>
                <td data-label="When">{formatDateTime(f.at)}</td>
              </tr>
            ))
          )}
        </tbody>
      </AdminTable>
      <h2 className="ondc-messages-heading">Messages ({messages.length})</h2>
      <ol className="ondc-messages">
        {messages.map((m) => (
          <li key={`${m.direction}-${m.action}-${m.messageId}`} data-testid={`ondc-message-${m.direction}-${m.action}`}>
            <p>
              <strong>
                {m.direction === "in" ? "Received" : "Sent"} {m.action}
              </strong>
              , {formatDateTime(m.at)}: {ONDC_SIGNATURE_LABELS[m.signature]}
              {m.attempts !== null ? ` (${m.attempts} attempts${m.lastResult ? `, last: ${m.lastResult}` : ""})` : ""}
            </p>
            <p className="ondc-message-ids">
              message_id {m.messageId}
              {m.keyId ? `, key ${m.keyId}` : ""}
            </p>
            <details>
              <summary>Body of {m.action}</summary>
              <pre className="ondc-body" role="region" aria-label={`Body of ${m.action}, ${m.messageId}`} tabIndex={0}>
                {m.body}
              </pre>
            </details>
          </li>
        ))}
      </ol>
    </>
  );
}
