// First-touch attribution (decision 22, spec 3): the UTM parameters and click_id of the first page
// a visitor lands on are kept in a first-party cookie, so they reach the login event whichever page
// the visitor signs in from. A later landing with other parameters does not overwrite them.
// Pages with a query string are never served from the page cache, so this runs on every landing.
import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "./context.ts";

export const FIRST_TOUCH_COOKIE = "sot_ft";
export const TRACKING_PARAMS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "click_id"] as const;
export type FirstTouch = Partial<Record<(typeof TRACKING_PARAMS)[number], string>>;

const MAX_AGE_DAYS = 30;
/** Printable ASCII without quotes, spaces or separators; at most 100 characters (the login schema's limit). */
const clean = (value: string) => value.replace(/[^A-Za-z0-9._~:/@!$()*+,=-]/g, "").slice(0, 100);

function fromQuery(url: URL): FirstTouch | null {
  const found: FirstTouch = {};
  for (const key of TRACKING_PARAMS) {
    const value = url.searchParams.get(key);
    if (value && clean(value)) found[key] = clean(value);
  }
  return Object.keys(found).length ? found : null;
}

/** The visitor's first-touch parameters, or null. */
export function readFirstTouch(c: Context): FirstTouch | null {
  const raw = getCookie(c, FIRST_TOUCH_COOKIE);
  if (!raw) return null;
  const found: FirstTouch = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    if ((TRACKING_PARAMS as readonly string[]).includes(key) && clean(value)) found[key as keyof FirstTouch] = clean(value);
  }
  return Object.keys(found).length ? found : null;
}

/** On a page GET that carries tracking parameters and no first-touch cookie yet, sets one (`secure`: served over https). */
export function firstTouchCookie(secure: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET" || /^\/(index\.php\/)?Api\/|^\/assets\//.test(c.req.path)) return;
    const found = fromQuery(new URL(c.req.url));
    if (!found || getCookie(c, FIRST_TOUCH_COOKIE)) return;
    setCookie(c, FIRST_TOUCH_COOKIE, new URLSearchParams(found as Record<string, string>).toString(), {
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
      secure,
      maxAge: MAX_AGE_DAYS * 24 * 60 * 60,
    });
  };
}
