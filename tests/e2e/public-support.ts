// Helpers for the public-site browser tests.
import type { APIRequestContext, Page } from "@playwright/test";

/** Site-relative paths listed in /sitemap.xml. */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/** Collects console errors and page errors (CSP violations and hydration errors land here). */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * Opens a page and waits until it is interactive: React has hydrated it (root.tsx marks <html data-hydrated>)
 * or, on the marketing pages that load no React, the public-site island has run (<html data-island-ready>).
 */
export async function gotoReady(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated], html[data-island-ready]").waitFor({ state: "attached" });
  return response;
}
