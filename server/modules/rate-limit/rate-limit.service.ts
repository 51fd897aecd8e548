import { and, count, eq, gte, lt, min } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rateLimitHits } from "../../db/schema/index.ts";
import { keyedHash } from "../../security/crypto.ts";

export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

export interface RateLimitService {
  /** Counts a hit if under the limit. Returns the seconds to wait when over it. */
  take(limit: Limit, subject: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
  /** Checks without counting. */
  check(limit: Limit, subject: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
}

export function createRateLimitService(deps: { db: Db; hashKey: string; now: () => Date }): RateLimitService {
  const { db, hashKey, now } = deps;
  const subjectHash = (bucket: string, subject: string) => keyedHash(hashKey, `rate:${bucket}`, subject);

  async function inspect(limit: Limit, subject: string) {
    const at = now();
    const since = new Date(at.getTime() - limit.windowMs);
    const hashed = subjectHash(limit.bucket, subject);
    const [row] = await db
      .select({ n: count(), oldest: min(rateLimitHits.hitAt) })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, limit.bucket), eq(rateLimitHits.subject, hashed), gte(rateLimitHits.hitAt, since)));
    const n = Number(row?.n ?? 0);
    if (n < limit.max) return { at, hashed, result: { allowed: true as const } };
    const oldest = row?.oldest ? new Date(row.oldest) : at;
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest.getTime() + limit.windowMs - at.getTime()) / 1000));
    return { at, hashed, result: { allowed: false as const, retryAfterSeconds } };
  }

  return {
    async check(limit, subject) {
      return (await inspect(limit, subject)).result;
    },
    async take(limit, subject) {
      const { at, hashed, result } = await inspect(limit, subject);
      if (!result.allowed) return result;
      await db.insert(rateLimitHits).values({ bucket: limit.bucket, subject: hashed, hitAt: at });
      // Old hits are useless after their window; trim this subject's tail as we go.
      await db
        .delete(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, limit.bucket), eq(rateLimitHits.subject, hashed), lt(rateLimitHits.hitAt, new Date(at.getTime() - limit.windowMs))));
      return result;
    },
  };
}

/** "2 minutes", "45 seconds": for messages that say when to retry. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
