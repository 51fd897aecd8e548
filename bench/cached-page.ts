// Issue 35: the cached public page against its references, measured in one run (npm run bench and
// npm run bench:public both use it): the product's page-cache hit; the floor, bare node:http sending the
// product's own bytes and headers (bench/bare-node.ts), and the floor with the product's node:http setting;
// a bare Hono route sending the bytes; nginx serving them as a static file; and nginx in front of the product
// with deploy/nginx.conf, from its cache. Every row runs after the same warm-up (LOAD.warmupSeconds) and
// shows the server's CPU per request and wrk's.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { startFront } from "../scripts/nginx-front.ts";
import { alternating, fmt, ownChild, roundRatios, scratchDir, startReferenceScript, table, verdict, waitFor, type MedianResult } from "./wrk.ts";

export const CACHED_PAGE = "/instant-personal-loan-in-delhi";

/** Makes CACHED_PAGE a hit on a server just started: the first read renders and stores it, the second is a hit. */
export async function primeCachedPage(base: string) {
  for (let n = 0; n < 2; n++) await (await fetch(base + CACHED_PAGE)).arrayBuffer();
}

export const CACHED_ROWS = {
  product: "SalaryOnTime server (page cache hit)",
  floor: "bare node:http, same bytes and headers (the floor)",
  floorOptimized: "the floor with the product's node:http settings",
  hono: "bare Hono route, same bytes",
  nginx: "nginx, same bytes as a static file (1 worker)",
  front: "nginx in front (deploy/nginx.conf, 1 worker), from its cache",
} as const;

function nginxBinary(): string | null {
  const found = spawnSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx 2>/dev/null"], { encoding: "utf8" }).stdout.trim().split("\n")[0];
  return found || null;
}

async function startStaticNginx(bin: string, port: number, html: Uint8Array) {
  const dir = scratchDir("bench-nginx");
  // nginx workers run as an unprivileged user when started as root: let them read the page.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, "www"));
  mkdirSync(join(dir, "logs"));
  writeFileSync(join(dir, "www", "index.html"), html, { mode: 0o644 });
  writeFileSync(
    join(dir, "nginx.conf"),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp; uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  default_type text/html;
  sendfile on;
  server { listen 127.0.0.1:${port}; root ${dir}/www; location / { try_files /index.html =404; } }
}
`,
  );
  const child = ownChild(spawn(bin, ["-p", dir, "-c", join(dir, "nginx.conf")], { stdio: "ignore" }));
  await waitFor(`http://127.0.0.1:${port}/`, child);
  return child;
}

/** The product's answer for a path as sent on the wire (wrk's request: no Accept-Encoding), without what node:http adds itself. */
function rawAnswer(url: string): Promise<{ headers: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const headers = res.rawHeaders.flatMap((name, i) =>
          i % 2 === 0 && !["date", "connection", "keep-alive"].includes(name.toLowerCase()) ? [name, res.rawHeaders[i + 1]!] : [],
        );
        resolve({ headers, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** A bench script (bench/bare-node.ts, bench/bare-hono.ts) on `port`, started as startReferenceScript starts one. */
async function startReference(script: string, port: number, file: string, ...flags: string[]) {
  const child = startReferenceScript(script, [String(port), file, ...flags]);
  await waitFor(`http://127.0.0.1:${port}/`, child);
  return child;
}

/**
 * The floor (bench/bare-node.ts) on `port`, sending the product's answer for `url` as it went on the wire; with
 * `optimizedPort`, the same floor with the product's node:http settings (NODE_SERVER_OPTIONS) on that port too.
 */
export async function startFloor(url: string, port: number, optimizedPort?: number) {
  const answer = await rawAnswer(url);
  const answerFile = join(scratchDir("bench-floor"), "answer.json");
  writeFileSync(answerFile, JSON.stringify({ headers: answer.headers, body: answer.body.toString("base64") }));
  const floor = await startReference("bench/bare-node.ts", port, answerFile);
  const optimized = optimizedPort ? await startReference("bench/bare-node.ts", optimizedPort, answerFile, "--product-settings") : undefined;
  return { floor, optimized, body: answer.body };
}

/** nginx's worker (the master only supervises it): the process whose CPU is the row's. */
const workerOf = (pid: number) => Number(readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(" ")[0]) || undefined;

/**
 * The cached page's rows, the product's first. `product` is the running server (its port and pid); the
 * references take `firstPort` and the four ports after it. nginx's rows are left out when it is not installed.
 */
export async function cachedPageRows(product: { port: number; pid: number }, firstPort: number): Promise<{ rows: [string, MedianResult][]; bytes: number }> {
  const base = `http://127.0.0.1:${product.port}`;
  const page = await fetch(base + CACHED_PAGE);
  const bytes = Buffer.from(await page.arrayBuffer());
  if (page.headers.get("x-page-cache") !== "hit") throw new Error(`${CACHED_PAGE} is not a page-cache hit (X-Page-Cache: ${page.headers.get("x-page-cache")})`);
  const pageFile = join(scratchDir("bench-page"), "page.html");
  writeFileSync(pageFile, bytes, { mode: 0o644 });

  const references: ChildProcess[] = [];
  try {
    const { floor, optimized, body } = await startFloor(base + CACHED_PAGE, firstPort, firstPort + 4);
    references.push(floor, optimized!);
    if (!body.equals(bytes)) throw new Error("the page's bytes changed between two reads");
    const hono = await startReference("bench/bare-hono.ts", firstPort + 1, pageFile);
    references.push(hono);
    const rows = await alternating([
      { name: CACHED_ROWS.product, url: base + CACHED_PAGE, pid: product.pid },
      { name: CACHED_ROWS.floor, url: `http://127.0.0.1:${firstPort}/`, pid: floor.pid! },
      { name: CACHED_ROWS.floorOptimized, url: `http://127.0.0.1:${firstPort + 4}/`, pid: optimized!.pid! },
      { name: CACHED_ROWS.hono, url: `http://127.0.0.1:${firstPort + 1}/`, pid: hono.pid! },
    ]);
    const bin = nginxBinary();
    if (bin) {
      const nginx = await startStaticNginx(bin, firstPort + 2, bytes);
      references.push(nginx);
      const frontPort = firstPort + 3;
      const front = ownChild(await startFront(bin, { listenPort: frontPort, upstreamPort: product.port, dir: scratchDir("bench-front") }));
      references.push(front);
      const through = await fetch(`http://127.0.0.1:${frontPort}${CACHED_PAGE}`);
      if (!Buffer.from(await through.arrayBuffer()).equals(bytes)) throw new Error("nginx in front sent other bytes");
      rows.push(
        ...(await alternating([
          { name: CACHED_ROWS.nginx, url: `http://127.0.0.1:${firstPort + 2}/`, pid: workerOf(nginx.pid!) },
          { name: CACHED_ROWS.front, url: `http://127.0.0.1:${frontPort}${CACHED_PAGE}`, pid: workerOf(front.pid!) },
        ])),
      );
    }
    return { rows, bytes: bytes.length };
  } finally {
    for (const child of references) child.kill("SIGTERM");
  }
}

/** wrk's share of its core above which a row measures the client as much as the server. */
const CLIENT_NEAR_LIMIT = 0.9;

/**
 * The rows as a table (each row its median run): requests/s, latency, the server's CPU per request and wrk's share
 * of a core; below it, each row where wrk was near its limit, whose requests/s are then the least the server can do.
 */
export function cachedPageTable(rows: [string, MedianResult][]): string {
  const nearLimit = rows
    .filter(([, r]) => r.clientCoreShare >= CLIENT_NEAR_LIMIT)
    .map(
      ([name, r]) =>
        `wrk used ${r.clientCoreShare.toFixed(2)} of its core on "${name}": the client is near its limit there, so that row's requests/s are the least the server can do, not its ceiling.`,
    );
  return (
    table(
      [
        "server",
        "requests/s (median run)",
        "each run, requests/s",
        "p50 ms",
        "p99 ms",
        "server CPU µs/request",
        "wrk's CPU, share of a core",
        "errors",
        "non-2xx",
      ],
      rows.map(([name, r]) => [
        name,
        r.rps,
        r.runs.join(", "),
        fmt.ms(r.p50Ms),
        fmt.ms(r.p99Ms),
        fmt.cpuUs(r.cpuMsPerRequest),
        r.clientCoreShare.toFixed(2),
        r.errors,
        r.non2xx,
      ]),
    ) + (nearLimit.length ? `\n\n${nearLimit.join("\n")}` : "")
  );
}

/** Issue 35's two targets on the cached page, as [target, measured, goal, verdict] rows. */
export function cachedPageTargets(rows: [string, MedianResult][]): (string | number)[][] {
  const row = (name: string) => rows.find(([n]) => n === name)?.[1];
  const targets: (string | number)[][] = [];
  const compared = (what: string, ours: MedianResult | undefined, reference: MedianResult | undefined, goal: number) => {
    if (!ours || !reference) return;
    const ratio = ours.rps / reference.rps;
    targets.push([what, `${ours.rps} ÷ ${reference.rps} = ${ratio.toFixed(2)}${roundRatios(ours, reference)}`, `≥ ${goal}`, verdict(ratio >= goal)]);
  };
  compared("cached page ÷ bare node:http (same bytes and headers)", row(CACHED_ROWS.product), row(CACHED_ROWS.floor), 0.85);
  compared("nginx in front (deploy/nginx.conf) ÷ nginx alone", row(CACHED_ROWS.front), row(CACHED_ROWS.nginx), 0.9);
  return targets;
}
