import { createHash } from "node:crypto";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketingPaths, sitemapPaths } from "../../../app/content/public-paths.ts";
import { cities } from "../../../app/content/cities.ts";
import { homeHighlights, serviceAreaPage } from "../../../app/content/pages.ts";
import { checkPin } from "../../../app/lib/pin-check.ts";
import { CITIES, SERVICE_CITY_COUNT, isServiceablePincode } from "../../../core/service-area.ts";
import type { AppEnv } from "../../http/context.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { inlineScriptHashes } from "./html-csp.ts";
import { createPageCache } from "./page-cache.ts";
import { pageCacheFastPath, pageCacheMiddleware, pageCacheNodeFastPath, type NodeFastPathOptions } from "./page-cache.middleware.ts";
import { buildRobots, buildSitemap } from "./sitemap.ts";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;

describe("sitemap and robots", () => {
  it("lists every marketing page and Apply Now once, with absolute URLs", () => {
    const xml = buildSitemap("https://example.in/", sitemapPaths());
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(sitemapPaths().map((p) => `https://example.in${p}`));
    expect(new Set(locs).size).toBe(locs.length);
    // 1 home + 9 text pages (issue 22: recovery agents) + FAQ + rates + 7 amounts + 5 purposes + 26 cities + the Hindi home (/hi), plus /apply-now.
    expect(marketingPaths()).toHaveLength(51);
    // Issue 23: the pages that exist in Hindi are listed at their /hi addresses too.
    expect(locs).toEqual(expect.arrayContaining(["https://example.in/hi", "https://example.in/hi/apply-now"]));
    expect(locs).toContain("https://example.in/instant-personal-loan-in-delhi");
    expect(locs).toContain("https://example.in/amount/1-lakh-instant-personal-loan");
    expect(locs).toContain("https://example.in/personal-need/two-wheeler-loan");
  });

  it("appends extra entries (the blog hook), escapes them and drops duplicates", () => {
    const xml = buildSitemap("https://example.in", sitemapPaths(), [{ path: "/blog", lastmod: "2026-11-01" }, { path: "/blog/a&b" }, { path: "/faq" }]);
    expect(xml).toContain("<url><loc>https://example.in/blog</loc><lastmod>2026-11-01</lastmod></url>");
    expect(xml).toContain("<loc>https://example.in/blog/a&amp;b</loc>");
    expect(xml.match(/<loc>https:\/\/example\.in\/faq<\/loc>/g)).toHaveLength(1);
  });

  it("keeps crawlers out of the dashboard, the API and the dev tools", () => {
    const robots = buildRobots("https://example.in");
    expect(robots).toContain("Disallow: /my-dashboard\n");
    expect(robots).toContain("Disallow: /Api\n");
    expect(robots).toContain("Disallow: /dev\n");
    expect(robots).toContain("Sitemap: https://example.in/sitemap.xml");
  });
});

describe("served by the app", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_ORIGIN: "https://www.example.in" } });
  });
  afterAll(() => t.close());

  it("answers /sitemap.xml as XML with the services' extra entries", async () => {
    const res = await t.app.request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    // The static pages come from the app's server build, absent here; the browser crawl checks them.
    expect(xml).not.toContain("/rate-and-terms");
    // The blog's hook adds the list, every post and the contact page.
    expect(xml).toContain("<loc>https://www.example.in/blog</loc>");
    expect(xml).toContain("<loc>https://www.example.in/blog/how-salary-day-loans-work</loc>");
    expect(xml).toContain("<loc>https://www.example.in/contact-salaryontime</loc>");
  });

  it("answers /robots.txt as text", async () => {
    const res = await t.app.request("/robots.txt");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Disallow: /Api");
  });
});

describe("service-area PIN check", () => {
  it("uses the same data as eligibility for every PIN code in the service area", () => {
    for (const city of CITIES) {
      for (const pin of city.pincodes) {
        expect(isServiceablePincode(pin)).toBe(true);
        expect(checkPin(pin)).toMatchObject({ served: true, city: city.name });
      }
    }
  });

  it("refuses a PIN outside the area and an invalid one with the spec's messages", () => {
    expect(isServiceablePincode("999999")).toBe(false);
    expect(checkPin("999999")).toMatchObject({ served: false, message: expect.stringContaining("We do not serve this PIN code yet.") });
    expect(checkPin("12")).toMatchObject({ error: "Pin code invalid!" });
    expect(checkPin("")).toMatchObject({ error: "Pin code is required!" });
    expect(checkPin(null)).toBeNull();
  });

  it("the master API answers the same PIN codes", async () => {
    const t = await createTestApp();
    try {
      const yes = await t.post({ type: "pincode", pincode: "560001" }, { path: "/Api/MasterController/masterAPI" });
      expect(yes.body.Data.city_name).toBe(checkPin("560001")!.city);
      const no = await t.post({ type: "pincode", pincode: "999999" }, { path: "/Api/MasterController/masterAPI" });
      expect(no.body.Status).not.toBe(1);
    } finally {
      await t.close();
    }
  });

  it("copy states the real number of cities, and every city page is a city we serve", () => {
    expect(SERVICE_CITY_COUNT).toBe(26);
    expect(serviceAreaPage.metaTitle).toContain(`${SERVICE_CITY_COUNT} Cities`);
    expect(homeHighlights.find((h) => h.id === "cities")!.title).toBe(`${SERVICE_CITY_COUNT} cities`);
    const served = new Set(CITIES.map((c) => c.name));
    for (const c of cities) expect(served.has(c.cityname)).toBe(true);
  });
});

describe("CSP hashes of inline scripts", () => {
  it("hashes executable inline scripts only", () => {
    const html = `<script>a()</script><script type="module">b()</script><script src="/x.js"></script><script type="application/ld+json">{"x":1}</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha("b()")]);
  });
});

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
    const lines: { reqId: string; path: string; status: number }[] = [];
    const app = new Hono<AppEnv>();
    app.use(
      "*",
      pageCacheFastPath(cache, { "X-Content-Type-Options": "nosniff" }, (line) => lines.push(line)),
    );
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

  it("serves gzip to clients that accept it", async () => {
    const { app } = appWith(page());
    await app.request("/about");
    const res = await app.request("/about", { headers: { "accept-encoding": "gzip, br" } });
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
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

describe("page cache hits on node:http, before Hono", () => {
  const FIXED = { "X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin", "X-Frame-Options": "DENY" };
  const BODY = "<html><body><h1>About</h1><script>boot()</script></body></html>";
  const PAGE_HEADERS = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "public, max-age=300",
    "Content-Security-Policy": `script-src 'self' ${sha("boot()")}`,
  };
  type Line = { reqId: string; method: string; path: string; status: number };

  /** node:http with the node fast path in front of a Hono app that renders everything else. */
  async function nodeServer(options?: NodeFastPathOptions) {
    const cache = createPageCache();
    cache.setPermanent("/about", BODY, PAGE_HEADERS);
    const lines: Line[] = [];
    const app = new Hono();
    app.all("*", (c) => c.text("rendered"));
    const rest = getRequestListener(app.fetch);
    const hit = pageCacheNodeFastPath(cache, FIXED, (line) => lines.push(line), options);
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
      pageCacheFastPath(cache, FIXED, () => {}),
    );
    app.all("*", (c) => c.text("rendered"));
    return app;
  }

  /** Name/value pairs as sent, without what node:http adds itself (Date, Connection, Keep-Alive). */
  const sentPairs = (raw: string[]) =>
    raw.flatMap((name, i) => (i % 2 === 0 && !["date", "connection", "keep-alive"].includes(name.toLowerCase()) ? [[name, raw[i + 1]]] : []));

  it("sends a hit with the same headers and body as Hono's fast path, in a fixed order, plain, gzip and HEAD", async () => {
    const node = await nodeServer();
    const hono = honoFastPath();
    try {
      const cases: { method?: string; headers?: Record<string, string> }[] = [{}, { headers: { "accept-encoding": "gzip, br" } }, { method: "HEAD" }];
      for (const init of cases) {
        const ours = await node.send("/about", init);
        const reference = await hono.request("/about", init);
        const pairs = sentPairs(ours.raw);
        const gzip = !!init.headers;
        expect(pairs.map(([name]) => name)).toEqual([
          ...Object.keys(FIXED),
          ...Object.keys(PAGE_HEADERS),
          "Vary",
          "X-Page-Cache",
          "X-Request-Id",
          ...(gzip ? ["Content-Encoding"] : []),
          "Content-Length",
        ]);
        const expected = [...reference.headers].filter(([name]) => name !== "x-request-id");
        expect(pairs.filter(([name]) => name !== "X-Request-Id").map(([name, value]) => [name.toLowerCase(), value])).toEqual(expect.arrayContaining(expected));
        expect(pairs).toHaveLength(expected.length + 1);
        expect(ours.headers["x-request-id"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(ours.body).toEqual(Buffer.from(await reference.arrayBuffer()));
        if (gzip) expect(gunzipSync(ours.body).toString()).toBe(BODY);
        else if (init.method !== "HEAD") expect(ours.body.toString()).toBe(BODY);
      }
      // A trailing slash is the same page.
      expect((await node.send("/about/")).body.toString()).toBe(BODY);
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
