import { site } from "../content/site.ts";
import { absoluteUrl, SITE_ORIGIN } from "./seo.ts";

/** The lender itself: rendered on every public page by the layout (server data, so the site configuration stays out of the JavaScript). */
export function organizationLd() {
  const a = site.officeAddress;
  return {
    "@context": "https://schema.org",
    "@type": "FinancialService",
    "@id": `${SITE_ORIGIN}/#organization`,
    name: site.brand,
    legalName: site.company.legalName,
    url: `${SITE_ORIGIN}/`,
    logo: absoluteUrl("/favicon.svg"),
    telephone: site.support.phone,
    email: site.support.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: `${a.line1}, ${a.line2}`,
      addressLocality: a.city,
      addressRegion: a.state,
      postalCode: a.pinCode,
      addressCountry: "IN",
    },
    sameAs: site.social.map((s) => s.url),
  };
}
