import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// E2E_BASE_URL: test servers started elsewhere (scripts/two-instances.ts: two instances behind a proxy); no webServer then.
const EXTERNAL_BASE_URL = process.env.E2E_BASE_URL?.replace(/\/$/, "");
export const BASE_URL = EXTERNAL_BASE_URL ?? `http://localhost:${PORT}`;
// A fresh data dir per run: browser tests create their own users and never see old ones.
const dataDir = mkdtempSync(join(tmpdir(), "sot-e2e-"));

const chromium = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // The books of every loan the tests made must agree with dues() at the end (npm run ledger:check).
  globalTeardown: "./tests/e2e/ledger-check.teardown.ts",
  reporter: [["list"]],
  // Whole journeys with axe checks at each screen take a while on a 2-core machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    launchOptions: chromium,
    trace: "retain-on-failure",
  },
  projects: [
    // Width-specific specs: *.mobile.spec.ts run only at 360 px, *.desktop.spec.ts only at 1280 px.
    {
      name: "mobile-360",
      testIgnore: [/server-process/, /\.desktop\.spec\.ts$/],
      use: { ...devices["Desktop Chrome"], viewport: { width: 360, height: 780 }, isMobile: false, hasTouch: true },
    },
    {
      name: "desktop-1280",
      testIgnore: [/server-process/, /\.mobile\.spec\.ts$/],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    // Process-level checks of the built server; no browser, run once.
    { name: "server-process", testMatch: /server-process\.spec\.ts/ },
  ],
  webServer: EXTERNAL_BASE_URL
    ? undefined
    : {
        command: "node build/server-bundle/main.js",
        url: `${BASE_URL}/healthz`,
        reuseExistingServer: false,
        // Whole journeys with axe checks at each screen take a while on a 2-core machine.
        timeout: 120_000,
        stdout: "ignore",
        stderr: "pipe",
        env: {
          NODE_ENV: "production",
          PORT: String(PORT),
          PUBLIC_ORIGIN: BASE_URL,
          DATA_DIR: dataDir,
          LOG_LEVEL: "warn",
          // Each browser test presents its own client address, so per-IP limits stay per test.
          TRUST_PROXY: "1",
        },
      },
});
