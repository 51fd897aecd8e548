// npm run ledger:check [-- --date YYYY-MM-DD] — proves the books for a date (default: today on the
// server's clock, the sandbox clock's too): every loan's receivables and income equal dues(), no
// receivable is negative, every clearing account holds only its open items and none past its window
// (issue 29), every entry balances (so the trial balance is zero on every date), and the provision matched the class at each day-end. Uses DATABASE_URL, or the PGlite data dir (server stopped). Exits 1 on a problem.
import { isIsoDate, todayInIndia, type IsoDate } from "../core/calendar.ts";
import { openDatabase } from "../server/db/client.ts";
import { migrate } from "../server/db/migrate.ts";
import { loadEnv } from "../server/env.ts";
import { createAdjustableClock } from "../server/jobs/clock.ts";
import { createLogger } from "../server/logger.ts";
import { createServices } from "../server/services.ts";

const dateArg = process.argv.indexOf("--date");
const wanted = dateArg > 0 ? process.argv[dateArg + 1] : undefined;
if (wanted !== undefined && !isIsoDate(wanted)) {
  process.stderr.write("--date takes a calendar date, YYYY-MM-DD.\n");
  process.exit(2);
}
const env = loadEnv();
const database = await openDatabase(env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.dataDir });
try {
  await migrate(database);
  const clock = env.isProduction ? undefined : createAdjustableClock();
  const services = createServices({ database, env, logger: createLogger("warn"), clock });
  await services.clock?.load();
  const asOf = (wanted as IsoDate | undefined) ?? todayInIndia(services.now());
  const report = await services.booksCheck.run(asOf);
  await services.close();
  if (report.ok) {
    process.stdout.write(
      `Books agree as of ${asOf}: ${report.loans} loans, ${report.entries} entries; every loan's balances equal dues(); no negative receivable; every clearing account holds only items inside its window; the payable to buyer apps equals what each is owed, each finder fee the one agreed for its paid-out loan; every entry balanced, so the trial balance is zero on every date (debits = credits = ${report.debits} paise); provisions match the class at each day-end.\n`,
    );
  } else {
    for (const p of report.problems) process.stderr.write(`${p.loanNo ?? p.loanId ?? "ledger"}: ${p.problem}\n`);
    process.stderr.write(`Books do NOT agree as of ${asOf}: ${report.problems.length} problem(s).\n`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
