// Each test file gets its own database: an in-memory PGlite copied from the run's migrated template, or
// its own schema on the PostgreSQL named by TEST_DATABASE_URL. Tests never share rows.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { createApp, JOURNEY_PATH } from "../app.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { loadEnv, testDatabaseUrl } from "../env.ts";
import { createLogger, type Logger } from "../logger.ts";
import type { AdjustableClock } from "../jobs/clock.ts";
import { createServices, type ServiceOptions } from "../services.ts";
import { checkAnswer } from "./contract.ts";

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

export function createClock(start = Date.UTC(2026, 10, 22, 6, 0, 0)): TestClock {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => void (t += ms) };
}

async function openTestDatabase(): Promise<Database> {
  const url = testDatabaseUrl();
  if (!url) {
    // A copy of the run's migrated template (database-template.ts), else a fresh database.
    const templatePath = inject("pgliteTemplate");
    const template = templatePath ? new Blob([await readFile(templatePath)]) : undefined;
    return openDatabase({ kind: "pglite", template });
  }
  const { default: pg } = await import("pg");
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const scoped = new URL(url);
  scoped.searchParams.set("options", `-c search_path=${schema}`);
  const database = await openDatabase({ kind: "postgres", url: scoped.toString(), poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

export async function createTestApp(
  options: {
    clock?: TestClock;
    env?: Record<string, string>;
    providers?: ServiceOptions["providers"];
    logger?: Logger;
    product?: ServiceOptions["product"];
    /** The sandbox's movable clock (as main.ts builds it), instead of a test clock: /dev/clock moves it. */
    sandboxClock?: AdjustableClock;
  } = {},
) {
  const database = await openTestDatabase();
  await migrate(database);
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    TRUST_PROXY: "1",
    DATA_DIR: "./data/test-unused",
    ENCRYPTION_KEY: "11".repeat(32),
    HASH_KEY: "22".repeat(32),
    ...options.env,
  });
  const clock = options.clock ?? createClock();
  const services = createServices({
    database,
    env,
    logger: options.logger ?? createLogger("silent"),
    now: options.sandboxClock ? undefined : clock.now,
    clock: options.sandboxClock,
    providers: options.providers,
    product: options.product,
  });
  const app = createApp({ services });

  let ipCounter = 0;
  /** A distinct client address per call site, so per-IP limits only bite where a test wants them to. */
  const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  async function post(body: unknown, init: { headers?: Record<string, string>; raw?: string; path?: string } = {}) {
    const response = await app.request(init.path ?? JOURNEY_PATH, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.9.9.9", ...init.headers },
      body: init.raw ?? JSON.stringify(body),
    });
    const json = (await response.json()) as { Status: number; Message: string; Data?: any; errors?: Record<string, string> };
    // Every successful answer must match the contract's reply schema.
    checkAnswer("POST", init.path ?? JOURNEY_PATH, init.raw === undefined ? body : safeJson(init.raw), json);
    return { status: response.status, headers: response.headers, body: json };
  }

  /** The latest code the sandbox SMS adapter recorded for a number. */
  async function latestCode(mobile: string) {
    const messages = await services.outbox!.outbox(200);
    const text = messages.find((m) => m.to === mobile)?.text;
    return text?.match(/^(\d{4})/)?.[1];
  }

  /** Registers a number and returns its session token and profile id. */
  async function signIn(mobile = randomMobile()) {
    const ip = freshIp();
    const login = await post({ event_name: "login", mobile }, { headers: { "x-forwarded-for": ip } });
    const profileId = login.body.Data.cust_profile_id as string;
    const otp = await latestCode(mobile);
    const verify = await post({ event_name: "otp_verify", profile_id: profileId, otp }, { headers: { "x-forwarded-for": ip } });
    return { profileId, token: verify.body.Data.app_login_token as string, mobile, verify };
  }

  const close = async () => {
    await services.close();
    await database.close();
  };
  return { app, services, database, clock, post, latestCode, signIn, freshIp, close };
}

export function randomMobile() {
  return `9${String(randomBytes(4).readUInt32BE() % 1_000_000_000).padStart(9, "0")}`;
}
