// The blog (decision 24): posts seeded once, read by the public site (blog-public.ts) and edited in the back
// office (blog-desk.ts); this file seeds, saves and assembles them.
import type { Db } from "../../db/client.ts";
import { blogPosts } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
export type { BlogDetail, BlogSummary } from "../../../core/blog.ts";
import { BLOG_PAGE_MAX } from "../../../core/blog.ts";
import { blogPostSchema, type BlogPostInput } from "../../../core/validation/blog.ts";
import { createBlogDesk } from "./blog-desk.ts";
import { createBlogPublic } from "./blog-public.ts";
import { sanitizePostHtml } from "./blog-sanitize.ts";
export { sanitizePostHtml };
import { blogPosts as seedPosts, type BlogPostSeed } from "./blog-seed-posts.ts";

/** The most posts one list call may return (written once, in core). */
export { BLOG_PAGE_MAX };

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
    ...createBlogPublic({ db, now, ready }),

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

    ...createBlogDesk({ db, ready }),

    /** Called with the slug whenever a post is saved, e.g. to drop cached public pages. */
    onChange(listener: (slug: string) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
