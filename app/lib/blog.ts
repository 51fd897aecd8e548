// Small helpers of the blog pages (spec section 2, Blog).
import { formatDate } from "../../core/format.ts";
import type { BlogSource } from "./server-context.ts";

/** Spec section 9: titles on the list are cut at 50 characters, then '...'. */
export const BLOG_TITLE_MAX = 50;
/** Spec section 9: the list shows posts 0 to 10. */
export const BLOG_PAGE_SIZE = 10;

export function truncateTitle(title: string, max = BLOG_TITLE_MAX): string {
  return title.length > max ? `${title.slice(0, max).trimEnd()}...` : title;
}

/** "2026-01-12" → "12 Jan 2026" (core/format: the site's one date style). */
export function formatPublishDate(isoDate: string): string {
  return formatDate(isoDate);
}

/** The blog source the server put in the request context; a 503 if the page runs without one. */
export function requireBlog(source: BlogSource | undefined): BlogSource {
  if (!source) throw new Response("The blog is not available right now.", { status: 503 });
  return source;
}
