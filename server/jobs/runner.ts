// Scheduled jobs (issue 13) on pg-boss, a job engine on PostgreSQL: no scheduler of our own. The same
// runner works on PGlite (through pg-boss's PGlite adapter to its executeSql interface) and on
// PostgreSQL. Across instances: pg-boss's cron sends each occurrence once, the queues are 'stately'
// (at most one job queued and one running per queue), and every effect of a job is idempotent in our
// own tables (ledger keys per loan per day, loan_reminders per loan and kind), so a retry or a second
// instance changes nothing twice. Failures retry with exponential backoff and are logged by job name,
// attempt and error class only (no personal data).
import { fromPglite, PgBoss } from "pg-boss";
import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";

import { JOB_NAMES, JOB_SCHEDULES, type JobHandlers, type JobName } from "./job-names.ts";

export { JOB_NAMES, JOB_SCHEDULES, type JobHandlers, type JobName };

export const JOB_RETRY = { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 900 };

export interface JobRunnerOptions {
  database: Database;
  /** PostgreSQL only: pg-boss opens a small pool of its own on the same database. */
  connectionString?: string;
  handlers: JobHandlers;
  logger: Logger;
  /** pg-boss's own schema (tests give each runner pair their own). */
  schema?: string;
  /** How often an idle worker asks for work; tests go faster. */
  pollingIntervalSeconds?: number;
  /** Register the cron schedules (the server does; a test sending jobs itself may not). */
  schedule?: boolean;
  /** Retry policy; tests shorten the delay. */
  retry?: Partial<typeof JOB_RETRY>;
}

export function createJobRunner(options: JobRunnerOptions) {
  const { database, handlers, logger } = options;
  let boss: PgBoss | null = null;
  const retry = { ...JOB_RETRY, ...options.retry };

  function engine(): PgBoss {
    const common = {
      schema: options.schema ?? "pgboss",
      schedule: options.schedule ?? true,
      // Each instance's maintenance is cheap; keep its polling modest next to the web requests.
      superviseIntervalSeconds: 60,
    };
    if (database.kind === "pglite") {
      const client = (database.db as unknown as { $client: Parameters<typeof fromPglite>[0] }).$client;
      return new PgBoss({ ...common, db: fromPglite(client), backend: "pglite" });
    }
    if (!options.connectionString) throw new Error("The job runner needs the PostgreSQL connection string.");
    return new PgBoss({ ...common, connectionString: options.connectionString, max: 3 });
  }

  async function run(name: JobName, job: { id: string; retryCount?: number }) {
    const started = performance.now();
    try {
      const result = await handlers[name]();
      logger.info("job done", { job: name, ms: Math.round(performance.now() - started) });
      return result;
    } catch (error) {
      // The class and our own message only: handlers never put personal data in their errors.
      logger.warn("job failed; it will be retried with backoff", {
        job: name,
        jobId: job.id,
        attempt: (job.retryCount ?? 0) + 1,
        error: error instanceof Error ? error.name : typeof error,
      });
      throw error;
    }
  }

  return {
    /** Starts the engine, its queues, schedules and workers; on a failure part-way nothing is left running, and start may be called again. */
    async start() {
      if (boss) return;
      const b = engine();
      b.on("error", (error: Error) => logger.warn("job engine error", { error: error.name }));
      try {
        await b.start();
        for (const name of Object.values(JOB_NAMES)) {
          await b.createQueue(name, { policy: "stately", ...retry });
          if (options.schedule ?? true) await b.schedule(name, JOB_SCHEDULES[name], null, { tz: "Asia/Kolkata" });
          await b.work(name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 }, async ([job]) => run(name, job));
        }
      } catch (error) {
        // The database went away part-way (a restart): the workers already registered would poll on with
        // no owner to stop them, so this engine is stopped before the failure is passed on.
        await b.stop({ graceful: false, close: database.kind !== "pglite" }).catch(() => {});
        throw error;
      }
      boss = b;
    },

    /** Queues a job now (a stately queue holds at most one waiting: a second send is dropped). */
    async runNow(name: JobName): Promise<string | null> {
      if (!boss) throw new Error("The job runner is not started.");
      return boss.send(name, null, retry);
    },

    /** The job's state, for tests and the README's troubleshooting. */
    async job(name: JobName, id: string) {
      if (!boss) throw new Error("The job runner is not started.");
      return boss.getJobById(name, id);
    },

    /** Stops polling and waits for running jobs (up to `timeoutMs`); the database stays open for the caller to close. */
    async stop(timeoutMs = 10_000) {
      const b = boss;
      boss = null;
      if (b) await b.stop({ graceful: true, timeout: timeoutMs, close: database.kind !== "pglite" });
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
