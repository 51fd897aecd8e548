// npm run demo:customers — creates the two demo customers of the README (sandbox mode only).
// With PGlite, stop the server first: one process at a time may open the data directory.
import { openDatabase } from "../server/db/client.ts";
import { migrate } from "../server/db/migrate.ts";
import { loadEnv } from "../server/env.ts";
import { createLogger } from "../server/logger.ts";
import { seedDemoCustomers } from "../server/modules/dev/demo-customers.ts";
import { createServices } from "../server/services.ts";

const env = loadEnv();
const database = await openDatabase(env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.dataDir });
try {
  await migrate(database);
  const services = createServices({ database, env, logger: createLogger("warn") });
  for (const c of await seedDemoCustomers(services)) {
    process.stdout.write(
      `${c.userType.padEnd(13)} mobile ${c.mobile}  ${c.fullName}${c.activeLoanId ? "  (active loan)" : "  (closed loan)"}${c.bankAccountSeeded ? "  bank account verified" : ""}\n`,
    );
  }
  process.stdout.write("Sign in at /apply-now with either number; the code is on /dev/outbox.\n");
} finally {
  await database.close();
}
