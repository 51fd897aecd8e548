// Issue 33: whether the customer is still in their video KYC call. Their side is "seen" while their
// signalling stream is open (at its opening, each 15 s heartbeat, each message, and its closing). Gone
// longer than the rejoin window (10 minutes, core/video-kyc.ts), the call is over: the session ends as
// DROPPED (no one's decision), its recordings are closed with their hash as a decided call's are, and the
// customer starts a new video KYC. Checked on every read of the call by either side and by a job each
// minute (calls nobody is looking at). Also the device whose stream is the call's: another one is noted
// for the official (the session's call events and the audit chain). The same 10 minutes hold in the waiting
// room: a customer whose page has not read their place for that long leaves the queue (back to the step
// before it, their identity kept), so no official takes a call with nobody there.
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
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
/** In the waiting room, seen at each read of the session by their page; joined before migration 1720's column, at the join. */
const lastSeenWaiting = (row: VideoKycRow) => row.customerSeenAt ?? row.queuedAt ?? row.updatedAt;
const goneBefore = (cutoff: Date, since: typeof videoKycSessions.takenAt | typeof videoKycSessions.queuedAt) =>
  or(lt(videoKycSessions.customerSeenAt, cutoff), and(isNull(videoKycSessions.customerSeenAt), lt(since, cutoff)));

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
        .where(and(eq(videoKycSessions.id, row.id), eq(videoKycSessions.status, "IN_CALL"), goneBefore(cutoff, videoKycSessions.takenAt)))
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

  /**
   * Takes a waiting customer gone past the window out of the queue: back to IDENTITY_READ (the file read stays),
   * `queued_at` kept so their page can say why; joining again puts them at the back. Once, as `drop`.
   */
  async function leaveQueue(row: VideoKycRow): Promise<VideoKycRow | null> {
    const at = now();
    const cutoff = new Date(at.getTime() - REJOIN_WINDOW_MS);
    return db.transaction(async (tx) => {
      const [moved] = await tx
        .update(videoKycSessions)
        .set({ status: "IDENTITY_READ", customerSeenAt: null, updatedAt: at })
        .where(and(eq(videoKycSessions.id, row.id), eq(videoKycSessions.status, "WAITING"), goneBefore(cutoff, videoKycSessions.queuedAt)))
        .returning();
      if (moved) {
        const after = { status: "IDENTITY_READ", customerLastSeenAt: lastSeenWaiting(row).toISOString() };
        await audit.record(tx, { actor: null, action: "video_kyc.left_queue", target: target(moved.id), after });
      }
      return moved ?? null;
    });
  }

  return {
    /**
     * The row as it stands once the rule is applied: a call whose customer is gone comes back DROPPED, a
     * waiting customer gone past the window back out of the queue.
     */
    async current(row: VideoKycRow): Promise<VideoKycRow> {
      const inCallGone = row.status === "IN_CALL" && customerGone(lastSeen(row), now());
      const waitingGone = row.status === "WAITING" && customerGone(lastSeenWaiting(row), now());
      if (!inCallGone && !waitingGone) return row;
      const moved = inCallGone ? await drop(row) : await leaveQueue(row);
      if (moved) return moved;
      const [fresh] = await db.select().from(videoKycSessions).where(eq(videoKycSessions.id, row.id));
      return fresh ?? row;
    },

    /** The customer is there now: their call's stream, or their waiting room's read of their place. */
    async seen(sessionId: string): Promise<void> {
      const at = now();
      await db
        .update(videoKycSessions)
        .set({ customerSeenAt: at })
        .where(and(eq(videoKycSessions.id, sessionId), inArray(videoKycSessions.status, ["IN_CALL", "WAITING"])));
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

    /**
     * The job: every call in progress whose customer has gone past the window ends as DROPPED, and every
     * waiting customer gone as long leaves the queue.
     */
    async dropGone(): Promise<{ dropped: number; leftQueue: number }> {
      const cutoff = new Date(now().getTime() - REJOIN_WINDOW_MS);
      const gone = await db
        .select()
        .from(videoKycSessions)
        .where(
          or(
            and(eq(videoKycSessions.status, "IN_CALL"), goneBefore(cutoff, videoKycSessions.takenAt)),
            and(eq(videoKycSessions.status, "WAITING"), goneBefore(cutoff, videoKycSessions.queuedAt)),
          ),
        );
      let dropped = 0;
      let leftQueue = 0;
      for (const row of gone) {
        if (row.status === "IN_CALL" && (await drop(row))) dropped++;
        if (row.status === "WAITING" && (await leaveQueue(row))) leftQueue++;
      }
      return { dropped, leftQueue };
    },
  };
}

export type CallPresence = ReturnType<typeof createCallPresence>;
