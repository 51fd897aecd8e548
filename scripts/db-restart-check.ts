// The database may restart; the server must not fall over. Starts a PostgreSQL of its own (initdb
// into a temp folder, its own port), the server on it, puts login load on it, restarts PostgreSQL
// twice (`pg_ctl restart -m fast` under load, then stop … start so the outage can be observed) and
// checks: every request answered 2xx or a clean 503 envelope within a few seconds, the server pid
// alive, /healthz down then up, reads and writes back within 5 s, no acknowledged write lost, the
// scheduled jobs running at the end (the first restart meets their start), and a clean stop on SIGTERM.
// Run: npm run test:db-restart (needs a web build: npm run build).
import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { freePort } from "./debian-tools.ts";
import { stopChild } from "./stop-child.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const JOURNEY = "/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration";
const MAX_ANSWER_MS = 8_000;
const BACK_WITHIN_MS = 5_000;
/** The server tries a failed start of its jobs again 10 s later (main.ts); this leaves room for a second try. */
const JOBS_RUNNING_WITHIN_MS = 45_000;
/** The server's own limit is SHUTDOWN_TIMEOUT_MS (10 s) plus 30 s for jobs, ONDC posts and the database. */
const STOPS_WITHIN_MS = 45_000;

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};

function pgBin(): string {
  const versions = readdirSync("/usr/lib/postgresql").filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error("No PostgreSQL server binaries under /usr/lib/postgresql/*/bin");
  return `/usr/lib/postgresql/${newest}/bin`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// initdb refuses to run as root: run PostgreSQL's tools as the postgres user then.
const asRoot = process.getuid?.() === 0;
function pgTool(tool: string, args: string[]) {
  const bin = join(pgBin(), tool);
  const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  return execFileSync(cmd, argv, { stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 }).toString();
}

type Health = { status: number; body: { database?: string } };
type Server = ReturnType<typeof startServer>;
type Load = ReturnType<typeof loginLoad>;

/** The built server on its own port and database; its output is kept for the report. */
function startServer(databaseUrl: string, appPort: number, work: string) {
  const server = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(appPort),
      HOST: "127.0.0.1",
      DATA_DIR: join(work, "app"),
      TRUST_PROXY: "1",
      // Info: the checks read the jobs' start and the stop from the log.
      LOG_LEVEL: "info",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const run = { server, log: [] as string[], exit: null as string | null };
  server.stdout!.on("data", (d: Buffer) => run.log.push(d.toString()));
  server.stderr!.on("data", (d: Buffer) => run.log.push(d.toString()));
  server.on("exit", (code, signal) => (run.exit = `code ${code} signal ${signal}`));
  return run;
}

const healthOf = (base: string) => async (): Promise<Health> => {
  try {
    const r = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(MAX_ANSWER_MS) });
    return { status: r.status, body: (await r.json()) as { database?: string } };
  } catch {
    return { status: 0, body: {} };
  }
};

/** Load: workers sending login (it writes a profile, a code and an SMS row) with fresh numbers and addresses. */
function loginLoad(base: string) {
  let n = 0;
  const load = { acknowledged: [] as string[], bad: [] as string[], answered: 0, unavailable: 0, slowest: 0, running: true };
  const login = async () => {
    const i = ++n;
    const mobile = `7${String(100_000_000 + ((process.pid * 7919 + i) % 900_000_000)).slice(0, 9)}`;
    const started = performance.now();
    try {
      const r = await fetch(`${base}${JOURNEY}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
        body: JSON.stringify({ event_name: "login", mobile }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await r.text();
      const ms = performance.now() - started;
      load.slowest = Math.max(load.slowest, ms);
      load.answered++;
      let body: { Status?: number; Message?: string; Data?: { cust_profile_id?: string } } = {};
      try {
        body = JSON.parse(text);
      } catch {
        /* checked below */
      }
      if (r.status === 200 && body.Status === 1 && body.Data?.cust_profile_id) load.acknowledged.push(body.Data.cust_profile_id);
      else if (r.status === 503 && body.Status === 2 && typeof body.Message === "string") load.unavailable++;
      else load.bad.push(`HTTP ${r.status} ${text.slice(0, 200)}`);
      if (ms > MAX_ANSWER_MS) load.bad.push(`answer took ${Math.round(ms)} ms`);
      return r.status === 200;
    } catch (error) {
      load.bad.push(`no answer: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  };
  const workers = Array.from({ length: 6 }, async () => {
    while (load.running) await login();
  });
  const stop = async () => {
    load.running = false;
    await Promise.all(workers);
  };
  return { load, login, stop };
}

/** The two restarts under load; returns how many logins were acknowledged before the first. */
async function restartTwice(postgres: { restart: () => void; stop: () => void; start: () => void }, health: () => Promise<Health>, { load, login }: Load) {
  /** Time from now until a read (healthz) and a write (login) both succeed. */
  const backAfter = async () => {
    const from = performance.now();
    while (performance.now() - from < 15_000) {
      if ((await health()).status === 200 && (await login())) return performance.now() - from;
      await sleep(50);
    }
    return Infinity;
  };

  // The server starts its jobs a second after listening: this restart meets their start as well as requests.
  await sleep(1_000);
  const beforeFirst = load.acknowledged.length;
  console.log(`restart 1: pg_ctl restart -m fast under load (${beforeFirst} logins acknowledged so far)`);
  postgres.restart();
  const back1 = await backAfter();
  check(back1 <= BACK_WITHIN_MS, `reads and writes succeed ${Math.round(back1)} ms after the first restart (≤ ${BACK_WITHIN_MS})`);

  await sleep(1_500);
  console.log("restart 2: pg_ctl stop -m fast, observe the outage, pg_ctl start");
  postgres.stop();
  const down = await health();
  check(down.status === 503 && down.body.database === "unreachable", `/healthz says the database is down (HTTP ${down.status}, ${JSON.stringify(down.body)})`);
  const unavailableBefore = load.unavailable;
  await sleep(1_500);
  check(load.unavailable > unavailableBefore, `requests during the outage got a clean 503 (${load.unavailable - unavailableBefore} of them)`);
  postgres.start();
  const back2 = await backAfter();
  check(back2 <= BACK_WITHIN_MS, `reads and writes succeed ${Math.round(back2)} ms after the database came back (≤ ${BACK_WITHIN_MS})`);
  check((await health()).status === 200, "/healthz says the database is up again");
  return beforeFirst;
}

/** After the load: the server alive, every answer clean, every acknowledged write kept. */
async function checkAfter(run: Server, { load }: Load, databaseUrl: string, beforeFirst: number) {
  const { server } = run;
  const { acknowledged, bad, answered, unavailable, slowest } = load;
  check(run.exit === null && server.pid !== undefined && isAlive(server.pid), `server process alive (${run.exit ?? `pid ${server.pid}`})`);
  check(
    bad.length === 0,
    `every request answered 2xx or a clean 503 within ${MAX_ANSWER_MS} ms (${answered} answers, ${unavailable} × 503, slowest ${Math.round(slowest)} ms)${bad.length ? `: ${[...new Set(bad)].slice(0, 5).join(" | ")}` : ""}`,
  );

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM customer_profiles WHERE id = ANY($1::uuid[])", [acknowledged]);
  await client.end();
  check(
    rows[0]!.n === acknowledged.length && acknowledged.length > beforeFirst,
    `every acknowledged write is in the database (${rows[0]!.n} of ${acknowledged.length})`,
  );
  check(!/Unhandled 'error' event|unhandled error/.test(run.log.join("")), "no unhandled error in the server log");
}

/** The jobs' last word in the log is that they started: a start the restart broke was tried again. */
async function checkJobsRunning(run: Server) {
  const lastWord = () =>
    run.log
      .join("")
      .match(/"msg":"jobs (started|did not start[^"]*)"/g)
      ?.at(-1);
  const from = performance.now();
  while (lastWord() !== '"msg":"jobs started"' && performance.now() - from < JOBS_RUNNING_WITHIN_MS) await sleep(200);
  const tries = run.log.join("").match(/"msg":"jobs did not start/g)?.length ?? 0;
  check(lastWord() === '"msg":"jobs started"', `the scheduled jobs are running (${tries} failed start(s) before, last word: ${lastWord() ?? "none"})`);
}

/** SIGTERM: the server finishes its stop (its log says so) and exits 0 in time; else it is killed and this fails. */
async function checkStops(run: Server) {
  await stopChild(run.server, STOPS_WITHIN_MS);
  check(
    run.exit === "code 0 signal null" && run.log.join("").includes('"msg":"stopped"'),
    `the server stops cleanly on SIGTERM within ${STOPS_WITHIN_MS} ms (${run.exit})`,
  );
}

async function main() {
  if (!existsSync(join(root, "build/server/index.js"))) throw new Error("No web build: run `npm run build` first.");
  const work = mkdtempSync(join(tmpdir(), "sot-db-restart-"));
  const dataDir = join(work, "pg");
  if (asRoot) chownSync(work, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()));
  const pgPort = await freePort();
  const appPort = await freePort();
  const pgOptions = `-p ${pgPort} -c listen_addresses=127.0.0.1 -k ${work}`;
  const pgStart = () => pgTool("pg_ctl", ["-D", dataDir, "-o", pgOptions, "-l", join(work, "pg.log"), "-w", "start"]);
  let run: Server | undefined;

  try {
    pgTool("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
    pgStart();
    const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;

    run = startServer(databaseUrl, appPort, work);
    const base = `http://127.0.0.1:${appPort}`;
    const health = healthOf(base);
    for (let i = 0; (await health()).status !== 200; i++) {
      if (run.exit || i > 300) throw new Error(`server did not start: ${run.exit ?? "timeout"}\n${run.log.join("")}`);
      await sleep(100);
    }

    const load = loginLoad(base);
    const beforeFirst = await restartTwice(
      {
        restart: () => pgTool("pg_ctl", ["-D", dataDir, "-o", pgOptions, "-l", join(work, "pg.log"), "-m", "fast", "-w", "restart"]),
        stop: () => pgTool("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]),
        start: pgStart,
      },
      health,
      load,
    );

    await sleep(1_000);
    await load.stop();
    await checkAfter(run, load, databaseUrl, beforeFirst);
    await checkJobsRunning(run);
    await checkStops(run);
  } finally {
    // Only when a check threw before checkStops: the clean stop is checked there.
    if (run && run.exit === null) {
      run.server.kill("SIGKILL");
      await new Promise((r) => run!.server.once("exit", r));
    }
    try {
      pgTool("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    } catch {
      /* already stopped */
    }
    rmSync(work, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`\n${failures.length} check(s) failed. Server log:\n${(run?.log ?? []).join("").slice(-4000)}`);
    process.exit(1);
  }
  console.log("\ndatabase restart: all checks passed");
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
