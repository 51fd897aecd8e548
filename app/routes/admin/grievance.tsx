// One complaint on the grievance desk (issue 22): the customer's words, masked contact details, the
// history, and the officer's reply, resolve and close. Opening it is audited (the desk does it).
import { Form, Link, data, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/grievance.ts";
import { formatDateTime } from "../../../core/format.ts";
import { GRIEVANCE_CATEGORY_LABELS, GRIEVANCE_STATUS_LABELS, UNRESOLVED_STATUSES } from "../../../core/grievances.ts";
import { ActionNotices, PageRefusal } from "../../components/admin/admin-notices.tsx";
import { adminFailure, refusal, requireStaff, unknownIntent } from "../../lib/admin.ts";

export const meta = () => [{ title: "Complaint | SalaryOnTime back office" }];

const EVENT_TITLES = {
  reply: "Reply to the customer",
  escalated: "Escalated to the Principal Nodal Officer",
  ombudsman_notice: "RBI Integrated Ombudsman notice sent",
  resolved: "Resolved",
  closed: "Closed",
} as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { admin, staff } = requireStaff(context);
  try {
    return { g: await admin.grievances.detail(params.id), canAct: staff.role === "grievance_officer" || staff.role === "admin", failure: null };
  } catch (error) {
    const failure = adminFailure(error);
    return data({ g: null, canAct: false, failure }, { status: failure.kind === "forbidden" ? 403 : 404 });
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = requireStaff(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const body = String(form.get("body") ?? "");
  try {
    if (intent === "reply") await admin.grievances.reply({ id: params.id, body });
    else if (intent === "resolve") await admin.grievances.resolve({ id: params.id, body });
    else if (intent === "close") await admin.grievances.close({ id: params.id });
    else if (intent === "escalate") await admin.grievances.escalate({ id: params.id });
    else {
      return unknownIntent({ message: null, body });
    }
    const done = {
      reply: "Reply sent to the customer.",
      resolve: "Complaint resolved; the customer is told.",
      close: "Complaint closed.",
      escalate: "Complaint sent to the nodal officer; the customer is told.",
    }[intent];
    return { failure: null, message: done, body: "" };
  } catch (error) {
    return refusal(error, { message: null, body });
  }
}

export default function GrievancePage() {
  const { g, canAct, failure } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (!g) return <PageRefusal failure={failure} />;
  const open = UNRESOLVED_STATUSES.includes(g.status);
  const bodyError = result?.failure?.errors?.body;
  return (
    <>
      <p>
        <Link to="/admin/grievances">← All complaints</Link>
      </p>
      <h1>Complaint {g.reference}</h1>
      <ActionNotices result={result} />
      <dl className="facts">
        <dt>Status</dt>
        <dd>{GRIEVANCE_STATUS_LABELS[g.status]}</dd>
        <dt>Age</dt>
        <dd>
          {g.ageDays} days (raised {formatDateTime(g.raisedAt)}, {g.source === "public" ? "public form" : "dashboard"})
        </dd>
        <dt>About</dt>
        <dd>{GRIEVANCE_CATEGORY_LABELS[g.category]}</dd>
        <dt>Loan</dt>
        <dd>{g.loanNo ?? "—"}</dd>
        <dt>Customer</dt>
        <dd>
          {g.name}, {g.mobile ?? "no mobile"}, {g.email ?? "no e-mail"}
        </dd>
        <dt>Attachment</dt>
        <dd>
          {g.attachment ? (
            <a href={`/admin/grievances/${g.id}/attachment`} download>
              Download ({g.attachment.contentType}, {Math.ceil(g.attachment.bytes / 1024)} KB)
            </a>
          ) : (
            "none"
          )}
        </dd>
      </dl>
      <h2>The complaint</h2>
      <p className="complaint-text">{g.description}</p>
      <h2>History</h2>
      {g.events.length ? (
        <ol>
          {g.events.map((e, i) => (
            <li key={i}>
              <strong>{EVENT_TITLES[e.kind]}</strong>, {formatDateTime(e.at)}
              {e.body ? <p className="complaint-text">{e.body}</p> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p>No reply yet.</p>
      )}
      {canAct && g.status !== "closed" ? (
        <Form key={g.events.length} method="post" noValidate>
          <label htmlFor="body">{open ? "Reply to the customer (sent by e-mail and shown on their dashboard)" : "Another reply to the customer"}</label>
          <textarea
            id="body"
            name="body"
            rows={5}
            maxLength={2000}
            defaultValue={result?.body ?? ""}
            aria-invalid={Boolean(bodyError)}
            aria-describedby="body-error"
          />
          <p id="body-error" className="error">
            {bodyError}
          </p>
          <button type="submit" name="intent" value="reply" disabled={busy}>
            Send reply
          </button>{" "}
          {open ? (
            <button type="submit" name="intent" value="resolve" disabled={busy}>
              Send as final reply and resolve
            </button>
          ) : null}
        </Form>
      ) : null}
      {canAct && g.status === "open" ? (
        <Form method="post">
          <button type="submit" name="intent" value="escalate" className="secondary" disabled={busy}>
            Escalate to the nodal officer
          </button>
        </Form>
      ) : null}
      {canAct && g.status === "resolved" ? (
        <Form method="post">
          <button type="submit" name="intent" value="close" className="secondary" disabled={busy}>
            Close the complaint
          </button>
        </Form>
      ) : null}
    </>
  );
}
