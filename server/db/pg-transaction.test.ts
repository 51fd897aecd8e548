// A transaction's client goes back to the pool on every path (pg-transaction.ts). PostgreSQL only: PGlite has
// no pool and no connection to lose. The connection is cut at checkout, before BEGIN, as a database restart
// or a network cut does; before the fix that client was never released and the pool's end() never returned.
import type pg from "pg";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../env.ts";
import { isDatabaseUnavailable, openDatabase, type Database } from "./client.ts";

const url = testDatabaseUrl();
let database: Database | undefined;

async function open() {
  database = await openDatabase({ kind: "postgres", url: url!, poolSize: 2 });
  return { database, pool: (database.db as unknown as { $client: pg.Pool }).$client };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms).unref())]);

/** Closes the test's database; a pool still holding a client would never end. */
function close() {
  const closing = database?.close();
  database = undefined;
  return within(closing ?? Promise.resolve(), 5_000);
}

afterEach(close);

describe.skipIf(!url)("transactions on PostgreSQL's pool", () => {
  it("releases and drops a client whose connection is cut before BEGIN; the pool ends and the next transaction runs", async () => {
    const { database, pool } = await open();
    await database.db.execute(sql`select 1`);
    expect(pool.totalCount).toBe(1);
    pool.once("acquire", (client: pg.PoolClient) => (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy());

    const failed = await database.db.transaction(async (tx) => tx.execute(sql`select 1`)).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failed)).toBe(true);
    expect(pool.totalCount).toBe(0);

    const after = (await database.db.transaction(async (tx) => tx.execute(sql`select 2 as two`))) as pg.QueryResult;
    expect(after.rows).toEqual([{ two: 2 }]);
    expect({ total: pool.totalCount, idle: pool.idleCount }).toEqual({ total: 1, idle: 1 });
    await close();
  });

  it("keeps a healthy client after a rolled-back transaction, and the caller hears the body's own error", async () => {
    const { database, pool } = await open();
    const refusal = new Error("the body refused");
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect({ total: pool.totalCount, idle: pool.idleCount }).toEqual({ total: 1, idle: 1 });
    await close();
  });
});
