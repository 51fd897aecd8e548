import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadEnv, productionOnly } from "./env.ts";

const tmp = () => mkdtempSync(join(tmpdir(), "sot-env-wa-"));
const production = () => ({
  ...Object.fromEntries(
    productionOnly.map((k) => [
      k,
      k === "DATABASE_URL" ? "postgres://x/y" : k.endsWith("_URL") ? "https://p.invalid" : /^(ENCRYPTION|HASH)_KEY$/.test(k) ? "33".repeat(32) : "v",
    ]),
  ),
  APP_MODE: "production",
  DATA_DIR: tmp(),
});
const all = {
  WHATSAPP_ACCESS_TOKEN: "EAAG-token",
  WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
  WHATSAPP_APP_SECRET: "app-secret",
  WHATSAPP_VERIFY_TOKEN: "our-verify-token",
};

describe("WhatsApp configuration (issue 34)", () => {
  it("in sandbox mode is the sandbox, with its own app secret and verify token unless given", () => {
    expect(loadEnv({ DATA_DIR: tmp() }).whatsapp).toEqual({
      provider: "sandbox",
      apiVersion: "v24.0",
      appSecret: "sandbox-whatsapp-app-secret",
      verifyToken: "sandbox-whatsapp-verify-token",
    });
    // Configured secrets do not make sandbox mode send real messages.
    expect(loadEnv({ DATA_DIR: tmp(), ...all }).whatsapp).toMatchObject({ provider: "sandbox", appSecret: "app-secret", verifyToken: "our-verify-token" });
  });

  it("in production is off without its settings, the Cloud API with all four, and refuses some of them", () => {
    expect(loadEnv(production()).whatsapp).toBeNull();
    expect(loadEnv({ ...production(), ...all, WHATSAPP_API_VERSION: "v25.0" }).whatsapp).toEqual({
      provider: "cloud-api",
      accessToken: "EAAG-token",
      phoneNumberId: "106540352242922",
      apiVersion: "v25.0",
      appSecret: "app-secret",
      verifyToken: "our-verify-token",
    });
    expect(() => loadEnv({ ...production(), WHATSAPP_ACCESS_TOKEN: "EAAG-token" })).toThrow(/in production set WHATSAPP_ACCESS_TOKEN, .* together, or none/);
  });

  it("refuses a phone number id that is not Meta's id, an API version of another form, and a short verify token", () => {
    expect(() => loadEnv({ DATA_DIR: tmp(), WHATSAPP_PHONE_NUMBER_ID: "+91 98765 43210" })).toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
    expect(() => loadEnv({ DATA_DIR: tmp(), WHATSAPP_API_VERSION: "24" })).toThrow(/WHATSAPP_API_VERSION/);
    expect(() => loadEnv({ DATA_DIR: tmp(), WHATSAPP_VERIFY_TOKEN: "short" })).toThrow(/WHATSAPP_VERIFY_TOKEN/);
  });
});
