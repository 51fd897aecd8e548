// Rate limits in Redis (REDIS_URL), through rate-limiter-flexible: the same check/record/take as the
// database version, so the services do not know which one they have. Keys hold the keyed hash, never the IP or number.
import type { Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";
import { keyedHash } from "../../security/crypto.ts";
import type { Limit, LimitedSubject, RateLimitService, Verdict } from "./rate-limit.service.ts";

/**
 * Redis is away: the request gets the same brief-problem answer as a database outage (HTTP 503, Retry-After),
 * never a 500. The errno-style code is what server/app.ts's outage check reads.
 */
export class RateLimitStoreUnavailable extends Error {
  readonly code = "ECONNREFUSED";
  constructor(cause: unknown) {
    super("The rate-limit store (Redis) is not reachable", { cause });
  }
}

const guarded = async <T>(work: Promise<T>): Promise<T> => {
  try {
    return await work;
  } catch (error) {
    throw new RateLimitStoreUnavailable(error);
  }
};

export function createRedisRateLimitService(deps: { redis: Redis; keyPrefix: string; hashKey: string }): RateLimitService {
  const { redis, keyPrefix, hashKey } = deps;
  const limiters = new Map<string, RateLimiterRedis>();
  // One limiter per limit: a window of `windowMs` that starts at the subject's first hit (fixed window).
  const limiterOf = (limit: Limit) => {
    const id = `${limit.bucket}:${limit.max}:${limit.windowMs}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${keyPrefix}rate:${limit.bucket}`,
        points: limit.max,
        duration: Math.max(1, Math.ceil(limit.windowMs / 1000)),
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };
  const keyOf = (limit: Limit, subject: string) => keyedHash(hashKey, `rate:${limit.bucket}`, subject);

  async function check(entries: LimitedSubject[]): Promise<Verdict> {
    const states = await guarded(Promise.all(entries.map(({ limit, subject }) => limiterOf(limit).get(keyOf(limit, subject)))));
    for (const [i, state] of states.entries()) {
      const { limit } = entries[i]!;
      if (state && state.consumedPoints >= limit.max) {
        return { allowed: false, bucket: limit.bucket, retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
      }
    }
    return { allowed: true };
  }

  /**
   * Counts a hit against each limit (INCR, atomic per key); if any limit is then passed, the hits are
   * given back and the try is refused. Tries sent at once can never all pass a limit.
   */
  async function takeAll(entries: LimitedSubject[]): Promise<Verdict> {
    const states = await guarded(Promise.all(entries.map(({ limit, subject }) => limiterOf(limit).penalty(keyOf(limit, subject), 1))));
    const over = states.findIndex((state, i) => state.consumedPoints > entries[i]!.limit.max);
    if (over === -1) return { allowed: true };
    await guarded(Promise.all(entries.map(({ limit, subject }) => limiterOf(limit).reward(keyOf(limit, subject), 1))));
    return { allowed: false, bucket: entries[over]!.limit.bucket, retryAfterSeconds: Math.max(1, Math.ceil(states[over]!.msBeforeNext / 1000)) };
  }

  return {
    check,
    takeAll,
    take: (limit: Limit, subject: string) => takeAll([{ limit, subject }]),
    /** Redis expires the keys itself. */
    async purge() {},
  };
}
