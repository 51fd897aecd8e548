// The back office's reads of the blog (decision 24): the desk's list, a post for the edit form, the form's
// check, and the stored HTML for the tests. Saving is the service's (it tells the page caches).
import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { blogPosts } from "../../db/schema/index.ts";
import { blogPostErrors, type BlogPostInput } from "../../../core/validation/blog.ts";

export function createBlogDesk(deps: { db: Db; ready: () => Promise<void> }) {
  const { db, ready } = deps;
  return {
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
  };
}
