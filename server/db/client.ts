import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from "node:fs";
import { join } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema/index.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs a multi-statement SQL script (migrations only); a failed script is rolled back. */
  execScript(sqlText: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Embedded only: the whole data dir as a tarball, the template test databases start from. */
  dump?(): Promise<Blob>;
}

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir?: string /* undefined = in memory */; template?: Blob /* a dump() to start from */ };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === "postgres" ? openPostgres(options.url, options.poolSize) : openPglite(options.dataDir, options.template);
}

/**
 * How long a request may wait for the database before it is answered 503 (decision 12: never a hang).
 * Connecting gives up after 3 s; a statement is cancelled by the server after 10 s, and by us after
 * 15 s when the server itself is gone without closing the socket.
 */
export const POSTGRES_TIMEOUTS = { connectMs: 3_000, statementMs: 10_000, queryMs: 15_000 } as const;

/** Connections per instance to PostgreSQL (the bench's floor uses the same number). */
export const POSTGRES_POOL_SIZE = 10;

async function openPostgres(url: string, poolSize = POSTGRES_POOL_SIZE): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { releaseClientOnEveryPath } = await import("./pg-transaction.ts");
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
    statement_timeout: POSTGRES_TIMEOUTS.statementMs,
    query_timeout: POSTGRES_TIMEOUTS.queryMs,
    keepAlive: true,
  });
  // A client losing its connection (the database restarting, a network cut) emits 'error'; with no
  // listener Node ends the process. The pool listens on idle clients only, so every client gets one
  // for the time a request holds it: the request's own query fails, the pool drops the client.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  releaseClientOnEveryPath(db, pool);
  return {
    db,
    kind: "postgres",
    async execScript(sqlText) {
      // Migrations may take longer than a request's statement timeout: a connection of their own.
      const conn = new pg.Client({ connectionString: url });
      conn.on("error", () => {});
      await conn.connect();
      try {
        await conn.query(sqlText);
      } catch (error) {
        // A failed script may leave its transaction open on this connection.
        await conn.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        await conn.end().catch(() => {});
      }
    },
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      await pool.end();
    },
  };
}

/** What a request hears while the database is away (HTTP 503, Status 2, Retry-After). */
export const DATABASE_UNAVAILABLE_MESSAGE = "We are having a brief technical problem. Please try again in a few seconds.";

/** SQLSTATE classes and codes that mean "the database is not there right now", not "this request is wrong". */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-4]|53300|57014)/;
const UNAVAILABLE_ERRNO = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ECONNABORTED"]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection ended|the database system is (starting up|shutting down|in recovery mode)/i;

/** Whether an error (or its cause, as drizzle wraps the driver's) says the database is unreachable or restarting. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
  if (UNAVAILABLE_MESSAGE.test(error.message)) return true;
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1);
}

/**
 * Postgres settings of the embedded database. initdb writes shared_buffers = 128MB, and in PGlite
 * that grows the WebAssembly memory to ~190 MB at start (measured: ~120 MB more RSS than 16MB). Our
 * working set is far smaller, and a page not in the buffers is read from the OS page cache.
 */
const PGLITE_SETTINGS = ["-c", "shared_buffers=16MB"];

async function openPglite(dataDir?: string, template?: Blob): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let releaseLock = () => {};
  let path: string | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = takeDataDirLock(dataDir);
    path = join(dataDir, "db");
  }
  let client;
  try {
    client = await PGlite.create(path, { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS], loadDataDir: template });
  } catch (error) {
    releaseLock();
    throw error;
  }
  // Repeated statements are parsed and planned once (pglite-prepared.ts).
  const { prepareRepeatedStatements } = await import("./pglite-prepared.ts");
  prepareRepeatedStatements(client);
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async execScript(sqlText) {
      try {
        await client.exec(sqlText);
      } catch (error) {
        await client.exec("ROLLBACK").catch(() => {});
        throw error;
      }
    },
    async ping() {
      await client.query("select 1");
    },
    async close() {
      await client.close();
      releaseLock();
    },
    dump: () => client.dumpDataDir("none"),
  };
}

export class DataDirLockedError extends Error {}

/**
 * PGlite has no cross-process locking, so two servers on one data dir would corrupt it.
 * A lock file holding our pid keeps the second one out; a lock left by a dead process is taken over.
 */
function takeDataDirLock(dataDir: string): () => void {
  const lockPath = join(dataDir, "db.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(lockPath, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by another process (pid ${holder}). ` +
            `Stop that process first, or set DATA_DIR to another folder. ` +
            `If no such process is running, delete ${lockPath}.`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
