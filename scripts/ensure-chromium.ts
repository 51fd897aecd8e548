// Browser tests drive Debian's Chromium headless shell; no test tool downloads a browser of its own.
import { ensureDebianTool } from "./debian-tools.ts";

try {
  ensureDebianTool("/usr/bin/chromium-headless-shell", "chromium-headless-shell", "Browser tests");
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
