// Issue 32: joining the registry. The test plays ONDC: it holds its own X25519 key, encrypts a challenge under
// the key it shares with ours, and checks the answer; it verifies the site-verification tag with libsodium.
import { createCipheriv, diffieHellman, generateKeyPairSync } from "node:crypto";
import sodium from "libsodium-wrappers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test-support/test-app.ts";
import { answerChallenge, encryptionPrivateKey, encryptionPublicKey, sharedKey } from "./onboarding.ts";

const ondcKeys = generateKeyPairSync("x25519");
const ourKeys = generateKeyPairSync("x25519");
// As ONDC's reference utilities print them: base64 of PKCS#8 DER (ours) and of SPKI DER (ONDC's public key).
const ourPrivateDer = ourKeys.privateKey.export({ format: "der", type: "pkcs8" }).toString("base64");
const ondcPublicDer = ondcKeys.publicKey.export({ format: "der", type: "spki" }).toString("base64");

/** The registry's side: AES-256-ECB under X25519(ONDC's private key, our public key). */
function challengeFor(text: string): string {
  const key = diffieHellman({ privateKey: ondcKeys.privateKey, publicKey: ourKeys.publicKey });
  const cipher = createCipheriv("aes-256-ecb", key, null);
  return Buffer.concat([cipher.update(text, "utf8"), cipher.final()]).toString("base64");
}

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({
    env: { ONDC_ENCRYPTION_PRIVATE_KEY: ourPrivateDer, ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY: ondcPublicDer, ONDC_REQUEST_ID: "req-2026-0001" },
  });
});
afterAll(() => t.close());

describe("ONDC onboarding", () => {
  it("derives the same key from either side, with DER or raw 32-byte keys", () => {
    const raw = (der: string, prefix: number) => Buffer.from(der, "base64").subarray(prefix).toString("base64");
    const fromDer = sharedKey(encryptionPrivateKey(ourPrivateDer), encryptionPublicKey(ondcPublicDer));
    const fromRaw = sharedKey(encryptionPrivateKey(raw(ourPrivateDer, 16)), encryptionPublicKey(raw(ondcPublicDer, 12)));
    expect(fromRaw.equals(fromDer)).toBe(true);
    expect(answerChallenge(challengeFor("hello"), fromDer)).toBe("hello");
    expect(answerChallenge("bm90IGEgY2hhbGxlbmdl", fromDer)).toBeNull();
    expect(() =>
      encryptionPrivateKey(Buffer.from(generateKeyPairSync("ed25519").privateKey.export({ format: "der", type: "pkcs8" })).toString("base64")),
    ).toThrow(/X25519/);
  });

  it("answers the registry's challenge at POST /ondc/on_subscribe", async () => {
    const challenge = challengeFor("c3f1e9a2-challenge-text");
    const subscriberId = t.services.env.ondc!.subscriberId;
    const response = await t.app.request("/ondc/on_subscribe", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ subscriber_id: subscriberId, challenge }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ answer: "c3f1e9a2-challenge-text" });
    const other = await t.app.request("/ondc/on_subscribe", { method: "POST", body: JSON.stringify({ subscriber_id: "someone.else", challenge }) });
    expect(other.status).toBe(400);
    const garbage = await t.app.request("/ondc/on_subscribe", { method: "POST", body: JSON.stringify({ subscriber_id: subscriberId, challenge: "AAAA" }) });
    expect(garbage.status).toBe(400);
  });

  it("serves /ondc-site-verification.html with the request_id signed by our signing key", async () => {
    await sodium.ready;
    const response = await t.app.request("/ondc-site-verification.html");
    expect(response.status).toBe(200);
    const html = await response.text();
    const content = /<meta name="ondc-site-verification" content="([^"]+)" \/>/.exec(html)?.[1];
    expect(content).toBeDefined();
    const publicKey = Buffer.from(t.services.ondcSigner!.key.publicKey, "base64");
    expect(sodium.crypto_sign_verify_detached(Buffer.from(content!, "base64"), "req-2026-0001", publicKey)).toBe(true);
  });

  it("has neither route without their settings", async () => {
    const plain = await createTestApp();
    try {
      expect(plain.services.ondcOnboarding).toMatchObject({ siteVerificationPage: null, answer: null });
      expect((await plain.app.request("/ondc/on_subscribe", { method: "POST", body: "{}" })).status).toBe(404);
      expect((await plain.app.request("/ondc-site-verification.html")).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
