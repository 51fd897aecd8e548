// My data (issue 23, DPDP Act 2023): the consents with their notices, each withdrawable at once; the
// export; correction and erasure requests with their due dates. Words from the catalogue (servicing.myData.*);
// each purpose's notice is the one the journey steps show (core/data-rights' purposeNotice, notice.*).
import { Form, data, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/my-data.ts";
import { apiPath } from "../../../core/contract/paths.ts";
import type { ApiReply } from "../../../core/contract/index.ts";
import { CONSENT_COOKIE, OPTIONAL_SIGN_IN_PURPOSES, isConsentPurpose, purposeNotice } from "../../../core/data-rights/index.ts";
import { translate, type Language, type MessageKey } from "../../../core/i18n/index.ts";
import { errorText } from "../../lib/api.ts";
import { endOnSessionLoss, requireApi } from "../../lib/dashboard.server.ts";
import { serverContext } from "../../lib/server-context.ts";
import { useLanguage, useT, useCodeText } from "../../lib/i18n.tsx";
import { dashboardLanguage, dayIn, useDates } from "../../lib/i18n-screen.ts";
import { DataRightRequest } from "../../components/dashboard/data-right-request.tsx";
import { NoticeFacts } from "../../components/dashboard/step-notice.tsx";
import myDataCss from "../../styles/my-data.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: myDataCss }];
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translate(dashboardLanguage(matches), "servicing.myData.title") },
  { name: "robots", content: "noindex" },
];

type Notice = { title: string; data: string; why: string; kept: string; withdraw: string };

/** A purpose's notice in the reader's language: the one the journey steps show for a purpose we know, else the API's. */
function noticeIn(lang: Language, purpose: string, notice: Notice): Notice {
  if (lang === "en" || !isConsentPurpose(purpose)) return notice;
  const { title, data, why, kept, withdraw } = purposeNotice(purpose, lang);
  return { title, data, why, kept, withdraw };
}

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
  const lang = context.get(serverContext).language ?? "en";
  const day = (iso: string) => dayIn(lang, iso.slice(0, 10));
  const field = (name: string) => String(form.get(name) ?? "");
  const intent = field("intent");
  if (intent === "grant" || intent === "withdraw") {
    const reply = endOnSessionLoss(await api.api<ApiReply<"saveConsent">>(apiPath("saveConsent"), { purpose: field("purpose"), action: intent }));
    if (reply.Status !== 1 || !reply.Data) return { ok: false, message: errorText(reply), purpose: field("purpose") };
    const d = reply.Data;
    const title = noticeIn(lang, d.purpose, { title: field("title"), data: "", why: "", kept: "", withdraw: "" }).title;
    const message = d.granted
      ? translate(lang, "servicing.myData.givenNow", { title })
      : d.still_needed_by_loan
        ? d.retention.kept_until
          ? translate(lang, "servicing.myData.stillNeededUntil", { title, date: day(d.retention.kept_until) })
          : translate(lang, "servicing.myData.stillNeeded", { title })
        : translate(lang, "servicing.myData.withdrawnNow", { title });
    // The browser's copy of the tracking choice follows the customer's, so no tracking tag loads after a withdrawal.
    const headers: HeadersInit | undefined =
      d.purpose === "tracking" ? { "Set-Cookie": `${CONSENT_COOKIE}=${d.granted ? "tracking" : "none"}; Path=/; Max-Age=${YEAR}; SameSite=Lax` } : undefined;
    return data({ ok: true, message, purpose: d.purpose }, { headers });
  }
  if (intent === "correction" || intent === "erasure") {
    const reply = endOnSessionLoss(
      await api.api<ApiReply<"requestDataRight">>(apiPath("requestDataRight"), { kind: intent, details: field("details") || undefined }),
    );
    // English keeps the API's own answer; Hindi says the due date in words.
    const received = reply.Status === 1 && reply.Data;
    const message = !received
      ? errorText(reply)
      : lang === "en"
        ? reply.Message
        : translate(lang, "servicing.myData.requestReceived", { date: day(reply.Data!.due_on) });
    return { ok: reply.Status === 1, message, purpose: intent };
  }
  return { ok: false, message: translate(lang, "servicing.myData.chooseAction"), purpose: "" };
}

export default function MyData({ loaderData }: Route.ComponentProps) {
  const { view, error } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const t = useT();
  const say = useCodeText();
  const { day } = useDates();
  const lang = useLanguage();
  if (!view) {
    return (
      <section className="my-data">
        <h1>{t("servicing.myData.heading")}</h1>
        <p className="alert alert-error" role="alert">
          {say(error)}
        </p>
      </section>
    );
  }
  const { retention } = view;
  return (
    <section className="my-data" aria-labelledby="my-data-title">
      <h1 id="my-data-title">{t("servicing.myData.heading")}</h1>
      <p>{t("servicing.myData.intro")}</p>
      {result ? (
        <p className={`alert ${result.ok ? "alert-success" : "alert-error"}`} role={result.ok ? "status" : "alert"}>
          {result.message}
        </p>
      ) : null}

      <section className="card" aria-labelledby="consents-title">
        <h2 id="consents-title">{t("servicing.myData.consentsTitle")}</h2>
        <p className="hint">{t("servicing.myData.consentsIntro")}</p>
        <ul className="consent-list">
          {view.consents.map((c) => {
            const notice = noticeIn(lang, c.purpose, c.notice);
            return (
              <li key={c.purpose} className="consent-item">
                <div className="consent-head">
                  <h3>{notice.title}</h3>
                  <span className={`consent-state ${c.granted ? "is-on" : "is-off"}`}>
                    {c.granted && c.at
                      ? t("servicing.myData.givenOn", { date: day(c.at.slice(0, 10)) })
                      : !c.granted && c.at
                        ? t("servicing.myData.withdrawnOn", { date: day(c.at.slice(0, 10)) })
                        : t("servicing.myData.notAsked")}
                  </span>
                </div>
                <details>
                  <summary>{t("servicing.myData.readNotice")}</summary>
                  <NoticeFacts notice={notice} version={c.notice.version} className="notice" />
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
                      aria-label={t("servicing.myData.withdrawLabel", { title: notice.title })}
                    >
                      {t("servicing.myData.withdraw")}
                    </button>
                  </Form>
                ) : GIVABLE.has(c.purpose) ? (
                  <Form method="post">
                    <input type="hidden" name="purpose" value={c.purpose} />
                    <input type="hidden" name="title" value={c.notice.title} />
                    <button
                      type="submit"
                      name="intent"
                      value="grant"
                      className="btn btn-secondary"
                      disabled={busy}
                      aria-label={t("servicing.myData.giveLabel", { title: notice.title })}
                    >
                      {t("servicing.myData.give")}
                    </button>
                  </Form>
                ) : (
                  <p className="hint">{t("servicing.myData.askedAtStep")}</p>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section className="card" aria-labelledby="download-title">
        <h2 id="download-title">{t("servicing.myData.downloadTitle")}</h2>
        <p>{t("servicing.myData.downloadIntro")}</p>
        <p className="my-data-actions">
          <a className="btn btn-primary" href={apiPath("getMyDataPdf")} download>
            {t("servicing.myData.downloadPdf")}
          </a>
          <a className="btn btn-secondary" href={apiPath("getMyDataJson")} download>
            {t("servicing.myData.downloadJson")}
          </a>
        </p>
      </section>

      <DataRightRequest kind="correction" busy={busy} />

      <DataRightRequest
        kind="erasure"
        busy={busy}
        canAsk={!retention.open_loan}
        note={
          retention.open_loan
            ? t("servicing.myData.erasureOpenLoan")
            : retention.kept_until
              ? t("servicing.myData.erasureKept", { date: day(retention.kept_until.slice(0, 10)) })
              : t("servicing.myData.erasureNoLoan")
        }
      />

      <section className="card" aria-labelledby="requests-title">
        <h2 id="requests-title">{t("servicing.myData.requestsTitle")}</h2>
        {view.requests.length === 0 ? (
          <p>{t("servicing.myData.noRequests")}</p>
        ) : (
          <ul className="request-list">
            {view.requests.map((r) => (
              <li key={r.id}>
                <strong>
                  {t(`servicing.myData.kind.${r.kind}` as MessageKey)}: {t(`servicing.myData.state.${r.status}` as MessageKey)}
                </strong>
                <span>{t("servicing.myData.requested", { asked: day(r.requested_on.slice(0, 10)), due: day(r.due_on.slice(0, 10)) })}</span>
                {r.outcome ? <span>{r.outcome}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
