// In-memory cache of anonymous public HTML (server-rendered pages such as blog posts) and
// of the prerendered marketing pages. Entries carry their own hash-based CSP.
// Never holds a response with Set-Cookie, `no-store`/`private`, or a non-200 status, and
// is only consulted for requests without a session (see page-cache.middleware.ts).

import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

/** The encodings a page is kept in; each has its own bytes and its own strong ETag. */
export type PageEncoding = "identity" | "gzip" | "br";

export interface CachedPage {
  body: string;
  /** The body encoded once as UTF-8, so a hit does not re-encode it on every request. */
  bytes: Uint8Array<ArrayBuffer>;
  /** The body gzipped once, on the first request that accepts gzip (not at start-up), then kept. */
  gzip: Uint8Array<ArrayBuffer>;
  /** The body as brotli (quality 11: made once, sent many times), on the first request that accepts br, then kept. */
  br: Uint8Array<ArrayBuffer>;
  /** A strong ETag per encoding (a representation's own bytes differ), from the SHA-256 of the body, made once. */
  etag(encoding: PageEncoding): string;
  /** Content-Type, Cache-Control and the hash CSP. */
  headers: Record<string, string>;
  /** Epoch ms after which the entry is stale; Infinity for build artefacts. */
  expiresAt: number;
}

export interface PageCacheOptions {
  /** Lifetime of server-rendered entries. */
  ttlMs?: number;
  /** Oldest entries are dropped past this many. */
  maxEntries?: number;
  now?: () => number;
}

export type PageCache = ReturnType<typeof createPageCache>;

const encoder = new TextEncoder();
function entry(body: string, headers: Record<string, string>, expiresAt: number): CachedPage {
  let gzip: Uint8Array<ArrayBuffer> | undefined;
  let br: Uint8Array<ArrayBuffer> | undefined;
  let etags: Record<PageEncoding, string> | undefined;
  return {
    body,
    bytes: encoder.encode(body) as Uint8Array<ArrayBuffer>,
    get gzip() {
      return (gzip ??= new Uint8Array(gzipSync(body)));
    },
    get br() {
      return (br ??= new Uint8Array(
        brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } }),
      ));
    },
    etag(encoding) {
      if (!etags) {
        const hash = createHash("sha256").update(body).digest("base64url").slice(0, 27);
        etags = { identity: `"${hash}"`, gzip: `"${hash}-gzip"`, br: `"${hash}-br"` };
      }
      return etags[encoding];
    },
    headers,
    expiresAt,
  };
}

export function createPageCache({ ttlMs = 5 * 60_000, maxEntries = 500, now = Date.now }: PageCacheOptions = {}) {
  const entries = new Map<string, CachedPage>();
  /** Prerendered pages: build artefacts, never expire, never invalidated. */
  const permanent = new Map<string, CachedPage>();
  let hits = 0;
  let misses = 0;

  return {
    ttlMs,
    get(key: string): CachedPage | undefined {
      const fixed = permanent.get(key);
      if (fixed) {
        hits++;
        return fixed;
      }
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) {
        hits++;
        return entry;
      }
      if (entry) entries.delete(key);
      misses++;
      return undefined;
    },
    set(key: string, body: string, headers: Record<string, string>) {
      if (permanent.has(key)) return;
      entries.delete(key);
      entries.set(key, entry(body, headers, now() + ttlMs));
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    setPermanent(key: string, body: string, headers: Record<string, string>) {
      permanent.set(key, entry(body, headers, Number.POSITIVE_INFINITY));
    },
    /**
     * Drops server-rendered entries: all of them, or those whose path equals or starts
     * with one of `prefixes` ("/blog" drops "/blog" and "/blog/any-post"). The blog calls
     * this whenever a post is created, changed or removed. Prerendered pages stay.
     */
    invalidate(...prefixes: string[]) {
      if (!prefixes.length) return entries.clear();
      for (const key of [...entries.keys()]) {
        if (prefixes.some((p) => key === p || key.startsWith(p.endsWith("/") ? p : `${p}/`))) entries.delete(key);
      }
    },
    /**
     * The entry for a cache hit's fast path: a fresh entry, counted as a hit, or undefined, not counted as a miss
     * (the full stack's get() counts it when the request gets there).
     */
    hit(key: string): CachedPage | undefined {
      const found = permanent.get(key) ?? entries.get(key);
      // A prerendered page never expires: no clock read for it.
      if (!found || (found.expiresAt !== Number.POSITIVE_INFINITY && found.expiresAt <= now())) return undefined;
      hits++;
      return found;
    },
    has(key: string) {
      return permanent.has(key) || (entries.get(key)?.expiresAt ?? 0) > now();
    },
    stats() {
      return { hits, misses, entries: entries.size, prerendered: permanent.size };
    },
  };
}
