// Staff roles of decision 32, the staff session policy and the back office navigation.
// Shared by the server (requireRole) and the /admin screens (nav by role).

export const STAFF_ROLES = [
  "credit_manager",
  "credit_head",
  "disbursal",
  "collections",
  "accounts",
  "admin",
  "auditor",
  "grievance_officer",
  "data_protection",
  // Issue 33: the officials who take video KYC calls (V-CIP); two factors, as every staff member.
  "video_kyc",
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  credit_manager: "Credit manager",
  credit_head: "Credit head",
  disbursal: "Disbursal",
  collections: "Collections",
  accounts: "Accounts",
  admin: "Admin",
  auditor: "Auditor",
  grievance_officer: "Grievance officer",
  data_protection: "Data protection officer",
  video_kyc: "Video KYC official",
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Who is acting: the signed-in staff member, resolved by the server from the staff session. */
export interface StaffPrincipal {
  staffId: string;
  email: string;
  role: StaffRole;
  sessionId: string;
}

/** Decision 32 on decision 16: 15 minutes idle, 8 hours absolute. */
export const STAFF_SESSION_POLICY = {
  idleSeconds: 15 * 60,
  absoluteSeconds: 8 * 60 * 60,
  /** Between the password and the TOTP code. */
  pendingSeconds: 5 * 60,
} as const;

export const STAFF_SIGN_IN_POLICY = {
  /** Wrong passwords or codes in a row before the account is locked. */
  maxFailures: 5,
  lockSeconds: 15 * 60,
  /** Sign-in attempts per IP per 15 minutes (existing rate-limit service). */
  attemptsPerIp: 30,
  enrolmentHours: 72,
  minPasswordLength: 12,
} as const;

/** Roles that may read a desk without changing it: the auditor reads everything (decision 32). */
export const READ_ONLY_ROLES: readonly StaffRole[] = ["auditor"];

export interface AdminNavItem {
  to: string;
  label: string;
  roles: readonly StaffRole[];
}

/** The back office navigation; a screen is shown to the roles listed. Add one line per screen. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: "/admin", label: "Home", roles: STAFF_ROLES },
  { to: "/admin/staff", label: "Staff", roles: ["admin", "auditor"] },
  { to: "/admin/blog", label: "Blog", roles: ["admin", "auditor"] },
  { to: "/admin/enquiries", label: "Enquiries", roles: ["admin", "auditor"] },
  { to: "/admin/audit", label: "Audit log", roles: ["auditor"] },
  { to: "/admin/credit", label: "My queue", roles: ["credit_manager", "auditor"] },
  { to: "/admin/sanction", label: "Sanction", roles: ["credit_head", "auditor"] },
  { to: "/admin/disbursal", label: "Disbursal", roles: ["disbursal", "auditor"] },
  { to: "/admin/bank-transfers", label: "Bank transfers", roles: ["collections", "accounts", "auditor"] },
  { to: "/admin/refunds", label: "Refunds", roles: ["accounts", "collections", "auditor"] },
  // Decision 44: manual journals with four eyes, and period close.
  { to: "/admin/journals", label: "Journals", roles: ["accounts", "auditor"] },
  { to: "/admin/period-close", label: "Period close", roles: ["accounts", "auditor"] },
  { to: "/admin/collections", label: "Collections", roles: ["collections", "auditor"] },
  { to: "/admin/reconciliation", label: "Reconciliation", roles: ["accounts", "auditor"] },
  { to: "/admin/settlements", label: "Settlements", roles: ["accounts", "auditor"] },
  { to: "/admin/bank-statement", label: "Bank statement", roles: ["accounts", "auditor"] },
  // Issue 22: loans by asset class (core/admin/portfolio-desk.ts PORTFOLIO_ROLES).
  { to: "/admin/portfolio", label: "Portfolio", roles: ["admin", "credit_head", "accounts", "auditor"] },
  { to: "/admin/bureau", label: "Credit bureau", roles: ["accounts", "auditor"] },
  // Issue 33: each customer's KYC record uploaded to CKYCR (core/admin/ckyc-desk.ts CKYC_DESK_ROLES).
  { to: "/admin/ckyc", label: "CKYC uploads", roles: ["accounts", "data_protection"] },
  // Issue 32: transactions through ONDC buyer apps and their messages (core/admin/ondc-desk.ts ONDC_DESK_ROLES).
  { to: "/admin/ondc", label: "ONDC", roles: ["admin", "credit_head", "accounts", "auditor"] },
  // Issue 32, point 9: finder fees owed to each buyer app (core/admin/buyer-app-fee-desk.ts BUYER_APP_FEE_ROLES).
  { to: "/admin/buyer-app-fees", label: "Buyer app fees", roles: ["accounts", "auditor"] },
  // Issue 29: the accountant's desk (core/admin/books-desk.ts BOOKS_ROLES).
  { to: "/admin/loans", label: "Loan accounts", roles: ["accounts", "auditor"] },
  { to: "/admin/trial-balance", label: "Trial balance", roles: ["accounts", "auditor"] },
  { to: "/admin/general-ledger", label: "General ledger", roles: ["accounts", "auditor"] },
  { to: "/admin/day-book", label: "Day book", roles: ["accounts", "auditor"] },
  { to: "/admin/grievances", label: "Grievances", roles: ["grievance_officer", "admin", "auditor"] },
  { to: "/admin/data-requests", label: "Data requests", roles: ["data_protection", "auditor"] },
  // Issue 33: video KYC calls and their concurrent audit.
  { to: "/admin/video-kyc", label: "Video KYC", roles: ["video_kyc", "auditor"] },
];
