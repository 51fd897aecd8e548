import { redirectDocument } from "react-router";

// Whether a page hydrates. Marketing pages are plain server-rendered (mostly prerendered) HTML:
// root.tsx leaves out React's scripts for them and loads the public-site island instead.
export interface PageHandle {
  hydrate?: false;
  /** URLs of more island scripts the page loads after the public-site one (a `?worker&url` import). */
  islands?: string[];
}

/** The `handle` of a marketing page that loads no React (app/islands/public-site.ts drives its menu, FAQ and calculator). */
export const STATIC_PAGE: PageHandle = { hydrate: false };

/** A page hydrates unless one of its matched routes is a STATIC_PAGE. */
export function pageHydrates(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((m) => (m.handle as PageHandle | undefined)?.hydrate === false);
}

/** The extra island scripts of the matched routes. */
export function pageIslands(matches: readonly { handle?: unknown }[]): string[] {
  return matches.flatMap((m) => (m.handle as PageHandle | undefined)?.islands ?? []);
}

/**
 * The `clientLoader` of every STATIC_PAGE route (issue 21): a client-side move to a marketing page (a link on a
 * hydrated page such as Apply Now or the dashboard) loads it as a document instead. So React never renders a
 * marketing page in the browser, and its islands are the one copy of its calculator and enquiry form.
 * The route needs a server `loader` too (even one answering null): with a clientLoader alone, the server
 * would render the route's fallback instead of the page.
 */
export function loadAsDocument({ request }: { request: Request }): never {
  const url = new URL(request.url);
  throw redirectDocument(`${url.pathname}${url.search}`);
}
