import type { Route } from "./+types/contact.ts";
import { LIMITS } from "../../../core/validation/limits.ts";
import { messageHint, type EnquiryFields, type EnquiryWords } from "../../lib/enquiry-form.ts";
import { STATIC_PAGE, type PageHandle, loadAsDocument } from "../../lib/page-handle.ts";
import enquiryIslandUrl from "../../islands/enquiry-form.ts?worker&url";
import { site } from "../../content/site.ts";
import { breadcrumbLd, pageMeta } from "../../lib/seo.ts";
import { useLanguage, useLocalizedPath, useRichT, useT } from "../../lib/i18n.tsx";
import { enquiryErrorWords } from "../../lib/enquiry-error-words.ts";
import { splitLanguagePath, translate, type Language, type MessageKey, type Translate } from "../../../core/i18n/index.ts";
import contactCss from "../../styles/contact.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: contactCss }];

/** Plain HTML: the enquiry island (app/islands/enquiry-form.ts) runs the form; no React in the browser (root.tsx). */
export const handle: PageHandle = { ...STATIC_PAGE, islands: [enquiryIslandUrl] };
export const clientLoader = loadAsDocument;

/** The site's hours and the grievance officer's title in the catalogue (their English is the site configuration's). */
const HOURS_KEYS: Record<string, MessageKey> = { [site.support.hours]: "footer.supportHours" };
const DESIGNATION_KEYS: Record<string, MessageKey> = { [site.grievanceOfficer.designation]: "contact.grievanceOfficer" };

/** Contact details from the one site configuration (decision 23); static, so the page can be cached. */
export function loader() {
  const a = site.officeAddress;
  return {
    support: { ...site.support, hoursKey: HOURS_KEYS[site.support.hours] },
    address: { legalName: site.company.legalName, lines: [a.line1, a.line2, `${a.city}, ${a.state} ${a.pinCode}`, a.country] },
    grievance: {
      name: site.grievanceOfficer.name,
      designation: site.grievanceOfficer.designation,
      designationKey: DESIGNATION_KEYS[site.grievanceOfficer.designation],
      email: site.grievanceOfficer.email,
    },
  };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = splitLanguagePath(location.pathname).lang;
  return pageMeta({
    title: translate(lang, "public.contact.title"),
    description: translate(lang, "public.contact.description"),
    path: "/contact-salaryontime",
    lang,
    jsonLd: [breadcrumbLd([{ name: "Contact us", path: "/contact-salaryontime" }])],
  });
};

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { support, address, grievance } = loaderData;
  const t = useT();
  const rich = useRichT();
  const to = useLocalizedPath();
  return (
    <main id="main" className="contact">
      <section className="banner">
        <div className="banner-inner contact-banner">
          <div>
            <h1>{t("public.contact.heading")}</h1>
            <p>{t("public.contact.lead")}</p>
          </div>
        </div>
      </section>
      <div className="page contact-layout">
        <section aria-labelledby="contact-details" className="contact-details card">
          <h2 id="contact-details">{t("public.contact.reach")}</h2>
          <dl>
            <dt>{t("public.contact.phone")}</dt>
            <dd>
              <a href={`tel:${support.phoneHref}`}>{support.phone}</a>
            </dd>
            <dt>{t("public.contact.email")}</dt>
            <dd>
              <a href={`mailto:${support.email}`}>{support.email}</a>
            </dd>
            <dt>{t("public.contact.hours")}</dt>
            <dd>{support.hoursKey ? t(support.hoursKey) : support.hours}</dd>
            <dt>{t("public.contact.office")}</dt>
            <dd>
              <address>
                {address.legalName}
                {address.lines.map((l) => (
                  <span key={l}>
                    <br />
                    {l}
                  </span>
                ))}
              </address>
            </dd>
          </dl>
          <p className="hint">
            {rich("public.contact.complaint", {
              raise: (chunks) => <a href={to("/raise-a-complaint")}>{chunks}</a>,
              designation: grievance.designationKey ? t(grievance.designationKey) : grievance.designation,
              name: grievance.name,
              email: <a href={`mailto:${grievance.email}`}>{grievance.email}</a>,
            })}
          </p>
        </section>
        <section aria-labelledby="enquiry-heading" className="card">
          <h2 id="enquiry-heading">{t("public.contact.enquiry")}</h2>
          <EnquiryForm supportPhone={support.phone} supportEmail={support.email} />
        </section>
      </div>
    </main>
  );
}

/** The island's words in the page's language, handed over in data-enquiry-words. */
function enquiryWords(t: Translate, lang: Language): EnquiryWords {
  return {
    alt: t("public.enquiry.alt"),
    loading: t("public.enquiry.loading"),
    newImage: t("public.enquiry.newImageShown"),
    failed: t("public.enquiry.failed"),
    required: t("public.enquiry.required"),
    idle: t("public.enquiry.send"),
    busy: t("public.enquiry.sending"),
    hint: t("public.enquiry.messageHint", { max: "{max}", typed: "{typed}" }),
    errors: enquiryErrorWords(lang),
  };
}

/**
 * The enquiry form as markup only: the enquiry island (app/islands/enquiry-form.ts) loads the captcha,
 * checks the fields with core's rules, sends the enquiry and shows the answers. The page never hydrates
 * (a client-side move to it loads the document, page-handle.ts), so this is the form's one copy.
 */
function EnquiryForm({ supportPhone, supportEmail }: { supportPhone: string; supportEmail: string }) {
  const t = useT();
  const words = enquiryWords(t, useLanguage());
  const contact = { phone: supportPhone, email: supportEmail };
  const field = (name: keyof EnquiryFields, label: string, input: React.ReactNode, hint?: string) => (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      {hint && (
        <p className="hint" id={`${name}-hint`}>
          {hint}
        </p>
      )}
      {input}
    </div>
  );
  const hinted = (name: string) => `${name}-hint`;

  return (
    <form className="enquiry-form" data-enquiry-form="" data-enquiry-words={JSON.stringify(words)} noValidate aria-describedby="enquiry-intro">
      <p id="enquiry-intro" className="hint">
        {t("public.enquiry.intro")}
      </p>
      <div role="alert" aria-live="assertive" className="enquiry-notice" />
      {field("name", t("public.enquiry.name"), <input id="name" name="name" autoComplete="name" maxLength={LIMITS.text.name} />)}
      {field(
        "mobile",
        t("public.enquiry.mobile"),
        <input
          id="mobile"
          name="mobile"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={LIMITS.mobileDigits}
          aria-describedby={hinted("mobile")}
        />,
        t("public.enquiry.mobileHint"),
      )}
      {field("email", t("public.enquiry.email"), <input id="email" name="email" type="email" autoComplete="email" maxLength={LIMITS.text.email} />)}
      {field("city", t("public.enquiry.city"), <input id="city" name="city" autoComplete="address-level2" maxLength={LIMITS.text.city} />)}
      {field(
        "message",
        t("public.enquiry.message"),
        <textarea id="message" name="message" rows={5} maxLength={LIMITS.enquiryMessageMax} aria-describedby={hinted("message")} />,
        messageHint(0, words),
      )}
      <fieldset className="captcha">
        <legend>{t("public.enquiry.security")}</legend>
        <div className="captcha-row">
          <div className="captcha-image" aria-busy="true">
            <span className="hint">{words.loading}</span>
          </div>
          <button type="button" className="btn btn-secondary btn-small" data-captcha-new="" disabled>
            {t("public.enquiry.newImage")}
          </button>
        </div>
        <p className="visually-hidden" role="status"></p>
        <div className="field">
          <label htmlFor="captcha">{t("public.enquiry.captchaLabel")}</label>
          <p className="hint" id="captcha-hint">
            {t("public.enquiry.captchaHint", contact)}
          </p>
          <input
            id="captcha"
            name="captcha"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={LIMITS.text.captcha}
            aria-describedby={hinted("captcha")}
          />
        </div>
      </fieldset>
      <button type="submit" className="btn btn-primary btn-block" disabled>
        {words.idle}
      </button>
      <noscript>
        <p className="hint">{t("public.enquiry.noscript", contact)}</p>
      </noscript>
    </form>
  );
}
