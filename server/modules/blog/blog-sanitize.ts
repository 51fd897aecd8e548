import sanitizeHtml from "sanitize-html";
import { blogAllowedTags } from "./blog-seed-posts.ts";

/**
 * The one allow-list for post HTML (decision 24), used when a post is saved and again when
 * it is shown. Only the tags of `blogAllowedTags`; links keep `href`/`title` and may point to
 * our own pages (site-relative), https or mailto. Scripts, styles, event handlers, `javascript:`
 * and `data:` URLs never survive. External links open with rel="noopener noreferrer nofollow".
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...blogAllowedTags],
  allowedAttributes: { a: ["href", "title"], th: ["scope", "colspan", "rowspan"], td: ["colspan", "rowspan"] },
  allowedSchemes: ["https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Text of dropped script/style/etc. is discarded, not kept as text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template"],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      const external = /^https:/i.test(href);
      return { tagName, attribs: external ? { ...attribs, rel: "noopener noreferrer nofollow" } : attribs };
    },
  },
};
// rel is added by the transform, so it must be allowed too.
(options.allowedAttributes as Record<string, string[]>).a.push("rel");

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}
