import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { SMALL_SCREEN } from "../../lib/media.ts";
import type { NavItem } from "./site-header.tsx";
import { useLanguage, useLocalizedPath, useT } from "../../lib/i18n.tsx";
import type { MessageKey } from "../../../core/i18n/index.ts";

export interface FooterData {
  amountLinks: NavItem[];
  purposeLinks: NavItem[];
  cityLinks: NavItem[];
  infoLinks: NavItem[];
  support: { phone: string; phoneHref: string; email: string; hours: string; hoursKey?: MessageKey };
  address: string;
  social: { label: string; url: string; network: string }[];
  appStores: { store: "google-play" | "app-store"; label: string; url: string }[];
  grievanceOfficer: {
    name: string;
    designation: string;
    designationKey?: MessageKey;
    email: string;
    phone: string;
    phoneHref: string;
    hours: string;
    hoursKey?: MessageKey;
  };
  escalation: { level: number; title: string; titleKey?: MessageKey; contact: string; allowDays?: number }[];
  ombudsmanAfterDays: number;
  legal: { legalName: string; cin: string; rbiRegistrationNo: string; rbiCategory: string; rbiCategoryKey?: MessageKey };
}

/**
 * A footer link group. Rendered open (so without JavaScript, and on wide screens, every link shows);
 * on a phone the groups close once the page runs, so the footer is a few lines, and each opens on a tap.
 */
function FooterGroup({ title, className = "footer-col", children }: { title: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const small = window.matchMedia(SMALL_SCREEN);
    if (ref.current && small.matches) ref.current.open = false;
    const onChange = () => {
      if (ref.current && !small.matches) ref.current.open = true;
    };
    small.addEventListener("change", onChange);
    return () => small.removeEventListener("change", onChange);
  }, []);
  return (
    <section className={className} aria-label={title}>
      <details ref={ref} className="footer-group" open>
        <summary>
          <h2 className="footer-heading">{title}</h2>
        </summary>
        {children}
      </details>
    </section>
  );
}

/** A link's label in the page's language: its catalogue key, its Hindi name, else its English label. */
function useLinkLabel(): (l: NavItem) => string {
  const t = useT();
  const hindi = useLanguage() === "hi";
  return (l) => (l.key ? t(l.key) : hindi && l.hi ? l.hi : l.label);
}

function LinkList({ title, links }: { title: string; links: NavItem[] }) {
  const label = useLinkLabel();
  const to = useLocalizedPath();
  return (
    <FooterGroup title={title}>
      <ul className="footer-links">
        {links.map((l) => (
          <li key={l.href}>
            <Link to={to(l.href)}>{label(l)}</Link>
          </li>
        ))}
      </ul>
    </FooterGroup>
  );
}

export function SiteFooter({ data }: { data: FooterData }) {
  const year = 2026;
  const t = useT();
  const to = useLocalizedPath();
  const g = data.grievanceOfficer;
  const word = (key: MessageKey | undefined, english: string) => (key ? t(key) : english);
  const label = useLinkLabel();
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <LinkList title={t("footer.loansByAmount")} links={data.amountLinks} />
        <LinkList title={t("footer.loansByNeed")} links={data.purposeLinks} />
        <LinkList title={t("footer.company")} links={data.infoLinks} />
        <section className="footer-col footer-contact" aria-label={t("footer.contact")}>
          <h2 className="footer-heading">{t("footer.contact")}</h2>
          <p>
            <a href={`tel:${data.support.phoneHref}`}>{data.support.phone}</a>
            <br />
            <a href={`mailto:${data.support.email}`}>{data.support.email}</a>
            <br />
            <span className="footer-soft">{word(data.support.hoursKey, data.support.hours)}</span>
          </p>
          <h3 className="footer-subheading">{t("footer.office")}</h3>
          <address>{data.address}</address>
          <h3 className="footer-subheading">{t("footer.followUs")}</h3>
          <ul className="footer-inline">
            {data.social.map((s) => (
              <li key={s.url}>
                <a href={s.url} rel="noopener" aria-label={s.label}>
                  {s.network === "x" ? "X" : s.network[0].toUpperCase() + s.network.slice(1)}
                </a>
              </li>
            ))}
          </ul>
          <h3 className="footer-subheading">{t("footer.getApp")}</h3>
          <ul className="footer-inline">
            {data.appStores.map((s) => (
              <li key={s.url}>
                <a href={s.url} rel="noopener">
                  {t(`footer.store.${s.store}`)}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <FooterGroup title={t("footer.loansByLocation")} className="footer-cities">
          <ul className="footer-inline">
            {data.cityLinks.map((l) => (
              <li key={l.href}>
                <Link to={to(l.href)}>{label(l)}</Link>
              </li>
            ))}
          </ul>
        </FooterGroup>
      </div>
      <section className="footer-grievance" aria-label={t("footer.grievance")}>
        <h2 className="footer-heading">{t("footer.grievance")}</h2>
        <p>
          {word(g.designationKey, g.designation)}: <strong>{g.name}</strong>, <a href={`mailto:${g.email}`}>{g.email}</a>,{" "}
          <a href={`tel:${g.phoneHref}`}>{g.phone}</a> ({word(g.hoursKey, g.hours)}).
        </p>
        <ol className="footer-escalation">
          {/* The grievance officer's contact is given once, just above. */}
          {data.escalation.map((e) => (
            <li key={e.level}>
              <strong>{word(e.titleKey, e.title)}</strong>:{" "}
              {e.title === g.designation ? t("footer.asAbove") : e.contact + (e.allowDays ? ` ${t("footer.afterDays", { days: e.allowDays })}` : "")}
            </li>
          ))}
        </ol>
        <p className="footer-soft">
          {t("footer.ombudsman", { days: data.ombudsmanAfterDays })} <Link to={to("/grievance-redressal")}>{t("footer.readPolicy")}</Link>.{" "}
          <Link to={to("/raise-a-complaint")}>{t("footer.raiseComplaint")}</Link>. <Link to={to("/recovery-agents")}>{t("footer.recoveryAgents")}</Link>.
        </p>
      </section>
      <div className="footer-legal">
        <p>
          {t("footer.legal", {
            year,
            legalName: data.legal.legalName,
            category: word(data.legal.rbiCategoryKey, data.legal.rbiCategory),
            cin: data.legal.cin,
            registration: data.legal.rbiRegistrationNo,
          })}
        </p>
      </div>
    </footer>
  );
}
