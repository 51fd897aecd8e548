// Issue 33: what both sides of the video KYC share: the dependencies, finding a session by id for its
// owner, and the facts the payout and sanction rules read (videoKycEvidence).
import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { videoKycSessions, type VideoKycStatus } from "../../db/schema/index.ts";
import type { OfflineEkycTrustPort } from "../../providers/offline-ekyc/port.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import type { ConsentPurpose, NoticeLanguage } from "../../../core/data-rights/index.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import { VIDEO_KYC_CODES } from "../../../core/i18n/index.ts";
import type { StaffRole } from "../../../core/staff.ts";
import { Forbidden, NotAuthenticated, NotFound } from "../domain-errors.ts";
import type { IceSettings } from "../../env.ts";

export type VideoKycRow = typeof videoKycSessions.$inferSelect;

/** The signed-in staff member (the staff module's StaffPrincipal has these fields and more). */
export type StaffActor = { staffId: string; role: StaffRole; email?: string };
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/**
 * The audit chain's writer, called in the transaction of the change (the audit module's record). Written
 * here rather than taken from the credit module, which reads this module's videoKycEvidence.
 */
export type AuditRecorder = {
  record(tx: Tx, entry: { actor: StaffActor | null; action: string; target: { kind: string; id: string } | null; after?: object | null }): Promise<unknown>;
};

/** Decision 32's rule, as every desk applies it: not signed in, then a role that may not. */
export function requireStaffRole(actor: StaffActor | null | undefined, ...roles: readonly StaffRole[]): StaffActor {
  if (!actor) throw new NotAuthenticated("Please sign in.");
  if (!roles.includes(actor.role)) throw new Forbidden("Your role cannot do this.");
  return actor;
}

export interface VideoKycDeps {
  db: Db;
  now: () => Date;
  storage: StoragePort;
  /** Whom we trust to have signed an offline e-KYC file (UIDAI's certificates; the sandbox's key). */
  offlineEkycTrust: OfflineEkycTrustPort;
  consents: { grant(profileId: string, purposes: readonly ConsentPurpose[], opts: { source: string; language?: NoticeLanguage }): Promise<unknown> };
  audit: AuditRecorder;
  /** The call's STUN and TURN servers from configuration (env.ice). */
  ice: IceSettings;
  /** Draws the liveness action's index (tests may fix it); crypto.randomInt by default. */
  randomIndex?: (n: number) => number;
}

/** Still going: a session in one of these blocks a second one for the same application. */
export const OPEN_STATUSES: readonly VideoKycStatus[] = ["STARTED", "IDENTITY_READ", "WAITING", "IN_CALL"];

/** The customer's own session by id; anyone else's is "not found", so its existence is not told. */
export async function ownSession(db: Pick<Db, "select">, profileId: string, sessionId: unknown): Promise<VideoKycRow> {
  if (!isUuid(sessionId)) throw new NotFound(VIDEO_KYC_CODES.notFound);
  const [row] = await db
    .select()
    .from(videoKycSessions)
    .where(and(eq(videoKycSessions.id, sessionId), eq(videoKycSessions.profileId, profileId)));
  if (!row) throw new NotFound(VIDEO_KYC_CODES.notFound);
  return row;
}

/** Any session by id, for staff (whose role the caller has checked). */
export async function sessionById(db: Pick<Db, "select">, sessionId: unknown): Promise<VideoKycRow> {
  if (!isUuid(sessionId)) throw new NotFound("No such video KYC.");
  const [row] = await db.select().from(videoKycSessions).where(eq(videoKycSessions.id, sessionId));
  if (!row) throw new NotFound("No such video KYC.");
  return row;
}

/**
 * What the application's video KYC counts for: none; approved by the official, its audit pending
 * (enough to recommend and sanction); or audited and confirmed (needed to pay out). An approval the
 * audit overturned counts for nothing.
 */
export type VideoKycEvidence = "none" | "approved" | "audited";

export async function videoKycEvidence(executor: Pick<Db, "select">, leadId: string): Promise<VideoKycEvidence> {
  const rows = await executor
    .select({ outcome: videoKycSessions.auditOutcome })
    .from(videoKycSessions)
    .where(and(eq(videoKycSessions.leadId, leadId), inArray(videoKycSessions.status, ["APPROVED"])))
    .orderBy(desc(videoKycSessions.decidedAt));
  if (rows.some((r) => r.outcome === "CONFIRMED")) return "audited";
  return rows.some((r) => r.outcome === null) ? "approved" : "none";
}

/**
 * The application's approved video KYC that counts as its Aadhaar eKYC (newest first; an approval the audit
 * overturned does not count), with whether the audit has confirmed it; null when there is none.
 */
export async function approvedVideoKyc(
  executor: Pick<Db, "select">,
  leadId: string,
): Promise<{ aadhaarLast4: string; decidedAt: Date; audited: boolean } | null> {
  const [row] = await executor
    .select({ last4: videoKycSessions.aadhaarLast4, decidedAt: videoKycSessions.decidedAt, outcome: videoKycSessions.auditOutcome })
    .from(videoKycSessions)
    .where(
      and(
        eq(videoKycSessions.leadId, leadId),
        eq(videoKycSessions.status, "APPROVED"),
        or(isNull(videoKycSessions.auditOutcome), eq(videoKycSessions.auditOutcome, "CONFIRMED")),
      ),
    )
    .orderBy(desc(videoKycSessions.decidedAt))
    .limit(1);
  return row?.last4 && row.decidedAt ? { aadhaarLast4: row.last4, decidedAt: row.decidedAt, audited: row.outcome === "CONFIRMED" } : null;
}
