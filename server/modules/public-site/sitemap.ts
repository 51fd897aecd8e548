// /sitemap.xml and /robots.txt.

export interface SitemapEntry {
  /** Site-relative path, starting with "/". */
  path: string;
  /** ISO date (YYYY-MM-DD) of the last change, when known. */
  lastmod?: string;
}

/** Where crawlers must not go (issue 5). */
export const ROBOTS_DISALLOW = ["/my-dashboard", "/Api", "/dev"] as const;

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/**
 * The sitemap: every static public page (the app's list, handed over by its server build),
 * then the extra entries (blog posts, contact...). Duplicates dropped.
 */
export function buildSitemap(origin: string, staticPaths: readonly string[], extra: SitemapEntry[] = []): string {
  const base = origin.replace(/\/$/, "");
  const seen = new Set<string>();
  const entries = [...staticPaths.map((path) => ({ path }) as SitemapEntry), ...extra].filter((e) => {
    if (seen.has(e.path)) return false;
    seen.add(e.path);
    return true;
  });
  const urls = entries
    .map((e) => `  <url><loc>${escapeXml(base + e.path)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ""}</url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function buildRobots(origin: string): string {
  const base = origin.replace(/\/$/, "");
  return ["User-agent: *", ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), "Allow: /", "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
}
