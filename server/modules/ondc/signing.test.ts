// Issue 32: our signing against libsodium's (an independent implementation of Ed25519 and BLAKE2b), both ways.
import sodium from "libsodium-wrappers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  authorizationHeader,
  bodyDigest,
  parseAuthorization,
  signatureMatches,
  signatureWindow,
  signingKeyFromBase64,
  signingString,
  SigningKeyError,
  type ParsedAuthorization,
} from "./signing.ts";

/** libsodium's key pair: the 64-byte secret key (seed, then public key) and the 32-byte public key. */
type KeyPair = { publicKey: Uint8Array; privateKey: Uint8Array };
const b64 = (bytes: Uint8Array) => sodium.to_base64(bytes, sodium.base64_variants.ORIGINAL);
const body = Buffer.from('{"context":{"action":"search","message_id":"m-1"},"message":{"intent":{}}}');
const created = 1_795_000_000;

/** A header as a libsodium-based buyer app builds it (the reference utilities' way). */
function libsodiumHeader(bytes: Uint8Array, secretKey: Uint8Array, keyId: string, at = created, until = at + 3600): string {
  const digest = b64(sodium.crypto_generichash(64, bytes, null));
  const signature = b64(sodium.crypto_sign_detached(`(created): ${at}\n(expires): ${until}\ndigest: BLAKE-512=${digest}`, secretKey));
  return `Signature keyId="${keyId}",algorithm="ed25519",created="${at}",expires="${until}",headers="(created) (expires) digest",signature="${signature}"`;
}

function parsed(header: string): ParsedAuthorization {
  const result = parseAuthorization(header);
  if ("refused" in result) throw new Error(`refused: ${result.refused}`);
  return result;
}

let buyer: KeyPair;
beforeAll(async () => {
  await sodium.ready;
  buyer = sodium.crypto_sign_keypair();
});

describe("ONDC signing", () => {
  it("digests the exact bytes with BLAKE2b-512, as libsodium does", () => {
    expect(bodyDigest(body)).toBe(b64(sodium.crypto_generichash(64, body, null)));
    expect(signingString(1, 2, "D")).toBe("(created): 1\n(expires): 2\ndigest: BLAKE-512=D");
  });

  it("takes libsodium's 64-byte secret key or its 32-byte seed, and refuses anything else", () => {
    const full = signingKeyFromBase64(b64(buyer.privateKey));
    const seed = signingKeyFromBase64(b64(buyer.privateKey.subarray(0, 32)));
    expect(full.publicKey).toBe(b64(buyer.publicKey));
    expect(seed.publicKey).toBe(b64(buyer.publicKey));
    expect(() => signingKeyFromBase64(b64(new Uint8Array(48)))).toThrow(SigningKeyError);
    const damaged = Uint8Array.from(buyer.privateKey);
    damaged[63] ^= 1;
    expect(() => signingKeyFromBase64(b64(damaged))).toThrow(SigningKeyError);
  });

  it("verifies a header libsodium signed", () => {
    const header = libsodiumHeader(body, buyer.privateKey, "buyer.example.com|k1|ed25519");
    const p = parsed(header);
    expect(p).toMatchObject({ subscriberId: "buyer.example.com", uniqueKeyId: "k1", created, expires: created + 3600 });
    expect(signatureWindow(p, created + 10)).toBeNull();
    expect(signatureMatches(p, body, b64(buyer.publicKey))).toBe(true);
  });

  it("signs a header libsodium verifies", () => {
    const ours = sodium.crypto_sign_keypair();
    const signer = { subscriberId: "lender.example.com", uniqueKeyId: "k9", key: signingKeyFromBase64(b64(ours.privateKey)) };
    const header = authorizationHeader(body, signer, created);
    const p = parsed(header);
    expect(header).toMatch(
      /^Signature keyId="lender\.example\.com\|k9\|ed25519",algorithm="ed25519",created="\d+",expires="\d+",headers="\(created\) \(expires\) digest",signature="[^"]+"$/,
    );
    const text = `(created): ${p.created}\n(expires): ${p.expires}\ndigest: BLAKE-512=${b64(sodium.crypto_generichash(64, body, null))}`;
    expect(sodium.crypto_sign_verify_detached(sodium.from_base64(p.signature, sodium.base64_variants.ORIGINAL), text, ours.publicKey)).toBe(true);
    // And a seed-only key signs the same way.
    const fromSeed = { ...signer, key: signingKeyFromBase64(b64(ours.privateKey.subarray(0, 32))) };
    expect(authorizationHeader(body, fromSeed, created)).toBe(header);
  });

  it("refuses a tampered body, even one that parses to the same JSON", () => {
    const p = parsed(libsodiumHeader(body, buyer.privateKey, "b|k1|ed25519"));
    expect(signatureMatches(p, Buffer.from(body.toString().replace("m-1", "m-2")), b64(buyer.publicKey))).toBe(false);
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1));
    expect(signatureMatches(p, reserialised, b64(buyer.publicKey))).toBe(false);
  });

  it("refuses an expired signature and one not yet valid", () => {
    const p = parsed(libsodiumHeader(body, buyer.privateKey, "b|k1|ed25519"));
    expect(signatureWindow(p, created + 3601)).toBe("expired");
    expect(signatureWindow(p, created - 3600)).toBe("not-yet-valid");
    expect(signatureWindow(p, created - 10)).toBeNull();
  });

  it("refuses another key's signature and a signature that is not one", () => {
    const p = parsed(libsodiumHeader(body, buyer.privateKey, "b|k1|ed25519"));
    expect(signatureMatches(p, body, b64(sodium.crypto_sign_keypair().publicKey))).toBe(false);
    expect(signatureMatches(p, body, "not-a-key")).toBe(false);
    expect(signatureMatches({ ...p, signature: "AAAA" }, body, b64(buyer.publicKey))).toBe(false);
  });

  it("reads bare values, and refuses a missing, malformed or other-algorithm header", () => {
    const header = libsodiumHeader(body, buyer.privateKey, "b|k1|ed25519").replace(`created="${created}"`, `created=${created}`);
    expect(parsed(header).created).toBe(created);
    expect(parseAuthorization(undefined)).toEqual({ refused: "missing" });
    expect(parseAuthorization("Bearer x")).toEqual({ refused: "malformed" });
    expect(parseAuthorization(header.replace('keyId="b|k1|ed25519"', 'keyId="b|k1"'))).toEqual({ refused: "malformed" });
    expect(parseAuthorization(header.replace('algorithm="ed25519"', 'algorithm="rsa"'))).toEqual({ refused: "algorithm" });
    expect(parseAuthorization(header.replace("(created) (expires) digest", "digest"))).toEqual({ refused: "malformed" });
  });

  it("reproduces the worked example of ONDC's developer docs (registry/signing-verification.md)", () => {
    // Their body, key pair, created/expires, digest and signature: Ed25519 is deterministic, so ours must match.
    const body = Buffer.from(
      '{"context":{"domain":"nic2004:60212","country":"IND","city":"Kochi","action":"search","core_version":"0.9.1","bap_id":"bap.stayhalo.in","bap_uri":"https://8f9f-49-207-209-131.ngrok.io/protocol/","transaction_id":"e6d9f908-1d26-4ff3-a6d1-3af3d3721054","message_id":"a2fe6d52-9fe4-4d1a-9d0b-dccb8b48522d","timestamp":"2022-01-04T09:17:55.971Z","ttl":"P1M"},"message":{"intent":{"fulfillment":{"start":{"location":{"gps":"10.108768, 76.347517"}},"end":{"location":{"gps":"10.102997, 76.353480"}}}}}}',
    );
    const key = signingKeyFromBase64("lP3sHA+9gileOkXYJXh4Jg8tK0gEEMbf9yCPnFpbldhrAY+NErqL9WD+Vav7TE5tyVXGXBle9ONZi2W7o144eQ==");
    expect(key.publicKey).toBe("awGPjRK6i/Vg/lWr+0xObclVxlwZXvTjWYtlu6NeOHk=");
    expect(bodyDigest(body)).toBe("b6lf6lRgOweajukcvcLsagQ2T60+85kRh/Rd2bdS+TG/5ALebOEgDJfyCrre/1+BMu5nA94o4DT3pTFXuUg7sw==");
    const header = authorizationHeader(body, { subscriberId: "example-bap.com", uniqueKeyId: "bap1234", key }, 1641287875, 1641291475);
    expect(header).toContain('signature="cjbhP0PFyrlSCNszJM1F/YmHDVAWsZqJUPzojnE/7TJU3fJ/rmIlgaUHEr5E0/2PIyf0tpSnWtT6cyNNlpmoAQ=="');
    expect(signatureMatches(parsed(header), body, "awGPjRK6i/Vg/lWr+0xObclVxlwZXvTjWYtlu6NeOHk=")).toBe(true);
  });
});
