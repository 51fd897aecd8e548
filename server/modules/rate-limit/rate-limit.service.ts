import { and, count, eq, gte, lt, min, or, sql } from "drizzle-orm";
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

  /** Checks several limits in one query, without counting a hit (a read: a fast refusal before slower work). */
  function check(entries: LimitedSubject[]): Promise<Verdict> {
    return verdictOf(db, entries);
  }

  async function verdictOf(executor: Pick<Db, "select">, entries: LimitedSubject[]): Promise<Verdict> {
    if (!entries.length) return { allowed: true };
    const at = now().getTime();
    const rows = await executor
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

  /**
   * Checks every limit and, when all allow, counts one hit against each, as one step: the subjects'
   * advisory locks (taken in one order) make tries sent at once wait for each other, so a burst can
   * never pass a limit (issue 21: every counter of tries is atomic).
   */
  async function takeAll(entries: LimitedSubject[]): Promise<Verdict> {
    if (!entries.length) return { allowed: true };
    const keys = [...new Set(entries.map(({ limit, subject }) => `${limit.bucket}:${hashed(limit.bucket, subject)}`))].sort();
    return db.transaction(async (tx) => {
      for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      const verdict = await verdictOf(tx, entries);
      if (!verdict.allowed) return verdict;
      const hitAt = now();
      await tx.insert(rateLimitHits).values(entries.map(({ limit, subject }) => ({ bucket: limit.bucket, subject: hashed(limit.bucket, subject), hitAt })));
      return verdict;
    });
  }

  return {
    check,
    takeAll,
    /** Check and count a single limit, atomically. */
    take: (limit: Limit, subject: string) => takeAll([{ limit, subject }]),
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
