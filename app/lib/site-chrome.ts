// Data for the public header and footer, built from app/content. Used only by the layout's
// loader, so none of it (city lists, legal text) ships in the JavaScript bundle.
import { amountLinks } from "../content/amounts.ts";
import { cityLinks } from "../content/cities.ts";
import { purposeLinks } from "../content/purposes.ts";
import { site } from "../content/site.ts";
import { organizationLd } from "./organization-ld.ts";
import type { FooterData } from "../components/public/site-footer.tsx";
import type { NavItem } from "../components/public/site-header.tsx";

export function siteChrome(): { nav: NavItem[]; footer: FooterData; organizationJsonLd: string } {
  const a = site.officeAddress;
  const g = site.grievanceOfficer;
  return {
    nav: site.mainNav,
    // "<" escaped so the JSON can never close the script element.
    organizationJsonLd: JSON.stringify(organizationLd()).replace(/</g, "\\u003c"),
    footer: {
      amountLinks,
      purposeLinks,
      cityLinks: cityLinks.map((c) => ({ label: c.cityname, href: `/${c.slug}` })),
      infoLinks: site.footerInfoLinks,
      support: site.support,
      address: `${site.company.legalName}, ${a.line1}, ${a.line2}, ${a.city}, ${a.state} ${a.pinCode}`,
      social: site.social,
      appStores: site.appStores,
      grievanceOfficer: { name: g.name, designation: g.designation, email: g.email, phone: g.phone, phoneHref: g.phoneHref, hours: g.hours },
      escalation: site.escalation.map((e) => ({
        level: e.level,
        title: e.title,
        contact:
          [e.contact.name, e.contact.email, e.contact.phone, e.contact.url].filter(Boolean).join(", ") + (e.allowDays ? ` (after ${e.allowDays} days)` : ""),
      })),
      ombudsmanAfterDays: site.ombudsmanAfterDays,
      legal: {
        legalName: site.company.legalName,
        cin: site.company.cin,
        rbiRegistrationNo: site.company.rbiRegistrationNo,
        rbiCategory: site.company.rbiCategory,
      },
    },
  };
}
