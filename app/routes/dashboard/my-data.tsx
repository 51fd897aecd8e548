// My data (issue 23, DPDP Act 2023): the consents with their notices, each withdrawable at once; the
// export; correction and erasure requests with their due dates. Text from app/content/my-data.ts.
import { Form, data, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/my-data.ts";
import { apiPath } from "../../../core/contract/paths.ts";
import type { ApiReply } from "../../../core/contract/index.ts";
import { CONSENT_COOKIE, OPTIONAL_SIGN_IN_PURPOSES } from "../../../core/data-rights/index.ts";
import { MY_DATA_TEXT as T } from "../../content/my-data.ts";
import { errorText } from "../../lib/api.ts";
import { endOnSessionLoss, requireApi } from "../../lib/dashboard.server.ts";
import myDataCss from "../../styles/my-data.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: myDataCss }];
export const meta: Route.MetaFunction = () => [{ title: "My data | SalaryOnTime" }, { name: "robots", content: "noindex" }];

/** Purposes the customer may give from here; the others are asked at the step that needs them. */
const GIVABLE = new Set<string>([...OPTIONAL_SIGN_IN_PURPOSES, "reminders"]);
const YEAR = 365 * 24 * 60 * 60;

export async function loader({ context }: Route.LoaderArgs) {
  const reply = endOnSessionLoss(await requireApi(context).api<ApiReply<"getMyData">>(apiPath("getMyData"), {}));
  return { view: reply.Status === 1 ? reply.Data! : null, error: reply.Status === 1 ? "" : errorText(reply) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = requireApi(context);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const intent = field("intent");
  if (intent === "grant" || intent === "withdraw") {
    const reply = endOnSessionLoss(await api.api<ApiReply<"saveConsent">>(apiPath("saveConsent"), { purpose: field("purpose"), action: intent }));
    if (reply.Status !== 1 || !reply.Data) return { ok: false, message: errorText(reply), purpose: field("purpose") };
    const title = field("title");
    const d = reply.Data;
    const message = d.granted ? T.givenNow(title) : d.still_needed_by_loan ? T.stillNeeded(title, d.retention.kept_until) : T.withdrawnNow(title);
    // The browser's copy of the tracking choice follows the customer's, so no tracking tag loads after a withdrawal.
    const headers: HeadersInit | undefined =
      d.purpose === "tracking" ? { "Set-Cookie": `${CONSENT_COOKIE}=${d.granted ? "tracking" : "none"}; Path=/; Max-Age=${YEAR}; SameSite=Lax` } : undefined;
    return data({ ok: true, message, purpose: d.purpose }, { headers });
  }
  if (intent === "correction" || intent === "erasure") {
    const reply = endOnSessionLoss(
      await api.api<ApiReply<"requestDataRight">>(apiPath("requestDataRight"), { kind: intent, details: field("details") || undefined }),
    );
    return { ok: reply.Status === 1, message: reply.Status === 1 ? reply.Message : errorText(reply), purpose: intent };
  }
  return { ok: false, message: "Please choose an action.", purpose: "" };
}

export default function MyData({ loaderData }: Route.ComponentProps) {
  const { view, error } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  if (!view) {
    return (
      <section className="my-data">
        <h1>{T.title}</h1>
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      </section>
    );
  }
  const { retention } = view;
  return (
    <section className="my-data" aria-labelledby="my-data-title">
      <h1 id="my-data-title">{T.title}</h1>
      <p>{T.intro}</p>
      {result ? (
        <p className={`alert ${result.ok ? "alert-success" : "alert-error"}`} role={result.ok ? "status" : "alert"}>
          {result.message}
        </p>
      ) : null}

      <section className="card" aria-labelledby="consents-title">
        <h2 id="consents-title">{T.consentsTitle}</h2>
        <p className="hint">{T.consentsIntro}</p>
        <ul className="consent-list">
          {view.consents.map((c) => (
            <li key={c.purpose} className="consent-item">
              <div className="consent-head">
                <h3>{c.notice.title}</h3>
                <span className={`consent-state ${c.granted ? "is-on" : "is-off"}`}>
                  {c.granted && c.at ? T.givenOn(c.at) : !c.granted && c.at ? T.withdrawnOn(c.at) : T.notAsked}
                </span>
              </div>
              <details>
                <summary>{T.readNotice}</summary>
                <dl className="notice">
                  <dt>{T.noticeData}</dt>
                  <dd>{c.notice.data}</dd>
                  <dt>{T.noticeWhy}</dt>
                  <dd>{c.notice.why}</dd>
                  <dt>{T.noticeKept}</dt>
                  <dd>{c.notice.kept}</dd>
                  <dt>{T.noticeWithdraw}</dt>
                  <dd>{c.notice.withdraw}</dd>
                </dl>
                <p className="hint">{T.noticeVersion(c.notice.version)}</p>
              </details>
              {c.granted ? (
                <Form method="post">
                  <input type="hidden" name="purpose" value={c.purpose} />
                  <input type="hidden" name="title" value={c.notice.title} />
                  <button
                    type="submit"
                    name="intent"
                    value="withdraw"
                    className="btn btn-secondary"
                    disabled={busy}
                    aria-label={T.withdrawLabel(c.notice.title)}
                  >
                    {T.withdraw}
                  </button>
                </Form>
              ) : GIVABLE.has(c.purpose) ? (
                <Form method="post">
                  <input type="hidden" name="purpose" value={c.purpose} />
                  <input type="hidden" name="title" value={c.notice.title} />
                  <button type="submit" name="intent" value="grant" className="btn btn-secondary" disabled={busy} aria-label={T.giveLabel(c.notice.title)}>
                    {T.give}
                  </button>
                </Form>
              ) : (
                <p className="hint">{T.askedAtStep}</p>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="download-title">
        <h2 id="download-title">{T.downloadTitle}</h2>
        <p>{T.downloadIntro}</p>
        <p className="my-data-actions">
          <a className="btn btn-primary" href={apiPath("getMyDataPdf")} download>
            {T.downloadPdf}
          </a>
          <a className="btn btn-secondary" href={apiPath("getMyDataJson")} download>
            {T.downloadJson}
          </a>
        </p>
      </section>

      <section className="card" aria-labelledby="correction-title">
        <h2 id="correction-title">{T.correctionTitle}</h2>
        <p>{T.correctionIntro}</p>
        <Form method="post">
          <div className="field">
            <label htmlFor="correction-details">{T.correctionLabel}</label>
            <textarea id="correction-details" name="details" rows={3} maxLength={1000} required />
          </div>
          <button type="submit" name="intent" value="correction" className="btn btn-secondary" disabled={busy}>
            {T.correctionSend}
          </button>
        </Form>
      </section>

      <section className="card" aria-labelledby="erasure-title">
        <h2 id="erasure-title">{T.erasureTitle}</h2>
        <p>{T.erasureIntro}</p>
        <p>{retention.open_loan ? T.erasureOpenLoan : retention.kept_until ? T.erasureKept(retention.kept_until) : T.erasureNoLoan}</p>
        {retention.open_loan ? null : (
          <Form method="post">
            <button type="submit" name="intent" value="erasure" className="btn btn-secondary" disabled={busy}>
              {T.erasureSend}
            </button>
          </Form>
        )}
      </section>

      <section className="card" aria-labelledby="requests-title">
        <h2 id="requests-title">{T.requestsTitle}</h2>
        {view.requests.length === 0 ? (
          <p>{T.noRequests}</p>
        ) : (
          <ul className="request-list">
            {view.requests.map((r) => (
              <li key={r.id}>
                <strong>
                  {T.requestKind[r.kind]}: {T.requestStatus[r.status]}
                </strong>
                <span>
                  {T.requestedOn(r.requested_on)}, {T.dueOn(r.due_on)}
                </span>
                {r.outcome ? <span>{r.outcome}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
