/**
 * The Clock port: what "now" is for jobs and services. Production reads the system clock; tests pass
 * a clock they move by hand (server/test-support/test-app.ts createClock), so a loan can be run
 * through 50 days in seconds. Services take it as their `now` dependency.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The sandbox's clock (issue 20): real time moved by an offset, so a demo or a browser test can take
 * a loan overdue, to its caps and to settlement in a minute. The offset is kept in the database by
 * the clock service (server/modules/clock); every service reads `now()` from here.
 */
export interface AdjustableClock extends Clock {
  offsetMs(): number;
  setOffset(ms: number): void;
}

export function createAdjustableClock(realNow: () => number = Date.now): AdjustableClock {
  let offset = 0;
  return {
    now: () => new Date(realNow() + offset),
    offsetMs: () => offset,
    setOffset(ms: number) {
      if (!Number.isSafeInteger(ms)) throw new RangeError("The clock offset must be whole milliseconds.");
      offset = ms;
    },
  };
}
