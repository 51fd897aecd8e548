import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { SMALL_SCREEN } from "../../lib/media.ts";
import type { NavItem } from "./site-header.tsx";

export interface FooterData {
  amountLinks: NavItem[];
  purposeLinks: NavItem[];
  cityLinks: NavItem[];
  infoLinks: NavItem[];
  support: { phone: string; phoneHref: string; email: string; hours: string };
  address: string;
  social: { label: string; url: string; network: string }[];
  appStores: { label: string; url: string }[];
  grievanceOfficer: { name: string; designation: string; email: string; phone: string; phoneHref: string; hours: string };
  escalation: { level: number; title: string; contact: string }[];
  ombudsmanAfterDays: number;
  legal: { legalName: string; cin: string; rbiRegistrationNo: string; rbiCategory: string };
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

function LinkList({ title, links }: { title: string; links: NavItem[] }) {
  return (
    <FooterGroup title={title}>
      <ul className="footer-links">
        {links.map((l) => (
          <li key={l.href}>
            <Link to={l.href}>{l.label}</Link>
          </li>
        ))}
      </ul>
    </FooterGroup>
  );
}

export function SiteFooter({ data }: { data: FooterData }) {
  const year = 2026;
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <LinkList title="Loans by amount" links={data.amountLinks} />
        <LinkList title="Loans by need" links={data.purposeLinks} />
        <LinkList title="Company" links={data.infoLinks} />
        <section className="footer-col footer-contact" aria-label="Contact">
          <h2 className="footer-heading">Contact</h2>
          <p>
            <a href={`tel:${data.support.phoneHref}`}>{data.support.phone}</a>
            <br />
            <a href={`mailto:${data.support.email}`}>{data.support.email}</a>
            <br />
            <span className="footer-soft">{data.support.hours}</span>
          </p>
          <h3 className="footer-subheading">Office</h3>
          <address>{data.address}</address>
          <h3 className="footer-subheading">Follow us</h3>
          <ul className="footer-inline">
            {data.social.map((s) => (
              <li key={s.url}>
                <a href={s.url} rel="noopener" aria-label={s.label}>{s.network === "x" ? "X" : s.network[0].toUpperCase() + s.network.slice(1)}</a>
              </li>
            ))}
          </ul>
          <h3 className="footer-subheading">Get the app</h3>
          <ul className="footer-inline">
            {data.appStores.map((s) => (
              <li key={s.url}>
                <a href={s.url} rel="noopener">{s.label}</a>
              </li>
            ))}
          </ul>
        </section>
        <FooterGroup title="Loans by location" className="footer-cities">
          <ul className="footer-inline">
            {data.cityLinks.map((l) => (
              <li key={l.href}>
                <Link to={l.href}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </FooterGroup>
      </div>
      <section className="footer-grievance" aria-label="Grievance redressal">
        <h2 className="footer-heading">Grievance redressal</h2>
        <p>
          {data.grievanceOfficer.designation}: <strong>{data.grievanceOfficer.name}</strong>,{" "}
          <a href={`mailto:${data.grievanceOfficer.email}`}>{data.grievanceOfficer.email}</a>,{" "}
          <a href={`tel:${data.grievanceOfficer.phoneHref}`}>{data.grievanceOfficer.phone}</a> ({data.grievanceOfficer.hours}).
        </p>
        <ol className="footer-escalation">
          {/* The grievance officer's contact is given once, just above. */}
          {data.escalation.map((e) => (
            <li key={e.level}>
              <strong>{e.title}</strong>: {e.title === data.grievanceOfficer.designation ? "as above" : e.contact}
            </li>
          ))}
        </ol>
        <p className="footer-soft">
          If we do not resolve your complaint within {data.ombudsmanAfterDays} days, you may approach the RBI Integrated Ombudsman.{" "}
          <Link to="/grievance-redressal">Read the full grievance redressal policy</Link>, <Link to="/raise-a-complaint">raise a complaint</Link>, or see the{" "}
          <Link to="/recovery-agents">recovery agents</Link> we use.
        </p>
      </section>
      <div className="footer-legal">
        <p>
          © {year} {data.legal.legalName}. {data.legal.rbiCategory}. CIN {data.legal.cin}. RBI registration {data.legal.rbiRegistrationNo}.
        </p>
      </div>
    </footer>
  );
}
