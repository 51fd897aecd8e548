import { and, count, eq, gte, lt, min, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rateLimitHits } from "../../db/schema/index.ts";
import { keyedHash } from "../../security/crypto.ts";

export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

export interface LimitedSubject {
  limit: Limit;
  /** The raw key (IP, mobile); only its keyed hash is stored. */
  subject: string;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; bucket: string };

const DAY = 24 * 60 * 60 * 1000;

export function createRateLimitService(deps: { db: Db; hashKey: string; now: () => Date }) {
  const { db, hashKey, now } = deps;
  const hashed = (bucket: string, subject: string) => keyedHash(hashKey, `rate:${bucket}`, subject);

  /** Checks several limits in one query, without counting a hit. */
  async function check(entries: LimitedSubject[]): Promise<Verdict> {
    if (!entries.length) return { allowed: true };
    const at = now().getTime();
    const rows = await db
      .select({ bucket: rateLimitHits.bucket, n: count(), oldest: min(rateLimitHits.hitAt) })
      .from(rateLimitHits)
      .where(
        or(
          ...entries.map(({ limit, subject }) =>
            and(
              eq(rateLimitHits.bucket, limit.bucket),
              eq(rateLimitHits.subject, hashed(limit.bucket, subject)),
              gte(rateLimitHits.hitAt, new Date(at - limit.windowMs)),
            ),
          ),
        ),
      )
      .groupBy(rateLimitHits.bucket);
    for (const { limit } of entries) {
      const row = rows.find((r) => r.bucket === limit.bucket);
      if (row && Number(row.n) >= limit.max) {
        const oldest = row.oldest ? new Date(row.oldest).getTime() : at;
        return { allowed: false, bucket: limit.bucket, retryAfterSeconds: Math.max(1, Math.ceil((oldest + limit.windowMs - at) / 1000)) };
      }
    }
    return { allowed: true };
  }

  /** Counts one hit against each limit, in one statement. */
  async function record(entries: LimitedSubject[]) {
    if (!entries.length) return;
    const hitAt = now();
    await db.insert(rateLimitHits).values(entries.map(({ limit, subject }) => ({ bucket: limit.bucket, subject: hashed(limit.bucket, subject), hitAt })));
  }

  return {
    check,
    record,
    /** Check and count a single limit. */
    async take(limit: Limit, subject: string): Promise<Verdict> {
      const verdict = await check([{ limit, subject }]);
      if (verdict.allowed) await record([{ limit, subject }]);
      return verdict;
    },
    /** Housekeeping: no limit looks back further than a day. */
    async purge() {
      await db.delete(rateLimitHits).where(lt(rateLimitHits.hitAt, new Date(now().getTime() - DAY)));
    },
  };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;

/** "2 minutes", "45 seconds": for messages that say when to retry. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
