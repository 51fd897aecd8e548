// Runs npm scripts at the same time and fails if any fails: `node scripts/run-side-by-side.ts typecheck lint`.
// The static checks are single-threaded (tsc, ESLint, Prettier), so on a 2-core machine two of them side by
// side take about the time of the longest (decision 75). Each script's output is printed whole when it ends,
// so the logs do not interleave.
import { spawn } from "node:child_process";

function run(script: string): Promise<{ script: string; code: number; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code) =>
      resolve({ script, code: code ?? 1, output: Buffer.concat(chunks).toString(), seconds: Math.round((Date.now() - started) / 1000) }),
    );
  });
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("Give the npm scripts to run, e.g. typecheck lint format:check");
  process.exit(2);
}
const results = await Promise.all(
  scripts.map(async (script) => {
    const result = await run(script);
    process.stdout.write(`\n> ${script} (${result.seconds} s): ${result.code === 0 ? "passed" : `failed, exit ${result.code}`}\n${result.output}`);
    return result;
  }),
);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
