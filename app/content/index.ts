/**
 * Typed page content for the public site: site configuration, city, amount and purpose
 * landing pages, FAQ, text pages and the blog seed posts. Plain data, no I/O.
 */
export * from './types.ts';
export * from './text.ts';
export * from './site.ts';
export * from './cities.ts';
export * from './amounts.ts';
export * from './purposes.ts';
export * from './faq.ts';
export * from './pages.ts';
export * from './blog-posts.ts';
