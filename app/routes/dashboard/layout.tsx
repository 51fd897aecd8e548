import { useCallback, useEffect, useMemo, useState } from "react";
import { Link, Outlet, redirect } from "react-router";
import type { Route } from "./+types/layout.ts";
import { Logo } from "../../components/logo.tsx";
import { LogoutDialog } from "../../components/dashboard/logout-dialog.tsx";
import { Sidebar } from "../../components/dashboard/sidebar.tsx";
import { NoticesProvider, useSnackbar } from "../../components/dashboard/notices.tsx";
import { readState } from "../../lib/session-state.ts";
import { STATE_EVENT } from "../../lib/dashboard-data.ts";
import { serverContext } from "../../lib/server-context.ts";
import dashboardCss from "../../styles/dashboard.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: dashboardCss }];

/** Personal pages are never cached anywhere. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export function loader({ context }: Route.LoaderArgs) {
  if (!context.get(serverContext).session) throw redirect("/apply-now");
  return null;
}

const SMALL_SCREEN = "(max-width: 767.98px)";

export default function DashboardLayout() {
  // null: let CSS decide (collapsed below 768 px) until the visitor toggles it.
  const [open, setOpen] = useState<boolean | null>(null);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [chip, setChip] = useState({ name: "My Account", photo: "", eligibility: false });

  const { notify, view: snackbar } = useSnackbar();
  const refreshChip = useCallback(() => {
    const fullName = readState("fullName") ?? "";
    setChip({ name: fullName.trim() || "My Account", photo: readState("selfie") ?? "", eligibility: readState("eligibility") === "1" });
  }, []);
  const notices = useMemo(() => ({ notify, refreshChip }), [notify, refreshChip]);

  useEffect(() => {
    setOpen(!window.matchMedia(SMALL_SCREEN).matches);
    refreshChip();
    window.addEventListener(STATE_EVENT, refreshChip);
    return () => window.removeEventListener(STATE_EVENT, refreshChip);
  }, [refreshChip]);

  const afterNavigate = () => {
    if (window.matchMedia(SMALL_SCREEN).matches) setOpen(false);
  };
  const isOpen = open ?? false;

  return (
    <div className={`dash${open === null ? "" : isOpen ? " sidebar-open" : " sidebar-closed"}`}>
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="dash-header">
        <button type="button" className="dash-menu" aria-controls="dash-sidebar" aria-expanded={isOpen} onClick={() => setOpen(!isOpen)}>
          <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
          <span className="visually-hidden">Menu</span>
        </button>
        <Link to="/" className="dash-logo" aria-label="SalaryOnTime home">
          <Logo />
        </Link>
        <Link to={chip.eligibility ? "/my-dashboard/lead-preview" : "/my-dashboard/profile-preview"} className="dash-chip">
          {chip.photo ? <img src={chip.photo} alt="" width="32" height="32" /> : <span className="dash-chip-initial" aria-hidden="true">{chip.name.charAt(0)}</span>}
          <span className="dash-chip-name">{chip.name}</span>
        </Link>
      </header>
      <div className="dash-body">
        <Sidebar id="dash-sidebar" open={isOpen} eligibility={chip.eligibility} onNavigate={afterNavigate} onLogout={() => setConfirmLogout(true)} />
        <main id="main" className="dash-main" tabIndex={-1}>
          <NoticesProvider value={notices}>
            <Outlet />
          </NoticesProvider>
        </main>
      </div>
      {snackbar}
      <LogoutDialog open={confirmLogout} onClose={() => setConfirmLogout(false)} />
    </div>
  );
}
