import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProductionTestApp } from "../../test-support/production-mode.ts";
import type { createTestApp } from "../../test-support/test-app.ts";

// Production mode: the sandbox signing pages and the dev journey shortcut do not exist.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createProductionTestApp();
});
afterAll(() => t.close());

describe("bank details and eSign in production mode", () => {
  it("mounts no sandbox eSign page and no dev route", async () => {
    expect(t.services.sandboxEsign).toBeNull();
    expect((await t.app.request("/sandbox/esign/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG")).status).toBe(404);
    expect((await t.app.request("/dev/journey/banking-details", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(
      404,
    );
  });

  it("still refuses unsigned webhooks", async () => {
    const response = await t.app.request("/Api/esign/webhook", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(response.status).toBe(401);
  });
});
