// Which language a visitor reads, and how public pages are addressed per language (issue 23).
// English pages keep their paths; a Hindi page is the same path under /hi (/hi, /hi/apply-now).

export const LANGUAGES = ["en", "hi"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** The cookie that remembers the choice (`en` or `hi`). */
export const LANG_COOKIE = "lang";
/** A year: the choice outlives a session. */
export const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** `<html lang>` of a page in this language. */
export const HTML_LANG: Record<Language, string> = { en: "en-IN", hi: "hi-IN" };

/** Each language's own name, shown in the switch in its own script. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", hi: "हिन्दी" };

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "hi";
}

/** The language a customer's documents are made in: the profile's preferred_language, English when unset. */
export function documentLanguage(profile: { preferredLanguage?: string | null } | null | undefined): Language {
  return isLanguage(profile?.preferredLanguage) ? profile.preferredLanguage : DEFAULT_LANGUAGE;
}

/**
 * The first language of an Accept-Language header we publish in (by q-value), or null.
 * "hi-IN,hi;q=0.9,en;q=0.8" → hi; "en-GB,en" → en; "fr" → null.
 */
export function fromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { base: tag.trim().toLowerCase().split("-")[0], q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((r) => r.base && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranked) if (isLanguage(r.base)) return r.base;
  return null;
}

/** The visitor's language: the `lang` cookie when set, else the browser's Accept-Language, else English. */
export function negotiateLanguage(input: { cookie?: string | null; acceptLanguage?: string | null }): Language {
  if (isLanguage(input.cookie)) return input.cookie;
  return fromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/** The `lang` cookie's value in a Cookie header, without parsing the rest. */
export function langCookieOf(cookieHeader: string | null | undefined): Language | null {
  if (!cookieHeader) return null;
  const match = /(?:^|;\s*)lang=([a-z]{2})(?:;|$)/.exec(cookieHeader);
  return match && isLanguage(match[1]) ? match[1] : null;
}

/**
 * Public paths that exist in Hindi (under /hi). The list grows as pages are written in Hindi;
 * a path not listed stays English only, so a page never mixes the two languages.
 */
export const HINDI_PUBLIC_PATHS: readonly string[] = [
  "/",
  "/apply-now",
  "/repayloan",
  "/thanku",
  "/fail",
  "/raise-a-complaint",
  "/thankyouvkyc",
  // The rest of the public site (app/content's Hindi counterparts and the catalogue's public.* part).
  "/about-salaryontime",
  "/instant-loan",
  "/apply-for-short-term-personal-loan",
  "/apply-for-emergency-personal-loan",
  "/faq",
  "/rate-and-terms",
  "/service-area",
  "/privacy-policy",
  "/terms-and-conditions",
  "/grievance-redressal",
  "/recovery-agents",
  "/contact-salaryontime",
  // The city pages (app/content/cities.ts; app/content/cities-hi.test.ts holds the two lists together).
  "/instant-personal-loan-in-delhi",
  "/apply-for-personal-loan-in-gurgaon",
  "/get-personal-loan-in-noida",
  "/apply-personal-loan-in-faridabad",
  "/advance-loans-online-in-bangalore",
  "/apply-for-quick-personal-loan-in-pune",
  "/get-online-personal-loan-in-thane",
  "/instant-personal-loan-in-mysore",
  "/instant-personal-loan-in-ahmedabad",
  "/instant-personal-loan-online-in-hyderabad",
  "/loan-agency-in-mumbai",
  "/instant-personal-loan-in-greater-noida",
  "/get-instant-personal-loan-in-ghaziabad",
  "/apply-for-instant-personal-loan-in-bhopal",
  "/instant-personal-loan-in-coimbatore",
  "/apply-for-personal-loan-in-kanchipuram",
  "/apply-for-personal-loan-in-vadodara",
  "/personal-loan-in-chennai",
  "/apply-for-personal-loan-in-raigarh",
  "/instant-personal-loan-in-ranga-reddy",
  "/instant-personal-loan-in-jaipur",
  "/secure-personal-loan-in-indore",
  "/apply-for-instant-personal-loan-in-vellore",
  "/apply-for-instant-personal-loan-in-guntur",
  "/instant-loans-in-tiruvallur",
  "/apply-for-instant-personal-loan-in-nellore",
  // The amount and purpose pages (app/content/amounts.ts, purposes.ts; app/components/public/landing-pages.test.tsx holds the lists together).
  "/amount/10000-instant-personal-loan",
  "/amount/15000-instant-personal-loan",
  "/amount/20000-instant-personal-loan",
  "/amount/25000-instant-personal-loan",
  "/amount/30000-instant-personal-loan",
  "/amount/50000-instant-personal-loan",
  "/amount/1-lakh-instant-personal-loan",
  "/personal-need/personal-loan-for-travel",
  "/personal-need/personal-loan-for-low-salary",
  "/personal-need/personal-loan-for-teachers",
  "/personal-need/personal-loan-for-medical-emergency",
  "/personal-need/two-wheeler-loan",
];

const HINDI_PREFIX = "/hi";

/** The language a public path is in, and the path without its language prefix. */
export function splitLanguagePath(pathname: string): { lang: Language; path: string } {
  if (pathname === HINDI_PREFIX || pathname === `${HINDI_PREFIX}/`) return { lang: "hi", path: "/" };
  if (pathname.startsWith(`${HINDI_PREFIX}/`)) return { lang: "hi", path: pathname.slice(HINDI_PREFIX.length) };
  return { lang: "en", path: pathname };
}

export function hasHindiVersion(path: string): boolean {
  const plain = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return HINDI_PUBLIC_PATHS.includes(plain);
}

/**
 * Where a public path lives in a language: "/apply-now" in Hindi is "/hi/apply-now"; a path with
 * no Hindi version (and anything outside the public site) stays as it is.
 */
export function localizedPath(path: string, lang: Language): string {
  const cut = path.search(/[?#]/);
  const pathname = cut < 0 ? path : path.slice(0, cut);
  const rest = cut < 0 ? "" : path.slice(cut);
  const plain = splitLanguagePath(pathname).path;
  if (lang === "en" || !hasHindiVersion(plain)) return plain + rest;
  return (plain === "/" ? HINDI_PREFIX : `${HINDI_PREFIX}${plain}`) + rest;
}

/**
 * Whether an English-addressed public page should send this visitor to its Hindi version: the lang
 * cookie says hi, or there is no lang cookie and the browser's Accept-Language prefers Hindi.
 */
export function prefersHindi(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): boolean {
  return negotiateLanguage({ cookie: langCookieOf(cookieHeader), acceptLanguage }) === "hi";
}
