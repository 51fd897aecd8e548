// deploy/nginx.conf run on this machine: its paths moved into a folder of our own and its ports to the
// given ones, nothing else changed, for the browser-process test and the public bench (issue 35). Each
// line it moves must be in the file as written, so a change to the deployed file's shape fails here.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./scale-support.ts";

export const DEPLOYED_CONFIG = join(root, "deploy", "nginx.conf");

/** The deployed file with its listen port, upstream, pid, logs and cache folder moved; workers as given. */
export function frontConfig(options: { listenPort: number; upstreamPort: number; dir: string; workers?: number }): string {
  const { dir } = options;
  let config = readFileSync(DEPLOYED_CONFIG, "utf8");
  const move = (from: string, to: string) => {
    if (!config.includes(from)) throw new Error(`deploy/nginx.conf no longer has "${from}"`);
    config = config.replace(from, to);
  };
  move("worker_processes auto;", `worker_processes ${options.workers ?? 1};`);
  move("pid /run/nginx-salaryontime.pid;", `pid ${dir}/nginx.pid;`);
  move("error_log /var/log/nginx/salaryontime-error.log warn;", `error_log ${dir}/error.log warn;`);
  move("access_log /var/log/nginx/salaryontime-access.log salaryontime buffer=64k flush=1s;", `access_log ${dir}/access.log salaryontime buffer=64k flush=1s;`);
  move("/var/cache/nginx/salaryontime ", `${dir}/cache `);
  move("server 127.0.0.1:3000;", `server 127.0.0.1:${options.upstreamPort};`);
  move("listen 80;", `listen 127.0.0.1:${options.listenPort};`);
  // Temp folders of our own; as root, nginx's workers would switch to `nobody`, who cannot write them.
  const user = process.getuid?.() === 0 ? "user root root;\n" : "";
  const temps = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${dir}/${t};`).join("\n");
  return user + config.replace("http {\n", `http {\n${temps}\n`);
}

/** Starts nginx on the moved config; resolves once it answers on its port. */
export async function startFront(nginx: string, options: { listenPort: number; upstreamPort: number; dir: string; workers?: number }): Promise<ChildProcess> {
  mkdirSync(options.dir, { recursive: true });
  const conf = join(options.dir, "nginx.conf");
  writeFileSync(conf, frontConfig(options));
  const child = spawn(nginx, ["-c", conf, "-p", options.dir, "-e", join(options.dir, "error.log"), "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr!.on("data", (d) => (errors += d));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    try {
      await fetch(`http://127.0.0.1:${options.listenPort}/healthz`);
      return child;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer: ${errors}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
