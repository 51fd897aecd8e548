import type { Route } from "./+types/contact.ts";
import { LIMITS } from "../../../core/validation/limits.ts";
import { CAPTCHA_TEXT, messageHint, SUBMIT_TEXT, type EnquiryFields } from "../../lib/enquiry-form.ts";
import { STATIC_PAGE, type PageHandle, loadAsDocument } from "../../lib/page-handle.ts";
import enquiryIslandUrl from "../../islands/enquiry-form.ts?worker&url";
import { site } from "../../content/site.ts";
import { breadcrumbLd, pageMeta } from "../../lib/seo.ts";
import contactCss from "../../styles/contact.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: contactCss }];

/** Plain HTML: the enquiry island (app/islands/enquiry-form.ts) runs the form; no React in the browser (root.tsx). */
export const handle: PageHandle = { ...STATIC_PAGE, islands: [enquiryIslandUrl] };
export const clientLoader = loadAsDocument;

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

/**
 * The enquiry form as markup only: the enquiry island (app/islands/enquiry-form.ts) loads the captcha,
 * checks the fields with core's rules, sends the enquiry and shows the answers. The page never hydrates
 * (a client-side move to it loads the document, page-handle.ts), so this is the form's one copy.
 */
function EnquiryForm({ supportPhone, supportEmail }: { supportPhone: string; supportEmail: string }) {
  const field = (name: keyof EnquiryFields, label: string, input: React.ReactNode, hint?: string) => (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      {hint && <p className="hint" id={`${name}-hint`}>{hint}</p>}
      {input}
    </div>
  );
  const hinted = (name: string) => `${name}-hint`;

  return (
    <form className="enquiry-form" data-enquiry-form="" noValidate aria-describedby="enquiry-intro">
      <p id="enquiry-intro" className="hint">All fields are required except City.</p>
      <div role="alert" aria-live="assertive" className="enquiry-notice" />
      {field("name", "Full name", <input id="name" name="name" autoComplete="name" maxLength={LIMITS.text.name} />)}
      {field("mobile", "Mobile number", <input id="mobile" name="mobile" type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={LIMITS.mobileDigits} aria-describedby={hinted("mobile")} />, "10 digits, starting with 6, 7, 8 or 9.")}
      {field("email", "E-mail", <input id="email" name="email" type="email" autoComplete="email" maxLength={LIMITS.text.email} />)}
      {field("city", "City (optional)", <input id="city" name="city" autoComplete="address-level2" maxLength={LIMITS.text.city} />)}
      {field(
        "message",
        "Message",
        <textarea id="message" name="message" rows={5} maxLength={LIMITS.enquiryMessageMax} aria-describedby={hinted("message")} />,
        messageHint(0),
      )}
      <fieldset className="captcha">
        <legend>Security check</legend>
        <div className="captcha-row">
          <div className="captcha-image" aria-busy="true">
            <span className="hint">{CAPTCHA_TEXT.loading}</span>
          </div>
          <button type="button" className="btn btn-secondary btn-small" data-captcha-new="" disabled>
            New image
          </button>
        </div>
        <p className="visually-hidden" role="status"></p>
        <div className="field">
          <label htmlFor="captcha">Characters in the image</label>
          <p className="hint" id="captcha-hint">
            Letters and digits, not case-sensitive. Each image works once, for 5 minutes. Can't read it? Press New image, or call us on {supportPhone} or write to {supportEmail}.
          </p>
          <input id="captcha" name="captcha" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={LIMITS.text.captcha} aria-describedby={hinted("captcha")} />
        </div>
      </fieldset>
      <button type="submit" className="btn btn-primary btn-block" disabled>
        {SUBMIT_TEXT.idle}
      </button>
      <noscript>
        <p className="hint">The form needs JavaScript. You can also call {supportPhone} or write to {supportEmail}.</p>
      </noscript>
    </form>
  );
}
