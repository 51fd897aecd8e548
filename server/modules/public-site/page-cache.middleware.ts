// Serves anonymous public pages from the page cache (prerendered HTML and recently
// server-rendered pages) and fills it. Requests that carry a session, a query string or
// go to private areas bypass it entirely and render with the per-request nonce.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
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

/** What a cache hit needs to know of a request; the same whether it comes from Hono or straight from node:http. */
export interface HitRequest {
  method: string;
  /** Path and query as sent (`/faq`, `/faq?x=1`). */
  target: string;
  cookie?: string;
  authToken?: string | string[];
  acceptEncoding?: string;
}

export interface CacheAnswer {
  path: string;
  headers: Record<string, string>;
  /** null for HEAD. */
  payload: Uint8Array | null;
}

/**
 * The cached answer for an anonymous GET/HEAD of a public page without a query string, or null:
 * a session (cookie or auth-token), a query, a private prefix or a miss all go to the full stack.
 */
export function cachedAnswer(cache: PageCache, fixedHeaders: Record<string, string>, req: HitRequest, reqId: string): CacheAnswer | null {
  const method = req.method;
  if ((method !== "GET" && method !== "HEAD") || req.target.includes("?")) return null;
  if ((req.cookie && req.cookie.includes(`${SESSION_COOKIE}=`)) || req.authToken) return null;
  const path = req.target;
  const key = path.length > 1 ? path.replace(/\/+$/, "") : "/";
  if (!cache.has(key) || !isCacheableRequest(method, new URL(path, "http://x"), false)) return null;
  const hit = cache.get(key)!;
  const gzip = /\bgzip\b/.test(req.acceptEncoding ?? "");
  const headers: Record<string, string> = { ...fixedHeaders, ...hit.headers, Vary: "Accept-Encoding", "X-Page-Cache": "hit", "X-Request-Id": reqId };
  if (gzip) headers["Content-Encoding"] = "gzip";
  const payload = gzip ? hit.gzip : hit.bytes;
  headers["Content-Length"] = String(payload.byteLength);
  return { path, headers, payload: method === "HEAD" ? null : payload };
}

type AccessLine = { reqId: string; method: string; path: string; status: number; ms: number };

/**
 * Fast path, mounted first: a cache hit for an anonymous visitor is answered before any
 * other middleware runs, with the hardening headers and the entry's own hash CSP.
 * Everything else (misses, sessions, queries) falls through to the full stack.
 * A hit still gets its request id and its access-log line, as every request does.
 */
export function pageCacheFastPath(cache: PageCache, fixedHeaders: Record<string, string>, log: (line: AccessLine) => void): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") return next();
    const url = c.req.url;
    const target = url.slice(url.indexOf("/", url.indexOf("//") + 2));
    const reqId = randomUUID();
    const answer = cachedAnswer(
      cache,
      fixedHeaders,
      { method, target, cookie: c.req.header("cookie"), authToken: c.req.header("auth-token"), acceptEncoding: c.req.header("accept-encoding") },
      reqId,
    );
    if (!answer) return next();
    log({ reqId, method, path: answer.path, status: 200, ms: Math.round((performance.now() - started) * 10) / 10 });
    return new Response(answer.payload as Uint8Array<ArrayBuffer> | null, { status: 200, headers: answer.headers });
  };
}

/**
 * The same fast path one level lower, in front of Hono on the node:http server (server/main.ts):
 * a hit is written straight to the socket without building a Request or a Response, which is most
 * of what a hit cost. Returns false when the request is not a hit; the caller hands it to Hono.
 */
export function pageCacheNodeFastPath(cache: PageCache, fixedHeaders: Record<string, string>, log: (line: AccessLine) => void) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method ?? "";
    if (method !== "GET" && method !== "HEAD") return false;
    const started = performance.now();
    const reqId = randomUUID();
    const h = req.headers;
    const answer = cachedAnswer(
      cache,
      fixedHeaders,
      { method, target: req.url ?? "", cookie: h.cookie, authToken: h["auth-token"], acceptEncoding: h["accept-encoding"] },
      reqId,
    );
    if (!answer) return false;
    res.writeHead(200, answer.headers);
    res.end(answer.payload ?? undefined);
    log({ reqId, method, path: answer.path, status: 200, ms: Math.round((performance.now() - started) * 10) / 10 });
    return true;
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
