// Builds and starts the production server, then prints start-up, memory and load figures.
// Usage: npm run bench. Traffic goes to 127.0.0.1 only and every load run is bounded (10 s).
import { execSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { apiPath, JOURNEY_PATH } from "../core/contract/paths.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3700);
const BASE = `http://127.0.0.1:${PORT}`;
const JOURNEY = JOURNEY_PATH;
const API_PATHS = {
  getDashboardData: apiPath("getDashboardData"),
  generateRazorpayorderId: apiPath("generateRazorpayorderId"),
  razorpayVerify: apiPath("razorpayVerify"),
};

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

async function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${BASE}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return (await response.json()) as { Status: number; Data?: Record<string, any> } & Record<string, any>;
}

/**
 * A real sandbox Razorpay payment of an UNPAID-REPEAT demo loan, as the checkout overlay makes it:
 * the body the browser posts to razorpayVerify. Confirming it again runs the whole confirmation path
 * (signature over our stored order, the payment fetched from the gateway, the exactly-once posting check).
 */
async function confirmedRazorpayPayment() {
  const mobile = "9876500001";
  await postJson("/dev/demo-customer", { mobile, user_type: "UNPAID-REPEAT" });
  const login = await postJson(JOURNEY, { event_name: "login", mobile });
  const outbox = (await (await fetch(`${BASE}/dev/outbox.json`)).json()) as { to: string; text: string }[];
  const code = outbox.find((m) => m.to === mobile)!.text.match(/\b(\d{4})\b/)![1];
  const verify = await postJson(JOURNEY, { event_name: "otp_verify", profile_id: login.Data!.cust_profile_id, otp: code });
  const auth = { "auth-token": verify.Data!.app_login_token as string };
  const dashboard = await postJson(API_PATHS.getDashboardData, {}, auth);
  const leadId = dashboard.Data!.active_loan_details.lead_id as string;
  const order = await postJson(API_PATHS.generateRazorpayorderId, { lead_id: leadId, rzp_amount: "500" }, auth);
  const payment = await postJson("/sandbox/razorpay/checkout/payments", {
    key_id: order.Data!.key_id,
    order_id: order.Data!.order_id,
    method: "upi",
    outcome: "success",
    webhooks: "none",
  });
  const first = await postJson(API_PATHS.razorpayVerify, payment);
  if (first.Status !== 1) throw new Error("the sandbox payment was not confirmed");
  return JSON.stringify(payment);
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
  await load("POST razorpayVerify (payment confirmation)", {
    requests: [{ method: "POST", path: API_PATHS.razorpayVerify, headers: { "content-type": "application/json" }, body: await confirmedRazorpayPayment() }],
  }),
];
console.log(`memory after load (RSS):     ${server.rssMb().toFixed(0)} MB`);
console.log("\n| endpoint (50 connections, 10 s) | requests/s | p99 latency | errors | non-2xx |");
console.log("|---|---|---|---|---|");
for (const r of rows) console.log(`| ${r.title} | ${r.rps} | ${r.p99} ms | ${r.errors} | ${r.non2xx} |`);
await server.stop();
