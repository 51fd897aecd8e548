// Browser tests drive Debian's Chromium; no test tool downloads a browser of its own.
import { ensureDebianTool } from "./debian-tools.ts";

try {
  ensureDebianTool("/usr/bin/chromium", "chromium", "Browser tests");
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
