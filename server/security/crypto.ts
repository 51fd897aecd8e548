import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** HMAC-SHA256 with a purpose label, so one key never yields the same hash for two uses. */
export function keyedHash(hashKeyHex: string, purpose: string, value: string): string {
  return createHmac("sha256", Buffer.from(hashKeyHex, "hex")).update(`${purpose}\u0000${value}`).digest("hex");
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** 256-bit URL-safe token. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A zero-padded numeric code from the CSPRNG. */
export function randomDigits(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, "0");
}

/** AES-256-GCM; output is base64url(iv | tag | ciphertext), prefixed with a version. */
export function encrypt(keyHex: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(keyHex, "hex"), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

export function decrypt(keyHex: string, sealed: string): string {
  if (!sealed.startsWith("v1.")) throw new Error("Unknown ciphertext format");
  const raw = Buffer.from(sealed.slice(3), "base64url");
  const decipher = createDecipheriv("aes-256-gcm", Buffer.from(keyHex, "hex"), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}
