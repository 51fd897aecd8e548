// The blog's public reads (decision 24): the list newest first, one post with its HTML sanitized again on the
// way out, and the sitemap's entries. Each waits for the seed posts first (`ready`, blog.service.ts).
import { desc, eq, sql } from "drizzle-orm";
import { BLOG_PAGE_MAX, type BlogDetail, type BlogSummary } from "../../../core/blog.ts";
import type { Db } from "../../db/client.ts";
import { blogPosts } from "../../db/schema/index.ts";
import { sanitizePostHtml } from "./blog-sanitize.ts";

const summaryColumns = {
  title: blogPosts.title,
  slug: blogPosts.slug,
  thumb_image_url: blogPosts.thumbImageUrl,
  publish_date: blogPosts.publishDate,
  category_name: blogPosts.categoryName,
  banner_image_url: blogPosts.bannerImageUrl,
};

export function createBlogPublic(deps: { db: Db; now: () => Date; ready: () => Promise<void> }) {
  const { db, now, ready } = deps;
  return {
    /** Posts newest first; `start` is the offset, `end` is exclusive (spec: start 0, end 10). */
    async list(start: number, end: number): Promise<BlogSummary[]> {
      await ready();
      const limit = Math.max(0, Math.min(end - start, BLOG_PAGE_MAX));
      if (!limit) return [];
      return db
        .select(summaryColumns)
        .from(blogPosts)
        .orderBy(desc(blogPosts.publishDate), desc(blogPosts.createdAt), blogPosts.slug)
        .offset(start)
        .limit(limit);
    },

    /** One post with its HTML sanitized again on the way out; null when the slug is unknown. */
    async detail(slug: string): Promise<BlogDetail | null> {
      await ready();
      const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1);
      if (!row) return null;
      return {
        title: row.title,
        slug: row.slug,
        thumb_image_url: row.thumbImageUrl,
        publish_date: row.publishDate,
        category_name: row.categoryName,
        banner_image_url: row.bannerImageUrl,
        short_description: row.shortDescription,
        long_description: sanitizePostHtml(row.longDescription),
        seo_title: row.seoTitle,
        seo_description: row.seoDescription,
        updated_at: row.updatedAt.toISOString(),
      };
    },

    /** Sitemap entries: the list page and every post, with its last change. */
    async sitemapUrls(): Promise<{ path: string; lastmod: string }[]> {
      await ready();
      const rows = await db
        .select({
          slug: blogPosts.slug,
          updated: sql<string>`to_char(greatest(${blogPosts.updatedAt}, ${blogPosts.publishDate}::timestamptz) at time zone 'UTC', 'YYYY-MM-DD')`,
        })
        .from(blogPosts)
        .orderBy(desc(blogPosts.publishDate));
      const newest =
        rows
          .map((r) => r.updated)
          .sort()
          .at(-1) ?? now().toISOString().slice(0, 10);
      return [{ path: "/blog", lastmod: newest }, ...rows.map((r) => ({ path: `/blog/${r.slug}`, lastmod: r.updated }))];
    },
  };
}
