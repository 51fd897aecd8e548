// Boot: read env, open the database, migrate, listen; stop gracefully on SIGTERM/SIGINT.
import { existsSync } from "node:fs";
import { enableCompileCache } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

type Env = import("./env.ts").Env;

/** Milliseconds of each part of the start (the `listening` line carries them; bench/run.ts prints them). */
const phases: Record<string, number> = {};
/** Records the time since `since` under `phase` and returns now, for the next part. */
function lap(into: Record<string, number>, phase: string, since: number) {
  const now = performance.now();
  into[phase] = Math.round(now - since);
  return now;
}
/** lap() for a promise's value: records when it settles and passes the value on. */
const lapWhenSettled =
  (into: Record<string, number>, phase: string, since: number) =>
  <T>(value: T) => {
    lap(into, phase, since);
    return value;
  };
type Database = import("./db/client.ts").Database;

/** The server's own modules and the web build, loaded while the database opens. */
async function loadModules(serverBuildPath: string) {
  const [
    { serve },
    { createApp },
    { migrate },
    { createLogger },
    { createServices },
    { pageCacheNodeFastPath },
    { hardeningHeaders },
    { createAdjustableClock },
    { widenCsp },
    { staysOnHost },
    { serverAnsweringFirst },
    build,
  ] = await Promise.all([
    import("@hono/node-server"),
    import("./app.ts"),
    import("./db/migrate.ts"),
    import("./logger.ts"),
    import("./services.ts"),
    import("./modules/public-site/page-cache.middleware.ts"),
    import("./http/security-headers.ts"),
    import("./jobs/clock.ts"),
    import("./http/tracking-script.ts"),
    import("./http/loopback-origin.ts"),
    import("./http/node-server.ts"),
    import(pathToFileURL(serverBuildPath).href) as Promise<ServerBuild>,
  ]);
  return {
    serve,
    createApp,
    migrate,
    createLogger,
    createServices,
    pageCacheNodeFastPath,
    hardeningHeaders,
    createAdjustableClock,
    widenCsp,
    staysOnHost,
    serverAnsweringFirst,
    build,
  };
}
type Modules = Awaited<ReturnType<typeof loadModules>>;

/** The settings, the database and the modules; a bad setting, a missing build or a locked data dir ends the process with its message. */
async function boot() {
  const [{ EnvError, loadEnv }, { DataDirLockedError, openDatabase }] = await Promise.all([import("./env.ts"), import("./db/client.ts")]);
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const serverBuildPath = join(root, "build/server/index.js");
  if (!existsSync(serverBuildPath)) {
    process.stderr.write("No web build found. Run `npm run build` first (npm start does this for you).\n");
    process.exit(1);
  }
  phases.settings = Math.round(performance.now() - phases.node!);
  // The database starts while the rest of the server loads: PGlite reads and compiles its
  // WebAssembly off the main thread in the meantime.
  const since = performance.now();
  const opening = openDatabase(env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.dataDir });
  try {
    // Each part's own duration (they overlap): the bench shows them beside the time to healthy.
    const [database, modules] = await Promise.all([
      opening.then(lapWhenSettled(phases, "databaseOpen", since)),
      loadModules(serverBuildPath).then(lapWhenSettled(phases, "modules", since)),
    ]);
    return { env, database, modules };
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Migrations, the services, the sandbox clock and the blog's seed; a hint when no staff account exists yet. */
async function startServices(env: Env, database: Database, modules: Modules) {
  const { migrate, createLogger, createServices, createAdjustableClock } = modules;
  const logger = createLogger(env.LOG_LEVEL);
  let since = performance.now();
  const applied = await migrate(database);
  if (applied.length) logger.info("migrations applied", { applied });
  since = lap(phases, "migrations", since);

  // Sandbox mode: a movable clock whose offset lives in the database (/dev/clock); production reads the system clock.
  const clock = env.isProduction ? undefined : createAdjustableClock();
  const services = createServices({ database, env, logger, clock });
  await services.clock?.load();
  const stopClockSync = services.clock?.startSync();
  since = lap(phases, "services", since);
  await services.blog.seed();
  // No staff account exists by default (decision 32); say once how to make the first admin.
  if (!env.isProduction && (await services.staff.count()) === 0) {
    logger.info(
      "no staff account yet: stop the server and run `npm run staff:create -- --email you@example.com --role admin`, or while it runs (sandbox) POST {email, role} to /dev/staff; open the link either prints",
    );
  }
  lap(phases, "seedChecks", since);
  return { logger, services, stopClockSync };
}
type Started = Awaited<ReturnType<typeof startServices>>;

/**
 * node:http's server, answering a cached public page itself, before Hono builds a Request for it, with
 * what Hono's middleware in front of its own fast path would do: the tracking tag's CSP, and
 * (outside production) other loopback names left to Hono's redirect.
 */
function pageCachingServer(env: Env, { logger, services }: Started, modules: Modules) {
  const { pageCacheNodeFastPath, hardeningHeaders, widenCsp, staysOnHost, serverAnsweringFirst } = modules;
  const trackingOrigin = env.TRACKING_SCRIPT_URL ? new URL(env.TRACKING_SCRIPT_URL).origin : null;
  const cacheHit = pageCacheNodeFastPath(services.publicSite.pageCache, hardeningHeaders(env.isProduction), logger.requestOf, {
    widenCsp: trackingOrigin ? (policy) => widenCsp(policy, trackingOrigin) : undefined,
    answersHost: env.isProduction ? undefined : staysOnHost(env.PUBLIC_ORIGIN),
  });
  return serverAnsweringFirst(cacheHit);
}

/** How long after listening the jobs start (startJobsSoon). */
const JOBS_START_DELAY_MS = 1000;
/** After a failed start the jobs are tried again this long later, doubling up to the most. */
const JOBS_RETRY_MS = { first: 10_000, most: 5 * 60_000 };
/** Past the wait for requests in flight, what the jobs, the ONDC posts and the database get to stop before the process exits anyway. */
const STOP_GRACE_MS = 30_000;

/** Scheduled jobs (pg-boss) and the hourly purge of expired rows. */
function startBackgroundWork(env: Env, database: Database, { logger, services }: Started) {
  const housekeeping = setInterval(
    () =>
      Promise.all([services.auth.purgeExpired(), services.captchas.purge(), services.sandboxStore.purge()]).catch((error) =>
        logger.warn("purge failed", { error }),
      ),
    60 * 60 * 1000,
  );
  housekeeping.unref();
  let jobs: import("./jobs/runner.ts").JobRunner | undefined;
  let starting: ReturnType<typeof setTimeout> | undefined;
  let started: Promise<void> | undefined;
  let stopping = false;
  let retryMs = JOBS_RETRY_MS.first;
  const start = (): Promise<void> => {
    const jobsT0 = performance.now();
    return import("./jobs/runner.ts")
      .then(({ createJobRunner }) => {
        jobs ??= createJobRunner({ database, connectionString: env.DATABASE_URL, logger, handlers: services.jobHandlers });
        return jobs.start();
      })
      .then(() => logger.info("jobs started", { engine: "pg-boss", ms: Math.round(performance.now() - jobsT0) }))
      .catch((error: unknown) => {
        const fields = { error: error instanceof Error ? error.name : typeof error };
        if (stopping) return logger.error("jobs did not start", fields);
        // The database away at that moment (a restart) must not leave the server without its daily jobs.
        logger.error("jobs did not start; trying again", { ...fields, inSeconds: retryMs / 1000 });
        starting = setTimeout(() => (started = start()), retryMs);
        retryMs = Math.min(retryMs * 2, JOBS_RETRY_MS.most);
      });
  };
  return {
    housekeeping,
    /**
     * Called once listening; the jobs start a second later. pg-boss's module (~1.2 MB with luxon and
     * cron-parser, ~100 ms to load) and its schema check (~190 ms on PGlite) would otherwise hold up the
     * first requests, health checks included, for work whose schedules count in minutes. Jobs run on
     * PGlite as on PostgreSQL.
     */
    startJobsSoon() {
      if (env.JOBS === "on") starting = setTimeout(() => (started = start()), JOBS_START_DELAY_MS);
    },
    /** Stops the jobs (waiting for their start if it is under way), before the database closes. */
    async stopJobs() {
      stopping = true;
      clearTimeout(starting);
      await started;
      await jobs?.stop().catch((error: unknown) => logger.warn("jobs did not stop cleanly", { error: error instanceof Error ? error.name : typeof error }));
    },
  };
}

/** On SIGTERM or SIGINT: finish requests in flight (forcing them after SHUTDOWN_TIMEOUT_MS), then jobs, services, database. */
function stopOnSignal(
  env: Env,
  database: Database,
  server: import("node:http").Server,
  { logger, services, stopClockSync }: Started,
  background: ReturnType<typeof startBackgroundWork>,
) {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("stopping", { signal });
    clearInterval(background.housekeeping);
    const force = setTimeout(() => {
      logger.warn("forcing open connections closed");
      server.closeAllConnections?.();
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // A step below that never settles (a driver waiting on a lost connection) must neither keep a stopped server
    // alive nor, with nothing else pending, let it end with 0 as if it had stopped: this timer is not unref'd.
    setTimeout(() => {
      logger.error("stop did not finish; exiting", { afterMs: env.SHUTDOWN_TIMEOUT_MS + STOP_GRACE_MS });
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS + STOP_GRACE_MS);
    // close() waits for requests in flight; idle keep-alive sockets are closed at once.
    server.close(async () => {
      stopClockSync?.();
      await background.stopJobs();
      // ONDC callbacks being tried right after their commit finish (each post times out in 10 s), so none is left
      // held by its lease for the next instance's job to wait out.
      await services.ondcOutbox?.idle();
      await services.close();
      await database.close();
      logger.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections?.();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

async function main() {
  const started = performance.now();
  // Node's own start and this module's load: performance.now() counts from the process's start.
  phases.node = Math.round(started);
  // Node keeps the compiled code of the modules below (the bundle's few files under `npm run serve`,
  // ~1,150 modules from the sources) in its compile cache (NODE_COMPILE_CACHE, or the OS temp dir),
  // so a restart skips that work. They are imported after the cache is on (static imports would not be).
  enableCompileCache();
  const { env, database, modules } = await boot();
  const { serve, createApp, build } = modules;
  const running = await startServices(env, database, modules);
  const { logger, services } = running;
  let since = performance.now();
  const background = startBackgroundWork(env, database, running);
  const app = createApp({ services, build, clientDir: join(root, "build/client") });
  const createServer = pageCachingServer(env, running, modules);
  since = lap(phases, "routes", since);
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST, createServer }, (info) => {
    lap(phases, "listen", since);
    logger.info("listening", {
      url: env.PUBLIC_ORIGIN,
      port: info.port,
      database: database.kind,
      mode: env.APP_MODE,
      startMs: Math.round(performance.now() - started),
      phasesMs: phases,
    });
    background.startJobsSoon();
  });
  stopOnSignal(env, database, server as import("node:http").Server, running, background);
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
