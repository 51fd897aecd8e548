// Issue 23: the public site's own words beyond the home page and Apply Now (text pages, FAQ, rates and
// terms, contact, service area, city pages' shared blocks), in English exactly as the pages had them.
// Long page content is in app/content (pages.hi.ts, faq.hi.ts), not here (docs/decisions.md).

export const publicEn = {
  "public.updated": "Last updated: {date}",
} as const;
