// The language switch (issue 23): a plain form post, so it works on the static pages that load no
// React. It remembers the choice in the lang cookie and, when signed in, on the profile, then sends
// the visitor back to the page they were on, in the chosen language.
import { Hono, type MiddlewareHandler } from "hono";
import { isLanguage, localizedPath, prefersHindi, splitLanguagePath, hasHindiVersion } from "../../../core/i18n/index.ts";
import type { AppEnv } from "../../http/context.ts";
import type { Services } from "../../services.ts";
import { setLangCookie } from "../../http/language-cookie.ts";
import { optionalSession } from "../../http/session.ts";
import { isPublicPagePath } from "./page-cache.middleware.ts";
import { apiContract as api } from "../../../core/contract/index.ts";

export const LANGUAGE_SWITCH_PATH = api.languageSwitch.path;

/** A same-site path to go back to; anything else (another site, "//host", nonsense) is home. */
export function safeReturnPath(next: unknown): string {
  if (typeof next !== "string" || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\") || next.length > 2000) return "/";
  return next;
}

export function createLanguageRoutes({ auth, profiles, secureCookies }: Pick<Services, "auth" | "profiles"> & { secureCookies: boolean }) {
  const routes = new Hono<AppEnv>();
  routes.post(LANGUAGE_SWITCH_PATH, async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const lang = (form as Record<string, unknown>).lang;
    const next = safeReturnPath((form as Record<string, unknown>).next);
    // Bad input changes nothing and goes back where it came from.
    if (!isLanguage(lang)) return c.redirect(next, 303);
    setLangCookie(c, lang, secureCookies);
    const session = await optionalSession(c, auth);
    if (session) await profiles.setPreferredLanguage(session.profileId, lang);
    c.header("Cache-Control", "no-store");
    return c.redirect(isPublicPagePath(next.split(/[?#]/)[0]) ? localizedPath(next, lang) : next, 303);
  });
  return routes;
}

/**
 * An English-addressed public page that exists in Hindi, asked for by a visitor whose cookie (or, on
 * a first visit, whose browser) prefers Hindi, moves to the Hindi address. Mounted before the page
 * cache, whose hits make the same check (page-cache.middleware.ts).
 */
export function languageRedirect(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") return next();
    const path = c.req.path;
    if (!isPublicPagePath(path) || splitLanguagePath(path).lang === "hi" || !hasHindiVersion(path)) return next();
    if (!prefersHindi(c.req.header("cookie"), c.req.header("accept-language"))) return next();
    const url = new URL(c.req.url);
    c.header("Vary", "Cookie, Accept-Language");
    c.header("Cache-Control", "private, no-store");
    return c.redirect(localizedPath(path + url.search, "hi"), 302);
  };
}
