// Shared pieces of the benches: wrk as the load generator (its own process, so the client never
// competes with the server inside one Node event loop), the server's CPU time from /proc, and
// starting the production server. Traffic goes to 127.0.0.1 only; every load run is bounded.
import { execFile, execSync, spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { ensureDebianTool } from "../scripts/debian-tools.ts";
import { SERVER_BUNDLE, serveNodeArgs } from "../scripts/serve-command.ts";
import { stopChild } from "../scripts/stop-child.ts";

const run = promisify(execFile);

/** The benches' scratch directories (data dirs, nginx's files, wrk's scripts), removed when the bench exits. */
const scratch: string[] = [];
/** The servers a bench started (the product, the floors, nginx), stopped when it exits if it has not stopped them. */
const children = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of children) child.kill("SIGTERM");
  for (const dir of scratch.splice(0)) removeScratch(dir);
});
// Ctrl-C or a kill: stop the servers, wait for them (up to 5 s each), then exit, so the scratch goes too
// (Node's own end on a signal would run no exit handler and leave the servers running).
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const)
  process.once(signal, () => void Promise.all([...children].map((child) => stopChild(child, 5000))).then(() => process.exit(code)));

/** Records a server the bench started, to be stopped if the bench ends before stopping it. */
export function ownChild<T extends ChildProcess>(child: T): T {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/**
 * A reference server (a bench script) in its own process, with the V8 options the product runs with (npm run serve's):
 * without them a reference's node:http objects can fall into dictionary mode after an idle spell between rounds, as
 * the product's did (decisions, issue 35), and a floor that slow is no floor.
 */
export function startReferenceScript(script: string, args: string[]): ChildProcess {
  return ownChild(spawn(process.execPath, [...serveNodeArgs(), script, ...args], { stdio: ["ignore", "ignore", "inherit"] }));
}

function removeScratch(dir: string) {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    // A server that was just stopped may still be writing into it; the OS's temp dir takes the rest.
  }
}
/** A new directory under the OS temp dir, named `sot-<name>-…`, removed when the bench exits. */
export function scratchDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `sot-${name}-`));
  scratch.push(dir);
  return dir;
}
/** wrk from Debian, installed as Chromium is for the browser tests (root and apt only). */
export function ensureWrk() {
  try {
    ensureDebianTool("wrk", "wrk", "The benches");
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

export const LOAD = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  threads: 1,
  /**
   * Seconds of the same load, not measured, before a row that asks for it: V8 keeps optimizing (and
   * re-optimizing) a large process's hot paths for several seconds on its worker threads, which would be
   * counted as the server's CPU; a small reference warms in far less. Every compared row gets the same.
   */
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 10),
};

/** Every wrk run ends by printing its figures as one JSON line (latency in microseconds). */
const DONE = `
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format('BENCH-JSON {"requests":%d,"us":%d,"p50":%d,"p99":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), errors, summary.errors.status))
end
`;

const luaString = (s: string) => JSON.stringify(s); // a JSON string literal is a valid Lua string here (ASCII, \" escapes)

/** A Lua script that sends POSTs of one JSON body, rotating through the given auth tokens. */
export function postScript(path: string, body: unknown, tokens: string[] = []) {
  return `
local tokens = { ${tokens.map(luaString).join(", ")} }
local body = ${luaString(JSON.stringify(body))}
local i = 0
request = function()
  i = i + 1
  local headers = { ["Content-Type"] = "application/json" }
  if #tokens > 0 then headers["auth-token"] = tokens[(i % #tokens) + 1] end
  return wrk.format("POST", ${luaString(path)}, headers, body)
end
`;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** The server process's CPU milliseconds per request (user + system), when its pid is known. */
  cpuMsPerRequest: number | null;
  /** CPU milliseconds per request of the local PostgreSQL's processes, summed (0 when it is not running). */
  postgresCpuMsPerRequest: number;
  /** wrk's own CPU (user + system) as a share of one core over the run: near 1 would make the client the bottleneck. */
  clientCoreShare: number;
}

/** The shell's `times` line for its children ("0m1.250000s 0m3.120000s"): user + system, in milliseconds. */
function childCpuMs(timesOutput: string): number {
  const last = timesOutput.trim().split("\n").at(-1) ?? "";
  return [...last.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + (Number(m[1]) * 60 + Number(m[2])) * 1000, 0);
}

const CLK_TCK = Number(execSync("getconf CLK_TCK", { encoding: "utf8" }).trim()) || 100;

/** User + system CPU time of a process, in milliseconds (fields 14 and 15 of /proc/<pid>/stat). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

/** CPU milliseconds of each local `postgres` process (postmaster, backends, background workers), by pid. */
export function postgresCpu(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") byPid.set(Number(entry), cpuMs(Number(entry)));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return byPid;
}

/**
 * The CPU the postgres processes used between two readings: each process's own difference, one started in
 * between counted whole. One that ended in between (the last row's server closing its connections) is left
 * out: subtracting its whole CPU from the sum, as a difference of two sums did, could make the figure negative.
 */
export function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, ms] of after) used += ms - (before.get(pid) ?? 0);
  return used;
}

export function rssMb(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)![1]) / 1024;
}

/** One wrk run (1 thread, LOAD.connections, LOAD.seconds) against url, optionally with a Lua script. */
export async function wrk(
  url: string,
  options: { script?: string; serverPid?: number; connections?: number; seconds?: number; warmup?: boolean } = {},
): Promise<LoadResult> {
  if (options.warmup && LOAD.warmupSeconds > 0) await wrk(url, { ...options, warmup: false, seconds: LOAD.warmupSeconds });
  const dir = scratchDir("wrk");
  const scriptPath = join(dir, "script.lua");
  writeFileSync(scriptPath, (options.script ?? "") + DONE);
  const cpuBefore = options.serverPid ? cpuMs(options.serverPid) : 0;
  const postgresBefore = postgresCpu();
  // Through sh, whose `times` then prints wrk's CPU (a child's CPU is not readable from /proc once it has exited).
  const { stdout } = await run(
    "sh",
    [
      "-c",
      'wrk "$@"; code=$?; echo BENCH-TIMES; times; exit $code',
      "sh",
      "-t",
      String(LOAD.threads),
      "-c",
      String(options.connections ?? LOAD.connections),
      "-d",
      `${options.seconds ?? LOAD.seconds}s`,
      "--timeout",
      "10s",
      "-s",
      scriptPath,
      url,
    ],
    { maxBuffer: 1 << 20 },
  );
  const cpuAfter = options.serverPid ? cpuMs(options.serverPid) : 0;
  const postgresAfter = postgresCpu();
  removeScratch(dir);
  const [wrkOut, timesOut = ""] = stdout.split("BENCH-TIMES");
  const line = wrkOut!.split("\n").find((l) => l.startsWith("BENCH-JSON "));
  if (!line) throw new Error(`wrk printed no figures:\n${stdout}`);
  const r = JSON.parse(line.slice("BENCH-JSON ".length)) as { requests: number; us: number; p50: number; p99: number; errors: number; non2xx: number };
  return {
    requests: r.requests,
    rps: Math.round(r.requests / (r.us / 1e6)),
    p50Ms: r.p50 / 1000,
    p99Ms: r.p99 / 1000,
    errors: r.errors,
    non2xx: r.non2xx,
    cpuMsPerRequest: options.serverPid && r.requests ? (cpuAfter - cpuBefore) / r.requests : null,
    postgresCpuMsPerRequest: r.requests ? postgresCpuBetween(postgresBefore, postgresAfter) / r.requests : 0,
    clientCoreShare: r.us ? childCpuMs(timesOut) / (r.us / 1000) : 0,
  };
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
    if (child.exitCode !== null) throw new Error(`process exited while waiting for ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 10));
  }
}

export interface RunningServer {
  pid: number;
  base: string;
  /** Milliseconds from spawn to the first 200 from /healthz. */
  startMs: number;
  /** The server's CPU milliseconds spent by then (steadier than wall time on a busy machine). */
  startCpuMs: number;
  /** With `logFile`: the parts of the start as the server timed them (its `listening` line's phasesMs). */
  phasesMs?: Record<string, number>;
  stop(): Promise<void>;
}

/**
 * The production server (the bundle with `npm run serve`'s node options; sandbox providers so customers can sign in), logging
 * at BENCH_LOG_LEVEL (info, as deployed) to /dev/null (or BENCH_SERVER_LOG) so the logging cost is part of the figures.
 */
export async function startServer(options: {
  port: number;
  dataDir?: string;
  databaseUrl?: string;
  extraArgs?: string[];
  /** The server's log goes here instead of /dev/null (for its `listening` line); not for load runs, whose access lines would fill it. */
  logFile?: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const base = `http://127.0.0.1:${options.port}`;
  const started = performance.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    PUBLIC_ORIGIN: base,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
    TRUST_PROXY: "1",
  };
  delete env.DATABASE_URL;
  if (options.dataDir) env.DATA_DIR = options.dataDir;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  Object.assign(env, options.env);
  // BENCH_SERVER_LOG=<file> keeps every server's output there, appended (to look into a run's slow requests).
  const log = options.logFile ? openSync(options.logFile, "w") : process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, "a") : "ignore";
  const child = ownChild(
    spawn(process.execPath, [...serveNodeArgs(), ...(options.extraArgs ?? []), SERVER_BUNDLE], { env, stdio: ["ignore", log, "inherit"] }),
  );
  if (typeof log === "number") closeSync(log);
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  await waitFor(`${base}/healthz`, child);
  const startMs = performance.now() - started;
  const startCpuMs = cpuMs(child.pid!);
  return {
    pid: child.pid!,
    base,
    startMs,
    startCpuMs,
    phasesMs: options.logFile ? listeningPhases(options.logFile) : undefined,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The phasesMs of the server's `listening` log line (written before it answers /healthz). */
function listeningPhases(logFile: string): Record<string, number> | undefined {
  for (const line of readFileSync(logFile, "utf8").split("\n")) {
    if (!line.includes('"listening"')) continue;
    return (JSON.parse(line) as { phasesMs?: Record<string, number> }).phasesMs;
  }
  return undefined;
}

/** `| a | b |` rows for the README. */
export function table(head: string[], rows: (string | number)[][]) {
  return [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
}

export const fmt = {
  ms: (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0)),
  cpu: (n: number | null) => (n === null ? "" : n < 1 ? n.toFixed(2) : n.toFixed(1)),
  /** A row's server CPU per request in µs (the cached page's rows), from its milliseconds. */
  cpuUs: (ms: number | null) => (ms === null ? "" : (ms * 1000).toFixed(1)),
};

export function machine() {
  const cpu = readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.+)/)?.[1] ?? "unknown CPU";
  const cores = readFileSync("/proc/cpuinfo", "utf8").match(/^processor\s*:/gm)?.length ?? 0;
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  return `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${cores} cores (${cpu}), Node ${process.version}, load average before the run ${load}`;
}

/**
 * Runs per row (BENCH_ROUNDS, default 5): a single 5 s run moved a ratio by ±0.1 on this machine between two
 * runs minutes apart, and on a noisy day a reference's own runs spread by a third; three was too few to trust a median.
 */
export const COMPARED_ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));

/**
 * A ratio of two compared rows in each round (`alternating` runs them back to back, so each pair saw the same
 * machine), shown beside the ratio of their medians: its spread is how far one run can be trusted.
 */
export function roundRatios(ours: MedianResult | LoadResult, reference: MedianResult | LoadResult): string {
  const ratios = ratiosByRound(ours, reference);
  return ratios ? `; each round: ${ratios}` : "";
}

/** The ratio of two compared rows in each round, as "0.71, 0.86, …" (undefined when either ran once). */
export function ratiosByRound(ours: MedianResult | LoadResult, reference: MedianResult | LoadResult): string | undefined {
  const a = "runs" in ours ? ours.runs : undefined;
  const b = "runs" in reference ? reference.runs : undefined;
  if (!a || !b || a.length < 2 || a.length !== b.length) return undefined;
  return a.map((rps, i) => (rps / b[i]!).toFixed(2)).join(", ");
}

/** A target's verdict in the bench's tables. */
export const verdict = (ok: boolean) => (ok ? "met" : "NOT met");

/** A row's median run (by requests/s) and the requests/s of each of its runs, in order. */
export type MedianResult = LoadResult & { runs: number[] };

/**
 * Waits until a process has used under 2 % of a core for a whole second (at most 30 s): what the rows
 * before it left running (V8 collecting the heap they grew, work they queued) is then not counted
 * against the next row. Its scheduled jobs still run as they fall; the rounds' median takes care of those.
 */
export async function settle(pid: number): Promise<number> {
  const started = performance.now();
  let before = cpuMs(pid);
  while (performance.now() - started < 30_000) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuMs(pid);
    if (now - before < 20) break;
    before = now;
  }
  return performance.now() - started;
}

/**
 * The compared servers run in turn, COMPARED_ROUNDS times over (A B C A B C ...), once each is idle (settle),
 * each warmed before its first run, so a stretch of background work on the machine falls on one run of one row, not on a whole row;
 * each row keeps its median run.
 */
export async function alternating(
  targets: { name: string; url: string; pid?: number; script?: string; connections?: number }[],
): Promise<[string, MedianResult][]> {
  const runs = targets.map(() => [] as LoadResult[]);
  for (const target of targets) if (target.pid) await settle(target.pid);
  for (let round = 0; round < COMPARED_ROUNDS; round++) {
    for (const [i, target] of targets.entries())
      runs[i]!.push(await wrk(target.url, { serverPid: target.pid, script: target.script, connections: target.connections, warmup: round === 0 }));
  }
  return targets.map((target, i) => {
    const byRps = [...runs[i]!].sort((a, b) => a.rps - b.rps);
    return [target.name, { ...byRps[Math.floor(byRps.length / 2)]!, runs: runs[i]!.map((r) => r.rps) }];
  });
}
