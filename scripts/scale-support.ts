// Several server instances on one PostgreSQL, with S3 storage (s3rver) and Redis, behind nginx round robin.
// Shared by scripts/two-instances.ts (browser test) and bench/scale.ts (load). Everything it starts is
// registered for cleanup: processes by pid, the database, the Redis keys under the run's prefix.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import pg from "pg";
import { LOCAL_S3_KEYS, startLocalS3 } from "../server/test-support/s3-server.ts";
import { ensureDebianTool, freePort } from "./debian-tools.ts";
import { stopChild } from "./stop-child.ts";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const NGINX = "/usr/sbin/nginx";

/** nginx from Debian, installed with apt when missing and we may. */
export function ensureNginx(): string {
  ensureDebianTool(NGINX, "nginx", "Several instances behind a proxy");
  return NGINX;
}

export { freePort };

/** The nginx configuration: round robin over the instances, client address passed on, keep-alive upstream. */
export function nginxConfig(options: { listenPort: number; upstreamPorts: number[]; dir: string }): string {
  const { dir } = options;
  // As root, nginx's workers would switch to `nobody`, who cannot write our temp folders.
  const user = process.getuid?.() === 0 ? "user root root;\n" : "";
  return `${user}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  log_format upstream '$upstream_addr $status $request_method $uri';
  access_log ${dir}/access.log upstream;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 20m;
  upstream salaryontime {
${options.upstreamPorts.map((p) => `    server 127.0.0.1:${p};`).join("\n")}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${options.listenPort};
    location / {
      proxy_pass http://salaryontime;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
}

export interface Cluster {
  /** The proxy's address (or the single instance's, with no proxy). */
  baseUrl: string;
  instancePorts: number[];
  databaseUrl: string;
  /** How many requests nginx sent to each instance (from its access log). */
  requestsPerInstance(): Record<string, number>;
  /** Files under the S3 server's folder, and under the instances' own upload folders (should stay empty). */
  storedFiles(): { s3: number; localDisk: number };
  stop(): Promise<void>;
}

function waitHealthy(url: string, child: ChildProcess, log: string[], timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`The server exited (${child.exitCode}):\n${log.join("")}`));
      try {
        if ((await fetch(`${url}/healthz`)).ok) return resolve();
      } catch {}
      if (Date.now() > deadline) return reject(new Error(`No healthy answer from ${url} in ${timeoutMs} ms:\n${log.join("")}`));
      setTimeout(poll, 250);
    };
    void poll();
  });
}

/**
 * Starts `instances` servers (1 or more) on a database made for this run, S3 storage and Redis, and nginx
 * in front when there is more than one. `stop()` undoes everything; it is also run on SIGINT/SIGTERM.
 */
export async function startCluster(options: { instances: number; proxy: boolean; label: string; proxyPort?: number }): Promise<Cluster> {
  if (!existsSync(join(root, "build/server/index.js"))) throw new Error("No web build: run `npm run build` first.");
  const cleanups: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const fn of cleanups.reverse().splice(0)) {
      try {
        await fn();
      } catch (error) {
        console.error("cleanup:", error instanceof Error ? error.message : error);
      }
    }
  };
  const onSignal = () => void stop().then(() => process.exit(130));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  cleanups.push(() => {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  });

  try {
    const work = mkdtempSync(join(tmpdir(), `sot-${options.label}-`));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));

    // PostgreSQL: a database of our own, dropped at the end (PG* variables as in .ci/run).
    const pgHost = process.env.PGHOST ?? "127.0.0.1";
    const pgPort = process.env.PGPORT ?? "5432";
    const pgUser = process.env.PGUSER ?? "postgres";
    const admin = `postgres://${pgUser}@${pgHost}:${pgPort}/postgres`;
    const dbName = `sot_${options.label.replace(/\W/g, "_")}_${Date.now()}_${process.pid}`;
    const adminQuery = async (text: string) => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    };
    await adminQuery(`CREATE DATABASE ${dbName}`);
    cleanups.push(() => adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    const databaseUrl = `postgres://${pgUser}@${pgHost}:${pgPort}/${dbName}`;

    // S3: s3rver in this process, one bucket.
    const bucket = "salaryontime-uploads";
    const s3 = await startLocalS3({ bucket });
    cleanups.push(() => s3.close());

    // Redis: the local one, under a prefix of this run only.
    const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
    const redisPrefix = `sot-${options.label}-${randomBytes(4).toString("hex")}:`;
    cleanups.push(async () => {
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    });

    const proxyPort = options.proxy ? (options.proxyPort ?? (await freePort())) : 0;
    const instancePorts = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
    const baseUrl = `http://localhost:${options.proxy ? proxyPort : instancePorts[0]}`;
    // The same keys on every instance: one reads what another encrypted or hashed.
    const keys = { ENCRYPTION_KEY: randomBytes(32).toString("hex"), HASH_KEY: randomBytes(32).toString("hex") };

    for (const [i, port] of instancePorts.entries()) {
      const log: string[] = [];
      const child = spawn(process.execPath, ["server/main.ts"], {
        cwd: root,
        stdio: ["ignore", "ignore", "pipe"],
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: String(port),
          PUBLIC_ORIGIN: baseUrl,
          DATA_DIR: join(work, `instance-${i + 1}`),
          DATABASE_URL: databaseUrl,
          S3_BUCKET: bucket,
          S3_ENDPOINT: s3.endpoint,
          S3_ACCESS_KEY_ID: LOCAL_S3_KEYS.accessKeyId,
          S3_SECRET_ACCESS_KEY: LOCAL_S3_KEYS.secretAccessKey,
          S3_FORCE_PATH_STYLE: "1",
          REDIS_URL: redisUrl,
          REDIS_KEY_PREFIX: redisPrefix,
          LOG_LEVEL: "warn",
          // The browser tests stand for the clients' own proxy (each presents its test's address in
          // X-Forwarded-For) and nginx appends what it saw: two proxies in front; alone, one.
          TRUST_PROXY: options.proxy ? "2" : "1",
          ...keys,
        },
      });
      child.stderr!.on("data", (chunk: Buffer) => {
        log.push(chunk.toString());
        if (process.env.SHOW_SERVER_LOGS) process.stderr.write(`[instance ${i + 1}] ${chunk}`);
      });
      cleanups.push(() => stopChild(child, 10_000));
      // One at a time: the first applies the migrations.
      await waitHealthy(`http://127.0.0.1:${port}`, child, log);
    }

    let accessLog: string | null = null;
    if (options.proxy) {
      const nginx = ensureNginx();
      const dir = join(work, "nginx");
      mkdirSync(dir, { recursive: true });
      const conf = join(dir, "nginx.conf");
      writeFileSync(conf, nginxConfig({ listenPort: proxyPort, upstreamPorts: instancePorts, dir }));
      accessLog = join(dir, "access.log");
      const log: string[] = [];
      const child = spawn(nginx, ["-c", conf, "-p", dir, "-e", join(dir, "error.log"), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
      child.stderr!.on("data", (chunk: Buffer) => log.push(chunk.toString()));
      cleanups.push(() => stopChild(child, 10_000));
      await waitHealthy(`http://127.0.0.1:${proxyPort}`, child, log, 15_000);
    }

    return {
      baseUrl,
      instancePorts,
      databaseUrl,
      requestsPerInstance() {
        const counts: Record<string, number> = Object.fromEntries(instancePorts.map((p) => [`127.0.0.1:${p}`, 0]));
        if (!accessLog || !existsSync(accessLog)) return counts;
        for (const line of readFileSync(accessLog, "utf8").split("\n")) {
          const upstream = line.split(" ")[0];
          if (upstream && upstream in counts) counts[upstream]!++;
        }
        return counts;
      },
      storedFiles() {
        const count = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0);
        return {
          s3: count(s3.directory),
          localDisk: instancePorts.reduce((n, _, i) => n + count(join(work, `instance-${i + 1}`, "uploads")), 0),
        };
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
