import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * Applies committed SQL files in name order, each once, each in its own transaction.
 * On PostgreSQL an advisory lock and a re-check inside the transaction keep two
 * starting processes from applying the same file twice.
 */
export async function migrate(database: Database, options: { before?: string } = {}): Promise<string[]> {
  await database.execScript("CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());");
  const done = await database.db.execute<{ name: string }>(sql`SELECT name FROM schema_migrations`);
  const appliedBefore = new Set((done as unknown as { rows: { name: string }[] }).rows.map((r) => r.name));
  const files = readdirSync(migrationsDir)
    .filter((f) => /^[\w.-]+\.sql$/.test(f))
    // `before`: only the files named before it (a test builds an older database to migrate forward).
    .filter((f) => options.before === undefined || f < options.before)
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    if (appliedBefore.has(file)) continue;
    const body = readFileSync(join(migrationsDir, file), "utf8");
    const lock = database.kind === "postgres" ? "SELECT pg_advisory_xact_lock(727274);" : "";
    try {
      await database.execScript(`BEGIN;
${lock}
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM schema_migrations WHERE name = '${file}') THEN RAISE EXCEPTION 'already-applied'; END IF;
END $$;
${body}
;INSERT INTO schema_migrations (name) VALUES ('${file}');
COMMIT;`);
      applied.push(file);
    } catch (error) {
      const message = (error as Error).message;
      if (!message.includes("already-applied")) throw new Error(`Migration ${file} failed: ${message}`);
    }
  }
  return applied;
}
