import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { esignWebhookSignature, verifyEsignWebhook } from "./port.ts";

describe("eSign webhook signature", () => {
  // Cashfree's formula: base64(HMAC-SHA256(secret, timestamp + rawBody)).
  const secret = "client-secret";
  const timestamp = "1617695238078";
  const body = '{"event_type":"ESIGN_SIGNED","data":{"verification_id":"v1","reference_id":"33","status":"SIGNED"}}';

  it("is the base64 HMAC-SHA256 of timestamp + raw body", () => {
    const expected = createHmac("sha256", secret)
      .update(timestamp + body)
      .digest("base64");
    expect(esignWebhookSignature(secret, timestamp, body)).toBe(expected);
    expect(expected).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it("accepts only the exact signature for the exact bytes and timestamp", () => {
    const sig = esignWebhookSignature(secret, timestamp, body);
    expect(verifyEsignWebhook(secret, timestamp, body, sig)).toBe(true);
    expect(verifyEsignWebhook(secret, timestamp, body.replace('SIGNED"}', 'SIGNED" }'), sig)).toBe(false);
    expect(verifyEsignWebhook(secret, "1617695238079", body, sig)).toBe(false);
    expect(verifyEsignWebhook("other", timestamp, body, sig)).toBe(false);
    expect(verifyEsignWebhook(secret, undefined, body, sig)).toBe(false);
    expect(verifyEsignWebhook(secret, timestamp, body, undefined)).toBe(false);
    expect(verifyEsignWebhook(secret, timestamp, body, "short")).toBe(false);
  });
});
