// Issue 32: ONDC's settings, validated by server/env.ts with the rest (this file reads no environment of its own):
// the variables' schema, the checks across them, and the settings resolved once, with the sandbox's own keys
// made and kept in DATA_DIR when they are unset (as server/env.ts keeps its sandbox secrets).
import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

export const ONDC_VARIABLES = {
  ONDC_SUBSCRIBER_ID: z
    .string()
    .regex(/^[A-Za-z0-9.:-]+$/, "must be a domain name (letters, digits, dots, hyphens)")
    .optional(),
  ONDC_UNIQUE_KEY_ID: z
    .string()
    .regex(/^[^|\s"]{1,100}$/, "must be 1 to 100 characters, without |, quotes or spaces")
    .optional(),
  ONDC_SIGNING_PRIVATE_KEY: z
    .string()
    .refine(
      (v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && [32, 64].includes(Buffer.from(v, "base64").length),
      "must be base64 of the 64-byte libsodium secret key or of its 32-byte seed",
    )
    .optional(),
  ONDC_REGISTRY_URL: z.url().optional(),
  /** base64 of our X25519 encryption key (PKCS#8 DER, as ONDC's reference utilities print it, or the raw 32 bytes): answers the registry's challenge. */
  ONDC_ENCRYPTION_PRIVATE_KEY: z
    .string()
    .refine(
      (v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, "base64").length >= 32,
      "must be base64 of an X25519 private key (PKCS#8 DER or 32 bytes)",
    )
    .optional(),
  /** ONDC's encryption public key for the registry's environment (base64, SPKI DER or 32 bytes). */
  ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY: z
    .string()
    .refine((v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, "base64").length >= 32, "must be base64 of an X25519 public key (SPKI DER or 32 bytes)")
    .optional(),
  /** The request_id of our subscription; /ondc-site-verification.html carries it signed. */
  ONDC_REQUEST_ID: z.string().min(1).max(200).optional(),
};

type OndcVariables = { [K in keyof typeof ONDC_VARIABLES]?: z.infer<(typeof ONDC_VARIABLES)[K]> };

/** A participant's signing identity: base64 of the 64-byte libsodium secret key or of its 32-byte seed. */
export interface OndcIdentity {
  subscriberId: string;
  uniqueKeyId: string;
  signingPrivateKey: string;
}

export interface OndcSettings extends OndcIdentity {
  /** The registry's base URL (`…/lookup` is posted to); null: the sandbox registry, in-process. */
  registryUrl: string | null;
  /** The sandbox buyer app the sandbox registry lists beside us; null with a real registry. */
  sandboxBuyerApp: OndcIdentity | null;
  /** Onboarding (null when unset): the request_id the site-verification page signs, our X25519 key, ONDC's public key. */
  requestId: string | null;
  encryptionPrivateKey: string | null;
  registryEncryptionPublicKey: string | null;
}

/** Production mode: ONDC is off with none of its three settings, on with all three; anything between is a mistake. */
export function ondcProblems(parsed: OndcVariables, isProduction: boolean): string[] {
  const pair = Boolean(parsed.ONDC_ENCRYPTION_PRIVATE_KEY) !== Boolean(parsed.ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY);
  const problems = pair ? ["  ONDC_ENCRYPTION_PRIVATE_KEY: set ONDC_ENCRYPTION_PRIVATE_KEY and ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY together, or neither"] : [];
  const named = [parsed.ONDC_SIGNING_PRIVATE_KEY, parsed.ONDC_UNIQUE_KEY_ID, parsed.ONDC_REGISTRY_URL].filter(Boolean).length;
  if (!isProduction || named === 0 || named === 3) return problems;
  return [
    ...problems,
    "  ONDC_SIGNING_PRIVATE_KEY: in production set ONDC_SIGNING_PRIVATE_KEY, ONDC_UNIQUE_KEY_ID and ONDC_REGISTRY_URL together, or none (ONDC off)",
  ];
}

/**
 * Issue 32: who we are on ONDC. In sandbox mode what is unset is made once and kept in DATA_DIR (our key,
 * and the sandbox buyer app's for the sandbox registry), as the sandbox secrets are.
 */
export function ondcSettings(parsed: OndcVariables, at: { publicOrigin: string; dataDir: string; isProduction: boolean }): OndcSettings | null {
  const subscriberId = parsed.ONDC_SUBSCRIBER_ID ?? new URL(at.publicOrigin).host;
  const onboarding = {
    requestId: parsed.ONDC_REQUEST_ID ?? null,
    encryptionPrivateKey: parsed.ONDC_ENCRYPTION_PRIVATE_KEY ?? null,
    registryEncryptionPublicKey: parsed.ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY ?? null,
  };
  if (at.isProduction) {
    if (!parsed.ONDC_SIGNING_PRIVATE_KEY) return null;
    const configured = { uniqueKeyId: parsed.ONDC_UNIQUE_KEY_ID!, signingPrivateKey: parsed.ONDC_SIGNING_PRIVATE_KEY };
    return { subscriberId, ...configured, registryUrl: parsed.ONDC_REGISTRY_URL!, sandboxBuyerApp: null, ...onboarding };
  }
  const kept = parsed.ONDC_SIGNING_PRIVATE_KEY && parsed.ONDC_REGISTRY_URL ? null : sandboxOndcKeys(at.dataDir);
  return {
    subscriberId,
    uniqueKeyId: parsed.ONDC_UNIQUE_KEY_ID ?? "sandbox-key-1",
    signingPrivateKey: parsed.ONDC_SIGNING_PRIVATE_KEY ?? kept!.lender,
    registryUrl: parsed.ONDC_REGISTRY_URL ?? null,
    // The sandbox buyer app lives on our own host (/dev/ondc), so it shares the host as its subscriber id.
    ...onboarding,
    sandboxBuyerApp: parsed.ONDC_REGISTRY_URL
      ? null
      : { subscriberId: new URL(at.publicOrigin).host, uniqueKeyId: "sandbox-buyer-app", signingPrivateKey: kept!.buyerApp },
  };
}

/** Two Ed25519 keys as libsodium keeps them (seed then public key, base64), made once per data dir. */
function sandboxOndcKeys(dataDir: string): { lender: string; buyerApp: string } {
  const file = join(dataDir, "sandbox-ondc-keys.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  const newKey = () => {
    const { d, x } = generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" });
    return Buffer.concat([Buffer.from(d!, "base64url"), Buffer.from(x!, "base64url")]).toString("base64");
  };
  mkdirSync(dataDir, { recursive: true });
  // Written whole and renamed, so a second process starting at once never reads half a file.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify({ lender: newKey(), buyerApp: newKey() }), { mode: 0o600 });
  renameSync(partial, file);
  return JSON.parse(readFileSync(file, "utf8"));
}
