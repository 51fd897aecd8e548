// Issue 34: production mode. Without the WHATSAPP_ settings WhatsApp is off (no webhook, no module); with them
// the webhook answers Meta's handshake with our verify token and takes POSTs signed with our app secret only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whatsappSignature } from "../../providers/whatsapp/port.ts";
import { PRODUCTION_ORIGIN, productionCredentials } from "../../test-support/production-mode.ts";
import { createTestApp } from "../../test-support/test-app.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const silentSms = { sendOtp: async () => {}, sendNotice: async () => {} };
const production = { ...productionCredentials(), APP_MODE: "production", PUBLIC_ORIGIN: PRODUCTION_ORIGIN };

describe("WhatsApp in production mode (issue 34)", () => {
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ env: production, providers: { sms: silentSms } });
    on = await createTestApp({
      env: {
        ...production,
        WHATSAPP_ACCESS_TOKEN: "EAAG-production-token",
        WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
        WHATSAPP_APP_SECRET: "production-app-secret",
        WHATSAPP_VERIFY_TOKEN: "production-verify-token",
      },
      providers: { sms: silentSms },
    });
  });
  afterAll(async () => {
    await off.close();
    await on.close();
  });

  it("is off without its settings: no module, no webhook, no sandbox page", async () => {
    expect(off.services.whatsapp).toBeNull();
    expect((await off.app.request("/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1")).status).toBe(404);
    expect((await off.app.request("/webhooks/whatsapp", { method: "POST", body: "{}" })).status).toBe(404);
    expect((await off.app.request("/dev/whatsapp.json")).status).toBe(404);
  });

  it("with them uses the Cloud API (no sandbox), our verify token and our app secret", async () => {
    expect(on.services.whatsapp).not.toBeNull();
    expect(on.services.sandboxWhatsApp).toBeNull();
    expect((await on.app.request("/dev/whatsapp")).status).toBe(404);
    const handshake = await on.app.request("/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=production-verify-token&hub.challenge=987654321");
    expect(await handshake.text()).toBe("987654321");
    const sandboxToken = await on.app.request("/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=sandbox-whatsapp-verify-token&hub.challenge=1");
    expect(sandboxToken.status).toBe(403);
    const body = '{"object":"whatsapp_business_account","entry":[]}';
    const post = (secret: string) =>
      on.app.request("/webhooks/whatsapp", { method: "POST", headers: { "x-hub-signature-256": whatsappSignature(secret, body) }, body });
    expect((await post("production-app-secret")).status).toBe(200);
    expect((await post("sandbox-whatsapp-app-secret")).status).toBe(401);
  });
});
