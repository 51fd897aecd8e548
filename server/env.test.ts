import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv, productionOnly } from "./env.ts";

const tmp = () => mkdtempSync(join(tmpdir(), "sot-env-"));

describe("configuration", () => {
  it("has working defaults for a fresh machine", () => {
    const dir = tmp();
    const env = loadEnv({ DATA_DIR: dir });
    expect(env).toMatchObject({ PORT: 3000, APP_MODE: "sandbox", isProduction: false, PUBLIC_ORIGIN: "http://localhost:3000", dataDir: dir });
    expect(env.DATABASE_URL).toBeUndefined();
    // Sandbox keys are made once and kept, so restarts can read what was encrypted.
    expect(env.ENCRYPTION_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(loadEnv({ DATA_DIR: dir }).ENCRYPTION_KEY).toBe(env.ENCRYPTION_KEY);
    expect(statSync(join(dir, "sandbox-secrets.json")).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, "sandbox-secrets.json"), "utf8")).toContain(env.HASH_KEY);
  });

  it("stops with a message naming each bad variable", () => {
    const attempt = () => loadEnv({ DATA_DIR: tmp(), PORT: "eighty", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(/PORT:/);
    expect(attempt).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(attempt).toThrow(/LOG_LEVEL:/);
  });

  it("reads TRUST_PROXY as the number of proxies in front, 0 by default", () => {
    expect(loadEnv({ DATA_DIR: tmp() }).TRUST_PROXY).toBe(0);
    expect(loadEnv({ DATA_DIR: tmp(), TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    for (const bad of ["true", "yes", "-1", "1.5", "11"])
      expect(() => loadEnv({ DATA_DIR: tmp(), TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: (must be the number of proxies|.*10)/);
  });

  it("refuses production mode without every provider credential and key", () => {
    expect(() => loadEnv({ APP_MODE: "production" })).toThrow(/ENCRYPTION_KEY: required when APP_MODE=production[\s\S]*MSG91_AUTH_KEY: required/);
  });

  it("requires the three payment gateways' credentials in production mode only", () => {
    const others = Object.fromEntries(
      productionOnly
        .filter((k) => !/^(RAZORPAY|PAYU|PHONEPE)_/.test(k))
        .map((k) => [
          k,
          k === "DATABASE_URL"
            ? "postgres://x/y"
            : k.endsWith("_URL")
              ? "https://p.invalid"
              : /_KEY$/.test(k) && /^(ENCRYPTION|HASH)/.test(k)
                ? "33".repeat(32)
                : "v",
        ]),
    );
    const attempt = () => loadEnv({ ...others, APP_MODE: "production", DATA_DIR: tmp() });
    for (const name of [
      "RAZORPAY_KEY_ID",
      "RAZORPAY_KEY_SECRET",
      "RAZORPAY_WEBHOOK_SECRET",
      "PAYU_KEY",
      "PAYU_SALT",
      "PHONEPE_CLIENT_ID",
      "PHONEPE_CLIENT_SECRET",
      "PHONEPE_CLIENT_VERSION",
      "PHONEPE_WEBHOOK_USERNAME",
      "PHONEPE_WEBHOOK_PASSWORD",
    ]) {
      expect(attempt).toThrow(new RegExp(`${name}: required when APP_MODE=production`));
    }
    const sandbox = loadEnv({ DATA_DIR: tmp() });
    expect(sandbox.RAZORPAY_KEY_ID).toBeUndefined();
    expect(sandbox).toMatchObject({
      RAZORPAY_API_URL: "https://api.razorpay.com",
      PAYU_PAYMENT_URL: "https://secure.payu.in/_payment",
      PHONEPE_BASE_URL: "https://api.phonepe.com/apis/pg",
    });
  });

  it("treats NODE_ENV=production as an optimized build, still in sandbox mode", () => {
    expect(loadEnv({ NODE_ENV: "production", DATA_DIR: tmp() }).isProduction).toBe(false);
  });
});

describe("object storage and Redis configuration", () => {
  it("keeps the local disk and the database by default, and reads the S3 and Redis settings", () => {
    const defaults = loadEnv({ DATA_DIR: tmp() });
    expect(defaults).toMatchObject({ S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: false, REDIS_KEY_PREFIX: "sot:" });
    expect(defaults.S3_BUCKET).toBeUndefined();
    expect(defaults.REDIS_URL).toBeUndefined();
    const env = loadEnv({
      DATA_DIR: tmp(),
      S3_BUCKET: "sot-uploads",
      S3_ENDPOINT: "http://127.0.0.1:3229",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "1",
      REDIS_URL: "redis://127.0.0.1:6379",
    });
    expect(env).toMatchObject({
      S3_BUCKET: "sot-uploads",
      S3_ENDPOINT: "http://127.0.0.1:3229",
      S3_FORCE_PATH_STYLE: true,
      REDIS_URL: "redis://127.0.0.1:6379",
    });
  });

  it("takes the CKYC gateway only with its FI code and key (issue 33), and refuses a bad FI code", () => {
    const ckyc = { DATA_DIR: tmp(), CKYC_URL: "https://ckyc.example/api", CKYC_FI_CODE: "IN1234", CKYC_API_KEY: "k" };
    expect(loadEnv(ckyc)).toMatchObject({ CKYC_URL: "https://ckyc.example/api", CKYC_FI_CODE: "IN1234", CKYC_API_KEY: "k" });
    expect(() => loadEnv({ ...ckyc, CKYC_API_KEY: undefined })).toThrow(/CKYC_URL: set CKYC_FI_CODE and CKYC_API_KEY with it/);
    expect(() => loadEnv({ ...ckyc, CKYC_FI_CODE: "IN|1234" })).toThrow(/CKYC_FI_CODE: must be 1-20 letters and digits/);
  });

  it("refuses a bad bucket, half a key pair, S3 settings without a bucket, and a Redis URL that is not one", () => {
    expect(() => loadEnv({ DATA_DIR: tmp(), S3_BUCKET: "Bad_Bucket" })).toThrow(/S3_BUCKET: must be an S3 bucket name/);
    expect(() => loadEnv({ DATA_DIR: tmp(), S3_BUCKET: "sot-uploads", S3_ACCESS_KEY_ID: "id" })).toThrow(/S3_ACCESS_KEY_ID: set both/);
    expect(() => loadEnv({ DATA_DIR: tmp(), S3_ENDPOINT: "http://127.0.0.1:3229" })).toThrow(/S3_BUCKET: required when other S3_ variables are set/);
    expect(() => loadEnv({ DATA_DIR: tmp(), S3_ENDPOINT: "not a url", S3_BUCKET: "sot-uploads" })).toThrow(/S3_ENDPOINT:/);
    expect(() => loadEnv({ DATA_DIR: tmp(), REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
  });
});

describe("ONDC configuration (issue 32)", () => {
  const production = () =>
    Object.fromEntries(
      productionOnly.map((k) => [
        k,
        k === "DATABASE_URL" ? "postgres://x/y" : k.endsWith("_URL") ? "https://p.invalid" : /^(ENCRYPTION|HASH)_KEY$/.test(k) ? "33".repeat(32) : "v",
      ]),
    );
  const seed = Buffer.alloc(32, 7).toString("base64");

  it("in sandbox mode makes our key and the sandbox buyer app's once, keeps them in DATA_DIR, and uses the sandbox registry", () => {
    const dir = tmp();
    const { ondc } = loadEnv({ DATA_DIR: dir, PORT: "3055" });
    expect(ondc).toMatchObject({ subscriberId: "localhost:3055", uniqueKeyId: "sandbox-key-1", registryUrl: null });
    expect(Buffer.from(ondc!.signingPrivateKey, "base64")).toHaveLength(64);
    expect(ondc!.sandboxBuyerApp).toMatchObject({ subscriberId: "localhost:3055", uniqueKeyId: "sandbox-buyer-app" });
    expect(ondc!.sandboxBuyerApp!.signingPrivateKey).not.toBe(ondc!.signingPrivateKey);
    expect(loadEnv({ DATA_DIR: dir }).ondc!.signingPrivateKey).toBe(ondc!.signingPrivateKey);
    expect(statSync(join(dir, "sandbox-ondc-keys.json")).mode & 0o777).toBe(0o600);
  });

  it("takes the configured identity, key and registry", () => {
    const env = loadEnv({
      DATA_DIR: tmp(),
      PUBLIC_ORIGIN: "https://lender.example.com",
      ONDC_UNIQUE_KEY_ID: "k-2026",
      ONDC_SIGNING_PRIVATE_KEY: seed,
      ONDC_REGISTRY_URL: "https://preprod.registry.ondc.org/ondc",
    });
    expect(env.ondc).toEqual({
      subscriberId: "lender.example.com",
      uniqueKeyId: "k-2026",
      signingPrivateKey: seed,
      registryUrl: "https://preprod.registry.ondc.org/ondc",
      sandboxBuyerApp: null,
      requestId: null,
      encryptionPrivateKey: null,
      registryEncryptionPublicKey: null,
    });
    expect(loadEnv({ DATA_DIR: tmp(), ONDC_SUBSCRIBER_ID: "ondc.lender.example.com" }).ondc!.subscriberId).toBe("ondc.lender.example.com");
  });

  it("refuses a key that is not base64 of 32 or 64 bytes, and a key id with a bar", () => {
    expect(() => loadEnv({ DATA_DIR: tmp(), ONDC_SIGNING_PRIVATE_KEY: Buffer.alloc(48).toString("base64") })).toThrow(
      /ONDC_SIGNING_PRIVATE_KEY: must be base64/,
    );
    expect(() => loadEnv({ DATA_DIR: tmp(), ONDC_SIGNING_PRIVATE_KEY: "not base64!" })).toThrow(/ONDC_SIGNING_PRIVATE_KEY/);
    expect(() => loadEnv({ DATA_DIR: tmp(), ONDC_UNIQUE_KEY_ID: "a|b" })).toThrow(/ONDC_UNIQUE_KEY_ID/);
    expect(() => loadEnv({ DATA_DIR: tmp(), ONDC_ENCRYPTION_PRIVATE_KEY: seed })).toThrow(
      /set ONDC_ENCRYPTION_PRIVATE_KEY and ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY together/,
    );
    const onboarding = loadEnv({ DATA_DIR: tmp(), ONDC_ENCRYPTION_PRIVATE_KEY: seed, ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY: seed, ONDC_REQUEST_ID: "req-1" });
    expect(onboarding.ondc).toMatchObject({ requestId: "req-1", encryptionPrivateKey: seed, registryEncryptionPublicKey: seed });
  });

  it("in production is off without its settings, on with all three, and refuses some of them", () => {
    expect(loadEnv({ ...production(), APP_MODE: "production", DATA_DIR: tmp() }).ondc).toBeNull();
    const all = { ONDC_UNIQUE_KEY_ID: "k1", ONDC_SIGNING_PRIVATE_KEY: seed, ONDC_REGISTRY_URL: "https://prod.registry.ondc.org" };
    const on = loadEnv({ ...production(), ...all, APP_MODE: "production", DATA_DIR: tmp() });
    expect(on.ondc).toMatchObject({ uniqueKeyId: "k1", registryUrl: "https://prod.registry.ondc.org", sandboxBuyerApp: null });
    expect(() => loadEnv({ ...production(), ONDC_SIGNING_PRIVATE_KEY: seed, APP_MODE: "production", DATA_DIR: tmp() })).toThrow(
      /set ONDC_SIGNING_PRIVATE_KEY, ONDC_UNIQUE_KEY_ID and ONDC_REGISTRY_URL together/,
    );
  });
});
