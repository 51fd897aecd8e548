// Serves anonymous public pages from the page cache (prerendered HTML and recently
// server-rendered pages) and fills it. Requests that carry a session, a query string or
// go to private areas bypass it entirely and render with the per-request nonce.
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { SESSION_COOKIE, type AppEnv } from "../../http/context.ts";
import { hashedCsp } from "./html-csp.ts";
import type { PageCache } from "./page-cache.ts";

const PRIVATE_PREFIXES = ["/admin", "/my-dashboard", "/Api", "/dev", "/assets", "/healthz"];
/** Server-rendered public pages: browsers and CDNs may keep them briefly. */
export const RENDERED_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

/** Anonymous GET/HEAD of a public page path without a query string. */
export function isCacheableRequest(method: string, url: URL, hasSession: boolean): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (hasSession || url.search) return false;
  if (PRIVATE_PREFIXES.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return false;
  // Files (favicon.svg, images) and client-navigation data (.data) are not pages.
  return !/\.[a-z0-9]+$/i.test(url.pathname);
}

/** Whether a rendered response may be stored: 200 HTML, no cookies, not private. */
export function isCacheableResponse(res: Response): boolean {
  if (res.status !== 200) return false;
  if (res.headers.has("Set-Cookie")) return false;
  if (!(res.headers.get("Content-Type") ?? "").startsWith("text/html")) return false;
  return !/no-store|private|no-cache/i.test(res.headers.get("Cache-Control") ?? "");
}

/**
 * Fast path, mounted first: a cache hit for an anonymous visitor is answered before any
 * other middleware runs, with the hardening headers and the entry's own hash CSP.
 * Everything else (misses, sessions, queries) falls through to the full stack.
 * A hit still gets its request id and its access-log line, as every request does.
 */
export function pageCacheFastPath(
  cache: PageCache,
  fixedHeaders: Record<string, string>,
  log: (line: { reqId: string; method: string; path: string; status: number; ms: number }) => void,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || c.req.url.includes("?")) return next();
    const cookie = c.req.header("cookie");
    if ((cookie && cookie.includes(`${SESSION_COOKIE}=`)) || c.req.header("auth-token")) return next();
    const path = c.req.path;
    const key = path.length > 1 ? path.replace(/\/+$/, "") : "/";
    if (!cache.has(key) || !isCacheableRequest(method, new URL(c.req.url), false)) return next();
    const hit = cache.get(key)!;
    const gzip = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
    const reqId = randomUUID();
    const headers: Record<string, string> = { ...fixedHeaders, ...hit.headers, Vary: "Accept-Encoding", "X-Page-Cache": "hit", "X-Request-Id": reqId };
    if (gzip) headers["Content-Encoding"] = "gzip";
    const payload = gzip ? hit.gzip : hit.bytes;
    headers["Content-Length"] = String(payload.byteLength);
    log({ reqId, method, path, status: 200, ms: Math.round((performance.now() - started) * 10) / 10 });
    return new Response(method === "HEAD" ? null : payload, { status: 200, headers });
  };
}

export function pageCacheMiddleware(cache: PageCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const hasSession = !!(c.req.header("auth-token") || getCookie(c, SESSION_COOKIE));
    if (!isCacheableRequest(c.req.method, url, hasSession)) return next();
    const key = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : "/";

    const hit = cache.get(key);
    if (hit) {
      const gzip = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
      const headers: Record<string, string> = { ...hit.headers, Vary: "Accept-Encoding", "X-Page-Cache": "hit" };
      if (gzip) headers["Content-Encoding"] = "gzip";
      return new Response(c.req.method === "HEAD" ? null : gzip ? hit.gzip : hit.bytes, { status: 200, headers });
    }

    // Render without nonce attributes; the response gets a CSP of its inline scripts' hashes.
    c.set("nonce", "");
    await next();
    const res = c.res;
    if (!(res.headers.get("Content-Type") ?? "").startsWith("text/html") || c.req.method === "HEAD") {
      if ((res.headers.get("Content-Type") ?? "").startsWith("text/html"))
        res.headers.set("Content-Security-Policy", "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'");
      return;
    }
    const body = await res.text();
    const headers = new Headers(res.headers);
    headers.set("Content-Security-Policy", hashedCsp(body));
    if (isCacheableResponse(res)) {
      headers.set("Cache-Control", headers.get("Cache-Control") ?? RENDERED_CACHE_CONTROL);
      cache.set(key, body, {
        "Content-Type": headers.get("Content-Type")!,
        "Cache-Control": headers.get("Cache-Control")!,
        "Content-Security-Policy": headers.get("Content-Security-Policy")!,
      });
      headers.set("X-Page-Cache", "miss");
      headers.set("Vary", "Accept-Encoding");
      // The page is already whole in memory, so the first visitor gets the stored gzip too.
      const stored = cache.get(key);
      if (stored && /\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) {
        headers.set("Content-Encoding", "gzip");
        c.res = new Response(stored.gzip, { status: res.status, statusText: res.statusText, headers });
        return;
      }
    }
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
  };
}
