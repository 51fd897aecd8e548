// Issue 33: the official's snapshots in a video KYC call (RBI's V-CIP: the customer's face and their PAN
// card, captured in the call). The official's screen draws the customer's video frame on a canvas and posts
// it as a JPEG; only the official who took the call, only while IN_CALL. The bytes go to the storage port,
// a row per snapshot (kind, key, SHA-256, size, time, official), and the SHA-256 into the audit chain. A
// retake adds a row: the newest of a kind is the one that counts. An approval needs one of each.
import { createHash } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import { isJpeg, SNAPSHOT_MAX_BYTES, VIDEO_KYC_OFFICIAL_ROLES, VIDEO_KYC_SNAPSHOT_KINDS, type VideoKycSnapshotKind } from "../../../core/video-kyc.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { videoKycSessions, videoKycSnapshots } from "../../db/schema/index.ts";
import { Forbidden, Malformed, NotFound, Refused, TooLarge } from "../domain-errors.ts";
import type { CallPresence } from "./call-presence.ts";
import { requireStaffRole, sessionById, type StaffActor, type VideoKycDeps } from "./video-kyc-rows.ts";

export const SNAPSHOT_MESSAGES = {
  notYourCall: "Only the official who took this call may take its snapshots.",
  notInCall: "This call is not in progress, so no snapshot can be taken.",
  kind: "Say which snapshot this is: kind must be face or pan.",
  contentType: "Send the snapshot as image/jpeg.",
  empty: "The snapshot is empty.",
  notJpeg: "The snapshot is not a JPEG image (its bytes must begin FF D8 FF).",
  tooLarge: "The snapshot is larger than 1 MB.",
  notFound: "No such snapshot.",
} as const;

/** A snapshot as the call screen and My data name it (never its bytes). */
export interface SnapshotView {
  id: string;
  kind: VideoKycSnapshotKind;
  takenAt: Date;
  sha256: string;
  sizeBytes: number;
}

const target = (id: string) => ({ kind: "video_kyc_session", id });
const view = (r: typeof videoKycSnapshots.$inferSelect): SnapshotView => ({
  id: r.id,
  kind: r.kind,
  takenAt: r.takenAt,
  sha256: r.sha256,
  sizeBytes: r.sizeBytes,
});

/** The newest snapshot of each kind the session has (the ones that count), in the kinds' order. */
export async function latestSnapshots(db: Pick<Db, "select">, sessionId: string): Promise<SnapshotView[]> {
  const rows = await db
    .select()
    .from(videoKycSnapshots)
    .where(eq(videoKycSnapshots.sessionId, sessionId))
    .orderBy(desc(videoKycSnapshots.takenAt), desc(videoKycSnapshots.id));
  return VIDEO_KYC_SNAPSHOT_KINDS.flatMap((kind) => {
    const newest = rows.find((r) => r.kind === kind);
    return newest ? [view(newest)] : [];
  });
}

/** Every snapshot of the session, oldest first (retakes too): the call's record. */
export async function allSnapshots(db: Pick<Db, "select">, sessionId: string): Promise<SnapshotView[]> {
  const rows = await db.select().from(videoKycSnapshots).where(eq(videoKycSnapshots.sessionId, sessionId)).orderBy(asc(videoKycSnapshots.takenAt));
  return rows.map(view);
}

export interface SnapshotInput {
  kind: unknown;
  /** The request's Content-Type (only image/jpeg). */
  contentType: string | null | undefined;
  bytes: Uint8Array;
}

export function createVideoKycSnapshots(deps: Pick<VideoKycDeps, "db" | "now" | "storage" | "audit">, presence: Pick<CallPresence, "current">) {
  const { db, now, storage, audit } = deps;

  return {
    /** One snapshot from the official who took the call, while it is in progress. */
    async take(actor: StaffActor | null | undefined, sessionId: unknown, input: SnapshotInput): Promise<SnapshotView> {
      const official = requireStaffRole(actor, ...VIDEO_KYC_OFFICIAL_ROLES);
      const kind = VIDEO_KYC_SNAPSHOT_KINDS.find((k) => k === input.kind);
      if (!kind) throw new Malformed(SNAPSHOT_MESSAGES.kind);
      // Gone more than 10 minutes, the call has ended (DROPPED) before anything is stored.
      const session = await presence.current(await sessionById(db, sessionId));
      if (session.officialId !== official.staffId) throw new Forbidden(SNAPSHOT_MESSAGES.notYourCall);
      if (session.status !== "IN_CALL") throw new Refused(SNAPSHOT_MESSAGES.notInCall);
      if ((input.contentType ?? "").split(";")[0]!.trim().toLowerCase() !== "image/jpeg") throw new Malformed(SNAPSHOT_MESSAGES.contentType);
      if (input.bytes.byteLength === 0) throw new Malformed(SNAPSHOT_MESSAGES.empty);
      if (input.bytes.byteLength > SNAPSHOT_MAX_BYTES) throw new TooLarge(SNAPSHOT_MESSAGES.tooLarge);
      if (!isJpeg(input.bytes)) throw new Malformed(SNAPSHOT_MESSAGES.notJpeg);

      const sha256 = createHash("sha256").update(input.bytes).digest("hex");
      const key = await storage.put(input.bytes);
      const at = now();
      const row = await db.transaction(async (tx) => {
        // Still this official's call in progress (a decision may have come meanwhile).
        const [live] = await tx
          .select({ id: videoKycSessions.id })
          .from(videoKycSessions)
          .where(and(eq(videoKycSessions.id, session.id), eq(videoKycSessions.status, "IN_CALL"), eq(videoKycSessions.officialId, official.staffId)))
          .for("update");
        if (!live) return null;
        const [inserted] = await tx
          .insert(videoKycSnapshots)
          .values({ sessionId: session.id, kind, storageKey: key, sha256, sizeBytes: input.bytes.byteLength, takenAt: at, officialId: official.staffId })
          .returning();
        const after = { snapshotId: inserted!.id, kind, sizeBytes: inserted!.sizeBytes, sha256 };
        await audit.record(tx, { actor: official, action: "video_kyc.snapshot", target: target(session.id), after });
        return inserted!;
      });
      if (!row) {
        await storage.delete(key);
        throw new Refused(SNAPSHOT_MESSAGES.notInCall);
      }
      return view(row);
    },

    /** The newest of each kind (the caller has checked the reader may read the call). */
    latest: (sessionId: string) => latestSnapshots(db, sessionId),

    /** A snapshot's bytes (the caller has checked the reader may read the call); another session's is "not found". */
    async open(sessionId: string, snapshotId: unknown): Promise<{ view: SnapshotView; bytes: Uint8Array }> {
      if (!isUuid(snapshotId)) throw new NotFound(SNAPSHOT_MESSAGES.notFound);
      const [row] = await db
        .select()
        .from(videoKycSnapshots)
        .where(and(eq(videoKycSnapshots.id, snapshotId), eq(videoKycSnapshots.sessionId, sessionId)));
      const bytes = row ? await storage.get(row.storageKey) : null;
      if (!row || !bytes) throw new NotFound(SNAPSHOT_MESSAGES.notFound);
      return { view: view(row), bytes };
    },
  };
}

export type VideoKycSnapshots = ReturnType<typeof createVideoKycSnapshots>;
