// npm run bench:scale — journey-event throughput of one instance against two, on PostgreSQL (a database made
// for the run), S3 and Redis, each behind the same nginx round robin. The load generator is wrk, a separate
// process, driven by a Lua script that posts the event body with one of the customers' session tokens.
// Needs a web build (SKIP_BUILD=1 skips `npm run build`), PostgreSQL on 127.0.0.1:5432, Redis on 6379, nginx and wrk.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { root, startCluster } from "../scripts/scale-support.ts";

const JOURNEY = "/Api/Website/RepeatInstantJourneyController/appCustomerRegisteration";
const CUSTOMERS = 40;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 40);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** The measured event: a signed-in customer saves the personal-details step again (a transaction with a row lock and an update). */
const EVENT = {
  event_name: "personal_details",
  gender: 1,
  personal_email: "asha@example.com",
  dob: "1990-05-20",
  marital_status_id: 1,
  spouse_name: "",
  spouse_number: "",
};

type Envelope = { Status: number; Message: string; Data?: Record<string, unknown> };

async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Envelope> {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope;
}

/** As the app does it (no Origin header, so the token comes back in the body). A signed-in customer whose next step is past personal_details: login, code from the sandbox outbox, PAN. */
async function customer(base: string, run: number, i: number): Promise<string> {
  const mobile = `9${String(run).padStart(4, "0")}${String(i).padStart(5, "0")}`;
  const ip = { "x-forwarded-for": `10.${run % 250}.${Math.floor(i / 250)}.${(i % 250) + 1}` };
  const login = await post(base, JOURNEY, { event_name: "login", mobile }, ip);
  if (login.Status !== 1) throw new Error(`login: ${login.Message}`);
  const outbox = (await (await fetch(`${base}/dev/outbox.json`)).json()) as { to: string; text: string }[];
  const code = outbox.find((m) => m.to === mobile)!.text.match(/\b(\d{4})\b/)![1];
  const verify = await post(base, JOURNEY, { event_name: "otp_verify", profile_id: login.Data!.cust_profile_id, otp: code }, ip);
  const token = verify.Data!.app_login_token as string;
  const auth = { "auth-token": token, ...ip };
  const pan = `ABCP${String.fromCharCode(65 + (i % 26))}${1000 + ((run * 37 + i) % 9000)}L`;
  const verified = await post(base, JOURNEY, { event_name: "pancard_verification", pancard: pan, monthly_income: "50000" }, auth);
  if (verified.Status !== 1) throw new Error(`pancard_verification: ${verified.Message}`);
  const first = await post(base, JOURNEY, EVENT, auth);
  if (first.Status !== 1) throw new Error(`personal_details: ${first.Message}`);
  return token;
}

// As the mobile app calls it: no Origin, the session in the auth-token header.
function luaScript(tokens: string[]): string {
  return `-- Each request: the personal_details body with the next customer's session token.
local tokens = { ${tokens.map((t) => `"${t}"`).join(", ")} }
local body = '${JSON.stringify(EVENT)}'
-- Each wrk thread starts elsewhere in the list, so two connections rarely wait on one customer's row lock.
local threads = 0
function setup(thread)
  thread:set("n", threads * 17)
  threads = threads + 1
end
n = 0
request = function()
  n = n + 1
  local headers = { ["content-type"] = "application/json", ["auth-token"] = tokens[(n % #tokens) + 1] }
  return wrk.format("POST", "${JOURNEY}", headers, body)
end
`;
}

/** wrk's own summary: requests/s, the 99th percentile latency, socket errors and non-2xx answers. */
function runWrk(base: string, script: string) {
  const out = execFileSync("wrk", ["-t2", `-c${CONNECTIONS}`, `-d${DURATION_S}s`, "--timeout", "10s", "--latency", "-s", script, `${base}${JOURNEY}`], {
    encoding: "utf8",
  });
  const toMs = (v: string, unit: string) => Number(v) * (unit === "s" ? 1000 : unit === "us" ? 0.001 : 1);
  const p99 = out.match(/^\s*99%\s+([\d.]+)(us|ms|s)\s*$/m);
  const errors = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    rps: Math.round(Number(out.match(/Requests\/sec:\s+([\d.]+)/)![1])),
    p99: p99 ? Math.round(toMs(p99[1]!, p99[2]!)) : NaN,
    requests: Number(out.match(/(\d+) requests in/)![1]),
    errors: errors ? errors.slice(1).reduce((n, x) => n + Number(x), 0) : 0,
    non2xx: Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
  };
}

async function measure(instances: number, run: number) {
  const cluster = await startCluster({ instances, proxy: true, label: `scale${instances}` });
  const work = mkdtempSync(join(tmpdir(), "sot-bench-scale-"));
  try {
    const tokens: string[] = [];
    for (let i = 0; i < CUSTOMERS; i++) tokens.push(await customer(cluster.baseUrl, run, i));
    const script = join(work, "journey.lua");
    writeFileSync(script, luaScript(tokens));
    // A short warm-up (JIT, connection pools), then the measured run.
    execFileSync("wrk", ["-t1", "-c8", "-d2s", "-s", script, `${cluster.baseUrl}${JOURNEY}`], { stdio: "ignore" });
    const result = runWrk(cluster.baseUrl, script);
    const check = await post(cluster.baseUrl, JOURNEY, EVENT, { "auth-token": tokens[0]! });
    if (check.Status !== 1) throw new Error(`The event is refused after the run: ${check.Message}`);
    return { instances, ...result, load: loadavg()[0]!.toFixed(1), perInstance: cluster.requestsPerInstance() };
  } finally {
    rmSync(work, { recursive: true, force: true });
    await cluster.stop();
  }
}

async function main() {
  if (spawnSync("wrk", ["--version"]).error) throw new Error("This needs wrk: apt-get install -y wrk");
  if (process.env.SKIP_BUILD !== "1") execFileSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  const run = Math.floor(Math.random() * 9000) + 1000;
  const results = [];
  for (const instances of [1, 2]) results.push(await measure(instances, run + instances));
  console.log(
    `\nPOST ${EVENT.event_name} (journey event, ${CUSTOMERS} signed-in customers), wrk ${CONNECTIONS} connections for ${DURATION_S} s, through nginx, PostgreSQL + Redis + S3:`,
  );
  console.log(`(${availableParallelism()} CPU cores; the 1-minute load average after each run is shown: other work on the machine lowers every figure)`);
  console.log("| instances | requests/s | p99 latency | errors | non-2xx | load average |");
  console.log("|---|---|---|---|---|---|");
  for (const r of results) console.log(`| ${r.instances} | ${r.rps} | ${r.p99} ms | ${r.errors} | ${r.non2xx} | ${r.load} |`);
  console.log(`two instances against one: ${(results[1]!.rps / results[0]!.rps).toFixed(2)}× the requests/s`);
  for (const r of results) console.log(`requests per instance (${r.instances}):`, r.perInstance);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
