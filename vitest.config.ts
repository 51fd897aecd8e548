import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["core/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.{ts,tsx}", "eslint/**/*.test.ts"],
    environment: "node",
    // One scratch dir per run for everything the tests put in the OS temp dir, removed at the end; then one
    // migrated embedded database per run (in it), which each test app starts from a copy of.
    globalSetup: ["tests/vitest-run-temp-dir.ts", "server/test-support/database-template.ts"],
    // Generous: API tests run beside browser builds on a 2-core machine; a timeout here is load, not a bug.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker less than the cores: one file at a time on the 2-core machine, with a core idle
    // while the database waits. Every core cuts the run by about a quarter there (measured: 18 files of loans and
    // payments, 172 s on one worker, 130 s on two, 134 s on three). On PostgreSQL (TEST_DATABASE_URL) each test app
    // has a schema of its own, so files run side by side there too (decision 75).
    maxWorkers: "100%",
    // Each worker keeps the modules it has loaded from one test file to the next instead of importing the server
    // afresh per file (decision 75, fourth round): the whole run went from 7.0 to about 4.8 minutes. Files still
    // share no rows (each test app opens its own database), and the few global stubs are undone after each test.
    isolate: false,
  },
});
