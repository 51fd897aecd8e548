import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { SERVER_BUNDLE, serveNodeArgs } from "./scripts/serve-command.ts";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// E2E_BASE_URL: test servers started elsewhere (scripts/two-instances.ts: two instances behind a proxy); no webServer then.
const EXTERNAL_BASE_URL = process.env.E2E_BASE_URL?.replace(/\/$/, "");
export const BASE_URL = EXTERNAL_BASE_URL ?? `http://localhost:${PORT}`;
// Specs that move the sandbox clock (*.clock.spec.ts) get a server of their own, PORT + 71: the clock is
// global to a server, and the other specs run in parallel on the first one. Not run against external servers.
const CLOCK_SPEC = /\.clock\.spec\.ts$/;
// Specs of live media (*.media.spec.ts, issue 33's video KYC call) run in Chromium with its fake camera and
// microphone (a test pattern and a beep) and the permission prompts answered yes: their own project.
const MEDIA_SPEC = /\.media\.spec\.ts$/;
const CLOCK_PORT = PORT + 71;
const CLOCK_BASE_URL = `http://localhost:${CLOCK_PORT}`;
// The 1280 px specs get a server of their own, PORT + 1: one server process answering every worker was the
// run's bottleneck (decision 75). Against external servers both widths share them.
const DESKTOP_PORT = PORT + 1;
const DESKTOP_BASE_URL = EXTERNAL_BASE_URL ?? `http://localhost:${DESKTOP_PORT}`;
/**
 * One scratch dir per run, made by the runner's own process and removed when it exits. Its workers load this file
 * again and find it in their environment (SOT_E2E_RUN_DIR), so they make none of their own; as TMPDIR it also holds
 * what the specs, the servers and the browsers put in the OS temp dir. Before, every worker's load made three dirs
 * and none was removed.
 */
function runDir(): string {
  const made = process.env.SOT_E2E_RUN_DIR;
  if (made) return made;
  const dir = mkdtempSync(join(tmpdir(), "sot-e2e-"));
  process.env.SOT_E2E_RUN_DIR = dir;
  process.env.TMPDIR = dir;
  process.on("exit", () => {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // A server still stopping may be writing into it; the OS's temp dir takes the rest.
    }
  });
  return dir;
}
/** A fresh data dir per run and per server: browser tests create their own users and never see old ones. */
const serverDir = (name: string) => {
  const dir = join(runDir(), name);
  mkdirSync(dir, { recursive: true });
  return dir;
};
const dataDir = serverDir("data");
const desktopDataDir = serverDir("data-desktop");
const clockDataDir = serverDir("data-clock");

/** One built server for the browser tests, on its own port and data dir. */
const server = (port: number, baseURL: string, dir: string) => ({
  // As `npm run serve` starts it (its node options), with the settings below.
  command: ["node", ...serveNodeArgs(), SERVER_BUNDLE].join(" "),
  url: `${baseURL}/healthz`,
  reuseExistingServer: false,
  // Whole journeys with axe checks at each screen take a while on a 2-core machine.
  timeout: 180_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  env: {
    NODE_ENV: "production",
    PORT: String(port),
    PUBLIC_ORIGIN: baseURL,
    DATA_DIR: dir,
    LOG_LEVEL: "warn",
    // Each browser test presents its own client address, so per-IP limits stay per test.
    TRUST_PROXY: "1",
  },
});
const mobile360 = { ...devices["Desktop Chrome"], viewport: { width: 360, height: 780 }, isMobile: false, hasTouch: true };
const desktop1280 = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };

// Debian's Chromium headless shell: the same Blink without the full browser's UI process, so a test costs less CPU
// on the 2-core machine (3 specs at 360 px: 75 s of CPU with the full browser, 59 s with the shell).
const chromium = {
  executablePath: "/usr/bin/chromium-headless-shell",
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
  // Four on a 2-core machine (decision 75 has the measured runs): six filled the idle CPU on a fast machine, but on a
  // slower one the load reached 20 and long journeys ran past their time limits; four keep each test's share of CPU.
  workers: Number(process.env.E2E_WORKERS ?? 4),
  retries: 0,
  forbidOnly: true,
  // The books of every loan the tests made must agree with dues() at the end (npm run ledger:check).
  globalTeardown: "./tests/e2e/ledger-check.teardown.ts",
  reporter: [["list"]],
  // Whole journeys with axe checks at each screen take a while on a 2-core machine.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    launchOptions: chromium,
    trace: "retain-on-failure",
  },
  projects: [
    // Width-specific specs: *.mobile.spec.ts run only at 360 px, *.desktop.spec.ts only at 1280 px.
    { name: "mobile-360", testIgnore: [/server-process/, /\.desktop\.spec\.ts$/, CLOCK_SPEC, MEDIA_SPEC], use: mobile360 },
    {
      name: "desktop-1280",
      testIgnore: [/server-process/, /\.mobile\.spec\.ts$/, CLOCK_SPEC, MEDIA_SPEC],
      use: { ...desktop1280, baseURL: DESKTOP_BASE_URL },
    },
    // Live media: the customer at 360 px (the spec opens the official's page at 1280 px itself). One spec at a time:
    // each runs two or three browsers with fake cameras, and at the end of a full run on two cores they starved each other.
    {
      name: "media",
      testMatch: MEDIA_SPEC,
      workers: 1,
      use: { ...mobile360, launchOptions: { ...chromium, args: [...chromium.args, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"] } },
    },
    // Process-level checks of the built server; no browser, run once. After the live-media specs: each of these starts
    // servers on new embedded databases, and at the end of full runs on a slow 2-core machine the two together starved
    // each other (the media spec's staff enrolment past its time, these servers past 180 s to listen; twice).
    { name: "server-process", testMatch: /server-process\.spec\.ts/, dependencies: ["media"] },
    // Clock-moving specs on the second server, one width after the other and one spec at a time (workers: 1), so they never move its clock at once.
    ...(EXTERNAL_BASE_URL
      ? []
      : [
          { name: "clock-360", testMatch: CLOCK_SPEC, workers: 1, use: { ...mobile360, baseURL: CLOCK_BASE_URL } },
          { name: "clock-1280", testMatch: CLOCK_SPEC, workers: 1, dependencies: ["clock-360"], use: { ...desktop1280, baseURL: CLOCK_BASE_URL } },
        ]),
  ],
  webServer: EXTERNAL_BASE_URL
    ? undefined
    : [server(PORT, BASE_URL, dataDir), server(DESKTOP_PORT, DESKTOP_BASE_URL, desktopDataDir), server(CLOCK_PORT, CLOCK_BASE_URL, clockDataDir)],
});
