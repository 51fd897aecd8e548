// drizzle's node-postgres transaction checks a client out of the pool and sends BEGIN before its
// try/finally. When the connection dies in between (the database restarting), BEGIN fails and the
// client is never released: the pool holds one connection fewer for good, and its end() waits for it
// forever, so the server never stops. This is the same transaction with the client released on every
// path, and dropped by the pool when BEGIN, COMMIT or ROLLBACK failed (its session's state is unknown).
import { sql } from "drizzle-orm";
import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import type { PgTransactionConfig } from "drizzle-orm/pg-core";
import type pg from "pg";

type Session = NodePgSession<Record<string, unknown>, never>;
type Transaction = NodePgTransaction<Record<string, unknown>, never>;
/** What drizzle's session keeps and passes on to a transaction's session. */
type SessionParts = { dialect: ConstructorParameters<typeof NodePgSession>[1]; schema: never; options: ConstructorParameters<typeof NodePgSession>[3] };

/** Replaces the transaction of the session behind `db` (a drizzle database on `pool`). */
export function releaseClientOnEveryPath(db: unknown, pool: pg.Pool) {
  const session = (db as { session: Session }).session;
  // A drizzle upgrade that moved its session would otherwise leave transactions without a dialect.
  if (!(session instanceof NodePgSession)) throw new Error("drizzle's node-postgres session is not where pg-transaction.ts expects it.");
  const { dialect, schema, options } = session as unknown as SessionParts;
  session.transaction = async <T>(body: (tx: Transaction) => Promise<T>, config?: PgTransactionConfig): Promise<T> => {
    const client = await pool.connect();
    let broken: Error | undefined;
    const statement = (run: () => Promise<unknown>) =>
      run().catch((error: Error) => {
        broken = error;
        throw error;
      });
    try {
      const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, schema, options), schema) as Transaction;
      await statement(() => tx.execute(sql`begin`));
      if (config) await statement(() => tx.setTransaction(config));
      let result: T;
      try {
        result = await body(tx);
      } catch (error) {
        // The body's error is the one the caller hears; a failed ROLLBACK only marks the client broken.
        await statement(() => tx.execute(sql`rollback`)).catch(() => {});
        throw error;
      }
      await statement(() => tx.execute(sql`commit`));
      return result;
    } finally {
      client.release(broken);
    }
  };
}
