// Issue 33: the video KYC call's recordings. The official's browser records two streams, its own camera
// ("official") and the customer's ("customer"), one recording each, and uploads each in chunks as the call
// runs: a chunk is its recording's id and stream, a sequence number, its start and end times and its bytes
// (webm). Only the official who took the call uploads, while IN_CALL or within a short grace after the
// decision; a chunk sent twice is kept once. The decision finalises each recording (the SHA-256 over its
// chunks in order, into the audit chain); a call cut mid-way keeps what was uploaded.
import { createHash } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import { VIDEO_KYC_OFFICIAL_ROLES, VIDEO_KYC_READ_ROLES } from "../../../core/video-kyc.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import { videoKycRecordingChunks, videoKycRecordings } from "../../db/schema/index.ts";
import { Forbidden, Malformed, NotFound, Refused, TooLarge } from "../domain-errors.ts";
import { requireStaffRole, sessionById, type StaffActor, type VideoKycDeps, type VideoKycRow } from "./video-kyc-rows.ts";

/** A chunk's bytes at most (a 5 s slice of a call's video is well under 2 MB). */
export const RECORDING_CHUNK_MAX_BYTES = 4 * 1024 * 1024;
/** Chunks of a recording at most (over an hour of 5 s slices). */
export const RECORDING_MAX_CHUNKS = 1000;
/** After the decision, the chunks still on their way are taken this long (for a recording not yet finalised). */
export const RECORDING_GRACE_MS = 60_000;
export const RECORDING_STREAMS = ["official", "customer"] as const;
export type RecordingStream = (typeof RECORDING_STREAMS)[number];

export const RECORDING_MESSAGES = {
  notYourCall: "Only the official who took this call may record it.",
  notRecording: "This call is no longer being recorded.",
  finalised: "This recording is closed.",
  otherBytes: "This chunk was already received with other bytes.",
  bad: (field: string) => `The chunk's ${field} is missing or not valid.`,
  tooLarge: "The chunk is too large.",
  empty: "The chunk is empty.",
  notFound: "No such recording.",
} as const;

export interface RecordingChunkInput {
  recordingId: unknown;
  stream: unknown;
  seq: unknown;
  startedAt: unknown;
  endedAt: unknown;
  bytes: Uint8Array;
}

/** A recording as the call's screen lists it. */
export interface RecordingView {
  id: string;
  stream: RecordingStream;
  chunks: number;
  sizeBytes: number;
  startedAt: Date | null;
  endedAt: Date | null;
  durationMs: number | null;
  sha256: string | null;
  /** The last re-check against the audit entry (recording-check.ts), or null. */
  checkResult: "MATCHES" | "MISMATCH" | "MISSING" | null;
  checkedAt: Date | null;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const target = (id: string) => ({ kind: "video_kyc_session", id });

/** A time sent as milliseconds since 1970 (a number or its digits); null when not one. */
function instant(value: unknown): Date | null {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? new Date(n) : null;
}

function integer(value: unknown): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** The chunk's names, number and times checked (each its own message), its size bounded. */
function parsedChunk(input: RecordingChunkInput) {
  if (!isUuid(input.recordingId)) throw new Malformed(RECORDING_MESSAGES.bad("recording id"));
  const stream = RECORDING_STREAMS.find((s) => s === input.stream);
  if (!stream) throw new Malformed(RECORDING_MESSAGES.bad("stream"));
  const seq = integer(input.seq);
  if (seq === null || seq >= RECORDING_MAX_CHUNKS) throw new Malformed(RECORDING_MESSAGES.bad("sequence number"));
  const startedAt = instant(input.startedAt);
  const endedAt = instant(input.endedAt);
  if (!startedAt) throw new Malformed(RECORDING_MESSAGES.bad("start time"));
  if (!endedAt || endedAt < startedAt) throw new Malformed(RECORDING_MESSAGES.bad("end time"));
  if (input.bytes.byteLength === 0) throw new Malformed(RECORDING_MESSAGES.empty);
  if (input.bytes.byteLength > RECORDING_CHUNK_MAX_BYTES) throw new TooLarge(RECORDING_MESSAGES.tooLarge);

  return { recordingId: input.recordingId, stream, seq, startedAt, endedAt };
}

/**
 * Whether the session still takes chunks: in the call; once decided, less than the grace ago and only for a
 * recording begun in the call and not closed (the decision closes every one, so this is the case of a close that failed).
 */
const recordingOpen = (row: VideoKycRow, at: Date) =>
  row.status === "IN_CALL" ||
  (row.decidedAt !== null && (row.status === "APPROVED" || row.status === "REJECTED") && at.getTime() - row.decidedAt.getTime() <= RECORDING_GRACE_MS);

async function listFor(db: VideoKycDeps["db"], sessionId: string): Promise<RecordingView[]> {
  const rows = await db
    .select()
    .from(videoKycRecordings)
    .where(eq(videoKycRecordings.sessionId, sessionId))
    .orderBy(asc(videoKycRecordings.createdAt), asc(videoKycRecordings.stream));
  const views: RecordingView[] = [];
  for (const r of rows) {
    const chunks = r.finalisedAt ? null : await db.select().from(videoKycRecordingChunks).where(eq(videoKycRecordingChunks.recordingId, r.id));
    const startedAt = r.startedAt ?? (chunks?.length ? new Date(Math.min(...chunks.map((c) => c.startedAt.getTime()))) : null);
    const endedAt = r.endedAt ?? (chunks?.length ? new Date(Math.max(...chunks.map((c) => c.endedAt.getTime()))) : null);
    views.push({
      id: r.id,
      stream: r.stream,
      chunks: r.chunkCount ?? chunks?.length ?? 0,
      sizeBytes: r.sizeBytes ?? chunks?.reduce((n, c) => n + c.sizeBytes, 0) ?? 0,
      startedAt,
      endedAt,
      durationMs: startedAt && endedAt ? endedAt.getTime() - startedAt.getTime() : null,
      sha256: r.sha256,
      checkResult: r.checkResult,
      checkedAt: r.checkedAt,
    });
  }
  return views;
}

export function createVideoKycRecording(deps: Pick<VideoKycDeps, "db" | "now" | "storage" | "audit">) {
  const { db, now, storage, audit } = deps;

  /**
   * Closes the session's open recordings: each one's SHA-256 over its chunks in sequence order, its times
   * and size, written to its row and to the audit chain (as the official who took the call). Called on the
   * decision; what was uploaded before a cut is what is kept.
   */
  async function finalise(sessionId: string, actor: StaffActor | null): Promise<void> {
    const open = await db
      .select()
      .from(videoKycRecordings)
      .where(and(eq(videoKycRecordings.sessionId, sessionId), isNull(videoKycRecordings.finalisedAt)));
    for (const recording of open) {
      const chunks = await db
        .select()
        .from(videoKycRecordingChunks)
        .where(eq(videoKycRecordingChunks.recordingId, recording.id))
        .orderBy(asc(videoKycRecordingChunks.seq));
      const hash = createHash("sha256");
      let size = 0;
      for (const chunk of chunks) {
        const bytes = await storage.get(chunk.storageKey);
        if (bytes) hash.update(bytes);
        size += bytes?.byteLength ?? 0;
      }
      const digest = hash.digest("hex");
      const startedAt = chunks.length ? new Date(Math.min(...chunks.map((c) => c.startedAt.getTime()))) : null;
      const endedAt = chunks.length ? new Date(Math.max(...chunks.map((c) => c.endedAt.getTime()))) : null;
      const at = now();
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(videoKycRecordings)
          .set({ chunkCount: chunks.length, sizeBytes: size, startedAt, endedAt, sha256: digest, finalisedAt: at })
          .where(and(eq(videoKycRecordings.id, recording.id), isNull(videoKycRecordings.finalisedAt)))
          .returning({ id: videoKycRecordings.id });
        if (!row) return;
        const after = {
          recordingId: recording.id,
          stream: recording.stream,
          chunks: chunks.length,
          sizeBytes: size,
          durationMs: startedAt && endedAt ? endedAt.getTime() - startedAt.getTime() : 0,
          sha256: digest,
        };
        await audit.record(tx, { actor, action: "video_kyc.recording", target: target(sessionId), after });
      });
    }
  }

  return {
    /** One chunk from the official who took the call; the same (recording, seq) again answers as the first time. */
    async uploadChunk(actor: StaffActor | null | undefined, sessionId: unknown, input: RecordingChunkInput): Promise<{ stored: boolean }> {
      const official = requireStaffRole(actor, ...VIDEO_KYC_OFFICIAL_ROLES);
      const { recordingId, stream, seq, startedAt, endedAt } = parsedChunk(input);
      const session = await sessionById(db, sessionId);
      if (session.officialId !== official.staffId) throw new Forbidden(RECORDING_MESSAGES.notYourCall);
      const [existing] = await db.select().from(videoKycRecordings).where(eq(videoKycRecordings.id, recordingId));
      if (existing && (existing.sessionId !== session.id || existing.stream !== stream)) throw new Malformed(RECORDING_MESSAGES.bad("recording id"));
      const digest = sha256(input.bytes);
      const [already] = existing
        ? await db
            .select()
            .from(videoKycRecordingChunks)
            .where(and(eq(videoKycRecordingChunks.recordingId, existing.id), eq(videoKycRecordingChunks.seq, seq)))
        : [];
      if (already) {
        if (already.sha256 !== digest) throw new Refused(RECORDING_MESSAGES.otherBytes);
        return { stored: false };
      }
      const at = now();
      if (!recordingOpen(session, at) || (session.status !== "IN_CALL" && !existing)) throw new Refused(RECORDING_MESSAGES.notRecording);
      if (existing?.finalisedAt) throw new Refused(RECORDING_MESSAGES.finalised);

      const key = await storage.put(input.bytes);
      const stored = await db.transaction(async (tx) => {
        await tx
          .insert(videoKycRecordings)
          .values({ id: recordingId, sessionId: session.id, stream, officialId: official.staffId, createdAt: at })
          .onConflictDoNothing();
        const [row] = await tx
          .insert(videoKycRecordingChunks)
          .values({
            recordingId: recordingId,
            seq,
            startedAt,
            endedAt,
            sizeBytes: input.bytes.byteLength,
            sha256: digest,
            storageKey: key,
            receivedAt: at,
          })
          .onConflictDoNothing()
          .returning({ seq: videoKycRecordingChunks.seq });
        return Boolean(row);
      });
      // Two of the same chunk at once: the other's row stands, this copy goes.
      if (!stored) await storage.delete(key);
      // After the decision (its close failed): closed again with this chunk.
      else if (session.status !== "IN_CALL") await finalise(session.id, official);
      return { stored };
    },

    finalise,

    /** The call's recordings, for staff who may read the call (the caller has checked). */
    list: (sessionId: string) => listFor(db, sessionId),

    /** A recording's bytes: its chunks in order, one after another (for staff who may read the call). */
    async open(
      actor: StaffActor | null | undefined,
      sessionId: unknown,
      recordingId: unknown,
    ): Promise<{ view: RecordingView; chunks: () => AsyncGenerator<Uint8Array> }> {
      requireStaffRole(actor, ...VIDEO_KYC_READ_ROLES);
      const session = await sessionById(db, sessionId);
      if (!isUuid(recordingId)) throw new NotFound(RECORDING_MESSAGES.notFound);
      const view = (await listFor(db, session.id)).find((r) => r.id === recordingId);
      if (!view) throw new NotFound(RECORDING_MESSAGES.notFound);
      const rows = await db
        .select({ key: videoKycRecordingChunks.storageKey })
        .from(videoKycRecordingChunks)
        .where(eq(videoKycRecordingChunks.recordingId, view.id))
        .orderBy(asc(videoKycRecordingChunks.seq));
      return {
        view,
        chunks: async function* () {
          for (const r of rows) {
            const bytes = await storage.get(r.key);
            if (bytes) yield bytes;
          }
        },
      };
    },
  };
}

export type VideoKycRecording = ReturnType<typeof createVideoKycRecording>;
