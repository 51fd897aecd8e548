// Where the sandbox providers keep state between requests. In the database (sandbox_records) when the
// server runs, so two instances behind a load balancer share it; in memory for unit tests of a sandbox alone.
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sandboxRecords } from "../db/schema/index.ts";

export interface SandboxStore {
  get<T>(kind: string, key: string): Promise<T | null>;
  /** Inserts or replaces. */
  put<T>(kind: string, key: string, value: T, ttlMs: number): Promise<void>;
  /** Inserts only if absent (idempotency keys); false when a live record was already there. */
  add<T>(kind: string, key: string, value: T, ttlMs: number): Promise<boolean>;
  /** Reads and deletes in one step: a one-use record is used once even across instances. */
  take<T>(kind: string, key: string): Promise<T | null>;
  /** Replaces the value only while its `status` field is `expected` (one answer to a consent, one payment per order). */
  swap<T>(kind: string, key: string, expected: string, value: T): Promise<boolean>;
  purge(): Promise<void>;
}

const DAY = 24 * 60 * 60 * 1000;

export function createDbSandboxStore(db: Db, now: () => Date = () => new Date()): SandboxStore {
  const live = (kind: string, key: string) => and(eq(sandboxRecords.kind, kind), eq(sandboxRecords.key, key), gt(sandboxRecords.expiresAt, now()));
  const expiry = (ttlMs: number) => new Date(now().getTime() + ttlMs);
  return {
    async get<T>(kind: string, key: string) {
      const [row] = await db.select({ value: sandboxRecords.value }).from(sandboxRecords).where(live(kind, key));
      return (row?.value as T | undefined) ?? null;
    },
    async put(kind, key, value, ttlMs) {
      const expiresAt = expiry(ttlMs);
      await db
        .insert(sandboxRecords)
        .values({ kind, key, value, expiresAt })
        .onConflictDoUpdate({ target: [sandboxRecords.kind, sandboxRecords.key], set: { value, expiresAt } });
    },
    async add(kind, key, value, ttlMs) {
      // An expired record with the same key does not block a new one.
      await db.delete(sandboxRecords).where(and(eq(sandboxRecords.kind, kind), eq(sandboxRecords.key, key), lt(sandboxRecords.expiresAt, now())));
      const rows = await db
        .insert(sandboxRecords)
        .values({ kind, key, value, expiresAt: expiry(ttlMs) })
        .onConflictDoNothing()
        .returning({ key: sandboxRecords.key });
      return rows.length === 1;
    },
    async take<T>(kind: string, key: string) {
      const rows = await db.delete(sandboxRecords).where(live(kind, key)).returning({ value: sandboxRecords.value });
      return (rows[0]?.value as T | undefined) ?? null;
    },
    async swap(kind, key, expected, value) {
      const rows = await db
        .update(sandboxRecords)
        .set({ value })
        .where(and(live(kind, key), sql`${sandboxRecords.value}->>'status' = ${expected}`))
        .returning({ key: sandboxRecords.key });
      return rows.length === 1;
    },
    async purge() {
      await db.delete(sandboxRecords).where(lt(sandboxRecords.expiresAt, new Date(now().getTime() - DAY)));
    },
  };
}

/** One process only: for a sandbox tested on its own. Values are copied, as the database would. */
export function createMemorySandboxStore(now: () => number = Date.now): SandboxStore {
  const map = new Map<string, { value: string; expires: number }>();
  const id = (kind: string, key: string) => `${kind}\u0000${key}`;
  const read = (kind: string, key: string) => {
    const entry = map.get(id(kind, key));
    if (!entry || entry.expires <= now()) return null;
    return entry;
  };
  return {
    async get<T>(kind: string, key: string) {
      const entry = read(kind, key);
      return entry ? (JSON.parse(entry.value) as T) : null;
    },
    async put(kind, key, value, ttlMs) {
      map.set(id(kind, key), { value: JSON.stringify(value), expires: now() + ttlMs });
    },
    async add(kind, key, value, ttlMs) {
      if (read(kind, key)) return false;
      map.set(id(kind, key), { value: JSON.stringify(value), expires: now() + ttlMs });
      return true;
    },
    async take<T>(kind: string, key: string) {
      const entry = read(kind, key);
      map.delete(id(kind, key));
      return entry ? (JSON.parse(entry.value) as T) : null;
    },
    async swap(kind, key, expected, value) {
      const entry = read(kind, key);
      if (!entry || (JSON.parse(entry.value) as { status?: string }).status !== expected) return false;
      entry.value = JSON.stringify(value);
      return true;
    },
    async purge() {
      for (const [k, v] of map) if (v.expires <= now()) map.delete(k);
    },
  };
}
