// The server under load, on PGlite and on PostgreSQL, with wrk as the client (bench/wrk.ts):
// getDashboardData, one profile step event, generate_loan_quote, login and the cached public page,
// each with requests/s, p50, p99 and the server's CPU milliseconds per request; start-up times and
// memory. Usage: npm run bench (SKIP_BUILD=1 reuses build/, SKIP_POSTGRES=1 runs PGlite only, SKIP_PGLITE=1 PostgreSQL only).
// PostgreSQL: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) must allow
// CREATE DATABASE; each run makes a temporary database and drops it at the end.
// Profiling: BENCH_ONLY=getDashboardData BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench
import { execSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { apiPath, JOURNEY_PATH } from "../core/contract/paths.ts";
import { CACHED_PAGE, CACHED_ROWS, cachedPageRows, cachedPageTable, cachedPageTargets } from "./cached-page.ts";
import { dashboardTargets } from "./dashboard-targets.ts";
import { startCaptureProxy, type CapturedStatement } from "./pg-capture.ts";
import {
  alternating,
  COMPARED_ROUNDS,
  ensureWrk,
  fmt,
  LOAD,
  machine,
  postScript,
  rssMb,
  scratchDir,
  startReferenceScript,
  startServer,
  table,
  waitFor,
  wrk,
  type LoadResult,
  type MedianResult,
  type RunningServer,
} from "./wrk.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3700);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** One customer per connection: a write event on one customer from several connections at once would measure row-lock waits. */
const CUSTOMERS_PER_RUN = LOAD.connections;
const DASHBOARD = apiPath("getDashboardData");
/** BENCH_ONLY=<part of a row name> runs only that row; BENCH_NODE_ARGS (e.g. --cpu-prof) go to the server's node. */
const ONLY = process.env.BENCH_ONLY;
const NODE_ARGS = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];

let ipCounter = 0;
// A template's parts are evaluated left to right: the first one counts up.
const nextIp = () => `10.${(++ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;

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

const FLOOR_ROW = "getDashboardData floor (node:http + pg, the product's statements)";
const DASHBOARD_ROW = "getDashboardData (signed in)";
const DASHBOARD_AT_10 = "getDashboardData at 10 connections";

/** What the floor needs and the statement table shows: each customer's statements, and the time in each. */
interface Capture {
  replay: Record<string, { name: string; text: string; params: (string | null)[] }[]>;
  /** Per statement of one dashboard request, in order: its text's start, and its mean and worst time on the wire. */
  perRequest: { statement: string; meanMs: number; maxMs: number }[];
  /** Statements not in every request (session touches, the sandbox clock's reads, sign-in), left out. */
  background: number;
}

/**
 * Runs the product once through the capturing proxy (a second instance on the same database, jobs off) and
 * asks each customer's dashboard ROUNDS times, one request at a time: the statements of a request are those
 * answered between its start and its end whose text every request ran. The last round is what the floor
 * replays; rounds after the first give the times.
 */
async function captureDashboard(databaseUrl: string, tokens: string[]): Promise<Capture> {
  const ROUNDS = 3;
  const target = new URL(databaseUrl);
  const proxy = await startCaptureProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(databaseUrl);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  const server = await startServer({ port: PORT + 2, databaseUrl: viaProxy.href, env: { JOBS: "off" } });
  try {
    const windows: { token: string; round: number; from: number; to: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const token of tokens) {
        const from = performance.now();
        await expectOk("getDashboardData (captured)", post(server.base, DASHBOARD, {}, { "auth-token": token }));
        windows.push({ token, round, from, to: performance.now() });
      }
    }
    const inside = (s: CapturedStatement, w: { from: number; to: number }) => s.at >= w.from && s.at + s.ms <= w.to;
    const statementsOf = (w: (typeof windows)[number]) => proxy.statements.filter((s) => inside(s, w));
    // The dashboard's own statements are those of every request; the others are occasional: the session's
    // touch (at most once a minute) and the sandbox clock's read (every 2 s), which may fall in a request.
    const lastRound = windows.filter((w) => w.round === ROUNDS - 1);
    const everyRequest = new Set(statementsOf(lastRound[0]!).map((s) => s.text));
    for (const w of lastRound) {
      const texts = new Set(statementsOf(w).map((s) => s.text));
      for (const text of everyRequest) if (!texts.has(text)) everyRequest.delete(text);
    }
    const replay: Capture["replay"] = {};
    const times: number[][] = [];
    for (const w of windows) {
      const statements = statementsOf(w).filter((s) => everyRequest.has(s.text));
      if (w.round === ROUNDS - 1) replay[w.token] = statements.map(({ name, text, params }) => ({ name, text, params }));
      if (w.round > 0) statements.forEach((s, i) => (times[i] ??= []).push(s.ms));
    }
    const first = Object.values(replay)[0]!;
    const odd = Object.values(replay).find((r) => r.length !== first.length);
    if (odd) {
      const list = (r: typeof first) => r.map((x) => `${x.name}: ${x.text.slice(0, 80)}`).join("\n    ");
      throw new Error(`customers' dashboards ran different numbers of statements:\n    ${list(first)}\n  and\n    ${list(odd)}`);
    }
    return {
      replay,
      perRequest: first.map((s, i) => ({
        statement: `${s.name || "(unnamed)"}: ${s.text.replace(/\s+/g, " ").slice(0, 60)}… (${s.text.length} chars, ${s.params.length} params)`,
        meanMs: times[i]!.reduce((a, b) => a + b, 0) / times[i]!.length,
        maxMs: Math.max(...times[i]!),
      })),
      background: proxy.statements.filter((s) => !everyRequest.has(s.text)).length,
    };
  } finally {
    await server.stop();
    await proxy.close();
  }
}

/** bench/dashboard-floor.ts on its own port, replaying the captured statements, with the V8 options the product runs with. */
async function startFloor(databaseUrl: string, replay: Capture["replay"]) {
  const file = join(scratchDir("bench-floor"), "replay.json");
  writeFileSync(file, JSON.stringify(replay));
  const port = PORT + 1;
  const child = startReferenceScript("bench/dashboard-floor.ts", [String(port), databaseUrl, file]);
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  await waitFor(`http://127.0.0.1:${port}/healthz`, child);
  return {
    pid: child.pid!,
    base: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function expectOk(what: string, reply: Promise<{ Status: number; Message: string }>) {
  const r = await reply;
  if (r.Status !== 1) throw new Error(`${what} is not answered with Status 1 (${r.Message}); the bench would measure a refusal`);
}

async function loadRuns(database: string, server: RunningServer, databaseUrl?: string): Promise<Row[]> {
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
  // On PostgreSQL, the floor: the same statements from a bare server, run just before the product's row.
  const capture = databaseUrl && (!ONLY || DASHBOARD_ROW.includes(ONLY)) ? await captureDashboard(databaseUrl, dashboardTokens) : null;
  if (capture) captured = capture;
  const floor = capture ? await startFloor(databaseUrl!, capture.replay) : null;
  type Run = [name: string, path: string, script?: () => string, target?: { base: string; pid: number; connections?: number }];
  const dashboardScript = () => postScript(DASHBOARD, {}, dashboardTokens);
  const floorRuns: Run[] = floor ? [[FLOOR_ROW, DASHBOARD, dashboardScript, floor]] : [];
  const floorRunsAt10: Run[] = floor ? [[`${FLOOR_ROW} at 10 connections`, DASHBOARD, dashboardScript, { ...floor, connections: 10 }]] : [];
  const runs: Run[] = [
    ...floorRuns,
    [DASHBOARD_ROW, DASHBOARD, dashboardScript],
    ...floorRunsAt10,
    [DASHBOARD_AT_10, DASHBOARD, dashboardScript, { base, pid, connections: 10 }],
    ["profile step event (personal_details)", JOURNEY_PATH, () => postScript(JOURNEY_PATH, PERSONAL_DETAILS, profileTokens)],
    ["generate_loan_quote", JOURNEY_PATH, () => postScript(JOURNEY_PATH, { event_name: "generate_loan_quote" }, quoteTokens)],
    ["login (new number each time)", JOURNEY_PATH, () => loginScript(JOURNEY_PATH)],
    [`cached public page (${CACHED_PAGE})`, CACHED_PAGE],
  ];
  const rows: Row[] = [];
  try {
    // The product and its floor, compared: in turn, COMPARED_ROUNDS times over, each row its median run.
    const compared = new Map<string, MedianResult>();
    if (floor && (!ONLY || DASHBOARD_ROW.includes(ONLY))) {
      for (const connections of [LOAD.connections, 10]) {
        const suffix = connections === LOAD.connections ? "" : ` at ${connections} connections`;
        const pair = await alternating([
          { name: `${FLOOR_ROW}${suffix}`, url: floor.base + DASHBOARD, pid: floor.pid, script: dashboardScript(), connections },
          { name: connections === LOAD.connections ? DASHBOARD_ROW : DASHBOARD_AT_10, url: base + DASHBOARD, pid, script: dashboardScript(), connections },
        ]);
        for (const [name, result] of pair) compared.set(name, result);
      }
    }
    for (const [name, path, script, target] of runs) {
      if (ONLY && !name.includes(ONLY)) continue;
      const at = target ?? { base, pid };
      const alone = await wrk(at.base + path, { script: script?.(), connections: 1, seconds: 2 });
      const result = compared.get(name) ?? (await wrk(at.base + path, { script: script?.(), serverPid: at.pid, connections: target?.connections }));
      rows.push({ database, name, result, aloneP50Ms: alone.p50Ms });
      console.error(`  ${database} ${name}: ${result.rps} req/s, p99 ${fmt.ms(result.p99Ms)} ms`);
    }
  } finally {
    await floor?.stop();
  }
  return rows;
}

let captured = null as Capture | null;
let startPhases = undefined as Record<string, number> | undefined;

ensureWrk();
console.error("building …");
if (!process.env.SKIP_BUILD) execSync("npm run build", { stdio: "ignore" });
const facts: [string, string][] = [];
const rows: Row[] = [];
let cachedRows: [string, MedianResult][] = [];
/** Times to healthy on an existing PGlite dir, ms. */
const startTimes: number[] = [];
const when = machine();

// PGlite: a fresh data dir (migrations, seeding), then the same dir again. SKIP_PGLITE=1 skips it.
if (!process.env.SKIP_PGLITE) {
  const dataDir = scratchDir("bench");
  const fresh = await startServer({ port: PORT, dataDir, extraArgs: NODE_ARGS });
  facts.push(["PGlite: start-up to healthy, new data dir", `${fresh.startMs.toFixed(0)} ms (server CPU ${fresh.startCpuMs.toFixed(0)} ms)`]);
  await fresh.stop();
  // Start-up on the existing dir, with the server's log kept for its phases; then again for the load runs.
  const logFile = join(dataDir, "start.log");
  const timed = await startServer({ port: PORT, dataDir, extraArgs: NODE_ARGS, logFile });
  startPhases = timed.phasesMs;
  facts.push(["PGlite: start-up to healthy, existing data dir", `${timed.startMs.toFixed(0)} ms (server CPU ${timed.startCpuMs.toFixed(0)} ms)`]);
  await timed.stop();
  const server = await startServer({ port: PORT, dataDir, extraArgs: NODE_ARGS });
  facts.push(["PGlite: start-up to healthy, existing data dir, again", `${server.startMs.toFixed(0)} ms (server CPU ${server.startCpuMs.toFixed(0)} ms)`]);
  startTimes.push(timed.startMs, server.startMs);
  facts.push(["PGlite: server RSS after start", `${rssMb(server.pid).toFixed(0)} MB`]);
  try {
    rows.push(...(await loadRuns("PGlite", server)));
    facts.push(["PGlite: server RSS after the load runs", `${rssMb(server.pid).toFixed(0)} MB`]);
    // The cached page against its references (bench/cached-page.ts), on ports PORT + 20 to PORT + 24.
    if (!ONLY || CACHED_ROWS.product.includes(ONLY)) cachedRows = (await cachedPageRows({ port: PORT, pid: server.pid }, PORT + 20)).rows;
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
      rows.push(...(await loadRuns("PostgreSQL", server, url.href)));
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
      "wrk CPU, % of a core",
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
      (r.clientCoreShare * 100).toFixed(0),
      r.errors,
      r.non2xx,
    ]),
  ),
);
console.log();
console.log(table(["measure", "figure"], facts));

// Issue 35's targets, each against its reference measured in this run (bench/dashboard-targets.ts).
const targets = dashboardTargets(rows, { floor: FLOOR_ROW, dashboard: DASHBOARD_ROW, at10: DASHBOARD_AT_10 }, startTimes);
targets.push(...cachedPageTargets(cachedRows));
if (cachedRows.length) {
  console.log(
    `\nThe cached page ${CACHED_PAGE} against its references (PGlite server; ${LOAD.seconds} s per run after ${LOAD.warmupSeconds} s of the same load, not measured; the rows run in turn, ${COMPARED_ROUNDS} times over, and each shows its median run):\n`,
  );
  console.log(cachedPageTable(cachedRows));
}
if (targets.length) {
  console.log(`\nIssue 35 (${availableParallelism()} cores; wrk's CPU is in the table above):\n`);
  console.log(table(["target", "measured", "goal", ""], targets));
}
if (startPhases) {
  console.log("\nPGlite start on the existing data dir, as the server timed its parts (ms; the database opens while the modules load):\n");
  console.log(table(["part", "ms"], Object.entries(startPhases)));
}
if (captured) {
  console.log(
    `\nStatements per getDashboardData request on PostgreSQL, captured on the wire (${Object.keys(captured.replay).length} customers; time from Sync to ReadyForQuery, one request at a time; ${captured.background} statements not in every request left out: sign-in, session touches, the sandbox clock):\n`,
  );
  console.log(
    table(
      ["#", "statement", "mean ms", "max ms"],
      captured.perRequest.map((s, i) => [i + 1, s.statement, s.meanMs.toFixed(2), s.maxMs.toFixed(2)]),
    ),
  );
}
