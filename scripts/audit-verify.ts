// npm run audit:verify — walks the audit log's hash chain (DATABASE_URL, or the PGlite data dir).
import { openDatabase } from "../server/db/client.ts";
import { migrate } from "../server/db/migrate.ts";
import { loadEnv } from "../server/env.ts";
import { createLogger } from "../server/logger.ts";
import { createServices } from "../server/services.ts";

const env = loadEnv();
const database = await openDatabase(env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.dataDir });
try {
  await migrate(database);
  const result = await createServices({ database, env, logger: createLogger("warn") }).audit.verify();
  if (result.ok) process.stdout.write(`Audit log intact: ${result.rows} rows, every hash and link matches.\n`);
  else {
    process.stderr.write(`Audit log BROKEN at row ${result.brokenAt}: ${result.problem} (${result.rows} rows before it are intact).\n`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
