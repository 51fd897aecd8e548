/**
 * The Clock port: what "now" is for jobs and services. Production reads the system clock; tests pass
 * a clock they move by hand (server/test-support/test-app.ts createClock), so a loan can be run
 * through 50 days in seconds. Services take it as their `now` dependency.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
