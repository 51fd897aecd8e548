// Data for the public header and footer, built from app/content. Used only by the layout's
// loader, so none of it (city lists, legal text) ships in the JavaScript bundle.
import { amountLinks, amountPages } from "../content/amounts.ts";
import { cityLinks } from "../content/cities.ts";
import { CITY_NAMES_HI } from "../content/cities.hi.ts";
import { purposeLinks, purposePages } from "../content/purposes.ts";
import { PURPOSE_NAMES_HI } from "../content/purposes.hi.ts";
import { formatMoney } from "../../core/format.ts";
import { site } from "../content/site.ts";
import { organizationLd } from "./organization-ld.ts";
import type { FooterData } from "../components/public/site-footer.tsx";
import type { NavItem } from "../components/public/site-header.tsx";
import { translate, type MessageKey } from "../../core/i18n/index.ts";

/** Catalogue keys of the header's and footer's links, by address; a link added without one shows its English label. */
const LINK_KEYS: Record<string, MessageKey> = {
  "/": "nav.home",
  "/about-salaryontime": "nav.about",
  "/instant-loan": "nav.instantLoan",
  "/apply-for-short-term-personal-loan": "nav.shortTermLoan",
  "/apply-for-emergency-personal-loan": "nav.emergencyLoan",
  "/rate-and-terms": "nav.rates",
  "/blog": "nav.blog",
  "/contact-salaryontime": "nav.contact",
};
const FOOTER_KEYS: Record<string, MessageKey> = {
  ...LINK_KEYS,
  "/about-salaryontime": "footer.aboutCompany",
  "/service-area": "footer.serviceArea",
  "/faq": "footer.faq",
  "/grievance-redressal": "footer.grievancePolicy",
  "/privacy-policy": "footer.privacy",
  "/terms-and-conditions": "footer.terms",
  "/repayloan": "chrome.payNow",
  "/contact-salaryontime": "footer.contactUs",
};
const keyed = (links: NavItem[], keys: Record<string, MessageKey>): NavItem[] => links.map((l) => (keys[l.href] ? { ...l, key: keys[l.href] } : l));
/** The grievance ladder's titles in the catalogue. */
const ESCALATION_KEYS: Record<string, MessageKey> = {
  "Customer support": "contact.customerSupport",
  "Grievance Redressal Officer": "contact.grievanceOfficer",
  "Principal Nodal Officer": "contact.nodalOfficer",
  "RBI Integrated Ombudsman": "contact.ombudsman",
};
const HOURS_KEYS: Record<string, MessageKey> = {
  [site.support.hours]: "footer.supportHours",
  [site.grievanceOfficer.hours]: "footer.officeHours",
};

export function siteChrome(): { nav: NavItem[]; footer: FooterData; organizationJsonLd: string } {
  const a = site.officeAddress;
  const g = site.grievanceOfficer;
  return {
    nav: keyed(site.mainNav, LINK_KEYS),
    // "<" escaped so the JSON can never close the script element.
    organizationJsonLd: JSON.stringify(organizationLd()).replace(/</g, "\\u003c"),
    footer: {
      // Named after their pages: each with its name on a Hindi page (issue 23).
      amountLinks: amountLinks.map((l, i) => ({ ...l, hi: translate("hi", "footer.amountLink", { amount: formatMoney(amountPages[i].amount) }) })),
      purposeLinks: purposeLinks.map((l, i) => ({ ...l, hi: translate("hi", "public.purpose.heading", { purpose: PURPOSE_NAMES_HI[purposePages[i].url] }) })),
      cityLinks: cityLinks.map((c) => ({ label: c.cityname, href: `/${c.slug}`, hi: CITY_NAMES_HI[c.cityname] })),
      infoLinks: keyed(site.footerInfoLinks, FOOTER_KEYS),
      support: { ...site.support, hoursKey: HOURS_KEYS[site.support.hours] },
      address: `${site.company.legalName}, ${a.line1}, ${a.line2}, ${a.city}, ${a.state} ${a.pinCode}`,
      social: site.social,
      appStores: site.appStores,
      grievanceOfficer: {
        name: g.name,
        designation: g.designation,
        designationKey: ESCALATION_KEYS[g.designation],
        email: g.email,
        phone: g.phone,
        phoneHref: g.phoneHref,
        hours: g.hours,
        hoursKey: HOURS_KEYS[g.hours],
      },
      escalation: site.escalation.map((e) => ({
        level: e.level,
        title: e.title,
        titleKey: ESCALATION_KEYS[e.title],
        contact: [e.contact.name, e.contact.email, e.contact.phone, e.contact.url].filter(Boolean).join(", "),
        allowDays: e.allowDays,
      })),
      ombudsmanAfterDays: site.ombudsmanAfterDays,
      legal: {
        legalName: site.company.legalName,
        cin: site.company.cin,
        rbiRegistrationNo: site.company.rbiRegistrationNo,
        rbiCategory: site.company.rbiCategory,
        rbiCategoryKey: site.company.rbiCategory === translate("en", "footer.nbfc") ? "footer.nbfc" : undefined,
      },
    },
  };
}
