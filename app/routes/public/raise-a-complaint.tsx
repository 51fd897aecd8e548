// Anyone's complaint (issue 22): a plain HTML form (no React in the browser) that posts to this page's
// action with an optional attachment; the server checks the fields, the file and the captcha of the
// enquiry form, and answers with the reference number.
import type { Route } from "./+types/raise-a-complaint.ts";
import { apiPath } from "../../../core/contract/index.ts";
import { RBI_CMS_URL } from "../../../core/grievances.ts";
import { splitLanguagePath, translate, type Language } from "../../../core/i18n/index.ts";
import { useLocalizedPath, useRichT, useT, useCodeText } from "../../lib/i18n.tsx";
import { LIMITS } from "../../../core/validation/index.ts";
import { AttachedLine, ComplaintFields } from "../../components/complaint-fields.tsx";
import type { AttachedFile } from "../../lib/complaint-words.ts";
import { Field, describe } from "../../components/dashboard/form-bits.tsx";
import { site } from "../../content/site.ts";
import { errorText } from "../../lib/api.ts";
import { COMPLAINT_FORM_LIMIT, readComplaintForm } from "../../lib/complaint-form.ts";
import type { Captcha } from "../../lib/enquiry-form.ts";
import { STATIC_PAGE, type PageHandle } from "../../lib/page-handle.ts";
import { pageMeta } from "../../lib/seo.ts";
import { serverContext } from "../../lib/server-context.ts";
import contactCss from "../../styles/contact.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: contactCss }];
export const handle: PageHandle = STATIC_PAGE;
// Each visit gets its own captcha: never cached.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = splitLanguagePath(location.pathname).lang;
  return pageMeta({
    title: translate(lang, "servicing.raise.title"),
    description: translate(lang, "servicing.raise.description"),
    path: "/raise-a-complaint",
    lang,
  });
};

type Ctx = Route.LoaderArgs["context"];

async function newCaptcha(context: Ctx): Promise<Captcha | null> {
  const api = context.get(serverContext).api;
  if (!api) return null;
  const reply = await api.api<Captcha>(apiPath("generate_captcha"), {});
  return reply.Status === 1 && reply.Data ? reply.Data : null;
}

export async function loader({ context }: Route.LoaderArgs) {
  return { captcha: await newCaptcha(context) };
}

type Result = {
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  reference?: string;
  attachment?: AttachedFile;
  captcha: Captcha | null;
};

export async function action({ request, context }: Route.ActionArgs): Promise<Result> {
  const api = context.get(serverContext).api;
  if (Number(request.headers.get("content-length") ?? 0) > COMPLAINT_FORM_LIMIT || !api) {
    const lang: Language = splitLanguagePath(new URL(request.url).pathname).lang;
    const tooLarge = translate(lang, "servicing.complaint.tooLarge");
    return { message: tooLarge, errors: { attachment: tooLarge }, values: {}, captcha: await newCaptcha(context) };
  }
  const { values, body } = await readComplaintForm(await request.formData());
  const reply = await api.api<{ reference: string; attachment: AttachedFile }>(apiPath("raisePublicComplaint"), body);
  if (reply.Status === 1 && reply.Data)
    return { message: reply.Message, errors: {}, values: {}, reference: reply.Data.reference, attachment: reply.Data.attachment, captcha: null };
  // The captcha may be spent: a fresh image goes with the answer; the typed fields stay.
  return { message: errorText(reply), errors: reply.errors ?? {}, values, captcha: await newCaptcha(context) };
}

export default function RaiseComplaint({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData;
  const captcha = result ? result.captcha : loaderData.captcha;
  const values = result?.values ?? {};
  const gro = site.grievanceOfficer;
  const t = useT();
  const rich = useRichT();
  const say = useCodeText();
  const to = useLocalizedPath();
  const errors = Object.fromEntries(Object.entries(result?.errors ?? {}).map(([k, v]) => [k, say(v)]));
  return (
    <main id="main" className="contact">
      <section className="banner">
        <div className="banner-inner contact-banner">
          <div>
            <h1>{t("servicing.complaints.raise")}</h1>
            <p>{t("servicing.raise.intro", { officer: say(gro.designation) })}</p>
          </div>
        </div>
      </section>
      <div className="page contact-layout">
        <section aria-labelledby="complaint-heading" className="card">
          <h2 id="complaint-heading">{t("servicing.raise.yours")}</h2>
          {result?.reference ? (
            <div role="status">
              <p className="alert alert-success">
                {rich("servicing.complaint.raised", { reference: result.reference, b: (chunks) => <strong>{chunks}</strong> })}
              </p>
              <AttachedLine file={result.attachment} />
              <p>{t("servicing.raise.sent")}</p>
            </div>
          ) : (
            <form method="post" encType="multipart/form-data" className="enquiry-form" noValidate>
              <div role="alert">{result?.message ? <p className="alert alert-error">{say(result.message)}</p> : null}</div>
              <Field id="name" label={t("servicing.raise.name")} error={errors.name}>
                <input {...describe("name", errors.name)} autoComplete="name" maxLength={LIMITS.text.name} defaultValue={values.name ?? ""} required />
              </Field>
              <Field id="mobile" label={t("apply.mobile")} error={errors.mobile} hint={t("servicing.raise.contactHint")}>
                <input
                  {...describe("mobile", errors.mobile, true)}
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  maxLength={LIMITS.mobileDigits}
                  defaultValue={values.mobile ?? ""}
                />
              </Field>
              <Field id="email" label={t("servicing.email")} error={errors.email}>
                <input {...describe("email", errors.email)} type="email" autoComplete="email" maxLength={LIMITS.text.email} defaultValue={values.email ?? ""} />
              </Field>
              <ComplaintFields values={values} errors={errors} loanHint={t("servicing.raise.loanHint")} />
              <fieldset className="captcha">
                <legend>{t("servicing.raise.security")}</legend>
                <div className="captcha-image">
                  {captcha ? (
                    <img src={captcha.captcha_image} width={captcha.width} height={captcha.height} alt={t("servicing.raise.imageAlt")} />
                  ) : (
                    <span className="hint">{t("servicing.raise.imageFailed")}</span>
                  )}
                </div>
                <input type="hidden" name="captcha_id" value={captcha?.captcha_id ?? ""} />
                <Field id="captcha" label={t("servicing.raise.captcha")} error={errors.captcha} hint={t("servicing.raise.captchaHint")}>
                  <input
                    {...describe("captcha", errors.captcha, true)}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    maxLength={LIMITS.text.captcha}
                  />
                </Field>
              </fieldset>
              <button type="submit" className="btn btn-primary btn-block">
                {t("servicing.complaint.send")}
              </button>
            </form>
          )}
        </section>
        <section aria-labelledby="complaint-next" className="contact-details card">
          <h2 id="complaint-next">{t("servicing.result.next")}</h2>
          <p>
            {rich("servicing.raise.next", {
              officer: say(gro.designation),
              name: gro.name,
              nodal: say(site.nodalOfficer.designation),
              url: RBI_CMS_URL,
              link: (chunks) => <a href={RBI_CMS_URL}>{chunks}</a>,
            })}
          </p>
          <p>
            <a href={to("/grievance-redressal")}>{t("servicing.raise.howWeHandle")}</a> · <a href={to("/recovery-agents")}>{t("servicing.raise.agents")}</a>
          </p>
        </section>
      </div>
    </main>
  );
}
