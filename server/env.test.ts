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

  it("refuses a bad bucket, half a key pair, S3 settings without a bucket, and a Redis URL that is not one", () => {
    expect(() => loadEnv({ DATA_DIR: tmp(), S3_BUCKET: "Bad_Bucket" })).toThrow(/S3_BUCKET: must be an S3 bucket name/);
    expect(() => loadEnv({ DATA_DIR: tmp(), S3_BUCKET: "sot-uploads", S3_ACCESS_KEY_ID: "id" })).toThrow(/S3_ACCESS_KEY_ID: set both/);
    expect(() => loadEnv({ DATA_DIR: tmp(), S3_ENDPOINT: "http://127.0.0.1:3229" })).toThrow(/S3_BUCKET: required when other S3_ variables are set/);
    expect(() => loadEnv({ DATA_DIR: tmp(), S3_ENDPOINT: "not a url", S3_BUCKET: "sot-uploads" })).toThrow(/S3_ENDPOINT:/);
    expect(() => loadEnv({ DATA_DIR: tmp(), REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
  });
});
