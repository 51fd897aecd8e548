// Issue 33: whether the customer is still in their video KYC call. Their side is "seen" while their
// signalling stream is open (at its opening, each 15 s heartbeat, each message, and its closing). Gone
// longer than the rejoin window (10 minutes, core/video-kyc.ts), the call is over: the session ends as
// DROPPED (no one's decision), its recordings are closed with their hash as a decided call's are, and the
// customer starts a new video KYC. Checked on every read of the call by either side and by a job each
// minute (calls nobody is looking at). Also the device whose stream is the call's: another one is noted
// for the official (the session's call events and the audit chain).
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { customerGone, REJOIN_WINDOW_MS } from "../../../core/video-kyc.ts";
import { videoKycSessions, type VideoKycCallEvent } from "../../db/schema/index.ts";
import type { VideoKycRecording } from "./recording.ts";
import type { VideoKycDeps, VideoKycRow } from "./video-kyc-rows.ts";

export const CALL_PRESENCE_MESSAGES = {
  dropped: "The customer left more than 10 minutes ago: the call has ended.",
  otherDevice: "The customer joined from another device",
} as const;

const target = (id: string) => ({ kind: "video_kyc_session", id });
/** A call taken before migration 1720 has no "seen" yet: the take is when the customer was last known there. */
const lastSeen = (row: VideoKycRow) => row.customerSeenAt ?? row.takenAt ?? row.updatedAt;

export function createCallPresence(deps: Pick<VideoKycDeps, "db" | "now" | "audit">, recording: Pick<VideoKycRecording, "finalise">) {
  const { db, now, audit } = deps;

  /** Ends the call as DROPPED when its customer is gone past the window (the update re-checks, so two at once end it once). */
  async function drop(row: VideoKycRow): Promise<VideoKycRow | null> {
    const at = now();
    const cutoff = new Date(at.getTime() - REJOIN_WINDOW_MS);
    const dropped = await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(videoKycSessions)
        .set({ status: "DROPPED", droppedAt: at, updatedAt: at })
        .where(
          and(
            eq(videoKycSessions.id, row.id),
            eq(videoKycSessions.status, "IN_CALL"),
            or(lt(videoKycSessions.customerSeenAt, cutoff), and(isNull(videoKycSessions.customerSeenAt), lt(videoKycSessions.takenAt, cutoff))),
          ),
        )
        .returning();
      if (moved) {
        const after = { status: "DROPPED", customerLastSeenAt: lastSeen(row).toISOString() };
        await audit.record(tx, { actor: null, action: "video_kyc.dropped", target: target(moved.id), after });
      }
      return moved ?? null;
    });
    // What was uploaded is kept: the recordings close with their hash, as on a decision.
    if (dropped) await recording.finalise(dropped.id, null);
    return dropped;
  }

  return {
    /** The row as it stands once the rule is applied: a call whose customer is gone comes back DROPPED. */
    async current(row: VideoKycRow): Promise<VideoKycRow> {
      if (row.status !== "IN_CALL" || !customerGone(lastSeen(row), now())) return row;
      const dropped = await drop(row);
      if (dropped) return dropped;
      const [fresh] = await db.select().from(videoKycSessions).where(eq(videoKycSessions.id, row.id));
      return fresh ?? row;
    },

    /** The customer's side is connected now (a call in progress only). */
    async seen(sessionId: string): Promise<void> {
      const at = now();
      await db
        .update(videoKycSessions)
        .set({ customerSeenAt: at })
        .where(and(eq(videoKycSessions.id, sessionId), eq(videoKycSessions.status, "IN_CALL")));
    },

    /**
     * The customer's stream opened from `device` (the browser tab's random id): it becomes the call's device. A
     * device other than the last one is noted for the official: the note, or null.
     */
    async device(row: VideoKycRow, device: string | null): Promise<VideoKycCallEvent | null> {
      if (!device || row.customerDevice === device) return null;
      const at = now();
      const other = row.customerDevice !== null;
      const event: VideoKycCallEvent = { kind: "other_device", at: at.toISOString() };
      return db.transaction(async (tx) => {
        const [moved] = await tx
          .update(videoKycSessions)
          .set({
            customerDevice: device,
            ...(other ? { callEvents: sql`coalesce(${videoKycSessions.callEvents}, '[]'::jsonb) || ${JSON.stringify([event])}::jsonb` } : {}),
          })
          .where(
            and(
              eq(videoKycSessions.id, row.id),
              eq(videoKycSessions.status, "IN_CALL"),
              row.customerDevice === null ? isNull(videoKycSessions.customerDevice) : eq(videoKycSessions.customerDevice, row.customerDevice),
            ),
          )
          .returning({ id: videoKycSessions.id });
        if (!moved || !other) return null;
        await audit.record(tx, { actor: null, action: "video_kyc.other_device", target: target(row.id), after: { event: event.kind } });
        return event;
      });
    },

    /** The job: every call in progress whose customer has gone past the window ends as DROPPED. */
    async dropGone(): Promise<{ dropped: number }> {
      const cutoff = new Date(now().getTime() - REJOIN_WINDOW_MS);
      const gone = await db
        .select()
        .from(videoKycSessions)
        .where(
          and(
            eq(videoKycSessions.status, "IN_CALL"),
            or(lt(videoKycSessions.customerSeenAt, cutoff), and(isNull(videoKycSessions.customerSeenAt), lt(videoKycSessions.takenAt, cutoff))),
          ),
        );
      let dropped = 0;
      for (const row of gone) if (await drop(row)) dropped++;
      return { dropped };
    },
  };
}

export type CallPresence = ReturnType<typeof createCallPresence>;
