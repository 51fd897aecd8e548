// Issue 23: the browser's copy of a visitor's tracking choice, set by the cookie banner, Apply Now and
// My data. Its own file so that the public island imports only these two names.
export const CONSENT_COOKIE = "sot_consent";
export type CookieChoice = "tracking" | "none";
