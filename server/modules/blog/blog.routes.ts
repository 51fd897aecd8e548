import { Hono } from "hono";
import type { Services } from "../../services.ts";
import { BLOG_PAGE_MAX } from "../../../core/blog.ts";
import { apiContract as api } from "../../../core/contract/index.ts";
import { DEFAULT_BODY_LIMIT, parseJsonObject, readBodyText } from "../../http/body.ts";
import type { AppEnv } from "../../http/context.ts";
import { Status } from "../../http/envelope.ts";
import { InvalidInput, NotFound } from "../domain-errors.ts";

export const BLOG_MESSAGES = {
  listed: "Blogs fetched successfully.",
  found: "Blog fetched successfully.",
  notFound: "Blog not found.",
  badRange: `start and end must be whole numbers with 0 ≤ start ≤ end and at most ${BLOG_PAGE_MAX} posts per call.`,
  slugRequired: "blog_slug is required.",
} as const;

async function body(request: Request) {
  const { text } = await readBodyText(request, DEFAULT_BODY_LIMIT);
  return text.trim() ? parseJsonObject(text) : {};
}

/**
 * Spec section 7: the blog calls read `data` (a list; the detail is data[0]), so these two
 * answers carry `data` in lower case beside Status and Message.
 */
export function createBlogRoutes({ blog }: Pick<Services, "blog">) {
  const routes = new Hono<AppEnv>();
  routes.post(api.blog.path, async (c) => {
    const parsed = api.blog.input.safeParse(await body(c.req.raw));
    if (!parsed.success) throw new InvalidInput(BLOG_MESSAGES.badRange, { start: BLOG_MESSAGES.badRange });
    const data = await blog.list(parsed.data.start, parsed.data.end);
    return c.json({ Status: Status.OK, Message: BLOG_MESSAGES.listed, data });
  });
  routes.post(api.blogDetail.path, async (c) => {
    const parsed = api.blogDetail.input.safeParse(await body(c.req.raw));
    if (!parsed.success) throw new InvalidInput(BLOG_MESSAGES.slugRequired, { blog_slug: BLOG_MESSAGES.slugRequired });
    const post = await blog.detail(parsed.data.blog_slug);
    if (!post) throw new NotFound(BLOG_MESSAGES.notFound, { blog_slug: BLOG_MESSAGES.notFound });
    return c.json({ Status: Status.OK, Message: BLOG_MESSAGES.found, data: [post] });
  });
  return routes;
}
