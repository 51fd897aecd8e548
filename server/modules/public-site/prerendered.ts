// Loads the HTML that `react-router build` prerendered (react-router.config.ts `prerender`)
// into the page cache, each with the CSP hashes of its own inline scripts.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { hashedCsp } from "./html-csp.ts";
import type { PageCache } from "./page-cache.ts";

export const PRERENDERED_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=3600";

function* htmlFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (name === "assets") continue;
    if (statSync(full).isDirectory()) yield* htmlFiles(full);
    else if (name === "index.html") yield full;
  }
}

/** Path of a prerendered file: build/client/faq/index.html → /faq. */
export function pathOfPrerendered(clientDir: string, file: string): string {
  const rel = relative(clientDir, file).split(sep).slice(0, -1).join("/");
  return `/${rel}`;
}

export function loadPrerendered(clientDir: string, cache: PageCache): string[] {
  if (!existsSync(clientDir)) return [];
  const paths: string[] = [];
  for (const file of htmlFiles(clientDir)) {
    const html = readFileSync(file, "utf8");
    const path = pathOfPrerendered(clientDir, file);
    cache.setPermanent(path, html, {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": PRERENDERED_CACHE_CONTROL,
      "Content-Security-Policy": hashedCsp(html),
    });
    paths.push(path);
  }
  return paths;
}
