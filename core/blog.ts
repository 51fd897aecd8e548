// The blog's answer shapes (spec section 3): written once for the server that fills them and the pages that read them.

/** Blog summary of spec section 3. */
export interface BlogSummary {
  title: string;
  slug: string;
  thumb_image_url: string;
  publish_date: string;
  category_name: string;
  banner_image_url: string;
}

/** Blog detail of spec section 3, plus the summary fields the page also shows. */
export interface BlogDetail extends BlogSummary {
  short_description: string;
  /** Sanitized by the server when saved and again when read. */
  long_description: string;
  seo_title: string;
  seo_description: string;
  updated_at: string;
}

/** At most this many posts per blog list call (the server's list enforces the same number). */
export const BLOG_PAGE_MAX = 50;
