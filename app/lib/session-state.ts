// Non-secret journey state kept in sessionStorage (spec section 3). The session token itself
// lives only in an httpOnly cookie, so scripts never see it (decision 16).
export const STATE_KEYS = [
  "token",
  "mobile",
  "cust_profile_id",
  "profile_id",
  "lead_id",
  "next_step",
  "eligibility",
  "fullName",
  "selfie",
  "pancard",
  "step_percent",
  "percent",
  "edit",
  "dashboardData",
  "utm_source",
  "utm_term",
  "click_id",
] as const;
export type StateKey = (typeof STATE_KEYS)[number];

const available = () => typeof window !== "undefined" && !!window.sessionStorage;

export function readState(key: StateKey): string | null {
  return available() ? window.sessionStorage.getItem(key) : null;
}

export function writeState(values: Partial<Record<StateKey, string | number | null | undefined>>) {
  if (!available()) return;
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, String(value));
  }
}

export function clearState() {
  if (available()) window.sessionStorage.clear();
}
