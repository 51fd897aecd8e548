// npm run staff:create -- --email someone@example.com --role admin
// Creates a staff account and prints its one-time enrolment link (password + TOTP are set there).
// With PGlite, stop the server first: one process at a time may open the data directory.
import { parseArgs } from "node:util";
import { STAFF_ROLES } from "../core/staff.ts";
import { openDatabase } from "../server/db/client.ts";
import { migrate } from "../server/db/migrate.ts";
import { loadEnv } from "../server/env.ts";
import { createLogger } from "../server/logger.ts";
import { createServices } from "../server/services.ts";

const { values } = parseArgs({ options: { email: { type: "string" }, role: { type: "string", default: "admin" } } });
if (!values.email) {
  process.stderr.write(`Usage: npm run staff:create -- --email someone@example.com --role <${STAFF_ROLES.join("|")}>\n`);
  process.exit(2);
}
const env = loadEnv();
const database = await openDatabase(env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.dataDir });
try {
  await migrate(database);
  const services = createServices({ database, env, logger: createLogger("warn") });
  const made = await services.staff.create({ email: values.email, role: values.role ?? "admin" }, null);
  process.stdout.write(
    `Created ${made.role} ${made.email}. One-time enrolment link (valid 72 hours):\n${new URL(made.enrolmentPath, env.PUBLIC_ORIGIN).href}\n`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
