import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Logo } from "../logo.tsx";
import { LanguageSwitch } from "../language-switch.tsx";
import { useLocalizedPath, useT } from "../../lib/i18n.tsx";
import type { MessageKey } from "../../../core/i18n/index.ts";

export interface NavItem {
  /** English label; shown as it is when the item has no catalogue key yet. */
  label: string;
  href: string;
  /** The label in the catalogue (issue 23). */
  key?: MessageKey;
  /** The label on a Hindi page, for a link named after its page (a city, an amount, a purpose). */
  hi?: string;
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
  const t = useT();
  const to = useLocalizedPath();
  const label = (item: NavItem) => (item.key ? t(item.key) : item.label);

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
      <a className="skip-link" href="#main">
        {t("chrome.skipToContent")}
      </a>
      {/* Its own slim line above the bar, so the bar keeps its buttons on one line at 360 px in either language. */}
      <div className="site-header-top">
        <LanguageSwitch />
      </div>
      <div className="site-header-bar">
        <Link to={to("/")} className="site-logo" aria-label={t("chrome.homeLink")}>
          <Logo />
        </Link>
        <nav className="site-nav-wide" aria-label={t("chrome.mainNav")}>
          <ul>
            {nav.map((item) => (
              <li key={item.href}>
                <NavLink to={to(item.href)} end={item.href === "/"} prefetch="intent">
                  {label(item)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-actions">
          <Link className="btn btn-primary btn-small" to={to("/apply-now")}>
            {t("chrome.applyNow")}
          </Link>
          <a className="btn btn-accent btn-small" href={to("/repayloan")}>
            {t("chrome.payNow")}
          </a>
          <button ref={toggle} type="button" className="menu-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(true)}>
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" focusable="false">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="visually-hidden">{t("chrome.openMenu")}</span>
          </button>
        </div>
      </div>
      <div className={open ? "menu-backdrop is-open" : "menu-backdrop"} onClick={() => setOpen(false)} aria-hidden="true" />
      <nav id={panelId} className={open ? "menu-panel is-open" : "menu-panel"} aria-label={t("chrome.menu")} hidden={!open}>
        <div className="menu-panel-head">
          <span className="menu-panel-title">{t("chrome.menu")}</span>
          <button
            ref={closeButton}
            type="button"
            className="menu-close"
            onClick={() => {
              setOpen(false);
              toggle.current?.focus();
            }}
          >
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="visually-hidden">{t("chrome.closeMenu")}</span>
          </button>
        </div>
        <ul>
          {nav.map((item) => (
            <li key={item.href}>
              <NavLink to={to(item.href)} end={item.href === "/"} onClick={() => setOpen(false)}>
                {label(item)}
              </NavLink>
            </li>
          ))}
        </ul>
        <p className="menu-panel-actions">
          <Link className="btn btn-primary btn-block" to={to("/apply-now")} onClick={() => setOpen(false)}>
            {t("chrome.applyNow")}
          </Link>
          <a className="btn btn-secondary btn-block" href={to("/repayloan")}>
            {t("chrome.payNow")}
          </a>
        </p>
      </nav>
    </header>
  );
}
