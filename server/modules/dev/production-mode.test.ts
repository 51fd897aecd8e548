import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProductionTestApp } from "../../test-support/production-mode.ts";
import { createTestApp } from "../../test-support/test-app.ts";

// Every development shortcut and sandbox page must be absent in production mode (APP_MODE=production).
// The list is read from the sandbox app's router, so a dev route added later is covered too.
let dev: Awaited<ReturnType<typeof createTestApp>>;
let production: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  dev = await createTestApp();
  production = await createProductionTestApp();
});
afterAll(async () => {
  await dev.close();
  await production.close();
});

const isDevPath = (path: string) => /^\/(dev|sandbox)(\/|$)/.test(path);
const handlers = (app: typeof dev.app) => app.routes.filter((r) => r.method !== "ALL" && isDevPath(r.path));
/** A concrete URL for a route pattern: every :param gets a plausible value. */
const concrete = (path: string) => path.replace(/:[a-z]+/gi, (p) => (p === ":index" ? "0" : "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG"));

describe("dev routes in production mode", () => {
  it("the sandbox app has the dev shortcuts this test is about", () => {
    const paths = handlers(dev.app).map((r) => r.path);
    for (const expected of [
      "/dev/outbox",
      "/dev/outbox.json",
      "/dev/captcha/:id",
      "/dev/journey/ekyc",
      "/dev/journey/banking-details",
      "/dev/journey/close-loan",
      "/dev/blog-post",
      "/dev/demo-customer",
      "/dev/staff",
      "/dev/payouts.json",
      "/dev/clock",
      "/dev/clock.json",
      "/dev/jobs/run",
      "/dev/classify",
      "/dev/ledger-check.json",
      "/dev/mandates.json",
      "/dev/ckyc.json",
    ]) {
      expect(paths).toContain(expected);
    }
    expect(paths.some((p) => p.startsWith("/sandbox/esign/"))).toBe(true);
    expect(paths).toContain("/sandbox/mandates/:id");
  });

  it("lists the sandbox mandate provider's mandates and debits as JSON (none yet)", async () => {
    const response = await dev.app.request("/dev/mandates.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ mandates: [], debits: [] });
  });

  it("lists the sandbox payout provider's payouts as JSON (none yet)", async () => {
    const response = await dev.app.request("/dev/payouts.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual([]);
  });

  it("mounts none of them", () => {
    expect(handlers(production.app)).toEqual([]);
  });

  it("answers 404 on every one of them, for their own method", async () => {
    const routes = handlers(dev.app);
    for (const r of routes) {
      const init = r.method === "GET" ? {} : { method: r.method, headers: { "content-type": "application/json" }, body: "{}" };
      const response = await production.app.request(concrete(r.path), init);
      expect(response.status, `${r.method} ${r.path}`).toBe(404);
    }
  });
});
