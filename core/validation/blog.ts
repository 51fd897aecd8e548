// The back office's blog post rules (decision 24): written once for the /admin blog form and the blog service.
// Bounds without a message of their own answer with zod's words, as they always have.

import * as z from "zod";

/** The longest post body, in characters, both as typed (Markdown) and as stored (HTML). */
export const BLOG_BODY_MAX = 200_000;

export const BLOG_POST_MESSAGES = {
  imageUrl: "Image URLs must be site-relative or https.",
  slug: "The slug may use lower-case letters, digits and single hyphens.",
} as const;

const imageUrl = z
  .string()
  .trim()
  .max(300)
  .regex(/^(\/(?!\/)[\w./-]+|https:\/\/[\w.-]+\/[\w./%-]*)$/, BLOG_POST_MESSAGES.imageUrl);

export const blogPostSchema = z.object({
  slug: z
    .string()
    .trim()
    .min(3)
    .max(120)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, BLOG_POST_MESSAGES.slug),
  title: z.string().trim().min(3).max(200),
  category_name: z.string().trim().min(2).max(80),
  publish_date: z.iso.date(),
  short_description: z.string().trim().min(10).max(600),
  long_description: z.string().trim().min(1).max(BLOG_BODY_MAX),
  seo_title: z.string().trim().min(10).max(120),
  seo_description: z.string().trim().min(20).max(320),
  thumb_image_url: imageUrl,
  banner_image_url: imageUrl,
});

/** Every field of a post as the form sends it. */
export type BlogPostInput = z.input<typeof blogPostSchema>;

/** A post's problems by field name (the field's last message), or null when it may be saved. */
export function blogPostErrors(input: Record<string, unknown>): Record<string, string> | null {
  const parsed = blogPostSchema.safeParse(input);
  if (parsed.success) return null;
  return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "form"), issue.message]));
}
