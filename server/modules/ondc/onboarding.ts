// Issue 32: joining ONDC's registry (developer-docs, "registry/Onboarding of Participants.md"). Two proofs:
// the site-verification page carries our subscription's request_id signed with our signing key (Ed25519 over
// the id itself, no digest), and on_subscribe answers the registry's challenge, AES-256-ECB encrypted under
// the X25519 key we share with ONDC, by decrypting it. Pure functions.
import { createDecipheriv, createPrivateKey, createPublicKey, diffieHellman, sign, type KeyObject } from "node:crypto";
import type { SigningKey } from "./signing.ts";

/** DER prefixes that wrap a raw 32-byte X25519 private key (PKCS#8) or public key (SPKI). */
const PKCS8_X25519_PREFIX = Buffer.from("302e020100300506032b656e04220420", "hex");
const SPKI_X25519_PREFIX = Buffer.from("302a300506032b656e032100", "hex");

/** Our X25519 key from base64: PKCS#8 DER (ONDC's reference utilities) or the raw 32 bytes. */
export function encryptionPrivateKey(base64: string): KeyObject {
  const bytes = Buffer.from(base64, "base64");
  const der = bytes.length === 32 ? Buffer.concat([PKCS8_X25519_PREFIX, bytes]) : bytes;
  const key = createPrivateKey({ key: der, format: "der", type: "pkcs8" });
  if (key.asymmetricKeyType !== "x25519") throw new Error("ONDC_ENCRYPTION_PRIVATE_KEY is not an X25519 key.");
  return key;
}

/** A public X25519 key from base64: SPKI DER (as ONDC publishes its own) or the raw 32 bytes. */
export function encryptionPublicKey(base64: string): KeyObject {
  const bytes = Buffer.from(base64, "base64");
  const der = bytes.length === 32 ? Buffer.concat([SPKI_X25519_PREFIX, bytes]) : bytes;
  const key = createPublicKey({ key: der, format: "der", type: "spki" });
  if (key.asymmetricKeyType !== "x25519") throw new Error("ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY is not an X25519 key.");
  return key;
}

/** The key both sides derive: X25519 of our private key and the other's public key (32 bytes, the AES-256 key). */
export function sharedKey(privateKey: KeyObject, publicKey: KeyObject): Buffer {
  return diffieHellman({ privateKey, publicKey });
}

/** The registry's challenge (base64 of AES-256-ECB with PKCS#7 padding) decrypted to its text; null when it does not decrypt. */
export function answerChallenge(challenge: string, key: Buffer): string | null {
  try {
    const decipher = createDecipheriv("aes-256-ecb", key, null);
    return Buffer.concat([decipher.update(Buffer.from(challenge, "base64")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** base64 of the Ed25519 signature of the request_id itself: the content of the `ondc-site-verification` meta tag. */
export function signedRequestId(requestId: string, key: SigningKey): string {
  return sign(null, Buffer.from(requestId), key.privateKey).toString("base64");
}

/** The page ONDC fetches at /ondc-site-verification.html. */
export function siteVerificationPage(signedId: string): string {
  return `<!DOCTYPE html>\n<html>\n  <head>\n    <meta name="ondc-site-verification" content="${signedId}" />\n  </head>\n  <body>ONDC Site Verification Page</body>\n</html>\n`;
}
