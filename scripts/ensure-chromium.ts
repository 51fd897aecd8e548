// Browser tests drive Debian's Chromium; no test tool downloads a browser of its own.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";
const COMMAND = "apt-get update && apt-get install -y chromium";

if (!existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  let hasApt = false;
  try {
    execSync("command -v apt-get", { stdio: "ignore" });
    hasApt = true;
  } catch {}
  if (isRoot && hasApt) {
    console.log(`Chromium is missing; installing Debian's chromium package (${COMMAND}) …`);
    execSync(COMMAND, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`Browser tests need Chromium at ${CHROMIUM}. Install it with:\n  sudo ${COMMAND}`);
    process.exit(1);
  }
}
