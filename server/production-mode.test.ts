import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProductionTestApp } from "./test-support/production-mode.ts";
import type { createTestApp } from "./test-support/test-app.ts";

// Production mode (APP_MODE=production) with a stub SMS provider: no /dev pages, HSTS on.
let t: Awaited<ReturnType<typeof createTestApp>>;
const sent: { mobile: string; code: string }[] = [];
beforeAll(async () => {
  t = await createProductionTestApp({ sms: { sendOtp: async ({ mobile, code }) => void sent.push({ mobile, code }), sendNotice: async () => {} } });
});
afterAll(() => t.close());

describe("production mode", () => {
  it("has no outbox pages", async () => {
    expect((await t.app.request("/dev/outbox.json")).status).toBe(404);
    expect((await t.app.request("/dev/outbox")).status).toBe(404);
  });

  it("has no payment gateway sandboxes, and uses the production adapters", async () => {
    expect(t.services.paymentGateways.sandbox).toBeNull();
    expect(t.services.paymentGateways.of("razorpay").provider).toBe("razorpay");
    expect(t.services.paymentGateways.of("payu").provider).toBe("payu");
    expect(t.services.paymentGateways.of("phonepe").provider).toBe("phonepe");
    expect((await t.app.request("/sandbox/razorpay/checkout.js")).status).toBe(404);
    expect((await t.app.request("/sandbox/razorpay/v1/orders", { method: "POST" })).status).toBe(404);
    expect((await t.app.request("/sandbox/payu/_payment", { method: "POST" })).status).toBe(404);
    expect((await t.app.request("/sandbox/payu/merchant/postservice.php?form=2", { method: "POST" })).status).toBe(404);
    expect((await t.app.request("/sandbox/phonepe/v1/oauth/token", { method: "POST" })).status).toBe(404);
    expect((await t.app.request("/sandbox/phonepe/pay/OMO1")).status).toBe(404);
  });

  it("sends HSTS and marks the session cookie Secure", async () => {
    const response = await t.app.request("/healthz");
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    const login = await t.post({ event_name: "login", mobile: "9123456780" });
    expect(login.body.Status).toBe(1);
    const code = sent.at(-1)!.code;
    const verify = await t.post({ event_name: "otp_verify", profile_id: login.body.Data.cust_profile_id, otp: code });
    expect(verify.headers.get("set-cookie")).toMatch(/; Secure/);
  });

  it("has no ONDC endpoints nor sandbox registry while ONDC is not configured (issue 32)", async () => {
    expect(t.services.ondc).toBeNull();
    expect((await t.app.request("/ondc/search", { method: "POST", body: "{}" })).status).toBe(404);
    expect((await t.app.request("/dev/ondc/registry/lookup", { method: "POST", body: "{}" })).status).toBe(404);
  });
});
