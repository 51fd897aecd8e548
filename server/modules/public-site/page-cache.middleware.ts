// Serves anonymous public pages from the page cache (prerendered HTML and recently
// server-rendered pages) and fills it. Requests that carry a session, a query string or
// go to private areas bypass it entirely and render with the per-request nonce.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { hasHindiVersion, prefersHindi, splitLanguagePath } from "../../../core/i18n/index.ts";
import { SESSION_COOKIE, type AppEnv } from "../../http/context.ts";
import { targetOf } from "../../http/url-target.ts";
import type { AccessLogOf } from "../../logger.ts";
import { hashedCsp } from "./html-csp.ts";
import { hitHead, putHitHead, type HitHead } from "./hit-head.ts";
import { hitHeadersFrom, hitHeadersOf, type HitHeaders } from "./hit-request-headers.ts";
import type { CachedPage, PageCache, PageEncoding } from "./page-cache.ts";

const PRIVATE_PREFIXES = ["/admin", "/my-dashboard", "/Api", "/dev", "/assets", "/healthz"];
/** Server-rendered public pages: browsers and CDNs may keep them briefly. */
export const RENDERED_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

/** A path of the public site that may be a page: not a private area, not a file. */
export function isPublicPagePath(pathname: string): boolean {
  if (PRIVATE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return false;
  // Files (favicon.svg, images) and client-navigation data (.data) are not pages.
  return !/\.[a-z0-9]+$/i.test(pathname);
}

/** Anonymous GET/HEAD of a public page path without a query string. */
export function isCacheableRequest(method: string, url: URL, hasSession: boolean): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (hasSession || url.search) return false;
  return isPublicPagePath(url.pathname);
}

/** Whether a rendered response may be stored: 200 HTML, no cookies, not private. */
export function isCacheableResponse(res: Response): boolean {
  if (res.status !== 200) return false;
  if (res.headers.has("Set-Cookie")) return false;
  if (!(res.headers.get("Content-Type") ?? "").startsWith("text/html")) return false;
  return !/no-store|private|no-cache/i.test(res.headers.get("Cache-Control") ?? "");
}

/**
 * An English page with a Hindi version depends on the visitor's language too (it redirects a visitor
 * who prefers Hindi), so shared caches must key it on Cookie and Accept-Language as well.
 */
export function varyOf(path: string): string {
  const key = path.length > 1 ? path.replace(/\/+$/, "") : "/";
  return splitLanguagePath(key).lang === "en" && hasHindiVersion(key) ? "Accept-Encoding, Cookie, Accept-Language" : "Accept-Encoding";
}

/** Accept-Encoding's distinct values are few (a browser sends one): each is read once, then remembered (a bounded map). */
const encodingsRead = new Map<string, PageEncoding>();

/** The encoding a page is sent in: brotli, else gzip, as Accept-Encoding allows (`;q=0` refuses one, `*` allows any); else plain. */
export function encodingFor(acceptEncoding: string | undefined): PageEncoding {
  if (!acceptEncoding) return "identity";
  const known = encodingsRead.get(acceptEncoding);
  if (known) return known;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((p) => p.startsWith("q="));
    if (name) weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get("*") ?? 0) > 0;
  const chosen: PageEncoding = accepts("br") ? "br" : accepts("gzip") ? "gzip" : "identity";
  if (encodingsRead.size >= 256) encodingsRead.clear();
  encodingsRead.set(acceptEncoding, chosen);
  return chosen;
}

/** If-None-Match names this ETag (weak comparison, as RFC 9110 asks for it), or is `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** A page's bytes in an encoding. */
export const bytesIn = (page: CachedPage, encoding: PageEncoding) => (encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.bytes);

export interface CacheHit {
  /** The path as requested (a trailing slash kept), for the access log. */
  path: string;
  page: CachedPage;
  encoding: PageEncoding;
  /** The client holds this representation already (If-None-Match): 304, no body. */
  notModified: boolean;
}

const SESSION_COOKIE_PREFIX = `${SESSION_COOKIE}=`;

/** What a requested path means for a hit, worked out once per path: its cache key, whether it may be a page, and whether Hindi readers go elsewhere. */
interface PathFacts {
  key: string;
  publicPage: boolean;
  /** An English page with a Hindi version: a visitor who prefers Hindi is sent there by the full stack. */
  hasHindi: boolean;
}
/** Bounded: paths come from the network (a page's trailing-slash variants are endless). */
const pathFacts = new Map<string, PathFacts>();
function factsOf(path: string): PathFacts {
  let facts = pathFacts.get(path);
  if (!facts) {
    const key = path.length > 1 ? (path.endsWith("/") ? path.replace(/\/+$/, "") : path) : "/";
    facts = { key, publicPage: isPublicPagePath(path), hasHindi: splitLanguagePath(key).lang === "en" && hasHindiVersion(key) };
    if (pathFacts.size >= 4096) pathFacts.clear();
    pathFacts.set(path, facts);
  }
  return facts;
}

/**
 * The one definition of a hit, for Hono's fast path and the node:http one: an anonymous GET/HEAD
 * of a cached public page without a query string. A session (cookie or auth-token), a query, a
 * private prefix, a file or a miss is null and goes to the full stack.
 */
export function cachedHit(cache: PageCache, method: string, target: string, h: HitHeaders): CacheHit | null {
  if ((method !== "GET" && method !== "HEAD") || target.includes("?")) return null;
  if ((h.cookie && h.cookie.includes(SESSION_COOKIE_PREFIX)) || h.authToken) return null;
  // Cache keys are normalized paths (a URL's pathname), so a target equal to one (trailing slashes
  // aside) is its own pathname: no URL needs parsing to check it.
  const facts = factsOf(target);
  if (!facts.publicPage) return null;
  // A visitor who prefers Hindi is sent to the page's Hindi address by the full stack (language.routes.ts).
  if (facts.hasHindi && prefersHindi(h.cookie, h.acceptLanguage)) return null;
  const page = cache.hit(facts.key);
  if (!page) return null;
  const encoding = encodingFor(h.acceptEncoding);
  return { path: target, page, encoding, notModified: h.ifNoneMatch !== undefined && matchesEtag(h.ifNoneMatch, page.etag(encoding)) };
}

/** A hit's status, headers as a flat [name, value, name, value, ...] list, and its body. */
export interface HitResponse {
  status: 200 | 304;
  headers: string[];
  /** Where the X-Request-Id value sits in `headers`: the only value that changes per request. */
  requestIdAt: number;
  payload: Buffer<ArrayBuffer>;
  /** A 200's header block as node:http would write it, for the node fast path (hit-head.ts). */
  head?: HitHead;
}

const NO_BODY = Buffer.alloc(0);

/**
 * The response of a hit, headers in this order; `widenCsp` adds what the app's CSP middleware would. A 304
 * carries what the 200 would say of caching (ETag, Cache-Control, Vary) and the hardening headers, no body
 * and none of the body's own headers.
 */
function hitResponse(
  fixedHeaders: Record<string, string>,
  hit: Pick<CacheHit, "page" | "encoding" | "notModified" | "path">,
  widenCsp?: (policy: string) => string,
): HitResponse {
  const { page, encoding } = hit;
  const named: Record<string, string> = {
    ...fixedHeaders,
    ...page.headers,
    Vary: varyOf(hit.path),
    "X-Page-Cache": "hit",
    "X-Request-Id": "",
    ETag: page.etag(encoding),
  };
  if (widenCsp && named["Content-Security-Policy"]) named["Content-Security-Policy"] = widenCsp(named["Content-Security-Policy"]);
  if (hit.notModified) {
    delete named["Content-Type"];
    const headers = Object.entries(named).flat();
    return { status: 304, headers, requestIdAt: headers.indexOf("X-Request-Id") + 1, payload: NO_BODY };
  }
  if (encoding !== "identity") named["Content-Encoding"] = encoding;
  const bytes = bytesIn(page, encoding);
  // A Buffer view of the same bytes: node:http would wrap a plain Uint8Array in a new Buffer on every write.
  const payload = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  named["Content-Length"] = String(payload.byteLength);
  const headers = Object.entries(named).flat();
  const requestIdAt = headers.indexOf("X-Request-Id") + 1;
  return { status: 200, headers, requestIdAt, payload, head: hitHead(200, headers, requestIdAt) };
}

/**
 * Hit responses built once per cached page and encoding, not per request. Keyed by the entry object:
 * a page stored again is a new entry, so a stale list is never used.
 */
export function hitResponses(fixedHeaders: Record<string, string>, widenCsp?: (policy: string) => string) {
  // Slots by encoding, then 200 or 304: no key string is built per hit.
  const slot: Record<PageEncoding, number> = { identity: 0, gzip: 2, br: 4 };
  const built = new WeakMap<CachedPage, (HitResponse | undefined)[]>();
  return (hit: CacheHit): HitResponse => {
    let forPage = built.get(hit.page);
    if (!forPage) built.set(hit.page, (forPage = []));
    return (forPage[slot[hit.encoding] + (hit.notModified ? 1 : 0)] ??= hitResponse(fixedHeaders, hit, widenCsp));
  };
}

/**
 * Each hit response's access-log writers (Logger.requestOf), per method and path as requested, so a hit
 * builds only its id, time and duration into its line. At most 16 paths per response are kept (a page's
 * trailing-slash variants are endless); others get a writer made for the one request.
 */
function accessLogs(logOf: AccessLogOf) {
  type Writer = ReturnType<AccessLogOf>;
  const built = new WeakMap<HitResponse, { GET: Map<string, Writer>; HEAD: Map<string, Writer> }>();
  return (response: HitResponse, method: "GET" | "HEAD", path: string): Writer => {
    let forResponse = built.get(response);
    if (!forResponse) built.set(response, (forResponse = { GET: new Map(), HEAD: new Map() }));
    const byPath = forResponse[method];
    let writer = byPath.get(path);
    if (!writer) {
      writer = logOf({ method, path, status: response.status });
      if (byPath.size < 16) byPath.set(path, writer);
    }
    return writer;
  };
}

/**
 * Fast path, mounted first: a cache hit for an anonymous visitor is answered before any
 * other middleware runs, with the hardening headers and the entry's own hash CSP.
 * Everything else (misses, sessions, queries) falls through to the full stack.
 * A hit still gets its request id and its access-log line, as every request does.
 */
export function pageCacheFastPath(cache: PageCache, fixedHeaders: Record<string, string>, logOf: AccessLogOf): MiddlewareHandler<AppEnv> {
  const responses = hitResponses(fixedHeaders);
  const logs = accessLogs(logOf);
  return async (c, next) => {
    const started = performance.now();
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") return next();
    const hit = cachedHit(cache, method, targetOf(c.req.url), {
      cookie: c.req.header("cookie"),
      authToken: c.req.header("auth-token"),
      acceptEncoding: c.req.header("accept-encoding"),
      acceptLanguage: c.req.header("accept-language"),
      ifNoneMatch: c.req.header("if-none-match"),
    });
    if (!hit) return next();
    const reqId = randomUUID();
    const response = responses(hit);
    const { status, headers: list, requestIdAt, payload } = response;
    const headers = new Headers();
    for (let i = 0; i < list.length; i += 2) headers.append(list[i], i + 1 === requestIdAt ? reqId : list[i + 1]);
    logs(response, method, hit.path)(reqId, Math.round((performance.now() - started) * 10) / 10);
    return new Response(method === "HEAD" || status === 304 ? null : payload, { status, headers });
  };
}

export interface NodeFastPathOptions {
  /** The tracking tag's CSP widening (decision 22), which Hono applies to every answer in front of its fast path. */
  widenCsp?: (policy: string) => string;
  /** False for a Host header that Hono's middleware would redirect first (sandbox loopback names, issue 14). */
  answersHost?: (host: string | undefined) => boolean;
}

/**
 * The same fast path one level lower, in front of Hono on the node:http server (server/main.ts):
 * a hit is written straight to the socket without building a Request or a Response, with a header
 * block built once per page (hit-head.ts) instead of writeHead's per request. Returns false when the
 * request is not a hit; the caller hands it to Hono.
 */
export function pageCacheNodeFastPath(cache: PageCache, fixedHeaders: Record<string, string>, logOf: AccessLogOf, options: NodeFastPathOptions = {}) {
  const responses = hitResponses(fixedHeaders, options.widenCsp);
  const logs = accessLogs(logOf);
  const answersHost = options.answersHost;
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method ?? "";
    if (method !== "GET" && method !== "HEAD") return false;
    const started = performance.now();
    const h = hitHeadersOf(req.rawHeaders) ?? hitHeadersFrom(req.headers);
    const hit = cachedHit(cache, method, req.url ?? "", h);
    if (!hit || (answersHost && !answersHost(h.host))) return false;
    const reqId = randomUUID();
    const response = responses(hit);
    const { status, headers, requestIdAt, payload, head } = response;
    if (!head || !putHitHead(res, head, reqId, h.expect)) {
      // writeHead copies the list into the header block at once, so the shared list can carry this request's id.
      headers[requestIdAt] = reqId;
      res.writeHead(status, headers);
    }
    res.end(method === "HEAD" || status === 304 ? undefined : payload);
    logs(response, method, hit.path)(reqId, Math.round((performance.now() - started) * 10) / 10);
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
      const encoding = encodingFor(c.req.header("accept-encoding"));
      const headers: Record<string, string> = { ...hit.headers, Vary: varyOf(key), "X-Page-Cache": "hit", ETag: hit.etag(encoding) };
      if (matchesEtag(c.req.header("if-none-match"), headers.ETag!)) {
        delete headers["Content-Type"];
        return new Response(null, { status: 304, headers });
      }
      if (encoding !== "identity") headers["Content-Encoding"] = encoding;
      return new Response(c.req.method === "HEAD" ? null : bytesIn(hit, encoding), { status: 200, headers });
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
      headers.set("Vary", varyOf(key));
      // The page is already whole in memory, so the first visitor gets the stored encoding (and its ETag) too.
      const stored = cache.get(key);
      if (stored) {
        const encoding = encodingFor(c.req.header("accept-encoding"));
        headers.set("ETag", stored.etag(encoding));
        if (encoding !== "identity") headers.set("Content-Encoding", encoding);
        c.res = new Response(bytesIn(stored, encoding), { status: res.status, statusText: res.statusText, headers });
        return;
      }
    }
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
  };
}
