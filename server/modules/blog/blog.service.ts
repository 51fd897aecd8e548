import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { blogPosts } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
export type { BlogDetail, BlogSummary } from "../../../core/blog.ts";
import { BLOG_PAGE_MAX, type BlogDetail, type BlogSummary } from "../../../core/blog.ts";
import { blogPostErrors, blogPostSchema, type BlogPostInput } from "../../../core/validation/blog.ts";
import { sanitizePostHtml } from "./blog-sanitize.ts";
export { sanitizePostHtml };
import { blogPosts as seedPosts, type BlogPostSeed } from "./blog-seed-posts.ts";

/** The most posts one list call may return (written once, in core). */
export { BLOG_PAGE_MAX };

const summaryColumns = {
  title: blogPosts.title,
  slug: blogPosts.slug,
  thumb_image_url: blogPosts.thumbImageUrl,
  publish_date: blogPosts.publishDate,
  category_name: blogPosts.categoryName,
  banner_image_url: blogPosts.bannerImageUrl,
};

export function createBlogService(deps: { db: Db; now: () => Date; logger: Logger }) {
  const { db, now, logger } = deps;
  const listeners = new Set<(slug: string) => void>();
  let seeded: Promise<void> | null = null;

  function toRow(input: BlogPostInput) {
    const post = blogPostSchema.parse(input);
    return {
      slug: post.slug,
      title: post.title,
      categoryName: post.category_name,
      publishDate: post.publish_date,
      shortDescription: post.short_description,
      // Sanitized when saved (and again when shown).
      longDescription: sanitizePostHtml(post.long_description),
      seoTitle: post.seo_title,
      seoDescription: post.seo_description,
      thumbImageUrl: post.thumb_image_url,
      bannerImageUrl: post.banner_image_url,
    };
  }

  /** Inserts the seed posts that are missing; never overwrites a post that exists. */
  async function seed(posts: BlogPostSeed[] = seedPosts) {
    const at = now();
    // Only the missing posts are validated and sanitized: on a known database start-up does no HTML work.
    const existing = new Set((await db.select({ slug: blogPosts.slug }).from(blogPosts)).map((r) => r.slug));
    const missing = posts.filter((p) => !existing.has(p.slug));
    if (!missing.length) return;
    const rows = missing.map((p) => ({ ...toRow(p), createdAt: at, updatedAt: at }));
    const inserted = await db.insert(blogPosts).values(rows).onConflictDoNothing({ target: blogPosts.slug }).returning({ slug: blogPosts.slug });
    if (inserted.length) logger.info("blog posts seeded", { count: inserted.length });
  }

  /** Seeds once per process before the first read, so a fresh database always has the posts. */
  function ready() {
    seeded ??= seed().catch((error) => {
      seeded = null;
      throw error;
    });
    return seeded;
  }

  return {
    seed: ready,

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

    /** Creates or replaces a post by slug (sanitizing its HTML) and tells listeners (page caches). */
    async save(input: BlogPostInput) {
      await ready();
      const row = toRow(input);
      const at = now();
      await db
        .insert(blogPosts)
        .values({ ...row, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({ target: blogPosts.slug, set: { ...row, updatedAt: at } });
      for (const listener of listeners) listener(row.slug);
      return row.slug;
    },

    /** The back office list: every post with its dates, a page at a time, by publish date. */
    async deskList(query: { page: number; pageSize: number; order: "newest" | "oldest" }) {
      await ready();
      const direction = query.order === "oldest" ? asc : desc;
      const rows = await db
        .select({
          slug: blogPosts.slug,
          title: blogPosts.title,
          publish_date: blogPosts.publishDate,
          category_name: blogPosts.categoryName,
          updatedAt: blogPosts.updatedAt,
        })
        .from(blogPosts)
        .orderBy(direction(blogPosts.publishDate), direction(blogPosts.createdAt), blogPosts.slug)
        .offset((query.page - 1) * query.pageSize)
        .limit(query.pageSize);
      const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(blogPosts);
      return { posts: rows.map((r) => ({ ...r, updated_at: r.updatedAt.toISOString() })), total: Number(total?.n ?? 0) };
    },

    /** Every field of a post as stored, for the edit form; null when unknown. */
    async forEdit(slug: string): Promise<BlogPostInput | null> {
      await ready();
      const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1);
      if (!row) return null;
      return {
        slug: row.slug,
        title: row.title,
        category_name: row.categoryName,
        publish_date: row.publishDate,
        short_description: row.shortDescription,
        long_description: row.longDescription,
        seo_title: row.seoTitle,
        seo_description: row.seoDescription,
        thumb_image_url: row.thumbImageUrl,
        banner_image_url: row.bannerImageUrl,
      };
    },

    /** Checks a post without saving it: field errors by name (the back office form). */
    validate(input: Record<string, unknown>): Record<string, string> | null {
      return blogPostErrors(input);
    },

    /** Raw stored HTML, for tests that check sanitizing on save. */
    async storedHtml(slug: string) {
      const [row] = await db.select({ html: blogPosts.longDescription }).from(blogPosts).where(eq(blogPosts.slug, slug));
      return row?.html ?? null;
    },

    /** Called with the slug whenever a post is saved, e.g. to drop cached public pages. */
    onChange(listener: (slug: string) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
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

export type BlogService = ReturnType<typeof createBlogService>;
