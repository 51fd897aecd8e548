import { useEffect, useRef, useState } from "react";
import type { Route } from "./+types/contact.ts";
import { enquiryFormSchema, ENQUIRY_MESSAGES, filterMobileInput, LIMITS } from "../../../core/validation/index.ts";
import { CAPTCHA_PATH, CAPTCHA_TEXT, ENQUIRE_PATH, messageHint, SUBMIT_TEXT, type Captcha, type EnquiryFields } from "../../lib/enquiry-form.ts";
import { STATIC_PAGE, type PageHandle } from "../../lib/page-handle.ts";
import enquiryIslandUrl from "../../islands/enquiry-form.ts?worker&url";
import { site } from "../../content/site.ts";
import { errorText, FALLBACK_ERROR, postJson } from "../../lib/api.ts";
import { checkForm, focusFirstError } from "../../lib/form-errors.ts";
import { breadcrumbLd, pageMeta } from "../../lib/seo.ts";
import contactCss from "../../styles/contact.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: contactCss }];

/** Plain HTML: the enquiry island (app/islands/enquiry-form.ts) runs the form; no React in the browser (root.tsx). */
export const handle: PageHandle = { ...STATIC_PAGE, islands: [enquiryIslandUrl] };

/** Contact details from the one site configuration (decision 23); static, so the page can be cached. */
export function loader() {
  const a = site.officeAddress;
  return {
    support: site.support,
    address: { legalName: site.company.legalName, lines: [a.line1, a.line2, `${a.city}, ${a.state} ${a.pinCode}`, a.country] },
    grievance: { name: site.grievanceOfficer.name, designation: site.grievanceOfficer.designation, email: site.grievanceOfficer.email },
  };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Contact SalaryOnTime: phone, e-mail and enquiry form",
    description: "Call or e-mail SalaryOnTime support, visit our Bengaluru office, or send us an enquiry about salary-day loans and we will get back to you within one working day.",
    path: "/contact-salaryontime",
    jsonLd: [breadcrumbLd([{ name: "Contact us", path: "/contact-salaryontime" }])],
  });

type Fields = EnquiryFields;
const EMPTY: Fields = { name: "", mobile: "", email: "", city: "", message: "" };

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { support, address, grievance } = loaderData;
  return (
    <main id="main" className="contact">
      <section className="banner">
        <div className="banner-inner contact-banner">
          <div>
            <h1>Contact SalaryOnTime</h1>
            <p>Questions about a loan, a repayment or your application? Call us, write to us, or send the form below. A real person reads every enquiry.</p>
          </div>
        </div>
      </section>
      <div className="page contact-layout">
        <section aria-labelledby="contact-details" className="contact-details card">
          <h2 id="contact-details">Reach us</h2>
          <dl>
            <dt>Phone</dt>
            <dd><a href={`tel:${support.phoneHref}`}>{support.phone}</a></dd>
            <dt>E-mail</dt>
            <dd><a href={`mailto:${support.email}`}>{support.email}</a></dd>
            <dt>Hours</dt>
            <dd>{support.hours}</dd>
            <dt>Office</dt>
            <dd>
              <address>
                {address.legalName}
                {address.lines.map((l) => (
                  <span key={l}><br />{l}</span>
                ))}
              </address>
            </dd>
          </dl>
          <p className="hint">
            A complaint? <a href="/raise-a-complaint">Raise a complaint</a> and get a reference number at once, or write to our {grievance.designation}, {grievance.name}, at{" "}
            <a href={`mailto:${grievance.email}`}>{grievance.email}</a>. The escalation path is in the footer.
          </p>
        </section>
        <section aria-labelledby="enquiry-heading" className="card">
          <h2 id="enquiry-heading">Send us an enquiry</h2>
          <EnquiryForm supportPhone={support.phone} supportEmail={support.email} />
        </section>
      </div>
    </main>
  );
}

function EnquiryForm({ supportPhone, supportEmail }: { supportPhone: string; supportEmail: string }) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [answer, setAnswer] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaStatus, setCaptchaStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const answerRef = useRef<HTMLInputElement>(null);

  async function loadCaptcha(announce: boolean) {
    setCaptcha(null);
    setAnswer("");
    const reply = await postJson<Captcha>(CAPTCHA_PATH, {}, { keepSession: true });
    if (reply.Status === 1 && reply.Data) {
      setCaptcha(reply.Data);
      setCaptchaStatus(announce ? CAPTCHA_TEXT.newImage : "");
    } else {
      setCaptchaStatus(errorText(reply, CAPTCHA_TEXT.failed));
    }
  }

  useEffect(() => {
    setHydrated(true);
    void loadCaptcha(false);
  }, []);

  const set = (name: keyof Fields) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = name === "mobile" ? filterMobileInput(e.target.value) : e.target.value;
    setFields((f) => ({ ...f, [name]: value }));
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    setNotice(null);
    const checked = checkForm(enquiryFormSchema, fields);
    const localErrors: Record<string, string> = checked.ok ? {} : { ...checked.errors };
    if (!answer.trim()) localErrors.captcha = CAPTCHA_TEXT.required;
    if (Object.keys(localErrors).length) {
      setErrors(localErrors);
      focusFirstError(localErrors);
      return;
    }
    if (!captcha) return;
    setBusy(true);
    const reply = await postJson<{ enquiry_id: string }>(ENQUIRE_PATH, { ...fields, captcha_id: captcha.captcha_id, captcha: answer }, { keepSession: true });
    setBusy(false);
    if (reply.Status === 1) {
      setErrors({});
      setFields(EMPTY);
      setNotice({ kind: "success", text: reply.Message || ENQUIRY_MESSAGES.sent });
      void loadCaptcha(false);
      return;
    }
    const serverErrors = reply.errors ?? {};
    setErrors(serverErrors);
    setNotice({ kind: "error", text: errorText(reply, FALLBACK_ERROR) });
    if (serverErrors.captcha) {
      // The typed fields stay; the spent image is replaced.
      await loadCaptcha(false);
      answerRef.current?.focus();
    } else {
      focusFirstError(serverErrors);
    }
  }

  const field = (name: keyof Fields, label: string, input: React.ReactNode, hint?: string) => (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      {hint && <p className="hint" id={`${name}-hint`}>{hint}</p>}
      {input}
      {errors[name] && <p className="field-error" id={`${name}-error`}>{errors[name]}</p>}
    </div>
  );
  const describe = (name: string, hint = false) =>
    [hint ? `${name}-hint` : "", errors[name] ? `${name}-error` : ""].filter(Boolean).join(" ") || undefined;

  return (
    <form className="enquiry-form" data-enquiry-form="" onSubmit={submit} noValidate aria-describedby="enquiry-intro">
      <p id="enquiry-intro" className="hint">All fields are required except City.</p>
      <div role="alert" aria-live="assertive" className="enquiry-notice">
        {notice && <p className={`alert alert-${notice.kind}`}>{notice.text}</p>}
      </div>
      {field("name", "Full name", <input id="name" name="name" autoComplete="name" maxLength={LIMITS.text.name} value={fields.name} onChange={set("name")} aria-invalid={!!errors.name} aria-describedby={describe("name")} />)}
      {field("mobile", "Mobile number", <input id="mobile" name="mobile" type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={LIMITS.mobileDigits} value={fields.mobile} onChange={set("mobile")} aria-invalid={!!errors.mobile} aria-describedby={describe("mobile", true)} />, "10 digits, starting with 6, 7, 8 or 9.")}
      {field("email", "E-mail", <input id="email" name="email" type="email" autoComplete="email" maxLength={LIMITS.text.email} value={fields.email} onChange={set("email")} aria-invalid={!!errors.email} aria-describedby={describe("email")} />)}
      {field("city", "City (optional)", <input id="city" name="city" autoComplete="address-level2" maxLength={LIMITS.text.city} value={fields.city} onChange={set("city")} aria-invalid={!!errors.city} aria-describedby={describe("city")} />)}
      {field(
        "message",
        "Message",
        <textarea id="message" name="message" rows={5} maxLength={LIMITS.enquiryMessageMax} value={fields.message} onChange={set("message")} aria-invalid={!!errors.message} aria-describedby={describe("message", true)} />,
        messageHint(fields.message.length),
      )}
      <fieldset className="captcha">
        <legend>Security check</legend>
        <div className="captcha-row">
          <div className="captcha-image" aria-busy={!captcha}>
            {captcha ? (
              <img src={captcha.captcha_image} width={captcha.width} height={captcha.height} alt={CAPTCHA_TEXT.alt} />
            ) : (
              <span className="hint">{CAPTCHA_TEXT.loading}</span>
            )}
          </div>
          <button type="button" className="btn btn-secondary btn-small" data-captcha-new="" onClick={() => void loadCaptcha(true)} disabled={!hydrated}>
            New image
          </button>
        </div>
        <p className="visually-hidden" role="status">{captchaStatus}</p>
        <div className="field">
          <label htmlFor="captcha">Characters in the image</label>
          <p className="hint" id="captcha-hint">
            Letters and digits, not case-sensitive. Each image works once, for 5 minutes. Can't read it? Press New image, or call us on {supportPhone} or write to {supportEmail}.
          </p>
          <input
            ref={answerRef}
            id="captcha"
            name="captcha"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={LIMITS.text.captcha}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            aria-invalid={!!errors.captcha}
            aria-describedby={describe("captcha", true)}
          />
          {errors.captcha && <p className="field-error" id="captcha-error">{errors.captcha}</p>}
        </div>
      </fieldset>
      <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || busy || !captcha}>
        {busy ? SUBMIT_TEXT.busy : SUBMIT_TEXT.idle}
      </button>
      <noscript>
        <p className="hint">The form needs JavaScript. You can also call {supportPhone} or write to {supportEmail}.</p>
      </noscript>
    </form>
  );
}
