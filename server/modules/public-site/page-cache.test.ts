// The public page cache: entries and their lifetime, the middleware that fills it, the encodings and validators
// of a hit (issue 35), and the node:http fast path pinned header by header against Hono's.
import { createHash } from "node:crypto";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../http/context.ts";
import { createPageCache } from "./page-cache.ts";
import type { AccessLine, AccessLogOf } from "../../logger.ts";
import { encodingFor, matchesEtag, pageCacheFastPath, pageCacheMiddleware, pageCacheNodeFastPath, type NodeFastPathOptions } from "./page-cache.middleware.ts";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;

/** An access log that keeps its lines as objects. */
const collecting =
  (lines: AccessLine[]): AccessLogOf =>
  (fixed) =>
  (reqId, ms) =>
    lines.push({ ...fixed, reqId, ms });

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

// The node:http fast path in front of Hono, and Hono's own fast path as its reference.
const FIXED = { "X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin", "X-Frame-Options": "DENY" };
const BODY = "<html><body><h1>About</h1><script>boot()</script></body></html>";
const PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "public, max-age=300",
  "Content-Security-Policy": `script-src 'self' ${sha("boot()")}`,
};

/** node:http with the node fast path in front of a Hono app that renders everything else. */
async function nodeServer(options?: NodeFastPathOptions) {
  const cache = createPageCache();
  cache.setPermanent("/about", BODY, PAGE_HEADERS);
  const lines: AccessLine[] = [];
  const app = new Hono();
  app.all("*", (c) => c.text("rendered"));
  const rest = getRequestListener(app.fetch);
  const hit = pageCacheNodeFastPath(cache, FIXED, collecting(lines), options);
  const server: Server = createServer((req, res) => {
    if (!hit(req, res)) void rest(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const send = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
    new Promise<{ status: number; raw: string[]; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, path, method: init.method ?? "GET", headers: init.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, raw: res.rawHeaders, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });
  return { send, lines, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Hono's own fast path on the same page: the reference for the node path's headers. */
function honoFastPath() {
  const cache = createPageCache();
  cache.setPermanent("/about", BODY, PAGE_HEADERS);
  const app = new Hono<AppEnv>();
  app.use(
    "*",
    pageCacheFastPath(cache, FIXED, () => () => {}),
  );
  app.all("*", (c) => c.text("rendered"));
  return app;
}

/** Name/value pairs as sent, without what node:http adds itself (Date, Connection, Keep-Alive). */
const sentPairs = (raw: string[]) =>
  raw.flatMap((name, i) => (i % 2 === 0 && !["date", "connection", "keep-alive"].includes(name.toLowerCase()) ? [[name, raw[i + 1]]] : []));

describe("page cache hits on node:http, before Hono", () => {
  it("sends a hit with the same headers and body as Hono's fast path, in a fixed order, plain, gzip and HEAD", async () => {
    const node = await nodeServer();
    const hono = honoFastPath();
    try {
      const cases: { method?: string; headers?: Record<string, string> }[] = [
        {},
        { headers: { "accept-encoding": "gzip" } },
        { headers: { "accept-encoding": "gzip, deflate, br" } },
        { method: "HEAD" },
      ];
      for (const init of cases) {
        const ours = await node.send("/about", init);
        const reference = await hono.request("/about", init);
        const pairs = sentPairs(ours.raw);
        const encoding = init.headers?.["accept-encoding"]?.includes("br") ? "br" : init.headers ? "gzip" : null;
        expect(pairs.map(([name]) => name)).toEqual([
          ...Object.keys(FIXED),
          ...Object.keys(PAGE_HEADERS),
          "Vary",
          "X-Page-Cache",
          "X-Request-Id",
          "ETag",
          ...(encoding ? ["Content-Encoding"] : []),
          "Content-Length",
        ]);
        const expected = [...reference.headers].filter(([name]) => name !== "x-request-id");
        expect(pairs.filter(([name]) => name !== "X-Request-Id").map(([name, value]) => [name.toLowerCase(), value])).toEqual(expect.arrayContaining(expected));
        expect(pairs).toHaveLength(expected.length + 1);
        expect(ours.headers["x-request-id"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(ours.body).toEqual(Buffer.from(await reference.arrayBuffer()));
        if (encoding === "gzip") expect(gunzipSync(ours.body).toString()).toBe(BODY);
        else if (encoding === "br") expect(brotliDecompressSync(ours.body).toString()).toBe(BODY);
        else if (init.method !== "HEAD") expect(ours.body.toString()).toBe(BODY);
      }
      // A trailing slash is the same page.
      expect((await node.send("/about/")).body.toString()).toBe(BODY);
    } finally {
      await node.close();
    }
  });

  it("answers If-None-Match with the page's ETag by a 304 without the body, as Hono's fast path does", async () => {
    const node = await nodeServer();
    const hono = honoFastPath();
    try {
      const first = await node.send("/about", { headers: { "accept-encoding": "br" } });
      const etag = first.headers.etag!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}-br"$/);
      const again = await node.send("/about", { headers: { "accept-encoding": "br", "if-none-match": etag } });
      expect(again.status).toBe(304);
      expect(again.body.byteLength).toBe(0);
      expect(again.headers).toMatchObject({
        etag,
        "cache-control": PAGE_HEADERS["Cache-Control"],
        vary: "Accept-Encoding",
        "x-content-type-options": "nosniff",
      });
      expect(again.headers["content-type"]).toBeUndefined();
      expect(again.headers["content-encoding"]).toBeUndefined();
      const reference = await hono.request("/about", { headers: { "accept-encoding": "br", "if-none-match": etag } });
      expect(reference.status).toBe(304);
      // Another encoding's ETag is another representation: the whole page.
      const plain = await node.send("/about", { headers: { "if-none-match": etag } });
      expect(plain.status).toBe(200);
      expect(plain.body.toString()).toBe(BODY);
      expect(node.lines.map((l) => l.status)).toEqual([200, 304, 200]);
    } finally {
      await node.close();
    }
  });

  it("gives every hit its own request id and one access-log line with it", async () => {
    const node = await nodeServer();
    try {
      const first = await node.send("/about");
      const second = await node.send("/about", { method: "HEAD" });
      expect(first.headers["x-request-id"]).not.toBe(second.headers["x-request-id"]);
      expect(node.lines).toEqual([
        expect.objectContaining({ reqId: first.headers["x-request-id"], method: "GET", path: "/about", status: 200 }),
        expect.objectContaining({ reqId: second.headers["x-request-id"], method: "HEAD", path: "/about", status: 200 }),
      ]);
    } finally {
      await node.close();
    }
  });

  it("hands sessions, queries, private paths, files, misses and other methods to Hono", async () => {
    const node = await nodeServer();
    try {
      const passed: [string, { method?: string; headers?: Record<string, string> }][] = [
        ["/about", { headers: { cookie: "theme=dark; sot_session=abc" } }],
        ["/about", { headers: { "auth-token": "t" } }],
        ["/about?x=1", {}],
        ["/my-dashboard", {}],
        ["/about.txt", {}],
        ["/faq", {}],
        ["/about", { method: "POST" }],
      ];
      for (const [path, init] of passed) {
        const res = await node.send(path, init);
        expect(res.headers["x-page-cache"], path).toBeUndefined();
        expect(res.body.toString(), path).toBe("rendered");
      }
      expect(node.lines).toEqual([]);
      // Another cookie is no session.
      expect((await node.send("/about", { headers: { cookie: "theme=dark" } })).headers["x-page-cache"]).toBe("hit");
    } finally {
      await node.close();
    }
  });

  it("widens the page's CSP as the tracking tag's middleware does, and leaves other hosts to Hono", async () => {
    const node = await nodeServer({ widenCsp: (policy) => `${policy} https://tag.example`, answersHost: (host) => host?.startsWith("127.0.0.1:") ?? true });
    try {
      const res = await node.send("/about");
      expect(res.headers["content-security-policy"]).toBe(`${PAGE_HEADERS["Content-Security-Policy"]} https://tag.example`);
      const elsewhere = await node.send("/about", { headers: { host: "localhost" } });
      expect(elsewhere.body.toString()).toBe("rendered");
    } finally {
      await node.close();
    }
  });
});
