// The public website's module: the page cache and the sitemap's extra entries (blog list and posts, contact page)
// (docs/decisions/platform.md, decision 65).
import { localizedPath } from "../../../core/i18n/index.ts";
import type { BlogService } from "../blog/blog.service.ts";
import { createPublicSiteService } from "./public-site.service.ts";

export function createPublicSiteModule(deps: { blog: Pick<BlogService, "sitemapUrls" | "onChange"> }) {
  const { blog } = deps;
  const publicSite = createPublicSiteService({
    extraSitemapEntries: async () => [{ path: "/contact-salaryontime" }, { path: localizedPath("/contact-salaryontime", "hi") }, ...(await blog.sitemapUrls())],
  });
  // A saved post changes its page, the list and every post's 'Latest Blogs' sidebar.
  blog.onChange(() => publicSite.invalidate("/blog"));
  return { publicSite };
}
