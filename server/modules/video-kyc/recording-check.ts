// Issue 33: the re-check of the video KYC recordings against the audit chain. Each closed recording's chunks
// are read back from storage in sequence order, their SHA-256 recomputed and compared with the one its
// `video_kyc.recording` audit entry holds (written when it was closed, hash-chained, so the row's own copy
// alone proves nothing). A chunk missing from storage, other bytes, or no audit entry is reported; each
// recording's result and time are kept on its row, for the call screen. `npm run recordings:check` runs it.
import { createHash } from "node:crypto";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { auditLog, videoKycRecordingChunks, videoKycRecordings } from "../../db/schema/index.ts";
import type { VideoKycDeps } from "./video-kyc-rows.ts";

export type RecordingCheckResult = "MATCHES" | "MISMATCH" | "MISSING";

export interface RecordingCheckReport {
  checked: number;
  matches: number;
  /** Each recording that does not match: why, in the back office's English. */
  problems: { recordingId: string; sessionId: string; result: Exclude<RecordingCheckResult, "MATCHES">; detail: string }[];
}

export function createRecordingCheck(deps: Pick<VideoKycDeps, "db" | "now" | "storage">) {
  const { db, now, storage } = deps;

  /** The SHA-256 the audit chain recorded for the recording when it was closed (the newest entry: a close after a late chunk). */
  async function auditedHash(sessionId: string, recordingId: string): Promise<string | null> {
    const entries = await db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, "video_kyc.recording"), eq(auditLog.targetKind, "video_kyc_session"), eq(auditLog.targetId, sessionId)))
      .orderBy(asc(auditLog.seq));
    let hash: string | null = null;
    for (const { after } of entries) {
      const a = after as { recordingId?: unknown; sha256?: unknown } | null;
      if (a?.recordingId === recordingId && typeof a.sha256 === "string") hash = a.sha256;
    }
    return hash;
  }

  /** Re-checks one closed recording: its result and, when not a match, why. */
  async function checkOne(recording: typeof videoKycRecordings.$inferSelect): Promise<{ result: RecordingCheckResult; detail: string }> {
    const expected = await auditedHash(recording.sessionId, recording.id);
    if (!expected) return { result: "MISMATCH", detail: "No audit entry holds this recording's SHA-256." };
    const chunks = await db
      .select({ seq: videoKycRecordingChunks.seq, key: videoKycRecordingChunks.storageKey })
      .from(videoKycRecordingChunks)
      .where(eq(videoKycRecordingChunks.recordingId, recording.id))
      .orderBy(asc(videoKycRecordingChunks.seq));
    const hash = createHash("sha256");
    for (const chunk of chunks) {
      const bytes = await storage.get(chunk.key);
      if (!bytes) return { result: "MISSING", detail: `Chunk ${chunk.seq} is missing from storage.` };
      hash.update(bytes);
    }
    const found = hash.digest("hex");
    if (found !== expected) return { result: "MISMATCH", detail: `The stored bytes hash to ${found}; the audit entry says ${expected}.` };
    if (recording.sha256 !== expected) return { result: "MISMATCH", detail: `The recording's row says ${recording.sha256}; the audit entry says ${expected}.` };
    return { result: "MATCHES", detail: "" };
  }

  return {
    /** Every closed recording re-checked; the mismatches and missing chunks reported, each row's result kept. */
    async run(): Promise<RecordingCheckReport> {
      const closed = await db.select().from(videoKycRecordings).where(isNotNull(videoKycRecordings.finalisedAt)).orderBy(asc(videoKycRecordings.createdAt));
      const report: RecordingCheckReport = { checked: 0, matches: 0, problems: [] };
      for (const recording of closed) {
        const { result, detail } = await checkOne(recording);
        await db.update(videoKycRecordings).set({ checkedAt: now(), checkResult: result }).where(eq(videoKycRecordings.id, recording.id));
        report.checked++;
        if (result === "MATCHES") report.matches++;
        else report.problems.push({ recordingId: recording.id, sessionId: recording.sessionId, result, detail });
      }
      return report;
    },
  };
}

export type RecordingCheck = ReturnType<typeof createRecordingCheck>;
