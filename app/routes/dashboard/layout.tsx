import { useEffect, useMemo, useState } from "react";
import { Link, Outlet, data, useRevalidator } from "react-router";
import type { Route } from "./+types/layout.ts";
import { Logo } from "../../components/logo.tsx";
import { LogoutDialog } from "../../components/dashboard/logout-dialog.tsx";
import { Sidebar } from "../../components/dashboard/sidebar.tsx";
import { NoticesProvider, useSnackbar } from "../../components/dashboard/notices.tsx";
import type { DashboardLoaderData } from "../../lib/dashboard-data.ts";
import { endOnSessionLoss, loadDashboard, requireApi, takeNotice } from "../../lib/dashboard.server.ts";
import { screenFor } from "../../../core/journey/index.ts";
import { errorText } from "../../lib/api.ts";
import dashboardCss from "../../styles/dashboard.css?url";
import { serverContext } from "../../lib/server-context.ts";
import { useLocalizedPath, useT } from "../../lib/i18n.tsx";
import { LanguageSwitch } from "../../components/language-switch.tsx";
import type { Language } from "../../../core/i18n/index.ts";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: dashboardCss }];

/** Personal pages are never cached anywhere. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

/**
 * Every dashboard screen needs a session (no session: /apply-now, on the server) and the
 * dashboard data, loaded here once per navigation and read by the screens (useDashboardData).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { dashboard, error } = await loadDashboard(context);
  const { notice, headers } = takeNotice(request);
  // Issue 23: the dashboard's language (cookie, else the profile's choice, else the browser), read by root.tsx.
  const lang = context.get(serverContext).language ?? "en";
  return data<DashboardLoaderData & { lang: Language }>({ dashboard, error, notice, lang }, { headers });
}

/** What the Check Eligibility / Re-Loan button's request answers (the dialog shows it). */
export interface EligibilityReply {
  ok: boolean;
  message: string;
  /** The screen of the new next_step, for 'Process'. */
  next: string;
}

/** Dashboard-wide requests sent to /my-dashboard: `intent=register_now` is Check Eligibility (or Re-Loan). */
export async function action({ request, context }: Route.ActionArgs): Promise<EligibilityReply> {
  const form = await request.formData();
  if (form.get("intent") !== "register_now") return { ok: false, message: "Unknown request.", next: "" };
  // Issue 23: the credit bureau notice's tick goes with the check, which records it ("0" is refused).
  const consent = form.get("consent") === "1" ? "1" : "0";
  const reply = endOnSessionLoss(await requireApi(context).journey<{ next_step: string }>({ event_name: "register_now", consent }));
  if (reply.Status === 1 && reply.Data) return { ok: true, message: reply.Message, next: screenFor(reply.Data.next_step) };
  return { ok: false, message: errorText(reply), next: "" };
}

/**
 * next_step changes with every step, including steps sent from the browser: load it on every
 * navigation. Except right after a successful eligibility check: its dialog (and the button that
 * holds it) must stay until 'Process', which navigates and loads the new state.
 */
export function shouldRevalidate({ formData, actionResult }: { formData?: FormData; actionResult?: unknown }) {
  if (formData?.get("intent") === "register_now" && (actionResult as EligibilityReply | undefined)?.ok) return false;
  return true;
}

const SMALL_SCREEN = "(max-width: 767.98px)";

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  // null: let CSS decide (collapsed below 768 px) until the visitor toggles it.
  const [open, setOpen] = useState<boolean | null>(null);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const t = useT();
  const localized = useLocalizedPath();
  const { dashboard, notice } = loaderData;
  const profile = dashboard?.profile_details;
  const chip = {
    name: (profile?.full_name || profile?.first_name || "").trim() || t("dashboard.myAccount"),
    photo: dashboard?.profile_pic ?? "",
    eligibility: dashboard?.eligibility_status === 1,
  };

  const { notify, view: snackbar } = useSnackbar(notice?.message);
  const revalidator = useRevalidator();
  const notices = useMemo(() => ({ notify, refreshChip: () => void revalidator.revalidate() }), [notify, revalidator]);

  // A step's message arrives with the next screen's data; show each one once.
  const noticeId = notice?.id;
  const noticeMessage = notice?.message;
  useEffect(() => {
    if (noticeId && noticeMessage) notify(noticeMessage);
  }, [noticeId, noticeMessage, notify]);

  useEffect(() => {
    setOpen(!window.matchMedia(SMALL_SCREEN).matches);
  }, []);

  const afterNavigate = () => {
    if (window.matchMedia(SMALL_SCREEN).matches) setOpen(false);
  };
  const isOpen = open ?? false;

  return (
    <div className={`dash${open === null ? "" : isOpen ? " sidebar-open" : " sidebar-closed"}`}>
      <a className="skip-link" href="#main">
        {t("chrome.skipToContent")}
      </a>
      <header className="dash-header">
        <button type="button" className="dash-menu" aria-controls="dash-sidebar" aria-expanded={isOpen} onClick={() => setOpen(!isOpen)}>
          <svg
            aria-hidden="true"
            focusable="false"
            width="24"
            height="24"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
          <span className="visually-hidden">{t("chrome.menu")}</span>
        </button>
        <Link to={localized("/")} className="dash-logo" aria-label={t("chrome.homeLink")}>
          <Logo />
        </Link>
        <Link to={chip.eligibility ? "/my-dashboard/lead-preview" : "/my-dashboard/profile-preview"} className="dash-chip">
          {chip.photo ? (
            <img src={chip.photo} alt="" width="32" height="32" />
          ) : (
            <span className="dash-chip-initial" aria-hidden="true">
              {chip.name.charAt(0)}
            </span>
          )}
          <span className="dash-chip-name">{chip.name}</span>
        </Link>
        <LanguageSwitch className="dash-lang" />
      </header>
      <div className="dash-body">
        <Sidebar
          id="dash-sidebar"
          open={isOpen}
          eligibility={chip.eligibility}
          activeLoan={!!dashboard?.active_loan_details}
          onNavigate={afterNavigate}
          onLogout={() => setConfirmLogout(true)}
        />
        <main id="main" className="dash-main" tabIndex={-1}>
          {snackbar}
          <NoticesProvider value={notices}>
            <Outlet />
          </NoticesProvider>
        </main>
      </div>
      <LogoutDialog open={confirmLogout} onClose={() => setConfirmLogout(false)} />
    </div>
  );
}
