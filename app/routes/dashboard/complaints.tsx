// Complaints (issue 22): raise one (a plain form post with an optional attachment) and follow each,
// with our replies and notices; and the collections contacts made on the customer's loans, naming
// the recovery agent and agency when one made the contact.
import { Form, data, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/complaints.ts";
import type { ApiReply } from "../../../core/contract/index.ts";
import { RBI_CMS_URL } from "../../../core/grievances.ts";
import { translate, type MessageKey } from "../../../core/i18n/index.ts";
import { AttachedLine, ComplaintFields } from "../../components/complaint-fields.tsx";
import { BackLink, FormAlert, SubmitButton } from "../../components/dashboard/form-bits.tsx";
import { errorText } from "../../lib/api.ts";
import { COMPLAINT_FORM_LIMIT, readComplaintForm, type ComplaintFormReply } from "../../lib/complaint-form.ts";
import { CONTROLLER } from "../../lib/dashboard-data.ts";
import { endOnSessionLoss, requireApi } from "../../lib/dashboard.server.ts";
import { serverContext } from "../../lib/server-context.ts";
import { useRichT, useT, useCodeText } from "../../lib/i18n.tsx";
import { dashboardLanguage, useDates } from "../../lib/i18n-screen.ts";
import { attachedFactKey, complaintCategoryKey, complaintStatusKey, contactChannelKey, type AttachedFile } from "../../lib/complaint-words.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translate(dashboardLanguage(matches), "servicing.complaints.title") },
  { name: "robots", content: "noindex" },
];

type Complaints = ApiReply<"getComplaints">;

export async function loader({ context }: Route.LoaderArgs) {
  const reply = endOnSessionLoss(await requireApi(context).api<Complaints>(`${CONTROLLER}/getComplaints`, {}));
  return reply.Status === 1 && reply.Data ? { view: reply.Data, error: "" } : { view: null, error: errorText(reply) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = requireApi(context);
  if (Number(request.headers.get("content-length") ?? 0) > COMPLAINT_FORM_LIMIT) {
    const tooLarge = translate(context.get(serverContext).language ?? "en", "servicing.complaint.tooLarge");
    return data<ComplaintFormReply>({ message: tooLarge, errors: { attachment: tooLarge }, values: {} }, { status: 413 });
  }
  const { values, body } = await readComplaintForm(await request.formData());
  const reply = endOnSessionLoss(await api.api<{ reference: string; attachment: AttachedFile }>(`${CONTROLLER}/raiseComplaint`, body));
  if (reply.Status === 1 && reply.Data)
    return { message: reply.Message, errors: {}, values: {}, reference: reply.Data.reference, attachment: reply.Data.attachment } satisfies ComplaintFormReply;
  return data<ComplaintFormReply>({ message: errorText(reply), errors: reply.errors ?? {}, values }, { status: 422 });
}

const EVENT_TITLES: Record<string, MessageKey> = {
  reply: "servicing.complaints.event.reply",
  escalated: "servicing.complaints.event.escalated",
  ombudsman_notice: "servicing.complaints.event.ombudsman",
  resolved: "servicing.complaints.event.resolved",
  closed: "servicing.complaints.event.closed",
};

export default function ComplaintsPage({ loaderData }: Route.ComponentProps) {
  const { view, error } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const failed = result && !result.reference;
  const t = useT();
  const rich = useRichT();
  const say = useCodeText();
  const { dayTime } = useDates();
  const errors = failed ? Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, say(v)])) : {};
  return (
    <section className="quote-page complaints-page" aria-labelledby="complaints-title">
      <BackLink label={t("servicing.backToDashboard")} />
      <h1 id="complaints-title">{t("servicing.complaints.heading")}</h1>
      <p>{rich("servicing.complaints.intro", { url: RBI_CMS_URL, link: (chunks) => <a href={RBI_CMS_URL}>{chunks}</a> })}</p>
      <div role="status">
        {result?.reference ? (
          <>
            <p className="alert alert-success">
              {rich("servicing.complaint.raised", { reference: result.reference, b: (chunks) => <strong>{chunks}</strong> })}
            </p>
            <AttachedLine file={result.attachment} />
          </>
        ) : null}
      </div>
      <div className="card">
        <h2>{t("servicing.complaints.raise")}</h2>
        {/* A new complaint remounts the form, so it is empty for the next one. */}
        <Form key={result?.reference ?? "form"} method="post" encType="multipart/form-data" noValidate>
          <ComplaintFields values={failed ? result.values : {}} errors={errors} loanHint={t("servicing.complaints.loanHint")} />
          <FormAlert message={failed ? say(result.message) : ""} />
          <SubmitButton busy={busy}>{t("servicing.complaint.send")}</SubmitButton>
        </Form>
      </div>

      <h2>{t("servicing.complaints.yours")}</h2>
      {error ? (
        <p className="alert alert-error" role="alert">
          {say(error)}
        </p>
      ) : !view || view.complaints.length === 0 ? (
        <p className="card">{t("servicing.complaints.none")}</p>
      ) : (
        <ul className="lead-cards">
          {view.complaints.map((c) => (
            <li key={c.reference} className="lead-card">
              <h3 className="lead-card-title">{c.reference}</h3>
              <dl className="facts">
                <div>
                  <dt>{t("servicing.status")}</dt>
                  <dd>
                    <span className="status-pill">{complaintStatusKey(c.status) ? t(complaintStatusKey(c.status)!) : c.status_label}</span>
                  </dd>
                </div>
                <div>
                  <dt>{t("servicing.complaints.about")}</dt>
                  <dd>{complaintCategoryKey(c.category) ? t(complaintCategoryKey(c.category)!) : c.category_label}</dd>
                </div>
                <div>
                  <dt>{t("servicing.complaints.raised")}</dt>
                  <dd>{dayTime(c.raised_at)}</dd>
                </div>
                {c.loan_no ? (
                  <div>
                    <dt>{t("servicing.complaints.loan")}</dt>
                    <dd className="fact-code">{c.loan_no}</dd>
                  </div>
                ) : null}
                {attachedFactKey(c.attachment) ? (
                  <div>
                    <dt>{t("servicing.complaints.attached")}</dt>
                    <dd>{t(attachedFactKey(c.attachment)!)}</dd>
                  </div>
                ) : null}
              </dl>
              <p className="complaint-text">{c.description}</p>
              {c.events.length ? (
                <ol className="complaint-events">
                  {c.events.map((e, i) => (
                    <li key={i}>
                      <strong>{EVENT_TITLES[e.kind] ? t(EVENT_TITLES[e.kind]) : e.kind}</strong>, {dayTime(e.at)}
                      {e.body ? <p className="complaint-text">{e.body}</p> : null}
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="hint">{t("servicing.complaints.noReply")}</p>
              )}
            </li>
          ))}
        </ul>
      )}

      <h2>{t("servicing.complaints.contactsTitle")}</h2>
      {view && view.collection_contacts.length ? (
        <ul className="complaint-events">
          {view.collection_contacts.map((x, i) => (
            <li key={i}>
              {t("servicing.complaints.contact", {
                at: dayTime(x.contacted_at),
                loan: x.loan_no,
                channel: contactChannelKey(x.channel) ? t(contactChannelKey(x.channel)!) : x.channel,
                who: x.agent_name ? t("servicing.complaints.agent", { agent: x.agent_name, agency: x.agency_name ?? "" }) : t("servicing.complaints.ownTeam"),
              })}
            </li>
          ))}
        </ul>
      ) : (
        <p className="card">{t("servicing.complaints.noContacts")}</p>
      )}
    </section>
  );
}
