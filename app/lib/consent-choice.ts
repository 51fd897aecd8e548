// Issue 23: the browser's copy of the visitor's tracking choice (cookie sot_consent), shared by the
// public island (cookie banner), Apply Now and the tracking tag loader. Tiny on purpose: the island
// imports it, and the home page's JavaScript stays under 10 KB.
import { CONSENT_COOKIE, type CookieChoice } from "../../core/data-rights/consent-cookie.ts";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readConsentChoice(cookieHeader: string): CookieChoice | null {
  const match = cookieHeader.match(new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(tracking|none)(?:;|$)`));
  return match ? (match[1] as CookieChoice) : null;
}

export function writeConsentChoice(choice: CookieChoice) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${CONSENT_COOKIE}=${choice}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
}

/** Loads the configured tracking tag (a meta tag names it) once, only after consent. */
export function loadTrackingTag() {
  const src = document.querySelector<HTMLMetaElement>('meta[name="sot-tracking-script"]')?.content;
  if (!src || document.querySelector(`script[data-tracking]`)) return;
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  script.dataset.tracking = "";
  document.head.append(script);
}
