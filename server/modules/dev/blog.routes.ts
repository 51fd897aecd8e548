import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { Services } from "../../services.ts";
import { z } from "zod";
import { blogPosts } from "../../db/schema/index.ts";
import { DEFAULT_BODY_LIMIT, parseJsonObject, readBodyText } from "../../http/body.ts";
import type { AppEnv } from "../../http/context.ts";
import { blogPosts as seedPosts } from "../blog/blog-seed-posts.ts";

const body = z.object({
  slug: z.string().regex(/^test-[a-z0-9-]{1,60}$/),
  long_description: z.string().min(1).max(20_000),
  /** Also write the HTML straight to the table, past the save-time sanitizer, to prove the read-time one. */
  store_unsanitized: z.boolean().optional(),
});

/**
 * Sandbox only: lets browser tests create a post (slugs start with "test-") to check that
 * hostile HTML never reaches the page. Never mounted in production mode.
 */
export function createBlogDevRoutes({ blog, db, publicSite }: Pick<Services, "blog" | "db" | "publicSite">) {
  const routes = new Hono<AppEnv>();
  routes.post("/blog-post", async (c) => {
    c.header("Cache-Control", "no-store");
    if (!/^application\/json/i.test(c.req.header("content-type") ?? "")) return c.json({ error: "Send JSON." }, 415);
    const parsed = body.safeParse(parseJsonObject((await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT)).text));
    if (!parsed.success) return c.json({ error: "slug (test-…) and long_description are required." }, 422);
    const { slug, long_description, store_unsanitized } = parsed.data;
    // Unique title and description, so a sitemap crawl in the same run still sees unique pages.
    await blog.save({
      ...seedPosts[0],
      slug,
      title: `Test post ${slug}`,
      seo_title: `Test post ${slug} | SalaryOnTime Blog`,
      seo_description: `A sandbox test post (${slug}) that checks hostile HTML never reaches the page.`,
      publish_date: "2020-01-01",
      long_description,
    });
    if (store_unsanitized) {
      await db.update(blogPosts).set({ longDescription: long_description }).where(eq(blogPosts.slug, slug));
      publicSite.invalidate("/blog");
    }
    return c.json({ path: `/blog/${slug}` });
  });
  return routes;
}
