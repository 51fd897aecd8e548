import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["core/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.{ts,tsx}", "eslint/**/*.test.ts"],
    environment: "node",
    // One migrated embedded database per run; each test app starts from a copy of it.
    globalSetup: ["server/test-support/database-template.ts"],
    // Generous: API tests run beside browser builds on a 2-core machine; a timeout here is load, not a bug.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker less than the cores: one file at a time on the 2-core machine, with a core idle
    // while the database waits. Every core cuts the run by about a quarter there (measured: 18 files of loans and
    // payments, 172 s on one worker, 130 s on two, 134 s on three). On PostgreSQL (TEST_DATABASE_URL) each test app
    // has a schema of its own, so files run side by side there too (decision 75).
    maxWorkers: "100%",
  },
});
