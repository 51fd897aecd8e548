// Issue 35: would the embedded database in a worker thread bring the start under a second? Two large pieces of
// work make the start on an existing PGlite dir, and the server runs both on its main thread at once: opening the
// database (PGlite's WebAssembly Postgres) and loading the server's modules with the web build. Here each is timed
// alone, then both together the server's way (one thread) and with the database opened in a worker thread, each
// in a process of its own started with serve's node options, in turn, ROUNDS times. It prints the median wall
// time to both ready and the process's CPU (every thread) to that point.
// What the server does after both are ready (migrations check, services, routes: ~250 ms on a slow 2-core machine)
// is not in these figures. Usage: npm run build, then node bench/start-worker.ts (about 2 minutes).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { serveNodeArgs } from "../scripts/serve-command.ts";
import { machine, scratchDir, startServer, table } from "./wrk.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const WAYS = ["database alone", "modules alone", "both, one thread (the server's way)", "both, database in a worker"] as const;
type Way = (typeof WAYS)[number];
interface Timing {
  bothMs: number;
  databaseMs: number | null;
  modulesMs: number | null;
  cpuMs: number;
}

const bundleDir = join(process.cwd(), "build/server-bundle");

/** The chunks main.js imports before it listens (the jobs' runner is loaded a second after), and the web build. */
function startModules(): string[] {
  const main = readFileSync(join(bundleDir, "main.js"), "utf8");
  const chunks = [...main.matchAll(/import\("\.\/([^"]+\.js)"\)/g)].map((m) => m[1]!).filter((name) => !name.startsWith("runner-"));
  return [...chunks.map((name) => pathToFileURL(join(bundleDir, name)).href), pathToFileURL(join(process.cwd(), "build/server/index.js")).href];
}

/** The bundle's database client chunk (openDatabase), as boot() imports it. */
const clientChunk = () => startModules().find((url) => /\/client-[^/]+\.js$/.test(url))!;

async function openHere(dataDir: string) {
  const { openDatabase } = (await import(clientChunk())) as typeof import("../server/db/client.ts");
  const database = await openDatabase({ kind: "pglite", dataDir });
  await database.ping();
  return { close: () => database.close() };
}

function openInWorker(dataDir: string) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { dataDir } });
  return new Promise<{ close: () => Promise<void> }>((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", () =>
      resolve({
        close: () =>
          new Promise<void>((closed) => {
            worker.once("message", () => closed());
            worker.postMessage("close");
          }),
      }),
    );
  });
}

/** One way, in this process (started for it alone); prints its Timing as JSON. */
async function measure(way: Way, dataDir: string) {
  const started = performance.now();
  const lap = () => Math.round(performance.now() - started);
  const database =
    way === "modules alone" ? null : (way === "both, database in a worker" ? openInWorker(dataDir) : openHere(dataDir)).then((db) => ({ db, ms: lap() }));
  const modules = way === "database alone" ? null : Promise.all(startModules().map((url) => import(url))).then(() => lap());
  const [opened, modulesMs] = await Promise.all([database, modules]);
  const bothMs = lap();
  const cpu = process.cpuUsage();
  await opened?.db.close();
  const timing: Timing = { bothMs, databaseMs: opened?.ms ?? null, modulesMs, cpuMs: Math.round((cpu.user + cpu.system) / 1000) };
  process.stdout.write(JSON.stringify(timing));
}

if (!isMainThread) {
  // The worker: the database opened as the server opens it, kept until the main thread says close.
  const db = await openHere((workerData as { dataDir: string }).dataDir);
  parentPort!.postMessage("ready");
  parentPort!.once("message", async () => {
    await db.close();
    parentPort!.postMessage("closed");
    parentPort!.close();
  });
} else if (process.argv[2] === "--way") {
  const { enableCompileCache } = await import("node:module");
  // As server/main.ts: the compile cache on before the modules load.
  enableCompileCache();
  await measure(process.argv[3] as Way, process.argv[4]!);
} else {
  // A data dir the server made and migrated, then closed.
  const dataDir = scratchDir("bench-start-worker");
  const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3760), dataDir });
  await server.stop();

  const runs = new Map<Way, Timing[]>(WAYS.map((way) => [way, []]));
  for (let round = 0; round < ROUNDS; round++) {
    // Each round in another order, so no way always follows the same one.
    const order = round % 2 ? [...WAYS].reverse() : WAYS;
    for (const way of order) {
      const child = spawnSync(process.execPath, [...serveNodeArgs(), "bench/start-worker.ts", "--way", way, dataDir], {
        encoding: "utf8",
        env: { ...process.env, NODE_ENV: "production" },
      });
      if (child.status !== 0) throw new Error(`${way}: exit ${child.status}\n${child.stderr}`);
      runs.get(way)!.push(JSON.parse(child.stdout) as Timing);
    }
  }
  const median = (values: (number | null)[]) => {
    const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
    return known.length ? known[Math.floor(known.length / 2)]! : "";
  };
  console.log(`${machine()}; ${ROUNDS} rounds, medians (ms)\n`);
  console.log(
    table(
      ["way", "to both ready", "database ready", "modules loaded", "process CPU to both ready", "each run, to both ready"],
      WAYS.map((way) => {
        const timings = runs.get(way)!;
        return [
          way,
          median(timings.map((t) => t.bothMs)),
          median(timings.map((t) => t.databaseMs)),
          median(timings.map((t) => t.modulesMs)),
          median(timings.map((t) => t.cpuMs)),
          timings.map((t) => t.bothMs).join(", "),
        ];
      }),
    ),
  );
}
