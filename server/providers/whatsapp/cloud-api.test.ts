// The Cloud API adapter against replies in Meta's documented format (fixtures/*.json, written from the Cloud
// API reference's "Send message" answer and its error object; not captured from a live account).
import { describe, expect, it } from "vitest";
import { fakeFetch, fixture } from "../../test-support/fake-fetch.ts";
import { createCloudApiWhatsApp } from "./cloud-api.ts";
import { classifyCloudApiError, mobileFromWaId, verifyWhatsAppSignature, whatsappSignature } from "./port.ts";

const config = { accessToken: "EAAG-test-token", phoneNumberId: "106540352242922", apiVersion: "v24.0" };
const input = { to: "9876543210", template: "sot_due_reminder", lang: "hi" as const, parameters: ["SOT2611000123", "₹10,900", "10 दिसंबर 2026"] };

describe("WhatsApp Cloud API adapter (issue 34)", () => {
  it("posts a template message to /{version}/{phone-number-id}/messages with the bearer token, and returns the wamid", async () => {
    const fake = fakeFetch({ json: fixture(import.meta.url, "send-accepted.json") });
    const port = createCloudApiWhatsApp({ ...config, fetch: fake.fetch });
    const result = await port.send(input);
    expect(result).toEqual({ outcome: "accepted", wamid: "wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSQTFCMkMzRDRFNUY2QTdCOEM5AA==" });
    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call.url).toBe("https://graph.facebook.com/v24.0/106540352242922/messages");
    expect(call.method).toBe("POST");
    expect(call.headers.authorization).toBe("Bearer EAAG-test-token");
    expect(call.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(String(call.body))).toEqual({
      messaging_product: "whatsapp",
      to: "919876543210",
      type: "template",
      template: {
        name: "sot_due_reminder",
        language: { code: "hi" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "SOT2611000123" },
              { type: "text", text: "₹10,900" },
              { type: "text", text: "10 दिसंबर 2026" },
            ],
          },
        ],
      },
    });
  });

  it.each([
    ["error-template-missing.json", 404, 132001, "template", "template name (sot_payout_done) does not exist in hi"],
    ["error-rate-limit.json", 429, 130429, "rate_limited", "Cloud API message throughput has been reached."],
    ["error-token-expired.json", 401, 190, "account", "Error validating access token: Session has expired on Friday, 27-Nov-26 10:00:00 PST."],
  ])("maps Meta's error %s (HTTP %i, code %i) to failed/%s with its details", async (file, status, code, failure, title) => {
    const fake = fakeFetch({ status, json: fixture(import.meta.url, file) });
    const result = await createCloudApiWhatsApp({ ...config, fetch: fake.fetch }).send(input);
    expect(result).toEqual({ outcome: "failed", code, failure, title });
  });

  it("a timeout or a dropped connection is unknown, never failed (the message may have gone)", async () => {
    const timeout = (async () => {
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    }) as unknown as typeof fetch;
    expect(await createCloudApiWhatsApp({ ...config, fetch: timeout }).send(input)).toEqual({ outcome: "unknown", detail: "TimeoutError" });
    const reset = (async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    expect(await createCloudApiWhatsApp({ ...config, fetch: reset }).send(input)).toEqual({ outcome: "unknown", detail: "TypeError" });
  });

  it("a gateway's 502 page is unknown; a 2xx without a message id is unknown; a proxy's 403 page is failed", async () => {
    const page = fakeFetch({ status: 502, text: "<html>Bad gateway</html>", contentType: "text/html" });
    expect(await createCloudApiWhatsApp({ ...config, fetch: page.fetch }).send(input)).toEqual({ outcome: "unknown", detail: "HTTP 502" });
    const empty = fakeFetch({ json: { messaging_product: "whatsapp", messages: [] } });
    expect((await createCloudApiWhatsApp({ ...config, fetch: empty.fetch }).send(input)).outcome).toBe("unknown");
    const proxy = fakeFetch({ status: 403, text: "Forbidden", contentType: "text/plain" });
    expect(await createCloudApiWhatsApp({ ...config, fetch: proxy.fetch }).send(input)).toEqual({
      outcome: "failed",
      code: null,
      title: "HTTP 403",
      failure: "invalid_request",
    });
  });

  it("sorts the Cloud API's codes: recipient, template, rate limit, account, temporary", () => {
    expect([131026, 131047, 132000, 132015, 80007, 131056, 10, 131042, 1, 131000, 100].map(classifyCloudApiError)).toEqual([
      "recipient",
      "recipient",
      "template",
      "template",
      "rate_limited",
      "rate_limited",
      "account",
      "account",
      "temporary",
      "temporary",
      "invalid_request",
    ]);
  });

  it("signs and verifies X-Hub-Signature-256 over the exact bytes, in constant time", () => {
    // echo -n '{"a":1}' | openssl dgst -sha256 -hmac app-secret
    expect(whatsappSignature("app-secret", '{"a":1}')).toBe("sha256=a2ac6607a24977f9757e6d78319ae1660ad42ffeee0ee3f0dff30a92bcf85448");
    const header = whatsappSignature("app-secret", '{"a":1}');
    expect(verifyWhatsAppSignature("app-secret", '{"a":1}', header)).toBe(true);
    expect(verifyWhatsAppSignature("app-secret", '{"a":1}', header.toUpperCase().replace("SHA256=", "sha256="))).toBe(true);
    expect(verifyWhatsAppSignature("app-secret", '{"a": 1}', header)).toBe(false);
    expect(verifyWhatsAppSignature("other-secret", '{"a":1}', header)).toBe(false);
    expect(verifyWhatsAppSignature("app-secret", '{"a":1}', `${header}zz`)).toBe(false);
    expect(verifyWhatsAppSignature("app-secret", '{"a":1}', header.replace("sha256=", "sha1="))).toBe(false);
    expect(verifyWhatsAppSignature("app-secret", '{"a":1}', undefined)).toBe(false);
  });

  it("reads an Indian WhatsApp id back to our 10-digit mobile, and nothing else", () => {
    expect(mobileFromWaId("919876543210")).toBe("9876543210");
    expect(mobileFromWaId("14155550123")).toBeNull();
    expect(mobileFromWaId("9876543210")).toBeNull();
  });
});
