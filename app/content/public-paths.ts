/**
 * Every public marketing page of the site, as site-relative paths. One list for the
 * build-time prerender (react-router.config.ts), the sitemap and the tests.
 * Pages owned by other parts (blog, contact) join the sitemap through the server's
 * `extraSitemapEntries` hook instead.
 */
import { amountPages } from "./amounts.ts";
import { cities } from "./cities.ts";
import { textPages } from "./pages.ts";
import { hasHindiVersion, localizedPath } from "../../core/i18n/languages.ts";
import { purposePages } from "./purposes.ts";

/** Static pages whose HTML never depends on the visitor: prerendered at build time. */
export function marketingPaths(): string[] {
  return [
    "/",
    ...textPages.map((p) => p.path),
    "/faq",
    "/rate-and-terms",
    ...amountPages.map((p) => `/amount/${p.slugs}`),
    ...purposePages.map((p) => `/personal-need/${p.url}`),
    ...cities.map((c) => `/${c.slug}`),
    // Issue 23: the Hindi home page is prerendered too (the other Hindi pages are rendered and cached).
    "/hi",
  ];
}

/** Every public page this list knows, for the sitemap: the marketing pages plus Apply Now, and their Hindi addresses. */
export function sitemapPaths(): string[] {
  const english = [...marketingPaths().filter((p) => !p.startsWith("/hi")), "/apply-now"];
  return [...english, ...english.filter(hasHindiVersion).map((p) => localizedPath(p, "hi"))];
}
