// Public-site performance: Lighthouse (mobile) scores, the JavaScript `/` loads (gzipped),
// and requests/s of a cached public page next to the same HTML served by nginx as a static
// file, in one run on this machine. Usage: npm run bench:public (SKIP_BUILD=1 reuses build/).
// Traffic goes to 127.0.0.1 only; each load run is bounded (10 s).
import { execSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const PORT = Number(process.env.BENCH_PORT ?? 3710);
const NGINX_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const CACHED_PAGE = "/instant-personal-loan-in-delhi";
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";

async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within 60 s`);
    if (child.exitCode !== null) throw new Error(`process exited while waiting for ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function startServer() {
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(join(tmpdir(), "sot-bench-public-")),
      PUBLIC_ORIGIN: BASE,
      LOG_LEVEL: "silent",
    },
    stdio: "ignore",
  });
  await waitFor(`${BASE}/healthz`, child);
  return child;
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

async function requestsPerSecond(url: string) {
  const r = await autocannon({ url, connections: 50, duration: 10 });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

function nginxBinary(): string | null {
  const found = spawnSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx 2>/dev/null"], { encoding: "utf8" }).stdout.trim().split("\n")[0];
  return found || null;
}

async function startNginx(bin: string, html: string) {
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

if (!process.env.SKIP_BUILD) execSync("npm run build", { stdio: "ignore" });
const server = await startServer();
try {
  const js = await jsOfHome();
  console.log(`JavaScript loaded by /: ${js.files} files, ${js.rawKb.toFixed(1)} KB raw, ${js.gzipKb.toFixed(1)} KB gzipped (target ≤ 120 KB)`);

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
  const html = await page.text();
  console.log(
    `\nCached page ${CACHED_PAGE}: ${(html.length / 1024).toFixed(1)} KB, X-Page-Cache ${page.headers.get("x-page-cache") ?? "none"} (50 connections, 10 s, no compression)`,
  );
  const node = await requestsPerSecond(BASE + CACHED_PAGE);
  const bin = nginxBinary();
  if (!bin) {
    console.log(`| SalaryOnTime server (page cache) | ${node.rps} req/s | p99 ${node.p99} ms |`);
    console.log("nginx is NOT installed, so the side-by-side comparison was not run. Install it with `apt-get install -y nginx` and run again.");
  } else {
    const nginx = await startNginx(bin, html);
    try {
      const ng = await requestsPerSecond(`http://127.0.0.1:${NGINX_PORT}/`);
      console.log("| server | requests/s | p99 latency | errors | non-2xx |");
      console.log("|---|---|---|---|---|");
      console.log(`| SalaryOnTime (page cache) | ${node.rps} | ${node.p99} ms | ${node.errors} | ${node.non2xx} |`);
      console.log(`| nginx, same HTML as a static file | ${ng.rps} | ${ng.p99} ms | ${ng.errors} | ${ng.non2xx} |`);
      console.log(`ratio: ${(node.rps / ng.rps).toFixed(2)} of nginx (target ≥ 0.50)`);
    } finally {
      nginx.kill("SIGTERM");
    }
  }
} finally {
  server.kill("SIGTERM");
}
