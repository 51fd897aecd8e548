// npm run recordings:check — re-reads every closed video KYC recording's chunks from storage and compares
// their SHA-256 with the audit chain's entry (issue 33). Exits 1 when any does not match or a chunk is missing.
import { openDatabase } from "../server/db/client.ts";
import { migrate } from "../server/db/migrate.ts";
import { loadEnv } from "../server/env.ts";
import { createLogger } from "../server/logger.ts";
import { createServices } from "../server/services.ts";

const env = loadEnv();
const database = await openDatabase(env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.dataDir });
try {
  await migrate(database);
  const report = await createServices({ database, env, logger: createLogger("warn") }).videoKyc.recordingCheck.run();
  for (const p of report.problems) process.stderr.write(`${p.result}: recording ${p.recordingId} of video KYC ${p.sessionId}: ${p.detail}\n`);
  const summary = `Video KYC recordings re-checked: ${report.checked}, matching the audit chain: ${report.matches}, not matching: ${report.problems.length}.\n`;
  if (report.problems.length) {
    process.stderr.write(summary);
    process.exitCode = 1;
  } else process.stdout.write(summary);
} finally {
  await database.close();
}
