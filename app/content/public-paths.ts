/**
 * Every public marketing page of the site, as site-relative paths. One list for the
 * build-time prerender (react-router.config.ts), the sitemap and the tests.
 * Pages owned by other parts (blog, contact) join the sitemap through the server's
 * `extraSitemapEntries` hook instead.
 */
import { amountPages } from "./amounts.ts";
import { cities } from "./cities.ts";
import { textPages } from "./pages.ts";
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
  ];
}

/** Every public page this list knows, for the sitemap: the marketing pages plus Apply Now. */
export function sitemapPaths(): string[] {
  return [...marketingPaths(), "/apply-now"];
}
