// Issue 35: deploy/nginx.conf in front of the built server, the file as deployed (its paths and ports moved to a
// test folder by scripts/nginx-front.ts). A public page is kept by nginx with the product's own headers and bytes
// (every encoding a copy of its own, one copy whatever other cookies a visitor carries, a Hindi preference sent on
// to the product), revalidated by ETag; a signed-in visitor and the private areas go to the product every time; each
// answer has its own request id.
import { mkdtempSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { expect, test } from "./fixtures.ts";
import { startFront } from "../../scripts/nginx-front.ts";
import { ensureNginx, freePort } from "../../scripts/scale-support.ts";

const PAGE = "/instant-personal-loan-in-delhi";
/** nginx's id for an answer (deploy/nginx.conf): the time in seconds and milliseconds, the worker's pid, its connection and request counters. */
const NGINX_REQUEST_ID = /^\d{10}\.\d{3}-\d+-\d+-\d+$/;

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };
function send(port: number, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // As a browser on this machine asks: the sandbox server sends other loopback names to its own (issue 14).
    const headers = { host: `localhost:${port}`, ...init.headers };
    const req = httpRequest({ host: "127.0.0.1", port, path, method: init.method ?? "GET", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

/** The headers a visitor's browser acts on, without those each hop sets for itself. */
const HOP = new Set(["date", "connection", "keep-alive", "server", "x-request-id", "x-page-cache", "x-proxy-cache", "transfer-encoding"]);
const kept = (headers: IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP.has(name)));

test("deploy/nginx.conf keeps public pages with the product's headers and bytes, and passes the rest through", async ({ baseURL }) => {
  const upstreamPort = Number(new URL(baseURL!).port);
  const listenPort = await freePort();
  const nginx = await startFront(ensureNginx(), { listenPort, upstreamPort, dir: mkdtempSync(join(tmpdir(), "sot-nginx-front-")) });
  try {
    // The product's own answer, straight.
    const direct = await send(upstreamPort, PAGE);
    expect(direct.status).toBe(200);

    // Through nginx: stored on the first request, from the cache on the second, the same bytes and headers.
    const first = await send(listenPort, PAGE);
    expect(first.headers["x-proxy-cache"]).toBe("MISS");
    const second = await send(listenPort, PAGE);
    expect(second.headers["x-proxy-cache"]).toBe("HIT");
    for (const answer of [first, second]) {
      expect(answer.body.equals(direct.body)).toBe(true);
      expect(kept(answer.headers)).toEqual(kept(direct.headers));
    }
    expect(second.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(second.headers["x-content-type-options"]).toBe("nosniff");
    // nginx's own request id on every answer, never the stored one.
    expect(second.headers["x-request-id"]).toMatch(NGINX_REQUEST_ID);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);

    // Brotli is a variant of its own (Vary: Accept-Encoding), stored and served as the product made it.
    const br = await send(listenPort, PAGE, { headers: { "accept-encoding": "br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).equals(direct.body)).toBe(true);
    expect((await send(listenPort, PAGE, { headers: { "accept-encoding": "br" } })).headers["x-proxy-cache"]).toBe("HIT");
    expect((await send(listenPort, PAGE)).headers["content-encoding"]).toBeUndefined();

    // Cookies other than the session and the language (analytics, first touch) change nothing in the page, so a
    // visitor who carries them is answered from the copy already stored, not given a copy of their own.
    for (const cookie of ["_ga=GA1.2.111.222", "sot_ft=utm_source%3Dmail", "_ga=GA1.2.333.444; theme=dark"]) {
      const withCookies = await send(listenPort, PAGE, { headers: { cookie } });
      expect(withCookies.headers["x-proxy-cache"]).toBe("HIT");
      expect(withCookies.body.equals(direct.body)).toBe(true);
    }
    // The language does: a visitor whose cookie or browser prefers Hindi goes to the Hindi address, as the product
    // sends them, and is never given the stored English page; one who chose English gets it.
    const hindiDirect = await send(upstreamPort, PAGE, { headers: { cookie: "lang=hi" } });
    expect(hindiDirect.status).toBe(302);
    const preferHindi: Record<string, string>[] = [
      { cookie: "lang=hi" },
      { cookie: "_ga=GA1.2.111.222; lang=hi" },
      { "accept-language": "hi-IN,hi;q=0.9,en;q=0.8" },
    ];
    for (const headers of preferHindi) {
      const hindi = await send(listenPort, PAGE, { headers });
      expect(hindi.status).toBe(302);
      expect(hindi.headers.location).toBe(hindiDirect.headers.location);
    }
    const english = await send(listenPort, PAGE, { headers: { cookie: "lang=en", "accept-language": "hi-IN,hi;q=0.9" } });
    expect(english.status).toBe(200);
    expect(english.body.equals(direct.body)).toBe(true);

    // A browser that holds the page is told so by nginx from the product's ETag: 304, no body.
    const again = await send(listenPort, PAGE, { headers: { "if-none-match": second.headers.etag! } });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);

    // A signed-in visitor is never answered from the cache, nor stored.
    const signedIn = await send(listenPort, PAGE, { headers: { cookie: "theme=dark; sot_session=not-a-real-session" } });
    expect(signedIn.headers["x-proxy-cache"]).toBe("BYPASS");
    expect((await send(listenPort, PAGE, { headers: { "auth-token": "t" } })).headers["x-proxy-cache"]).toBe("BYPASS");

    // The private areas and the API go to the product as they came, with its headers.
    const api = await send(listenPort, "/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event_name: "no_such_event" }),
    });
    const apiDirect = await send(upstreamPort, "/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event_name: "no_such_event" }),
    });
    expect(api.headers["x-proxy-cache"]).toBeUndefined();
    expect(api.status).toBe(apiDirect.status);
    expect(api.body.toString()).toBe(apiDirect.body.toString());
    expect(api.headers["cache-control"]).toBe("no-store");
    expect(api.headers["x-request-id"]).toMatch(NGINX_REQUEST_ID);
    // Each private area, at its own address and below it, gets the product's answer (not nginx's own redirect
    // to the address with a slash), uncached, with nginx's own request id.
    const redirectPath = (a: Answer) => a.headers.location && new URL(a.headers.location, "http://any").pathname;
    for (const path of ["/my-dashboard", "/admin", "/admin/login", "/healthz", "/dev/otp", "/ondc", "/sandbox/nowhere", "/Api"]) {
      const passed = await send(listenPort, path);
      const direct = await send(upstreamPort, path);
      expect(passed.status, path).toBe(direct.status);
      expect(redirectPath(passed), path).toBe(redirectPath(direct));
      expect(passed.headers["x-proxy-cache"], path).toBeUndefined();
      expect(passed.headers["x-request-id"], path).toMatch(NGINX_REQUEST_ID);
    }
  } finally {
    nginx.kill("SIGTERM");
  }
});
