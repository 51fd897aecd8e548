// Issue 32: ONDC's request signing, both ways (ONDC-Official/developer-docs, registry/signing-verification.md).
// Ed25519 over "(created) (expires) digest", where the digest is BLAKE2b-512 of the exact body bytes. Pure
// functions: the keys come in, the header or the verdict goes out. Verification always runs over the bytes
// as received; a body is never parsed and serialised again before it is checked.
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";

/** DER prefixes that wrap a raw 32-byte Ed25519 seed (PKCS#8) or public key (SPKI), so node:crypto imports libsodium's raw keys. */
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");
const SPKI_ED25519_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

/** The header's `headers` parameter: the only one ONDC uses. */
export const SIGNED_HEADERS = "(created) (expires) digest";
/** The reference utilities sign for an hour. */
export const SIGNATURE_VALIDITY_SECONDS = 3600;
/** Clocks differ a little between participants: a `created` this far ahead of ours is still accepted. */
export const CLOCK_SKEW_SECONDS = 30;

export interface SigningKey {
  privateKey: KeyObject;
  /** base64 of the raw 32-byte public key, as the registry lists it. */
  publicKey: string;
}

export class SigningKeyError extends Error {}

function rawPublicKey(key: KeyObject): Buffer {
  return createPublicKey(key).export({ format: "der", type: "spki" }).subarray(SPKI_ED25519_PREFIX.length);
}

/**
 * A signing key from base64: libsodium's 64-byte secret key (seed then public key) or its 32-byte seed.
 * A 64-byte key whose second half is not the seed's public key is refused rather than signed with.
 */
export function signingKeyFromBase64(secret: string): SigningKey {
  const bytes = Buffer.from(secret.trim(), "base64");
  if (bytes.length !== 32 && bytes.length !== 64) throw new SigningKeyError("An ONDC signing key is base64 of 64 bytes (libsodium) or 32 bytes (the seed).");
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, bytes.subarray(0, 32)]), format: "der", type: "pkcs8" });
  const publicKey = rawPublicKey(privateKey);
  if (bytes.length === 64 && !publicKey.equals(bytes.subarray(32))) {
    throw new SigningKeyError("The ONDC signing key's second half is not the public key of its first: the key is damaged.");
  }
  return { privateKey, publicKey: publicKey.toString("base64") };
}

/** A public key from the registry's base64 of 32 raw bytes; null when it is not one. */
export function publicKeyFromBase64(publicKey: string): KeyObject | null {
  const bytes = Buffer.from(publicKey.trim(), "base64");
  if (bytes.length !== 32) return null;
  try {
    return createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, bytes]), format: "der", type: "spki" });
  } catch {
    return null;
  }
}

/** base64 of BLAKE2b-512 of the exact bytes (libsodium's crypto_generichash with 64 bytes out). */
export function bodyDigest(body: Uint8Array): string {
  return createHash("blake2b512").update(body).digest("base64");
}

export function signingString(created: number, expires: number, digest: string): string {
  return `(created): ${created}\n(expires): ${expires}\ndigest: BLAKE-512=${digest}`;
}

export interface Signer {
  subscriberId: string;
  uniqueKeyId: string;
  key: SigningKey;
}

/** The Authorization header for a body we send; `created` in Unix seconds. */
export function authorizationHeader(body: Uint8Array, signer: Signer, created: number, expires = created + SIGNATURE_VALIDITY_SECONDS): string {
  const text = signingString(created, expires, bodyDigest(body));
  const signature = sign(null, Buffer.from(text), signer.key.privateKey).toString("base64");
  return (
    `Signature keyId="${signer.subscriberId}|${signer.uniqueKeyId}|ed25519",algorithm="ed25519",` +
    `created="${created}",expires="${expires}",headers="${SIGNED_HEADERS}",signature="${signature}"`
  );
}

export interface ParsedAuthorization {
  subscriberId: string;
  uniqueKeyId: string;
  algorithm: string;
  created: number;
  expires: number;
  headers: string;
  signature: string;
}

/** Why a signature is refused, in our words; the HTTP edge turns each into ONDC's error. */
export type SignatureRefusal = "missing" | "malformed" | "algorithm" | "expired" | "not-yet-valid" | "unknown-key" | "bad-signature" | "wrong-sender";

/** Reads `Signature keyId="…",algorithm="…",…`; values may be quoted or bare. Null when the header is not one. */
export function parseAuthorization(header: string | undefined | null): ParsedAuthorization | { refused: SignatureRefusal } {
  if (!header?.trim()) return { refused: "missing" };
  const match = /^Signature\s+(.+)$/is.exec(header.trim());
  if (!match) return { refused: "malformed" };
  const params = new Map<string, string>();
  for (const part of match[1].matchAll(/([A-Za-z]+)\s*=\s*(?:"([^"]*)"|([^,\s]*))\s*(?:,|$)/g)) params.set(part[1], part[2] ?? part[3]);
  const keyId = params.get("keyId")?.split("|");
  const created = Number(params.get("created"));
  const expires = Number(params.get("expires"));
  const signature = params.get("signature");
  if (!keyId || keyId.length !== 3 || !keyId[0] || !keyId[1] || !signature || !Number.isInteger(created) || !Number.isInteger(expires)) {
    return { refused: "malformed" };
  }
  const algorithm = params.get("algorithm") ?? "";
  if (algorithm !== "ed25519" || keyId[2] !== "ed25519") return { refused: "algorithm" };
  const headers = params.get("headers") ?? "";
  if (headers !== SIGNED_HEADERS) return { refused: "malformed" };
  return { subscriberId: keyId[0], uniqueKeyId: keyId[1], algorithm, created, expires, headers, signature };
}

/** Whether the signature's window holds `nowSeconds`: created not in the future (beyond the skew), expires not past. */
export function signatureWindow(parsed: ParsedAuthorization, nowSeconds: number): SignatureRefusal | null {
  if (parsed.expires < parsed.created) return "malformed";
  if (parsed.created > nowSeconds + CLOCK_SKEW_SECONDS) return "not-yet-valid";
  if (parsed.expires < nowSeconds) return "expired";
  return null;
}

/** Verifies the signature over the raw body bytes with the sender's registry key (base64 of 32 bytes). */
export function signatureMatches(parsed: ParsedAuthorization, body: Uint8Array, publicKey: string): boolean {
  const key = publicKeyFromBase64(publicKey);
  const signature = Buffer.from(parsed.signature, "base64");
  if (!key || signature.length !== 64) return false;
  return verify(null, Buffer.from(signingString(parsed.created, parsed.expires, bodyDigest(body))), key, signature);
}
