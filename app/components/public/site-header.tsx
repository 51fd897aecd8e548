import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Logo } from "../logo.tsx";

export interface NavItem {
  label: string;
  href: string;
}

/**
 * Top navigation. From 768 px the links sit in the bar; below it a menu button opens a
 * slide-out panel (closed by the close button, Escape, the backdrop or any navigation).
 */
export function SiteHeader({ nav }: { nav: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const location = useLocation();
  const toggle = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">Skip to content</a>
      <div className="site-header-bar">
        <Link to="/" className="site-logo" aria-label="SalaryOnTime home">
          <Logo />
        </Link>
        <nav className="site-nav-wide" aria-label="Main">
          <ul>
            {nav.map((item) => (
              <li key={item.href}>
                <NavLink to={item.href} end={item.href === "/"} prefetch="intent">{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-actions">
          <Link className="btn btn-primary btn-small" to="/apply-now">Apply Now</Link>
          <a className="btn btn-accent btn-small" href="/repayloan">Pay Now</a>
          <button
            ref={toggle}
            type="button"
            className="menu-toggle"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen(true)}
          >
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" focusable="false">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="visually-hidden">Open menu</span>
          </button>
        </div>
      </div>
      <div className={open ? "menu-backdrop is-open" : "menu-backdrop"} onClick={() => setOpen(false)} aria-hidden="true" />
      <nav id={panelId} className={open ? "menu-panel is-open" : "menu-panel"} aria-label="Menu" hidden={!open}>
        <div className="menu-panel-head">
          <span className="menu-panel-title">Menu</span>
          <button ref={closeButton} type="button" className="menu-close" onClick={() => { setOpen(false); toggle.current?.focus(); }}>
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="visually-hidden">Close menu</span>
          </button>
        </div>
        <ul>
          {nav.map((item) => (
            <li key={item.href}>
              <NavLink to={item.href} end={item.href === "/"} onClick={() => setOpen(false)}>{item.label}</NavLink>
            </li>
          ))}
        </ul>
        <p className="menu-panel-actions">
          <Link className="btn btn-primary btn-block" to="/apply-now" onClick={() => setOpen(false)}>Apply Now</Link>
          <a className="btn btn-secondary btn-block" href="/repayloan">Pay Now</a>
        </p>
      </nav>
    </header>
  );
}
