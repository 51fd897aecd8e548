// Anyone's complaint (issue 22): a plain HTML form (no React in the browser) that posts to this page's
// action with an optional attachment; the server checks the fields, the file and the captcha of the
// enquiry form, and answers with the reference number.
import type { Route } from "./+types/raise-a-complaint.ts";
import { apiPath } from "../../../core/contract/index.ts";
import { GRIEVANCE_MESSAGES as GM, RBI_CMS_URL } from "../../../core/grievances.ts";
import { LIMITS } from "../../../core/validation/index.ts";
import { ComplaintFields } from "../../components/complaint-fields.tsx";
import { Field, describe } from "../../components/dashboard/form-bits.tsx";
import { site } from "../../content/site.ts";
import { errorText } from "../../lib/api.ts";
import { COMPLAINT_FORM_LIMIT, readComplaintForm } from "../../lib/complaint-form.ts";
import { ENGLISH_ENQUIRY_WORDS, type Captcha } from "../../lib/enquiry-form.ts";
import { STATIC_PAGE, type PageHandle } from "../../lib/page-handle.ts";
import { pageMeta } from "../../lib/seo.ts";
import { serverContext } from "../../lib/server-context.ts";
import contactCss from "../../styles/contact.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: contactCss }];
export const handle: PageHandle = STATIC_PAGE;
// Each visit gets its own captcha: never cached.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Raise a complaint | SalaryOnTime",
    description: "Raise a complaint with SalaryOnTime and get a reference number at once. Our grievance officer replies; you may escalate to the RBI Integrated Ombudsman.",
    path: "/raise-a-complaint",
  });

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

type Result = { message: string; errors: Record<string, string>; values: Record<string, string>; reference?: string; captcha: Captcha | null };

export async function action({ request, context }: Route.ActionArgs): Promise<Result> {
  const api = context.get(serverContext).api;
  if (Number(request.headers.get("content-length") ?? 0) > COMPLAINT_FORM_LIMIT || !api) {
    const tooLarge = "The attachment must be at most 5 MB.";
    return { message: tooLarge, errors: { attachment: tooLarge }, values: {}, captcha: await newCaptcha(context) };
  }
  const { values, body } = await readComplaintForm(await request.formData());
  const reply = await api.api<{ reference: string }>(apiPath("raisePublicComplaint"), body);
  if (reply.Status === 1 && reply.Data) return { message: reply.Message, errors: {}, values: {}, reference: reply.Data.reference, captcha: null };
  // The captcha may be spent: a fresh image goes with the answer; the typed fields stay.
  return { message: errorText(reply), errors: reply.errors ?? {}, values, captcha: await newCaptcha(context) };
}

export default function RaiseComplaint({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData;
  const captcha = result ? result.captcha : loaderData.captcha;
  const values = result?.values ?? {};
  const errors = result?.errors ?? {};
  const gro = site.grievanceOfficer;
  return (
    <main id="main" className="contact">
      <section className="banner">
        <div className="banner-inner contact-banner">
          <div>
            <h1>Raise a complaint</h1>
            <p>
              Tell us what went wrong. You get a reference number straight away, and our {gro.designation} replies to the mobile number or e-mail you give. Customers
              with an account can also raise and follow complaints from their dashboard.
            </p>
          </div>
        </div>
      </section>
      <div className="page contact-layout">
        <section aria-labelledby="complaint-heading" className="card">
          <h2 id="complaint-heading">Your complaint</h2>
          {result?.reference ? (
            <div role="status">
              <p className="alert alert-success">
                {GM.raised} Your reference number is <strong>{result.reference}</strong>.
              </p>
              <p>We have sent it to you by SMS and e-mail too. Please quote it whenever you write to us.</p>
            </div>
          ) : (
            <form method="post" encType="multipart/form-data" className="enquiry-form" noValidate>
              <div role="alert">{result?.message ? <p className="alert alert-error">{result.message}</p> : null}</div>
              <Field id="name" label="Full name" error={errors.name}>
                <input {...describe("name", errors.name)} autoComplete="name" maxLength={LIMITS.text.name} defaultValue={values.name ?? ""} required />
              </Field>
              <Field id="mobile" label="Mobile number" error={errors.mobile} hint="A mobile number or an e-mail address (or both), so that we can reply.">
                <input
                  {...describe("mobile", errors.mobile, true)}
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  maxLength={LIMITS.mobileDigits}
                  defaultValue={values.mobile ?? ""}
                />
              </Field>
              <Field id="email" label="E-mail" error={errors.email}>
                <input {...describe("email", errors.email)} type="email" autoComplete="email" maxLength={LIMITS.text.email} defaultValue={values.email ?? ""} />
              </Field>
              <ComplaintFields values={values} errors={errors} loanHint="If it is about a loan, its number, e.g. SOT12345." />
              <fieldset className="captcha">
                <legend>Security check</legend>
                <div className="captcha-image">
                  {captcha ? (
                    <img src={captcha.captcha_image} width={captcha.width} height={captcha.height} alt={ENGLISH_ENQUIRY_WORDS.alt} />
                  ) : (
                    <span className="hint">The image could not be loaded. Please reload the page.</span>
                  )}
                </div>
                <input type="hidden" name="captcha_id" value={captcha?.captcha_id ?? ""} />
                <Field id="captcha" label="Characters in the image" error={errors.captcha} hint="Letters and digits, not case-sensitive. Reload the page for a new image.">
                  <input {...describe("captcha", errors.captcha, true)} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={LIMITS.text.captcha} />
                </Field>
              </fieldset>
              <button type="submit" className="btn btn-primary btn-block">
                Send complaint
              </button>
            </form>
          )}
        </section>
        <section aria-labelledby="complaint-next" className="contact-details card">
          <h2 id="complaint-next">What happens next</h2>
          <p>
            Our {gro.designation}, {gro.name}, answers every complaint. One not resolved in time goes to our {site.nodalOfficer.designation}. If you are not
            satisfied with our answer, or have none within 30 days, you may complain to the RBI Integrated Ombudsman at <a href={RBI_CMS_URL}>{RBI_CMS_URL}</a>.
          </p>
          <p>
            <a href="/grievance-redressal">How we handle complaints</a> · <a href="/recovery-agents">Recovery agents</a>
          </p>
        </section>
      </div>
    </main>
  );
}
