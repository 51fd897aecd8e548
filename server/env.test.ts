import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env.ts";

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

  it("refuses production mode without every provider credential and key", () => {
    expect(() => loadEnv({ APP_MODE: "production" })).toThrow(/ENCRYPTION_KEY: required when APP_MODE=production[\s\S]*MSG91_AUTH_KEY: required/);
  });

  it("treats NODE_ENV=production as an optimized build, still in sandbox mode", () => {
    expect(loadEnv({ NODE_ENV: "production", DATA_DIR: tmp() }).isProduction).toBe(false);
  });
});
