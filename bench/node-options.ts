// The cached page on servers started as `npm run serve` starts them and with each of its node options put back
// to V8's default (and the young generation at 4 MB, tried), against bare node:http, in turn in one run: the
// figures of the decisions "Issue 35: the young generation kept after an idle spell", "Issue 35: the dashboard
// in two statements, and a smaller young generation tried" and "Issue 35: node:http's request and response kept
// out of dictionary mode" (docs/decisions/platform.md).
// Usage: npm run build, then node bench/node-options.ts (about 5 minutes).
import { CACHED_PAGE, primeCachedPage, startFloor } from "./cached-page.ts";
import { serveNodeArgs } from "../scripts/serve-command.ts";
import { alternating, fmt, machine, ratiosByRound, scratchDir, startServer, table } from "./wrk.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3750);
// Each server is started as the bench starts the product (serve's node options), plus these.
const variants: [string, string[]][] = [
  [`as npm run serve starts it (${serveNodeArgs().join(" ")})`, []],
  ["V8's default young generation (--min-semi-space-size=0)", ["--min-semi-space-size=0"]],
  ["a 4 MB floor (--min-semi-space-size=4)", ["--min-semi-space-size=4"]],
  ["V8's default limit of properties added by key (--fast-properties-soft-limit=12)", ["--fast-properties-soft-limit=12"]],
];

const servers = [];
for (const [i, [name, extraArgs]] of variants.entries()) {
  const server = await startServer({ port: PORT + i, dataDir: scratchDir("bench-node-options"), extraArgs });
  await primeCachedPage(server.base);
  servers.push({ name, server });
}
const floorPort = PORT + variants.length;
const { floor } = await startFloor(servers[0]!.server.base + CACHED_PAGE, floorPort);

const rows = await alternating([
  ...servers.map(({ name, server }) => ({ name, url: server.base + CACHED_PAGE, pid: server.pid })),
  { name: "bare node:http, same bytes and headers (the floor)", url: `http://127.0.0.1:${floorPort}/`, pid: floor.pid! },
]);
const floorRow = rows.at(-1)![1];
console.log(`${machine()}. Cached page ${CACHED_PAGE}; wrk in turn, each row's median run.\n`);
console.log(
  table(
    ["server", "requests/s (median run)", "each run", "server CPU µs/request", "each round ÷ the floor"],
    rows.map(([name, result]) => [name, result.rps, result.runs.join(", "), fmt.cpuUs(result.cpuMsPerRequest), ratiosByRound(result, floorRow) ?? ""]),
  ),
);
floor.kill("SIGTERM");
for (const { server } of servers) await server.stop();
