// The server under load, on PGlite and on PostgreSQL, with wrk as the client (bench/wrk.ts):
// getDashboardData, one profile step event, generate_loan_quote, login and the cached public page,
// each with requests/s, p50, p99 and the server's CPU milliseconds per request; start-up times and
// memory. Usage: npm run bench (SKIP_BUILD=1 reuses build/, SKIP_POSTGRES=1 runs PGlite only).
// PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) must allow
// CREATE DATABASE; each run makes a temporary database and drops it at the end.
// Profiling: BENCH_ONLY=getDashboardData BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench
import { execSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { apiPath, JOURNEY_PATH } from "../core/contract/paths.ts";
import { ensureWrk, fmt, LOAD, machine, postScript, rssMb, startServer, table, wrk, type LoadResult, type RunningServer } from "./wrk.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3700);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CACHED_PAGE = "/instant-personal-loan-in-delhi";
/** One customer per connection: a write event on one customer from several connections at once would measure row-lock waits. */
const CUSTOMERS_PER_RUN = LOAD.connections;
const DASHBOARD = apiPath("getDashboardData");
/** BENCH_ONLY=<part of a row name> runs only that row; BENCH_NODE_ARGS (e.g. --cpu-prof) go to the server's node. */
const ONLY = process.env.BENCH_ONLY;
const NODE_ARGS = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(base + path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return (await response.json()) as { Status: number; Message: string; Data?: Record<string, any> };
}

/** Signs a number in as the mobile app does (no Origin: the token comes back in the body). */
async function signIn(base: string, mobile: string): Promise<string> {
  const login = await post(base, JOURNEY_PATH, { event_name: "login", mobile }, { "x-forwarded-for": nextIp() });
  if (login.Status !== 1) throw new Error(`login failed: ${login.Message}`);
  const outbox = (await (await fetch(`${base}/dev/outbox.json`)).json()) as { to: string; text: string }[];
  const code = outbox.find((m) => m.to === mobile)!.text.match(/\b(\d{4})\b/)![1];
  const verify = await post(base, JOURNEY_PATH, { event_name: "otp_verify", profile_id: login.Data!.cust_profile_id, otp: code });
  if (verify.Status !== 1) throw new Error(`otp_verify failed: ${verify.Message}`);
  return verify.Data!.app_login_token as string;
}

let mobileCounter = Math.floor(Math.random() * 1e6);
const nextMobile = () => `8${String(100000000 + ++mobileCounter * 7).slice(-9)}`;

/** Demo customers of one kind, signed in; `prepare` runs once per customer with its token. */
async function customers(base: string, userType: "REPEAT" | "UNPAID-REPEAT", prepare?: (token: string) => Promise<void>) {
  const tokens: string[] = [];
  for (let i = 0; i < CUSTOMERS_PER_RUN; i++) {
    const mobile = nextMobile();
    const made = await fetch(`${base}/dev/demo-customer`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ mobile, user_type: userType }),
    });
    if (!made.ok) throw new Error(`demo customer: HTTP ${made.status}`);
    const token = await signIn(base, mobile);
    await prepare?.(token);
    tokens.push(token);
  }
  return tokens;
}

/** Every login is a new number from a new address, so the real send path runs rather than a rate-limit refusal. */
function loginScript(journeyPath: string) {
  return `
local n = ${Math.floor(Math.random() * 1e8)}
request = function()
  n = n + 1
  local mobile = string.format("7%09d", n % 1000000000)
  local ip = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  return wrk.format("POST", "${journeyPath}", { ["Content-Type"] = "application/json", ["X-Forwarded-For"] = ip }, '{"event_name":"login","mobile":"' .. mobile .. '"}')
end
`;
}

const PERSONAL_DETAILS = {
  event_name: "personal_details",
  gender: 1,
  personal_email: "bench@example.com",
  dob: "1990-05-20",
  marital_status_id: 1,
  spouse_name: "",
  spouse_number: "",
};

interface Row {
  database: string;
  name: string;
  result: LoadResult;
  /** p50 with one connection (each request alone), 2 s. */
  aloneP50Ms: number;
}

async function expectOk(what: string, reply: Promise<{ Status: number; Message: string }>) {
  const r = await reply;
  if (r.Status !== 1) throw new Error(`${what} is not answered with Status 1 (${r.Message}); the bench would measure a refusal`);
}

async function loadRuns(database: string, server: RunningServer): Promise<Row[]> {
  const { base, pid } = server;
  const dashboardTokens = await customers(base, "UNPAID-REPEAT");
  const profileTokens = await customers(base, "REPEAT");
  const quoteTokens = await customers(base, "REPEAT", (token) =>
    expectOk("register_now", post(base, JOURNEY_PATH, { event_name: "register_now" }, { "auth-token": token })),
  );
  // Each request below is checked once by hand, so the load measures the real answer, not an error.
  await expectOk("getDashboardData", post(base, DASHBOARD, {}, { "auth-token": dashboardTokens[0] }));
  await expectOk("personal_details", post(base, JOURNEY_PATH, PERSONAL_DETAILS, { "auth-token": profileTokens[0] }));
  await expectOk("generate_loan_quote", post(base, JOURNEY_PATH, { event_name: "generate_loan_quote" }, { "auth-token": quoteTokens[0] }));
  if ((await fetch(base + CACHED_PAGE)).headers.get("x-page-cache") !== "hit") throw new Error(`${CACHED_PAGE} is not a page-cache hit`);

  // Scripts are made per wrk run: the login script starts at a new random number each time, so the
  // 50-connection run never sends a number the one-connection run used (that would be a 429 resend gap).
  const runs: [string, string, (() => string)?][] = [
    ["getDashboardData (signed in)", DASHBOARD, () => postScript(DASHBOARD, {}, dashboardTokens)],
    ["profile step event (personal_details)", JOURNEY_PATH, () => postScript(JOURNEY_PATH, PERSONAL_DETAILS, profileTokens)],
    ["generate_loan_quote", JOURNEY_PATH, () => postScript(JOURNEY_PATH, { event_name: "generate_loan_quote" }, quoteTokens)],
    ["login (new number each time)", JOURNEY_PATH, () => loginScript(JOURNEY_PATH)],
    [`cached public page (${CACHED_PAGE})`, CACHED_PAGE],
  ];
  const rows: Row[] = [];
  for (const [name, path, script] of runs) {
    if (ONLY && !name.includes(ONLY)) continue;
    const alone = await wrk(base + path, { script: script?.(), connections: 1, seconds: 2 });
    const result = await wrk(base + path, { script: script?.(), serverPid: pid });
    rows.push({ database, name, result, aloneP50Ms: alone.p50Ms });
    console.error(`  ${database} ${name}: ${result.rps} req/s, p99 ${fmt.ms(result.p99Ms)} ms`);
  }
  return rows;
}

ensureWrk();
console.error("building …");
if (!process.env.SKIP_BUILD) execSync("npm run build", { stdio: "ignore" });
const facts: [string, string][] = [];
const rows: Row[] = [];
const when = machine();

// PGlite: a fresh data dir (migrations, seeding), then the same dir again.
{
  const dataDir = mkdtempSync(join(tmpdir(), "sot-bench-"));
  const fresh = await startServer({ port: PORT, dataDir, extraArgs: NODE_ARGS });
  facts.push(["PGlite: start-up to healthy, new data dir", `${fresh.startMs.toFixed(0)} ms (server CPU ${fresh.startCpuMs.toFixed(0)} ms)`]);
  await fresh.stop();
  const server = await startServer({ port: PORT, dataDir, extraArgs: NODE_ARGS });
  facts.push(["PGlite: start-up to healthy, existing data dir", `${server.startMs.toFixed(0)} ms (server CPU ${server.startCpuMs.toFixed(0)} ms)`]);
  facts.push(["PGlite: server RSS after start", `${rssMb(server.pid).toFixed(0)} MB`]);
  try {
    rows.push(...(await loadRuns("PGlite", server)));
    facts.push(["PGlite: server RSS after the load runs", `${rssMb(server.pid).toFixed(0)} MB`]);
  } finally {
    await server.stop();
  }
}

if (!process.env.SKIP_POSTGRES) {
  const dbName = `sot_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${dbName}`;
  try {
    const fresh = await startServer({ port: PORT, databaseUrl: url.href, extraArgs: NODE_ARGS });
    facts.push(["PostgreSQL: start-up to healthy, new database", `${fresh.startMs.toFixed(0)} ms (server CPU ${fresh.startCpuMs.toFixed(0)} ms)`]);
    await fresh.stop();
    const server = await startServer({ port: PORT, databaseUrl: url.href, extraArgs: NODE_ARGS });
    facts.push(["PostgreSQL: start-up to healthy, existing database", `${server.startMs.toFixed(0)} ms (server CPU ${server.startCpuMs.toFixed(0)} ms)`]);
    try {
      rows.push(...(await loadRuns("PostgreSQL", server)));
      facts.push(["PostgreSQL: server RSS after the load runs", `${rssMb(server.pid).toFixed(0)} MB`]);
    } finally {
      await server.stop();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

console.log(`\n${when}. wrk, ${LOAD.threads} thread, ${LOAD.connections} connections, ${LOAD.seconds} s per row, one run.\n`);
console.log(
  table(
    [
      "database",
      "request",
      "requests/s",
      "p50 ms",
      "p99 ms",
      "server CPU ms/request",
      "PostgreSQL CPU ms/request",
      "alone: p50 ms at 1 connection",
      "errors",
      "non-2xx",
    ],
    rows.map(({ database, name, result: r, aloneP50Ms }) => [
      database,
      name,
      r.rps,
      fmt.ms(r.p50Ms),
      fmt.ms(r.p99Ms),
      fmt.cpu(r.cpuMsPerRequest),
      database === "PostgreSQL" ? fmt.cpu(r.postgresCpuMsPerRequest) : "",
      fmt.ms(aloneP50Ms),
      r.errors,
      r.non2xx,
    ]),
  ),
);
console.log();
console.log(table(["measure", "figure"], facts));
