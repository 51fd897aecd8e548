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
}

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir?: string /* undefined = in memory */ };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === "postgres" ? openPostgres(options.url, options.poolSize) : openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection must not crash the process.
  pool.on("error", () => {});
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    async execScript(sqlText) {
      const conn = await pool.connect();
      try {
        await conn.query(sqlText);
      } catch (error) {
        // A failed script may leave its transaction open on this connection.
        await conn.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        conn.release();
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

async function openPglite(dataDir?: string): Promise<Database> {
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
    client = await PGlite.create(path);
  } catch (error) {
    releaseLock();
    throw error;
  }
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
