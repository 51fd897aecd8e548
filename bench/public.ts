// Public-site performance: Lighthouse (mobile) scores, the JavaScript `/` loads (gzipped), and the cached
// public page against its references in one run (bench/cached-page.ts: bare node:http with the same bytes
// and headers, a bare Hono route, nginx alone, nginx in front), with wrk as the client (bench/wrk.ts).
// Usage: npm run bench:public (SKIP_BUILD=1 reuses build/, SKIP_LIGHTHOUSE=1 runs only the load part).
// Traffic goes to 127.0.0.1 only; each load run is bounded (BENCH_SECONDS, 5 s).
import { execSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CACHED_PAGE, CACHED_ROWS, cachedPageRows, cachedPageTable, cachedPageTargets } from "./cached-page.ts";
import { COMPARED_ROUNDS, ensureWrk, LOAD, machine, scratchDir, startServer as startAppServer, table } from "./wrk.ts";

const PORT = Number(process.env.BENCH_PORT ?? 3710);
// The references (bench/cached-page.ts) listen on this port and the four after it.
const NGINX_PORT = Number(process.env.BENCH_NGINX_PORT ?? PORT + 10);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";

let serverPid = 0;
async function startServer() {
  const server = await startAppServer({ port: PORT, dataDir: scratchDir("bench-public") });
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

  const { rows, bytes } = await cachedPageRows({ port: PORT, pid: serverPid }, NGINX_PORT);
  console.log(
    `\n${when}. Cached page ${CACHED_PAGE}: ${(bytes / 1024).toFixed(1)} KB, no compression; wrk, ${LOAD.threads} thread, ${LOAD.connections} connections, ${LOAD.seconds} s per run after ${LOAD.warmupSeconds} s of the same load not measured; the rows run in turn, ${COMPARED_ROUNDS} times over, and each shows its median run.\n`,
  );
  console.log(cachedPageTable(rows));
  const targets = cachedPageTargets(rows);
  console.log(`\n${table(["target", "measured", "goal", ""], targets)}`);
  if (!rows.some(([name]) => name === CACHED_ROWS.nginx))
    console.log("nginx is NOT installed, so the nginx comparisons were not run. Install it with `apt-get install -y nginx` and run again.");
} finally {
  await server.stop();
}
