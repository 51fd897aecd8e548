// Issue 23: the visitor's tracking choice from the cookie banner (sot_consent, set by the public island
// and by My data). Anything but the two known values counts as no choice.
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { CONSENT_COOKIE } from "../../core/data-rights/index.ts";

export function readConsentCookie(c: Context): boolean | null {
  const value = getCookie(c, CONSENT_COOKIE);
  return value === "tracking" ? true : value === "none" ? false : null;
}
