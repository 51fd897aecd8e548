// The cached page's cost over a server's first minutes, with its scheduled jobs as served and with JOBS=off:
// two fresh servers, each taking 3 s of wrk in turn every 10 s for BENCH_SPAN seconds (default 150), so both
// see the same machine. The figures of the decision "Issue 35: a fast evening, and what it showed"
// (docs/decisions/platform.md).
// Usage: npm run build, then node bench/hit-over-time.ts (about 3 minutes).
import { CACHED_PAGE, primeCachedPage } from "./cached-page.ts";
import { fmt, machine, scratchDir, startServer, table, wrk, type RunningServer } from "./wrk.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3770);
const SPAN_MS = Number(process.env.BENCH_SPAN ?? 150) * 1000;
const RUN_SECONDS = 3;
const EVERY_MS = 10_000;

const when = machine();
const servers: RunningServer[] = [];
try {
  const envs: Record<string, string>[] = [{}, { JOBS: "off" }];
  for (const [i, env] of envs.entries()) {
    const server = await startServer({ port: PORT + i, dataDir: scratchDir("bench-over-time"), env });
    await primeCachedPage(server.base);
    servers.push(server);
  }
  const started = performance.now();
  const rows: (string | number)[][] = [];
  for (let next = 0; next < SPAN_MS; next += EVERY_MS) {
    const wait = started + next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const row: (string | number)[] = [Math.round((performance.now() - started) / 1000)];
    for (const server of servers) {
      const result = await wrk(server.base + CACHED_PAGE, { serverPid: server.pid, seconds: RUN_SECONDS });
      row.push(result.rps, fmt.cpuUs(result.cpuMsPerRequest));
    }
    rows.push(row);
  }
  console.log(`${when}. Cached page ${CACHED_PAGE}; each server ${RUN_SECONDS} s of wrk, in turn, every ${EVERY_MS / 1000} s.\n`);
  console.log(table(["s after both were healthy", "jobs as served: requests/s", "CPU µs/hit", "JOBS=off: requests/s", "CPU µs/hit"], rows));
} finally {
  for (const server of servers) await server.stop();
}
