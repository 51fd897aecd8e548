// Builds and starts the production server, then prints start-up, memory and load figures.
// Usage: npm run bench. Traffic goes to 127.0.0.1 only and every load run is bounded (10 s).
import { execSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";

const PORT = Number(process.env.BENCH_PORT ?? 3700);
const BASE = `http://127.0.0.1:${PORT}`;
const JOURNEY = "/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration";

async function startServer(dataDir: string) {
  const started = performance.now();
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: BASE,
      LOG_LEVEL: "silent",
      TRUST_PROXY: "1",
    },
    stdio: "ignore",
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited during start-up");
    try {
      const r = await fetch(`${BASE}/healthz`);
      if (r.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  return {
    ms,
    rssMb: () => Number(readFileSync(`/proc/${child.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)![1]) / 1024,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function load(title: string, options: Partial<autocannon.Options>) {
  const result = await autocannon({ url: BASE, connections: 50, duration: 10, ...options });
  const non2xx = result.non2xx;
  return { title, rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx };
}

let counter = 0;
/** Every login is a new number from a new address, so the real send path runs rather than a rate-limit refusal. */
function loginRequest(req: autocannon.Request) {
  counter++;
  const mobile = `9${String(100000000 + counter).slice(-9)}`;
  return {
    ...req,
    method: "POST" as const,
    path: JOURNEY,
    headers: { "content-type": "application/json", "x-forwarded-for": `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}` },
    body: JSON.stringify({ event_name: "login", mobile }),
  };
}

execSync("npm run build", { stdio: "ignore" });
const dataDir = mkdtempSync(join(tmpdir(), "sot-bench-"));

const fresh = await startServer(dataDir);
console.log(`start-up, new data dir:      ${fresh.ms.toFixed(0)} ms`);
await fresh.stop();

const server = await startServer(dataDir);
console.log(`start-up, existing data dir: ${server.ms.toFixed(0)} ms`);
console.log(`memory after start (RSS):    ${server.rssMb().toFixed(0)} MB`);

const rows = [
  await load("GET /healthz", { requests: [{ method: "GET", path: "/healthz" }] }),
  await load("GET /apply-now", { requests: [{ method: "GET", path: "/apply-now" }] }),
  await load("POST login event", { requests: [{ setupRequest: loginRequest }] }),
];
console.log(`memory after load (RSS):     ${server.rssMb().toFixed(0)} MB`);
console.log("\n| endpoint (50 connections, 10 s) | requests/s | p99 latency | errors | non-2xx |");
console.log("|---|---|---|---|---|");
for (const r of rows) console.log(`| ${r.title} | ${r.rps} | ${r.p99} ms | ${r.errors} | ${r.non2xx} |`);
await server.stop();
