// The built server as a process: graceful stop and the embedded-database lock.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_BUNDLE, serveNodeArgs } from "../../scripts/serve-command.ts";
import { expect, test } from "./fixtures.ts";

const JOURNEY = "/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration";

// Each test creates and migrates a new embedded database (about 11 s of CPU on a 2-core machine) and starts a server
// on it more than once. At the end of a full browser run on a slow 2-core machine, with the browsers taking the CPU,
// both tests once waited past the usual 180 s for their first server; how fast a server starts under that load is
// not what they check (bench/ measures start-up).
test.describe.configure({ timeout: 480_000 });

/** The servers this test started, whose output a failure shows (a server that never listens says why there). */
const started: { port: number; output: () => string }[] = [];
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    for (const { port, output } of started) {
      console.error(`server on port ${port}:\n${output() || "(no output)"}`);
      await testInfo.attach(`server-${port}.log`, { body: output() || "(no output)", contentType: "text/plain" });
    }
  }
  started.length = 0;
});

function start(dataDir: string, port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [...serveNodeArgs(), SERVER_BUNDLE], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: `http://localhost:${port}`,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", () => output.includes('"msg":"listening"') && resolve());
    exited.then(() => reject(new Error(`server exited: ${output}`)));
  });
  // A server that is meant to fail never listens; that is not an unhandled error.
  listening.catch(() => {});
  started.push({ port, output: () => output });
  return { child, exited, listening, output: () => output };
}

const stopAll: ChildProcess[] = [];
test.afterAll(() => stopAll.forEach((c) => c.kill("SIGKILL")));

test("SIGTERM lets a request in flight finish, then closes the database and exits 0", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "sot-proc-"));
  const port = 3900 + Math.floor(Math.random() * 50);
  // The request must finish on its own: on a loaded CI machine a sign-in can take longer than the 10 s after
  // which a stopping server forces its connections closed.
  const server = start(dataDir, port, { SHUTDOWN_TIMEOUT_MS: "60000" });
  stopAll.push(server.child);
  await server.listening;
  expect(existsSync(join(dataDir, "db.lock"))).toBe(true);

  // A request whose body is still arriving when the signal comes. The signal waits for the server's 100 Continue:
  // until the server has read the request's head, the connection is idle to it and stopping closes it at once.
  const reply = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: JOURNEY,
        method: "POST",
        headers: { "content-type": "application/json", "transfer-encoding": "chunked", expect: "100-continue" },
      },
      (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on("error", reject);
    req.flushHeaders();
    req.on("continue", () => {
      req.write('{"event_name":"login",');
      server.child.kill("SIGTERM");
      // Finish the body only once the server has begun stopping.
      const wait = setInterval(() => {
        if (server.output().includes('"msg":"stopping"')) {
          clearInterval(wait);
          req.end('"mobile":"9123456789"}');
        }
      }, 10);
    });
  });
  const answered = await reply;
  expect(answered.status).toBe(200);
  expect(JSON.parse(answered.body)).toMatchObject({ Status: 1 });
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain('"msg":"stopped"');
  expect(existsSync(join(dataDir, "db.lock"))).toBe(false);

  // The data survived: the same number is known after a restart.
  const again = start(dataDir, port);
  stopAll.push(again.child);
  await again.listening;
  again.child.kill("SIGTERM");
  expect(await again.exited).toBe(0);
});

test("a second server on the same data dir stops at once with a clear message", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "sot-proc-"));
  const first = start(dataDir, 3960 + Math.floor(Math.random() * 20));
  stopAll.push(first.child);
  await first.listening;
  const second = start(dataDir, 3990);
  stopAll.push(second.child);
  expect(await second.exited).toBe(1);
  expect(second.output()).toMatch(/The embedded database in .* is in use by another process \(pid \d+\)/);
  // The first server still answers.
  const health = await fetch(`http://127.0.0.1:${first.output().match(/"port":(\d+)/)![1]}/healthz`);
  expect(await health.json()).toEqual({ status: "ok", database: "ok" });
  first.child.kill("SIGTERM");
  expect(await first.exited).toBe(0);
});
