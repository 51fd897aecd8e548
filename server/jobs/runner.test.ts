// The job engine (pg-boss) with two runner instances on one database, as two servers would run it:
// each job runs once, reminders go once per loan and kind, and a failing job retries with backoff and
// is logged without personal data. On PGlite the two runners share the embedded database; with
// TEST_DATABASE_URL each has its own connection pool to PostgreSQL.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { daysBetween, todayInIndia } from "../../core/calendar.ts";
import { loanReminders } from "../db/schema/index.ts";
import { testDatabaseUrl } from "../env.ts";
import { createLogger } from "../logger.ts";
import { createDemoCustomer } from "../modules/dev/demo-customers.ts";
import { createServices } from "../services.ts";
import { createClock, createTestApp, randomMobile } from "../test-support/test-app.ts";
import { createJobRunner, JOB_NAMES, type JobHandlers, type JobRunner } from "./runner.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
const DAY = 86_400_000;

describe("job runner: two instances on one database", () => {
  let t: T;
  const runners: JobRunner[] = [];
  const lines: string[] = [];
  const clock = createClock(Date.UTC(2026, 10, 22, 6, 0, 0)); // 11:30 India time
  const schema = `pgboss_${randomBytes(4).toString("hex")}`;
  let failNext = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => {
    for (const r of runners) await r.stop(2_000);
    const url = testDatabaseUrl();
    if (url) {
      // pg-boss's schema of this test, on the shared PostgreSQL test database.
      const { default: pg } = await import("pg");
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
    await t.close();
  });

  function runner(services: { servicing: T["services"]["servicing"]; refunds: T["services"]["refunds"] }) {
    const handlers: JobHandlers = {
      [JOB_NAMES.accrual]: () => services.servicing.runAccrual(),
      [JOB_NAMES.refunds]: () => services.refunds.refreshOpen(),
      [JOB_NAMES.reminders]: async () => {
        if (failNext > 0) {
          failNext--;
          throw new Error("provider down for 9876543210");
        }
        return services.servicing.runReminders();
      },
      // Not exercised here (reconciliation tests call their services directly).
      [JOB_NAMES.reconciliation]: async () => null,
      [JOB_NAMES.settlements]: async () => null,
      [JOB_NAMES.payoutCheck]: async () => ({ checked: 0, settled: 0 }),
      [JOB_NAMES.assetClassification]: async () => null,
      [JOB_NAMES.bureauFile]: async () => null,
      [JOB_NAMES.bureauOverdueNotices]: async () => null,
      [JOB_NAMES.grievanceDeadlines]: async () => ({ escalated: 0, ombudsmanNotices: 0 }),
      [JOB_NAMES.autopayDebits]: async () => ({ escalated: 0, ombudsmanNotices: 0 }),
      [JOB_NAMES.dataRetention]: async () => ({ purged: 0, skipped: 0 }),
      [JOB_NAMES.ondcCallbacks]: async () => null,
      [JOB_NAMES.whatsappFallback]: async () => ({ sent: 0, expired: 0, waiting: 0 }),
      [JOB_NAMES.ckycUploads]: async () => null,
      [JOB_NAMES.videoKycDroppedCalls]: async () => ({ dropped: 0 }),
    };
    const r = createJobRunner({
      database: t.database,
      connectionString: testDatabaseUrl(),
      handlers,
      logger: createLogger("info", (l) => lines.push(l)),
      schema,
      pollingIntervalSeconds: 0.5,
      schedule: false,
      retry: { retryDelay: 1, retryDelayMax: 2 },
    });
    runners.push(r);
    return r;
  }

  it("runs a job once across both instances, sends each reminder once, and retries a failure without logging personal data", async () => {
    // A second set of services on the same database stands for the second server.
    const second = createServices({ database: t.database, env: t.services.env, logger: createLogger("silent"), now: clock.now });
    const a = runner(t.services);
    const b = runner(second);
    await a.start();
    await b.start();

    const mobile = randomMobile();
    const demo = await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT" });
    const lead = (await t.services.loans.byId(demo.activeLoanId!))!;
    // Move to the repayment date: the due-today reminder is the one of the day.
    clock.advance(daysBetween(todayInIndia(clock.now()), lead.repaymentDate!) * DAY);
    const sms = async () => (await t.services.outbox!.outbox(1000)).filter((m) => m.to === mobile && m.text.includes("is due today"));

    // Both instances ask for the job at once: the stately queue keeps one.
    const ids = (await Promise.all([a.runNow(JOB_NAMES.reminders), b.runNow(JOB_NAMES.reminders)])).filter(Boolean) as string[];
    expect(ids).toHaveLength(1);
    await vi.waitFor(async () => expect((await a.job(JOB_NAMES.reminders, ids[0]))?.state).toBe("completed"), { timeout: 20_000, interval: 200 });
    expect(await sms()).toHaveLength(1);

    // Both instances' handlers running at the same time still send once.
    await Promise.all([t.services.servicing.runReminders(), second.servicing.runReminders()]);
    const again = await b.runNow(JOB_NAMES.reminders);
    await vi.waitFor(async () => expect((await b.job(JOB_NAMES.reminders, again!))?.state).toBe("completed"), { timeout: 20_000, interval: 200 });
    expect(await sms()).toHaveLength(1);
    const rows = await t.services.db.select().from(loanReminders).where(eq(loanReminders.leadId, lead.id));
    expect(rows.map((r) => r.kind)).toEqual(["due_today"]);

    // A failing job is retried (here after 1 to 2 s) and then completes; the log names the job and the error class only.
    failNext = 1;
    const flaky = await a.runNow(JOB_NAMES.reminders);
    await vi.waitFor(
      async () => {
        const job = await a.job(JOB_NAMES.reminders, flaky!);
        expect(job?.state).toBe("completed");
        expect(job?.retryCount).toBe(1);
      },
      { timeout: 30_000, interval: 250 },
    );
    const failure = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === "job failed; it will be retried with backoff");
    expect(failure).toMatchObject({ job: JOB_NAMES.reminders, attempt: 1, error: "Error" });
    expect(lines.join("\n")).not.toContain("9876543210");
    expect(lines.join("\n")).not.toContain(mobile);

    // The accrual job through the engine: posts today's accrual once.
    const accrual = await b.runNow(JOB_NAMES.accrual);
    await vi.waitFor(async () => expect((await b.job(JOB_NAMES.accrual, accrual!))?.state).toBe("completed"), { timeout: 20_000, interval: 200 });
    const keys = (await t.services.ledger.entries(lead.id)).map((e) => e.idempotencyKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain(`interest:${lead.id}:${lead.repaymentDate}`);
  });
});
