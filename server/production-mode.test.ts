import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "./test-support/test-app.ts";

// Production mode (APP_MODE=production) with a stub SMS provider: no /dev pages, HSTS on.
let t: Awaited<ReturnType<typeof createTestApp>>;
const sent: { mobile: string; code: string }[] = [];
beforeAll(async () => {
  t = await createTestApp({
    env: {
      APP_MODE: "production",
      DATABASE_URL: "postgres://unused/for-this-test",
      MSG91_AUTH_KEY: "k",
      MSG91_TEMPLATE_ID: "t",
      DLT_ENTITY_ID: "e",
      DLT_SENDER_ID: "SALONT",
      PUBLIC_ORIGIN: "https://www.salaryontime.in",
    },
    providers: { sms: { sendOtp: async ({ mobile, code }) => void sent.push({ mobile, code }) } },
  });
});
afterAll(() => t.close());

describe("production mode", () => {
  it("has no outbox pages", async () => {
    expect((await t.app.request("/dev/outbox.json")).status).toBe(404);
    expect((await t.app.request("/dev/outbox")).status).toBe(404);
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
});
