// The public page cache: entries and their lifetime, the middleware that fills it, and the encodings and
// validators of a hit (issue 35). The node:http fast path is page-cache-node.test.ts.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../http/context.ts";
import type { AccessLine } from "../../logger.ts";
import { createPageCache } from "./page-cache.ts";
import { encodingFor, matchesEtag, pageCacheFastPath, pageCacheMiddleware } from "./page-cache.middleware.ts";
import { collecting, sha } from "./page-cache.test-support.ts";

describe("page cache", () => {
  it("expires rendered entries after the lifetime and keeps prerendered ones", () => {
    let now = 0;
    const cache = createPageCache({ ttlMs: 1000, now: () => now });
    cache.set("/blog", "<p>list</p>", {});
    cache.setPermanent("/faq", "<p>faq</p>", {});
    now = 999;
    expect(cache.get("/blog")?.body).toBe("<p>list</p>");
    now = 1000;
    expect(cache.get("/blog")).toBeUndefined();
    expect(cache.get("/faq")?.body).toBe("<p>faq</p>");
  });

  it("hit() answers a fresh entry and counts it, and leaves a miss for get() to count", () => {
    let now = 0;
    const cache = createPageCache({ ttlMs: 1000, now: () => now });
    cache.set("/blog", "<p>list</p>", {});
    cache.setPermanent("/faq", "<p>faq</p>", {});
    expect(cache.hit("/blog")?.body).toBe("<p>list</p>");
    expect(cache.hit("/faq")?.body).toBe("<p>faq</p>");
    expect(cache.hit("/nowhere")).toBeUndefined();
    now = 1000;
    expect(cache.hit("/blog")).toBeUndefined();
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 0 });
  });

  it("invalidate() drops everything rendered, or only the given prefixes", () => {
    const cache = createPageCache();
    cache.set("/blog", "a", {});
    cache.set("/blog/post-1", "b", {});
    cache.set("/blogger", "c", {});
    cache.setPermanent("/", "home", {});
    cache.invalidate("/blog");
    expect(cache.has("/blog")).toBe(false);
    expect(cache.has("/blog/post-1")).toBe(false);
    expect(cache.has("/blogger")).toBe(true);
    cache.invalidate();
    expect(cache.has("/blogger")).toBe(false);
    expect(cache.has("/")).toBe(true);
  });

  it("drops the oldest entries past its size limit", () => {
    const cache = createPageCache({ maxEntries: 2 });
    cache.set("/a", "a", {});
    cache.set("/b", "b", {});
    cache.set("/c", "c", {});
    expect([cache.has("/a"), cache.has("/b"), cache.has("/c")]).toEqual([false, true, true]);
  });
});

describe("page cache middleware", () => {
  function appWith(render: (path: string, nonce: string) => Response) {
    const cache = createPageCache();
    let renders = 0;
    const app = new Hono<AppEnv>();
    app.use("*", async (c, next) => {
      c.set("nonce", "per-request-nonce");
      await next();
    });
    app.use("*", pageCacheMiddleware(cache));
    app.all("*", (c) => {
      renders++;
      return render(c.req.path, c.var.nonce);
    });
    return { app, cache, renders: () => renders };
  }
  const html = (nonce: string) => `<html><body><h1>Hi</h1><script${nonce ? ` nonce="${nonce}"` : ""}>boot()</script></body></html>`;
  const page =
    (headers: Record<string, string> = {}, status = 200) =>
    (_p: string, nonce: string) =>
      new Response(html(nonce), { status, headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });

  it("renders an anonymous page once without a nonce, then serves it from memory with a hash CSP", async () => {
    const { app, renders } = appWith(page());
    const first = await app.request("/blog/a-post");
    const body = await first.text();
    expect(body).not.toContain("nonce");
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    const csp = first.headers.get("Content-Security-Policy")!;
    expect(csp).toContain(sha("boot()"));
    expect(csp).not.toContain("nonce");
    const second = await app.request("/blog/a-post");
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    expect(await second.text()).toBe(body);
    expect(second.headers.get("Content-Security-Policy")).toBe(csp);
    expect(renders()).toBe(1);
  });

  it("answers a hit on the fast path with its request id and one access-log line, and lets sessions through", async () => {
    const cache = createPageCache();
    cache.set("/about", "<h1>About</h1>", { "Content-Type": "text/html; charset=utf-8" });
    const lines: AccessLine[] = [];
    const app = new Hono<AppEnv>();
    app.use("*", pageCacheFastPath(cache, { "X-Content-Type-Options": "nosniff" }, collecting(lines)));
    app.all("*", (c) => c.text("rendered"));

    const hit = await app.request("/about");
    expect(await hit.text()).toBe("<h1>About</h1>");
    expect(hit.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(lines).toEqual([expect.objectContaining({ method: "GET", path: "/about", status: 200, reqId: hit.headers.get("X-Request-Id") })]);

    const signedIn = await app.request("/about", { headers: { cookie: "sot_session=abc" } });
    expect(await signedIn.text()).toBe("rendered");
    expect(lines).toHaveLength(1);
  });

  it("gzips the first, rendered answer too when the client accepts it", async () => {
    const { app } = appWith(page());
    const first = await app.request("/about", { headers: { "accept-encoding": "gzip" } });
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    expect(first.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await first.arrayBuffer())).toString()).toContain("<h1>Hi</h1>");
  });

  it("serves brotli, else gzip, to clients that accept it, each with its own ETag", async () => {
    const { app } = appWith(page());
    const plain = await app.request("/about");
    const br = await app.request("/about", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(await plain.text());
    const gzip = await app.request("/about", { headers: { "accept-encoding": "gzip, br;q=0" } });
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    const etags = [plain, br, gzip].map((r) => r.headers.get("ETag"));
    expect(new Set(etags).size).toBe(3);
    // The client that holds the page gets a 304 without the body.
    const again = await app.request("/about", { headers: { "accept-encoding": "gzip, deflate, br", "if-none-match": etags[1]! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(etags[1]);
  });

  it("never caches for a visitor with a session, with a query string, or outside the public site", async () => {
    const { app, renders } = appWith(page());
    await app.request("/faq", { headers: { cookie: "sot_session=abc" } });
    await app.request("/faq", { headers: { cookie: "sot_session=abc" } });
    await app.request("/service-area?pin=560001");
    await app.request("/service-area?pin=560001");
    await app.request("/my-dashboard/");
    await app.request("/my-dashboard/");
    expect(renders()).toBe(6);
    const signedIn = await app.request("/faq", { headers: { "auth-token": "t" } });
    expect(await signedIn.text()).toContain('nonce="per-request-nonce"');
  });

  it("never stores responses with Set-Cookie, no-store or an error status", async () => {
    for (const render of [page({ "Set-Cookie": "a=b" }), page({ "Cache-Control": "no-store" }), page({}, 404)]) {
      const { app, renders } = appWith(render);
      await app.request("/x");
      const again = await app.request("/x");
      expect(again.headers.get("X-Page-Cache")).toBeNull();
      expect(renders()).toBe(2);
    }
  });
});

describe("the cached page's encoding and validators", () => {
  it("chooses brotli, then gzip, as Accept-Encoding allows", () => {
    expect(encodingFor(undefined)).toBe("identity");
    expect(encodingFor("")).toBe("identity");
    expect(encodingFor("gzip, deflate, br, zstd")).toBe("br");
    expect(encodingFor("gzip")).toBe("gzip");
    expect(encodingFor("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(encodingFor("BR;Q=0.1")).toBe("br");
    expect(encodingFor("*")).toBe("br");
    expect(encodingFor("*;q=0, identity")).toBe("identity");
    expect(encodingFor("deflate")).toBe("identity");
  });

  it("If-None-Match matches by weak comparison, in a list, or *", () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEtag("*", '"abc"')).toBe(true);
    expect(matchesEtag('"abc-gzip"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });

  it("a page's ETag is its body's SHA-256 (base64url, 27 characters), one per encoding", () => {
    const cache = createPageCache();
    cache.setPermanent("/p", "hello", {});
    const page = cache.get("/p")!;
    // SHA-256("hello") = 2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824, as base64url:
    const hash = Buffer.from("2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824", "hex").toString("base64url").slice(0, 27);
    expect(page.etag("identity")).toBe(`"${hash}"`);
    expect(page.etag("gzip")).toBe(`"${hash}-gzip"`);
    expect(page.etag("br")).toBe(`"${hash}-br"`);
  });
});
