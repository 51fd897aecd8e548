// The node:http fast path in front of Hono (issue 35): pinned header by header against Hono's own fast path,
// and its header block byte for byte against node:http's writeHead.
import { createServer, request as httpRequest, ServerResponse, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import type { AppEnv } from "../../http/context.ts";
import type { AccessLine } from "../../logger.ts";
import { createPageCache } from "./page-cache.ts";
import { hitHeadersOf } from "./hit-request-headers.ts";
import { pageCacheFastPath, pageCacheNodeFastPath, type NodeFastPathOptions } from "./page-cache.middleware.ts";
import { serverAnsweringFirst } from "../../http/node-server.ts";
import { exchange } from "../../http/raw-http.test-support.ts";
import { collecting, sha } from "./page-cache.test-support.ts";

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
  // The server the product listens on, with its node:http settings.
  const server: Server = serverAnsweringFirst(hit)({}, rest);
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
  return { port, send, lines, keepAliveTimeout: server.keepAliveTimeout, close: () => new Promise((resolve) => server.close(resolve)) };
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

describe("a hit's request headers on node:http", () => {
  it("are read off the raw list whatever their case, and a repeated one sends the hit to node:http's own header object", () => {
    expect(
      hitHeadersOf(["Host", "127.0.0.1", "ACCEPT-ENCODING", "br", "Cookie", "lang=hi", "If-None-Match", '"x"', "X-Other", "1", "Expect", "100-continue"]),
    ).toEqual({ host: "127.0.0.1", acceptEncoding: "br", cookie: "lang=hi", ifNoneMatch: '"x"', expect: "100-continue" });
    expect(hitHeadersOf(["auth-token", "t", "Accept-Language", "hi"])).toEqual({ authToken: "t", acceptLanguage: "hi" });
    expect(hitHeadersOf(["Cookie", "a=1", "cookie", "sot_session=x"])).toBeNull();
    expect(hitHeadersOf(["constructor", "x", "isPrototypeOf", "y"])).toEqual({});
    // Names of the same length as one a hit reads, and one that differs only past its first letter.
    expect(hitHeadersOf(["User-Agent", "u", "Hose", "h", "accept-languagE", "en", "Accept-Encodinh", "x"])).toEqual({ acceptLanguage: "en" });
  });

  it("find a session in a second Cookie header, and a second auth-token, as node:http's header object would", async () => {
    const node = await nodeServer();
    try {
      const [twoCookies] = await exchange(
        node.port,
        "GET /about HTTP/1.1\r\nHost: x\r\nCookie: theme=dark\r\nCookie: sot_session=abc\r\nConnection: close\r\n\r\n",
        1,
      );
      expect(twoCookies!.head).not.toContain("X-Page-Cache");
      expect(twoCookies!.body.toString()).toBe("rendered");
      const [twoTokens] = await exchange(node.port, "GET /about HTTP/1.1\r\nHost: x\r\nauth-token: a\r\nAuth-Token: b\r\nConnection: close\r\n\r\n", 1);
      expect(twoTokens!.body.toString()).toBe("rendered");
      const [plain] = await exchange(node.port, "GET /about HTTP/1.1\r\nHost: x\r\nCookie: theme=dark\r\nConnection: close\r\n\r\n", 1);
      expect(plain!.head).toContain("X-Page-Cache: hit");
    } finally {
      await node.close();
    }
  });
});

describe("a hit's header block on node:http", () => {
  it("is the one writeHead would write, on a kept-alive connection; one that closes is left to writeHead", async () => {
    const node = await nodeServer();
    // The reference: node:http's writeHead with the hit's own header list, on a server with the same keep-alive settings.
    let list: string[] = [];
    const reference = createServer((req, res) => {
      res.writeHead(200, list);
      res.end(req.method === "HEAD" ? undefined : BODY);
    });
    reference.keepAliveTimeout = node.keepAliveTimeout;
    await new Promise<void>((resolve) => reference.listen(0, "127.0.0.1", resolve));
    const referencePort = (reference.address() as AddressInfo).port;
    try {
      const get = "GET /about HTTP/1.1\r\nHost: x\r\n\r\n";
      const head = "HEAD /about HTTP/1.1\r\nHost: x\r\n\r\n";
      const writeHead = vi.spyOn(ServerResponse.prototype, "writeHead");
      // Two answers on one connection (the second pipelined behind the first), then HEAD: none by writeHead.
      const [first, second, third] = await exchange(node.port, get + get + head, 3);
      expect(writeHead).not.toHaveBeenCalled();
      writeHead.mockRestore();
      list = headerList(first!.head).filter((_, i, all) => !["Date", "Connection", "Keep-Alive"].includes(all[i - (i % 2)]!));
      expect(list.slice(-6, -2)).toEqual(["X-Request-Id", expect.stringMatching(/^[0-9a-f-]{36}$/), "ETag", expect.stringMatching(/^"/)]);
      const [expected, expectedHead] = await exchange(referencePort, get + head, 2);
      const masked = (block: string) => block.replace(/X-Request-Id: [0-9a-f-]{36}/, "X-Request-Id: <id>").replace(/Date: [^\r]+/, "Date: <date>");
      expect(masked(first!.head)).toBe(masked(expected!.head));
      expect(first!.head).toMatch(
        /\r\nDate: [A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT\r\nConnection: keep-alive\r\nKeep-Alive: timeout=65\r\n\r\n$/,
      );
      expect(first!.body.toString()).toBe(BODY);
      expect(masked(second!.head)).toBe(masked(expected!.head));
      expect(headerList(second!.head)).not.toContain(headerList(first!.head)[list.indexOf("X-Request-Id") + 1]);
      expect(masked(third!.head)).toBe(masked(expectedHead!.head));
      expect(third!.body.byteLength).toBe(0);
      // An answer after which the connection closes is left to writeHead, which says so.
      for (const request of ["GET /about HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "GET /about HTTP/1.0\r\n\r\n"]) {
        const closingWriteHead = vi.spyOn(ServerResponse.prototype, "writeHead");
        const [closing] = await exchange(node.port, request, 1);
        expect(closingWriteHead).toHaveBeenCalledTimes(1);
        closingWriteHead.mockRestore();
        const [referenceClosing] = await exchange(referencePort, request, 1);
        expect(masked(closing!.head)).toBe(masked(referenceClosing!.head));
        expect(closing!.head).toContain("\r\nConnection: close\r\n");
        expect(closing!.ended).toBe(true);
      }
      expect(node.lines.map((l) => [l.method, l.status])).toEqual([
        ["GET", 200],
        ["GET", 200],
        ["HEAD", 200],
        ["GET", 200],
        ["GET", 200],
      ]);
    } finally {
      await node.close();
      await new Promise((resolve) => reference.close(resolve));
    }
  });
});

/** A header block's [name, value, ...] in order. */
const headerList = (head: string) =>
  head
    .split("\r\n")
    .slice(1)
    .filter(Boolean)
    .flatMap((line) => [line.slice(0, line.indexOf(": ")), line.slice(line.indexOf(": ") + 2)]);
