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
  },
});
