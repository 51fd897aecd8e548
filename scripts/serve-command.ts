// The production server's node command as `npm run serve` runs it, read from package.json, so the benches
// and the browser tests start the bundle with the same V8 settings as a deployment (decisions, platform.md:
// "Issue 35: the young generation kept after an idle spell").
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The server bundle `npm run serve` runs. */
export const SERVER_BUNDLE = "build/server-bundle/main.js";

/** The node options of package.json's `serve` script (`node <options> build/server-bundle/main.js`); throws if the script has another shape. */
export function serveNodeArgs(root = process.cwd()): string[] {
  const { scripts } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const found = /(?:^|\s)node((?:\s+--[\w-]+(?:=\S+)?)*)\s+build\/server-bundle\/main\.js$/.exec(scripts.serve ?? "");
  if (!found) throw new Error(`package.json's serve script is not "node [options] ${SERVER_BUNDLE}": ${scripts.serve}`);
  return found[1]!.trim().split(/\s+/).filter(Boolean);
}
