/**
 * Typed page content for the public site: site configuration, city, amount and purpose
 * landing pages, FAQ and text pages (the blog seed posts live in server/modules/blog, since they go into the database). Plain data, no I/O.
 */
export * from "./types.ts";
export * from "./text.ts";
export * from "./site.ts";
export * from "./cities.ts";
export * from "./amounts.ts";
export * from "./purposes.ts";
export * from "./faq.ts";
export * from "./pages.ts";
