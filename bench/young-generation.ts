// The cached page on servers started with and without `npm run serve`'s young-generation floor
// (--min-semi-space-size=16), and with a smaller floor of 4 MB, against bare node:http, in turn in one run:
// the figures of the decisions "Issue 35: the young generation kept after an idle spell" and "Issue 35: the
// dashboard in two statements, and a smaller young generation tried" (docs/decisions/platform.md).
// Usage: npm run build, then node bench/young-generation.ts (about 4 minutes).
import { CACHED_PAGE, primeCachedPage, startFloor } from "./cached-page.ts";
import { serveNodeArgs } from "../scripts/serve-command.ts";
import { alternating, fmt, machine, ratiosByRound, scratchDir, startServer, table } from "./wrk.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3750);
// Each server is started as the bench starts the product (serve's node options), plus these.
const variants: [string, string[]][] = [
  [`as npm run serve starts it (${serveNodeArgs().join(" ")})`, []],
  ["V8's default young generation (--min-semi-space-size=0)", ["--min-semi-space-size=0"]],
  ["a 4 MB floor (--min-semi-space-size=4)", ["--min-semi-space-size=4"]],
];

const servers = [];
for (const [i, [name, extraArgs]] of variants.entries()) {
  const server = await startServer({ port: PORT + i, dataDir: scratchDir("bench-young"), extraArgs });
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
