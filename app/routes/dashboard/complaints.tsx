// Complaints (issue 22): raise one (a plain form post with an optional attachment) and follow each,
// with our replies and notices; and the collections contacts made on the customer's loans, naming
// the recovery agent and agency when one made the contact.
import { Form, data, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/complaints.ts";
import type { ApiReply } from "../../../core/contract/index.ts";
import { CONTACT_CHANNEL_LABELS, type ContactChannel } from "../../../core/admin/collections-desk.ts";
import { formatDateTime } from "../../../core/format.ts";
import { GRIEVANCE_MESSAGES as GM, RBI_CMS_URL } from "../../../core/grievances.ts";
import { ComplaintFields } from "../../components/complaint-fields.tsx";
import { BackLink, FormAlert, SubmitButton } from "../../components/dashboard/form-bits.tsx";
import { errorText } from "../../lib/api.ts";
import { COMPLAINT_FORM_LIMIT, readComplaintForm, type ComplaintFormReply } from "../../lib/complaint-form.ts";
import { CONTROLLER } from "../../lib/dashboard-data.ts";
import { endOnSessionLoss, requireApi } from "../../lib/dashboard.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Complaints | SalaryOnTime" }, { name: "robots", content: "noindex" }];

type Complaints = ApiReply<"getComplaints">;

export async function loader({ context }: Route.LoaderArgs) {
  const reply = endOnSessionLoss(await requireApi(context).api<Complaints>(`${CONTROLLER}/getComplaints`, {}));
  return reply.Status === 1 && reply.Data ? { view: reply.Data, error: "" } : { view: null, error: errorText(reply) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = requireApi(context);
  if (Number(request.headers.get("content-length") ?? 0) > COMPLAINT_FORM_LIMIT) {
    const tooLarge = "The attachment must be at most 5 MB.";
    return data<ComplaintFormReply>({ message: tooLarge, errors: { attachment: tooLarge }, values: {} }, { status: 413 });
  }
  const { values, body } = await readComplaintForm(await request.formData());
  const reply = endOnSessionLoss(await api.api<{ reference: string }>(`${CONTROLLER}/raiseComplaint`, body));
  if (reply.Status === 1 && reply.Data) return { message: reply.Message, errors: {}, values: {}, reference: reply.Data.reference } satisfies ComplaintFormReply;
  return data<ComplaintFormReply>({ message: errorText(reply), errors: reply.errors ?? {}, values }, { status: 422 });
}

const EVENT_TITLES = {
  reply: "Our reply",
  escalated: "Sent to our Principal Nodal Officer",
  ombudsman_notice: "You may go to the RBI Integrated Ombudsman",
  resolved: "Resolved",
  closed: "Closed",
} as const;

export default function ComplaintsPage({ loaderData }: Route.ComponentProps) {
  const { view, error } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const failed = result && !result.reference;
  return (
    <section className="quote-page complaints-page" aria-labelledby="complaints-title">
      <BackLink />
      <h1 id="complaints-title">Complaints</h1>
      <p>
        Tell us what went wrong. You get a reference number at once, by SMS and e-mail too, and our replies appear here. If a complaint is not resolved within
        30 days, you may go to the RBI Integrated Ombudsman at <a href={RBI_CMS_URL}>{RBI_CMS_URL}</a>.
      </p>
      <div role="status">
        {result?.reference ? (
          <p className="alert alert-success">
            {GM.raised} Your reference number is <strong>{result.reference}</strong>.
          </p>
        ) : null}
      </div>
      <div className="card">
        <h2>Raise a complaint</h2>
        {/* A new complaint remounts the form, so it is empty for the next one. */}
        <Form key={result?.reference ?? "form"} method="post" encType="multipart/form-data" noValidate>
          <ComplaintFields values={failed ? result.values : {}} errors={failed ? result.errors : {}} loanHint="One of your own loans, e.g. SOT12345." />
          <FormAlert message={failed ? result.message : ""} />
          <SubmitButton busy={busy}>Send complaint</SubmitButton>
        </Form>
      </div>

      <h2>Your complaints</h2>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : !view || view.complaints.length === 0 ? (
        <p className="card">You have not raised any complaint.</p>
      ) : (
        <ul className="lead-cards">
          {view.complaints.map((c) => (
            <li key={c.reference} className="lead-card">
              <h3 className="lead-card-title">{c.reference}</h3>
              <dl className="facts">
                <div>
                  <dt>Status</dt>
                  <dd>
                    <span className="status-pill">{c.status_label}</span>
                  </dd>
                </div>
                <div>
                  <dt>About</dt>
                  <dd>{c.category_label}</dd>
                </div>
                <div>
                  <dt>Raised</dt>
                  <dd>{formatDateTime(c.raised_at)}</dd>
                </div>
                {c.loan_no ? (
                  <div>
                    <dt>Loan</dt>
                    <dd>{c.loan_no}</dd>
                  </div>
                ) : null}
              </dl>
              <p className="complaint-text">{c.description}</p>
              {c.events.length ? (
                <ol className="complaint-events">
                  {c.events.map((e, i) => (
                    <li key={i}>
                      <strong>{EVENT_TITLES[e.kind]}</strong>, {formatDateTime(e.at)}
                      {e.body ? <p className="complaint-text">{e.body}</p> : null}
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="hint">No reply yet.</p>
              )}
            </li>
          ))}
        </ul>
      )}

      <h2>Who from collections contacted you</h2>
      {view && view.collection_contacts.length ? (
        <ul className="complaint-events">
          {view.collection_contacts.map((x, i) => (
            <li key={i}>
              {formatDateTime(x.contacted_at)}, loan {x.loan_no}, {CONTACT_CHANNEL_LABELS[x.channel as ContactChannel] ?? x.channel}:{" "}
              {x.agent_name ? `${x.agent_name}, recovery agent of ${x.agency_name}` : "our own collections team"}
            </li>
          ))}
        </ul>
      ) : (
        <p className="card">Nobody from collections has contacted you.</p>
      )}
    </section>
  );
}
