import { Link, useLocation } from "react-router";
import type { MessageKey } from "../../../core/i18n/index.ts";
import { useT } from "../../lib/i18n.tsx";

/** The items' labels in the catalogue (issue 23), by their English label; an item without one shows its label as it is. */
const LABEL_KEYS: Record<string, MessageKey> = {
  Dashboard: "dashboard.nav",
  "My Account": "dashboard.myAccount",
  "Loan History": "dashboard.loanHistory",
  Repayment: "dashboard.repayment",
  Complaints: "dashboard.complaints",
  "My data": "dashboard.myData",
  Support: "dashboard.support",
  "Terms and Conditions": "dashboard.terms",
  "Privacy Policy": "dashboard.privacy",
};

interface Item {
  label: string;
  to: string;
  /** Also active on these paths (spec section 2). */
  alsoActive?: string[];
  /** Leaves the dashboard with a full page load. */
  fullLoad?: boolean;
  icon: string;
}

/** The sidebar (the header's Menu on a phone); Repayment only while a loan is active. */
export function sidebarItems(eligibility: boolean, activeLoan: boolean): Item[] {
  const repayment: Item = { label: "Repayment", to: "/my-dashboard/repayment", icon: "M4 6h16v12H4zM4 10h16M8 15h3" };
  return [
    {
      label: "Dashboard",
      to: eligibility ? "/my-dashboard/eligibility" : "/my-dashboard/",
      alsoActive: ["/my-dashboard", "/my-dashboard/eligibility", "/my-dashboard/calculate-loan"],
      icon: "M3 12l9-8 9 8v8a1 1 0 01-1 1h-5v-6H9v6H4a1 1 0 01-1-1z",
    },
    {
      label: "My Account",
      to: "/my-dashboard/profile-preview",
      alsoActive: ["/my-dashboard/lead-preview"],
      icon: "M12 12a4 4 0 100-8 4 4 0 000 8zm-8 9a8 8 0 0116 0z",
    },
    ...(activeLoan ? [repayment] : []),
    { label: "Loan History", to: "/my-dashboard/leads", icon: "M5 3h11l4 4v14H5zM8 11h8M8 15h8M8 7h5" },
    { label: "Complaints", to: "/my-dashboard/complaints", icon: "M4 5h16v11H9l-5 4zM12 8v3M12 13.5v.5" },
    { label: "My data", to: "/my-dashboard/my-data", icon: "M4 6c0-2 16-2 16 0v12c0 2-16 2-16 0zM4 6c0 2 16 2 16 0M4 12c0 2 16 2 16 0" },
    { label: "Support", to: "/contact-salaryontime", fullLoad: true, icon: "M4 13a8 8 0 0116 0v4a2 2 0 01-2 2h-2v-6h4M4 13v4a2 2 0 002 2h2v-6H4" },
    { label: "Terms and Conditions", to: "/terms-and-conditions", fullLoad: true, icon: "M6 3h12v18H6zM9 8h6M9 12h6M9 16h4" },
    { label: "Privacy Policy", to: "/privacy-policy", fullLoad: true, icon: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" },
  ];
}

function Icon({ d }: { d: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

export function Sidebar(props: { id: string; open: boolean; eligibility: boolean; activeLoan: boolean; onNavigate: () => void; onLogout: () => void }) {
  const { pathname } = useLocation();
  const t = useT();
  const label = (item: Item) => (LABEL_KEYS[item.label] ? t(LABEL_KEYS[item.label]) : item.label);
  const normalized = pathname.replace(/\/+$/, "") || "/";
  return (
    <nav id={props.id} className={`dash-sidebar${props.open ? " is-open" : ""}`} aria-label={t("dashboard.nav")}>
      <ul>
        {sidebarItems(props.eligibility, props.activeLoan).map((item) => {
          const active = item.alsoActive?.includes(normalized) || normalized === item.to.replace(/\/+$/, "");
          return (
            <li key={item.label}>
              {item.fullLoad ? (
                <Link to={item.to} reloadDocument onClick={props.onNavigate}>
                  <Icon d={item.icon} />
                  {label(item)}
                </Link>
              ) : (
                <Link to={item.to} className={active ? "active" : undefined} aria-current={active ? "page" : undefined} onClick={props.onNavigate}>
                  <Icon d={item.icon} />
                  {label(item)}
                </Link>
              )}
            </li>
          );
        })}
        <li>
          <button type="button" className="dash-logout" onClick={props.onLogout}>
            <Icon d="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10" />
            {t("dashboard.logout")}
          </button>
        </li>
      </ul>
    </nav>
  );
}
