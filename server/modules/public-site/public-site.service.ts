// The public website's server side: the page cache and the sitemap's extra entries.
import { createPageCache, type PageCacheOptions } from "./page-cache.ts";
import type { SitemapEntry } from "./sitemap.ts";

export interface PublicSiteOptions {
  cache?: PageCacheOptions;
  /**
   * Entries the sitemap adds after the static pages: the blog's list and posts, the
   * contact page. Returns [] until those parts exist.
   */
  extraSitemapEntries?: () => Promise<SitemapEntry[]>;
}

export function createPublicSiteService(options: PublicSiteOptions = {}) {
  const pageCache = createPageCache(options.cache);
  return {
    pageCache,
    extraSitemapEntries: options.extraSitemapEntries ?? (async () => []),
    /** Call after any change that alters public HTML (a blog post saved or deleted). */
    invalidate: (...prefixes: string[]) => pageCache.invalidate(...prefixes),
  };
}

export type PublicSiteService = ReturnType<typeof createPublicSiteService>;
