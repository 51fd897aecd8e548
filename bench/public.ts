// Public-site performance: Lighthouse (mobile) scores, the JavaScript `/` loads (gzipped), and
// requests/s of a cached public page next to nginx serving the same bytes as a static file and a
// bare Hono route sending the same bytes, all three in one run, with wrk as the client (bench/wrk.ts).
// Usage: npm run bench:public (SKIP_BUILD=1 reuses build/, SKIP_LIGHTHOUSE=1 runs only the load part).
// Traffic goes to 127.0.0.1 only; each load run is bounded (BENCH_SECONDS, 5 s).
import { execSync, spawn, spawnSync } from "node:child_process";
import { request as httpRequest } from "node:http";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startFront } from "../scripts/nginx-front.ts";
import { ensureWrk, fmt, LOAD, machine, startServer as startAppServer, table, waitFor, wrk, type LoadResult } from "./wrk.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3710);
const NGINX_PORT = Number(process.env.BENCH_NGINX_PORT ?? PORT + 10);
const HONO_PORT = NGINX_PORT + 1;
const NODE_PORT = NGINX_PORT + 2;
const FRONT_PORT = NGINX_PORT + 3;
const BASE = `http://127.0.0.1:${PORT}`;
const CACHED_PAGE = "/instant-personal-loan-in-delhi";
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";

let serverPid = 0;
async function startServer() {
  const server = await startAppServer({ port: PORT, dataDir: mkdtempSync(join(tmpdir(), "sot-bench-public-")) });
  serverPid = server.pid;
  return server;
}

/** Every script `/` loads at start: <script src>, modulepreload links and inline import() targets. */
async function jsOfHome() {
  const html = await (await fetch(`${BASE}/`)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\(\s*"([^"]+\.js)"\s*\)/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\s+[^;]*?from\s*"([^"]+\.js)"/g)) urls.add(m[1]);
  let raw = 0;
  let gz = 0;
  for (const u of urls) {
    const body = Buffer.from(await (await fetch(new URL(u, BASE))).arrayBuffer());
    raw += body.length;
    gz += gzipSync(body).length;
  }
  return { files: urls.size, rawKb: raw / 1024, gzipKb: gz / 1024 };
}

async function firstBlogPost(): Promise<string | null> {
  const xml = await (await fetch(`${BASE}/sitemap.xml`)).text();
  const post = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname).find((p) => p.startsWith("/blog/"));
  return post ?? null;
}

async function lighthouseScores(paths: { label: string; path: string | null }[]) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
  const rows: string[] = [];
  try {
    for (const { label, path } of paths) {
      if (!path) {
        rows.push(`| ${label} | not available yet | | | |`);
        continue;
      }
      const status = (await fetch(BASE + path)).status;
      if (status !== 200) {
        rows.push(`| ${label} (${path}) | HTTP ${status}: page not built yet | | | |`);
        continue;
      }
      const result = await lighthouse(BASE + path, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        formFactor: "mobile",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const c = result!.lhr.categories;
      const s = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
      rows.push(`| ${label} (${path}) | ${s("performance")} | ${s("accessibility")} | ${s("best-practices")} | ${s("seo")} |`);
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

function nginxBinary(): string | null {
  const found = spawnSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx 2>/dev/null"], { encoding: "utf8" }).stdout.trim().split("\n")[0];
  return found || null;
}

async function startNginx(bin: string, html: Uint8Array) {
  const dir = mkdtempSync(join(tmpdir(), "sot-bench-nginx-"));
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
  server { listen 127.0.0.1:${NGINX_PORT}; root ${dir}/www; location / { try_files /index.html =404; } }
}
`,
  );
  const child = spawn(bin, ["-p", dir, "-c", join(dir, "nginx.conf")], { stdio: "ignore" });
  await waitFor(`http://127.0.0.1:${NGINX_PORT}/`, child);
  return child;
}

/** The product's answer for a path as sent on the wire (wrk's request: no Accept-Encoding), without what node:http adds itself. */
function rawAnswer(path: string): Promise<{ headers: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(BASE + path, (res) => {
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

/** The floor (bench/bare-node.ts): bare node:http with the product's own headers and bytes, in its own process. */
async function startBareNode(answer: { headers: string[]; body: Buffer }) {
  const file = join(mkdtempSync(join(tmpdir(), "sot-bench-floor-")), "answer.json");
  writeFileSync(file, JSON.stringify({ headers: answer.headers, body: answer.body.toString("base64") }));
  const child = spawn(process.execPath, ["bench/bare-node.ts", String(NODE_PORT), file], { stdio: ["ignore", "ignore", "inherit"] });
  await waitFor(`http://127.0.0.1:${NODE_PORT}/`, child);
  return child;
}

/** The bare Hono reference (bench/bare-hono.ts) in its own process, on the same bytes. */
async function startBareHono(file: string) {
  const child = spawn(process.execPath, ["bench/bare-hono.ts", String(HONO_PORT), file], { stdio: ["ignore", "ignore", "inherit"] });
  await waitFor(`http://127.0.0.1:${HONO_PORT}/`, child);
  return child;
}

ensureWrk();
if (!process.env.SKIP_BUILD) execSync("npm run build", { stdio: "ignore" });
const when = machine();
const server = await startServer();
try {
  const js = await jsOfHome();
  console.log(`JavaScript loaded by /: ${js.files} files, ${js.rawKb.toFixed(1)} KB raw, ${js.gzipKb.toFixed(1)} KB gzipped (target ≤ 90 KB)`);

  const post = await firstBlogPost();
  console.log("\n| Lighthouse, mobile | performance | accessibility | best practices | SEO |");
  console.log("|---|---|---|---|---|");
  for (const row of process.env.SKIP_LIGHTHOUSE
    ? ["| (skipped: SKIP_LIGHTHOUSE set) | | | | |"]
    : await lighthouseScores([
        { label: "home", path: "/" },
        { label: "city page", path: "/instant-personal-loan-in-delhi" },
        { label: "blog post", path: post },
        { label: "contact", path: "/contact-salaryontime" },
      ]))
    console.log(row);

  const page = await fetch(BASE + CACHED_PAGE);
  const bytes = Buffer.from(await page.arrayBuffer());
  if (page.headers.get("x-page-cache") !== "hit") throw new Error(`${CACHED_PAGE} is not a page-cache hit (X-Page-Cache: ${page.headers.get("x-page-cache")})`);
  const file = join(mkdtempSync(join(tmpdir(), "sot-bench-page-")), "page.html");
  writeFileSync(file, bytes, { mode: 0o644 });

  const answer = await rawAnswer(CACHED_PAGE);
  if (!answer.body.equals(bytes)) throw new Error("the page's bytes changed between two reads");
  const rows: [string, LoadResult][] = [];
  rows.push(["SalaryOnTime server (page cache hit)", await wrk(BASE + CACHED_PAGE, { serverPid, warmup: true })]);
  const floor = await startBareNode(answer);
  try {
    rows.push(["bare node:http, same bytes and headers (the floor)", await wrk(`http://127.0.0.1:${NODE_PORT}/`, { serverPid: floor.pid, warmup: true })]);
  } finally {
    floor.kill("SIGTERM");
  }
  const hono = await startBareHono(file);
  try {
    rows.push(["bare Hono route, same bytes", await wrk(`http://127.0.0.1:${HONO_PORT}/`, { serverPid: hono.pid, warmup: true })]);
  } finally {
    hono.kill("SIGTERM");
  }
  const bin = nginxBinary();
  if (bin) {
    const nginx = await startNginx(bin, bytes);
    try {
      // The worker answers; the master only supervises it.
      const worker = Number(readFileSync(`/proc/${nginx.pid}/task/${nginx.pid}/children`, "utf8").trim().split(" ")[0]) || undefined;
      rows.push(["nginx, same bytes as a static file (1 worker)", await wrk(`http://127.0.0.1:${NGINX_PORT}/`, { serverPid: worker, warmup: true })]);
    } finally {
      nginx.kill("SIGTERM");
    }
    // deploy/nginx.conf in front of the product, one worker as above: the page from nginx's cache.
    const front = await startFront(bin, { listenPort: FRONT_PORT, upstreamPort: PORT, dir: mkdtempSync(join(tmpdir(), "sot-bench-front-")) });
    try {
      const worker = Number(readFileSync(`/proc/${front.pid}/task/${front.pid}/children`, "utf8").trim().split(" ")[0]) || undefined;
      const through = await fetch(`http://127.0.0.1:${FRONT_PORT}${CACHED_PAGE}`);
      if (!Buffer.from(await through.arrayBuffer()).equals(bytes)) throw new Error("nginx in front sent other bytes");
      rows.push([
        "nginx in front (deploy/nginx.conf, 1 worker), from its cache",
        await wrk(`http://127.0.0.1:${FRONT_PORT}${CACHED_PAGE}`, { serverPid: worker, warmup: true }),
      ]);
    } finally {
      front.kill("SIGTERM");
    }
  }
  console.log(
    `\n${when}. Cached page ${CACHED_PAGE}: ${(bytes.length / 1024).toFixed(1)} KB, no compression; wrk, ${LOAD.threads} thread, ${LOAD.connections} connections, ${LOAD.seconds} s per row after ${LOAD.warmupSeconds} s of the same load not measured, one run.\n`,
  );
  console.log(
    table(
      ["server", "requests/s", "p50 ms", "p99 ms", "server CPU µs/request", "wrk's CPU, share of a core", "errors", "non-2xx"],
      rows.map(([name, r]) => [
        name,
        r.rps,
        fmt.ms(r.p50Ms),
        fmt.ms(r.p99Ms),
        r.cpuMsPerRequest === null ? "" : (r.cpuMsPerRequest * 1000).toFixed(1),
        r.clientCoreShare.toFixed(2),
        r.errors,
        r.non2xx,
      ]),
    ),
  );
  const ours = rows[0][1].rps;
  const ref = (name: string) => rows.find(([n]) => n.startsWith(name))?.[1].rps;
  const ng = ref("nginx");
  console.log(`\nratio to bare node:http with the same bytes and headers: ${(ours / ref("bare node:http")!).toFixed(2)} (target ≥ 0.85)`);
  console.log(`ratio to the bare Hono route: ${(ours / ref("bare Hono")!).toFixed(2)}`);
  if (ng) console.log(`ratio to nginx: ${(ours / ng).toFixed(2)}`);
  const front = ref("nginx in front");
  if (ng && front) console.log(`nginx in front (deploy/nginx.conf) ÷ nginx alone: ${(front / ng).toFixed(2)} (target ≥ 0.9)`);
  else console.log("nginx is NOT installed, so the nginx comparison was not run. Install it with `apt-get install -y nginx` and run again.");
} finally {
  await server.stop();
}
