// The `lang` cookie (issue 23): set by the language switch and at sign-in, read by every page.
import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import { fromAcceptLanguage, isLanguage, LANG_COOKIE, LANG_COOKIE_MAX_AGE, langCookieOf, negotiateLanguage, type Language } from "../../core/i18n/index.ts";
import { apiLanguage } from "./api-language.ts";
import type { ProfileService } from "../modules/profile/profile.service.ts";
import type { AppEnv } from "./context.ts";

/** The saved language choice, read and written by the profile module. */
export type LanguageProfiles = Pick<ProfileService, "preferredLanguage" | "setPreferredLanguage">;

export function setLangCookie(c: Context<AppEnv>, lang: Language, secure: boolean) {
  // Not httpOnly: it holds no secret, only en or hi.
  setCookie(c, LANG_COOKIE, lang, {
    sameSite: "Lax",
    secure,
    path: "/",
    maxAge: LANG_COOKIE_MAX_AGE,
  });
}

/**
 * The language a request asked in, for messages sent before a profile has a saved choice (the sign-in
 * code): the lang cookie, a `lang` field, or an Accept-Language that prefers Hindi; null when none (apps).
 */
export function requestedLanguage(c: Context<AppEnv>, body: Record<string, unknown>): Language | null {
  const cookie = langCookieOf(c.req.header("cookie"));
  if (cookie) return cookie;
  if (isLanguage(body.lang)) return body.lang;
  return fromAcceptLanguage(c.req.header("accept-language")) === "hi" ? "hi" : null;
}

/**
 * At sign-in: a language chosen before signing in (the cookie, or a sign-in asked in Hindi) is saved
 * on the profile; with none, the profile's saved choice comes back as the cookie (a new device).
 */
export async function rememberLanguageAtSignIn(
  c: Context<AppEnv>,
  deps: { profiles: LanguageProfiles; secureCookies: boolean },
  profileId: string,
  body: Record<string, unknown>,
) {
  const { profiles, secureCookies } = deps;
  const chosen = langCookieOf(c.req.header("cookie")) ?? (apiLanguage(c.req.header("accept-language"), body) === "hi" ? "hi" : null);
  const saved = await profiles.preferredLanguage(profileId);
  if (chosen) {
    if (chosen !== saved) await profiles.setPreferredLanguage(profileId, chosen);
    if (!langCookieOf(c.req.header("cookie"))) setLangCookie(c, chosen, secureCookies);
  } else if (saved) setLangCookie(c, saved, secureCookies);
}

/**
 * The language of a page that is not addressed by language (the dashboard): the lang cookie, else the
 * signed-in customer's saved choice, else the browser's Accept-Language, else English.
 */
export async function visitorLanguage(
  c: Context<AppEnv>,
  session: { profileId: string } | null,
  profiles: Pick<ProfileService, "preferredLanguage">,
): Promise<Language> {
  const cookie = langCookieOf(c.req.header("cookie"));
  if (cookie) return cookie;
  const saved = session ? await profiles.preferredLanguage(session.profileId) : null;
  return negotiateLanguage({ cookie: saved, acceptLanguage: c.req.header("accept-language") });
}
