// The back office audit trail (decision 32): append-only rows, each carrying the SHA-256 of the previous
// row over a canonical serialisation, so a row changed behind the app's back breaks the chain.
import { createHash } from "node:crypto";
import { and, asc, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { StaffPrincipal } from "../../../core/staff.ts";
import type { Db } from "../../db/client.ts";
import { auditLog } from "../../db/schema/index.ts";

/** Any transaction or the database itself: rows are written in the caller's transaction. */
type Tx = Pick<Db, "select" | "insert" | "execute">;

/** The fields of the acting staff member the trail keeps: a desk's actor (credit's StaffActor) has these, as does a StaffPrincipal. */
export type AuditActor = Pick<StaffPrincipal, "staffId" | "role"> & { email?: string };

export interface AuditEntry {
  actor: AuditActor | null;
  /** Dotted verb, e.g. `staff.sign_in`, `blog.save`, `lead.sanction`. */
  action: string;
  target?: { kind: string; id: string } | null;
  before?: object | null;
  after?: object | null;
  reason?: string | null;
  /** For sign-in attempts without a principal yet (the e-mail tried). */
  actorEmail?: string | null;
}

export interface AuditRow {
  seq: number;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  prevHash: string;
  hash: string;
}

export interface AuditFilters {
  actor?: string;
  action?: string;
  targetKind?: string;
  targetId?: string;
  /** ISO date (India calendar not needed: the log is in UTC instants), inclusive. */
  from?: string;
  /** ISO date, inclusive. */
  to?: string;
  page?: number;
  pageSize?: number;
  order?: "newest" | "oldest";
}

export const GENESIS_HASH = "0".repeat(64);
/** One constant key: every writer of the chain takes this transaction lock, so the chain stays linear. */
const AUDIT_LOCK_KEY = 7_320_032;

/** Key names whose values are personal data (decision 17/18): masked before they are written. */
const PERSONAL_KEYS =
  /^(pan|pancard\w*|pan_?(no|number)|\w*aadha?ar\w*|\w*account_?(no|number)|acc_no|mobile\w*|phone\w*|e_?mail|(full_|first_|middle_|last_|father_|mother_|customer_)?name|address\w*|dob|date_of_birth|ifsc\w*|upi\w*|password|\w*token|\w*secret|otp)$/i;

export function maskValue(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  const text = String(value);
  if (text.length <= 4) return "XXXX";
  return `${"X".repeat(Math.min(text.length - 4, 8))}${text.slice(-4)}`;
}

/** Masks personal values by key, recursively; other values pass through. */
export function maskPersonal(values: unknown): unknown {
  if (Array.isArray(values)) return values.map(maskPersonal);
  if (values && typeof values === "object") {
    return Object.fromEntries(
      Object.entries(values as Record<string, unknown>).map(([key, value]) => [
        key,
        PERSONAL_KEYS.test(key) && (typeof value === "string" || typeof value === "number") ? maskValue(value) : maskPersonal(value),
      ]),
    );
  }
  return values;
}

/** JSON with object keys sorted at every level: the same row always serialises to the same bytes. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

type Hashed = Omit<AuditRow, "hash">;

export function rowHash(row: Hashed): string {
  const { seq, at, actorId, actorEmail, actorRole, action, targetKind, targetId, before, after, reason, prevHash } = row;
  const canonical = canonicalJson({ seq, at, actorId, actorEmail, actorRole, action, targetKind, targetId, before, after, reason, prevHash });
  return createHash("sha256").update(canonical).digest("hex");
}

function toRow(r: typeof auditLog.$inferSelect): AuditRow {
  return { ...r, at: new Date(r.at).toISOString(), before: r.before ?? null, after: r.after ?? null };
}

export type VerifyResult = { ok: true; rows: number } | { ok: false; rows: number; brokenAt: number; problem: string };

export function createAuditService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  /** Appends one row in the caller's transaction (pass `tx`); takes the chain lock until that transaction ends. */
  async function record(tx: Tx, entry: AuditEntry): Promise<AuditRow> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
    const [last] = await tx.select({ seq: auditLog.seq, hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    const base: Hashed = {
      seq: (last?.seq ?? 0) + 1,
      at: now().toISOString(),
      actorId: entry.actor?.staffId ?? null,
      actorEmail: entry.actor?.email ?? entry.actorEmail ?? null,
      actorRole: entry.actor?.role ?? null,
      action: entry.action,
      targetKind: entry.target?.kind ?? null,
      targetId: entry.target?.id ?? null,
      // Through JSON once so what is hashed is exactly what jsonb gives back (no undefined, no Dates).
      before: entry.before == null ? null : JSON.parse(JSON.stringify(maskPersonal(entry.before))),
      after: entry.after == null ? null : JSON.parse(JSON.stringify(maskPersonal(entry.after))),
      reason: entry.reason ?? null,
      prevHash: last?.hash ?? GENESIS_HASH,
    };
    const row: AuditRow = { ...base, hash: rowHash(base) };
    await tx.insert(auditLog).values({ ...row, at: new Date(row.at) });
    return row;
  }

  function where(f: AuditFilters) {
    const conditions: SQL[] = [];
    if (f.actor) conditions.push(eq(auditLog.actorEmail, f.actor.trim().toLowerCase()));
    if (f.action) conditions.push(eq(auditLog.action, f.action));
    if (f.targetKind) conditions.push(eq(auditLog.targetKind, f.targetKind));
    if (f.targetId) conditions.push(eq(auditLog.targetId, f.targetId));
    if (f.from) conditions.push(gte(auditLog.at, new Date(`${f.from}T00:00:00Z`)));
    if (f.to) conditions.push(lt(auditLog.at, new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000)));
    return conditions.length ? and(...conditions) : undefined;
  }

  return {
    record,

    /** Rows matching the filters, a page at a time (newest first unless asked). */
    async list(filters: AuditFilters = {}): Promise<{ rows: AuditRow[]; total: number }> {
      const pageSize = Math.min(Math.max(filters.pageSize ?? 25, 1), 100);
      const page = Math.max(filters.page ?? 1, 1);
      const condition = where(filters);
      const rows = await db
        .select()
        .from(auditLog)
        .where(condition)
        .orderBy(filters.order === "oldest" ? asc(auditLog.seq) : desc(auditLog.seq))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(condition);
      return { rows: rows.map(toRow), total: Number(n) };
    },

    /** Walks the whole chain in order: every row's hash and link must match. */
    async verify(): Promise<VerifyResult> {
      let prev = GENESIS_HASH;
      let expectedSeq = 1;
      let count = 0;
      const batch = 1000;
      for (let after = 0; ;) {
        const rows = await db
          .select()
          .from(auditLog)
          .where(sql`${auditLog.seq} > ${after}`)
          .orderBy(asc(auditLog.seq))
          .limit(batch);
        for (const raw of rows) {
          const row = toRow(raw);
          const { hash, ...rest } = row;
          if (row.seq !== expectedSeq) return { ok: false, rows: count, brokenAt: row.seq, problem: `row ${expectedSeq} is missing` };
          if (row.prevHash !== prev) return { ok: false, rows: count, brokenAt: row.seq, problem: "link to the previous row does not match" };
          if (rowHash(rest) !== hash) return { ok: false, rows: count, brokenAt: row.seq, problem: "row content does not match its hash" };
          prev = hash;
          expectedSeq++;
          count++;
          after = row.seq;
        }
        if (rows.length < batch) break;
      }
      return { ok: true, rows: count };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
