// Issue 33: the back office's video KYC desk (/admin/video-kyc) over the officials' service: the lists
// (the queue, my calls in progress, the calls waiting for an audit), and the call screen: the Aadhaar
// record and photo, the PAN record, the location with its distance from the Aadhaar address, three
// questions from the customer's own data, the ticks. The official who took the call sees what they must
// compare; a second person (the audit) sees the record masked and the marks without the answers.
import { createHash } from "node:crypto";
import { and, asc, eq, inArray, isNull, ne, or } from "drizzle-orm";
import type { VideoKycCallRow, VideoKycCallScreen, VideoKycDesk, VideoKycQueueRow } from "../../../core/admin/video-kyc-desk.ts";
import { formatDate, maskedName } from "../../../core/format.ts";
import { distanceFromAddress, isInIndia } from "../../../core/india-location.ts";
import { LIVENESS_ACTION_LABELS, livenessActionKey, VIDEO_KYC_READ_ROLES, videoKycQuestions, type VideoKycCheck } from "../../../core/video-kyc.ts";
import { apiPath, fillPath } from "../../../core/contract/paths.ts";
import { customerEmploymentDetails, customerProfiles, videoKycSessions } from "../../db/schema/index.ts";
import type { OfflineEkycAddress } from "../../providers/offline-ekyc/file.ts";
import { requireStaffRole, sessionById, type StaffActor, type VideoKycDeps, type VideoKycRow } from "./video-kyc-rows.ts";
import type { RecordingView, VideoKycRecording } from "./recording.ts";
import type { createVideoKycOfficial } from "./video-kyc-official.ts";
import { iceServersFor } from "./ice-servers.ts";
import type { SnapshotView, VideoKycSnapshots } from "./snapshot.ts";

type Official = ReturnType<typeof createVideoKycOfficial>;
type Recordings = Pick<VideoKycRecording, "list">;
type Bound<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (actor: StaffActor | null, ...rest: A) => R : never };

const row = (r: { id: string; name: string | null; status: string; at: Date | null }): VideoKycCallRow => ({
  id: r.id,
  name: maskedName(r.name),
  status: r.status,
  at: (r.at ?? new Date(0)).toISOString(),
});

/** The address as one line, field by field as UIDAI gives it. */
function addressLine(a: Partial<OfflineEkycAddress> | null): string {
  if (!a) return "";
  const parts = [a.careOf, a.house, a.street, a.landmark, a.locality, a.vtc, a.postOffice, a.subDistrict, a.district, a.state, a.pincode];
  return parts.filter((p) => p && p.trim()).join(", ");
}

/** "XXXXXX234F" style: only the last four characters. */
const maskedLast4 = (last4: string | null, length: number) => (last4 ? `${"X".repeat(length - last4.length)}${last4}` : "—");

/** A recording as the call screen lists it: times, size, the SHA-256 once closed, and its last re-check. */
const recordingRow = (x: RecordingView): VideoKycCallScreen["recordings"][number] => ({
  id: x.id,
  stream: x.stream,
  chunks: x.chunks,
  sizeBytes: x.sizeBytes,
  startedAt: x.startedAt?.toISOString() ?? null,
  durationMs: x.durationMs,
  sha256: x.sha256,
  check: x.checkResult && x.checkedAt ? { result: x.checkResult, at: x.checkedAt.toISOString() } : null,
});

/** A snapshot as the call screen shows it: the image by its route (no-store), when and its SHA-256. */
const snapshotRow = (sessionId: string, x: SnapshotView) => ({
  id: x.id,
  src: fillPath(apiPath("videoKycSnapshotFile"), { sessionId, snapshotId: x.id }),
  takenAt: x.takenAt.toISOString(),
  sha256: x.sha256,
});

export function createVideoKycScreen(deps: VideoKycDeps, official: Official, recording: Recordings, snapshots: Pick<VideoKycSnapshots, "latest">) {
  const { db, storage } = deps;

  async function screen(actor: StaffActor, r: VideoKycRow): Promise<VideoKycCallScreen> {
    const mine = r.officialId === actor.staffId;
    const decided = r.status === "APPROVED" || r.status === "REJECTED";
    const canAudit = decided && !r.auditedAt && !mine;
    // The official in the call compares the full record; anyone else (the audit, an auditor) sees it masked.
    const masked = !(mine && r.status === "IN_CALL");
    const address = (r.address ?? null) as Partial<OfflineEkycAddress> | null;
    const [profile] = await db
      .select({
        fullName: customerProfiles.fullName,
        dob: customerProfiles.dob,
        panLast4: customerProfiles.pancardLast4,
        panVerified: customerProfiles.pancardVerifiedStatus,
        city: customerProfiles.residenceCity,
      })
      .from(customerProfiles)
      .where(eq(customerProfiles.id, r.profileId));
    const [job] = await db
      .select({ employer: customerEmploymentDetails.companyName, designation: customerEmploymentDetails.designation })
      .from(customerEmploymentDetails)
      .where(eq(customerEmploymentDetails.profileId, r.profileId));
    const photoBytes = r.photoKey ? await storage.get(r.photoKey) : null;
    const facts = {
      dob: r.dob ? formatDate(r.dob) : null,
      pincode: address?.pincode ?? null,
      careOf: address?.careOf ?? null,
      district: address?.district ?? null,
      employer: job?.employer ?? null,
      designation: job?.designation ?? null,
      panLast4: profile?.panLast4 ?? null,
      city: profile?.city ?? null,
    };
    const seed = createHash("sha256").update(r.id).digest();
    const taken = await snapshots.latest(r.id);
    const face = taken.find((x) => x.kind === "face");
    const pan = taken.find((x) => x.kind === "pan");
    const livenessKey = livenessActionKey(r.livenessAction);
    const liveness = livenessKey ? { key: livenessKey, label: LIVENESS_ACTION_LABELS[livenessKey] } : null;
    const stored = (r.checks ?? {}) as Partial<Record<VideoKycCheck, boolean>> & { questions?: { topic: string; correct: boolean }[] };
    const marks = new Map((stored.questions ?? []).map((q) => [q.topic, q.correct]));
    const checks = Object.fromEntries(Object.entries(stored).filter(([k]) => k !== "questions")) as Partial<Record<VideoKycCheck, boolean>>;
    return {
      id: r.id,
      status: r.status,
      mine,
      canAudit,
      masked,
      aadhaar: {
        name: masked ? maskedName(r.name) : (r.name ?? "—"),
        dob: r.dob ? (masked ? `XX-XX-${r.dob.slice(0, 4)}` : formatDate(r.dob)) : "—",
        gender: r.gender ?? "—",
        address: masked ? [address?.district, address?.state, address?.pincode].filter(Boolean).join(", ") : addressLine(address),
        pincode: address?.pincode ?? "",
        last4: maskedLast4(r.aadhaarLast4, 12),
        fileMadeAt: r.ekycGeneratedAt ? r.ekycGeneratedAt.toISOString() : null,
        mobileMatches: r.mobileMatches,
        // The audit compares the face with the recording, so it sees the photo too.
        photo: photoBytes ? `data:image/jpeg;base64,${Buffer.from(photoBytes).toString("base64")}` : null,
      },
      pan: profile
        ? {
            number: maskedLast4(profile.panLast4, 10),
            name: masked ? maskedName(profile.fullName) : (profile.fullName ?? "—"),
            dob: profile.dob ? (masked ? `XX-XX-${profile.dob.slice(0, 4)}` : formatDate(profile.dob)) : "—",
            verified: profile.panVerified === 1,
          }
        : null,
      location:
        r.latitude !== null && r.longitude !== null
          ? {
              latitude: r.latitude,
              longitude: r.longitude,
              accuracy: r.locationAccuracyM ?? 0,
              inIndia: isInIndia(r.latitude, r.longitude),
              fromAddress: distanceFromAddress({ latitude: r.latitude, longitude: r.longitude }, address?.pincode),
            }
          : null,
      livenessAction: liveness,
      // Everyone who may read the call sees both (the audit compares the face, and checks the PAN was legible).
      snapshots: { face: face ? snapshotRow(r.id, face) : null, pan: pan ? snapshotRow(r.id, pan) : null },
      iceServers: mine && r.status === "IN_CALL" ? iceServersFor(deps.ice, r.id, deps.now()) : [],
      questions: videoKycQuestions(facts, seed).map((q) => ({ ...q, answer: masked ? "" : q.answer, correct: marks.get(q.topic) ?? null })),
      checks,
      recordings: (await recording.list(r.id)).map(recordingRow),
      events: r.callEvents ?? [],
      droppedAt: r.droppedAt?.toISOString() ?? null,
      decisionReason: r.decisionReason,
      auditOutcome: r.auditOutcome,
      auditNote: r.auditNote,
    };
  }

  const desk = {
    async queue(actor: StaffActor | null): Promise<VideoKycQueueRow[]> {
      const rows = await official.queue(actor);
      return rows.map((q) => ({ ...q, queuedAt: q.queuedAt.toISOString() }));
    },

    async mine(actor: StaffActor | null): Promise<VideoKycCallRow[]> {
      const me = requireStaffRole(actor, ...VIDEO_KYC_READ_ROLES);
      const rows = await db
        .select({ id: videoKycSessions.id, name: videoKycSessions.name, status: videoKycSessions.status, at: videoKycSessions.takenAt })
        .from(videoKycSessions)
        .where(and(eq(videoKycSessions.status, "IN_CALL"), eq(videoKycSessions.officialId, me.staffId)))
        .orderBy(asc(videoKycSessions.takenAt));
      return rows.map(row);
    },

    async toAudit(actor: StaffActor | null): Promise<VideoKycCallRow[]> {
      const me = requireStaffRole(actor, ...VIDEO_KYC_READ_ROLES);
      const rows = await db
        .select({ id: videoKycSessions.id, name: videoKycSessions.name, status: videoKycSessions.status, at: videoKycSessions.decidedAt })
        .from(videoKycSessions)
        .where(
          and(
            inArray(videoKycSessions.status, ["APPROVED", "REJECTED"]),
            isNull(videoKycSessions.auditedAt),
            or(isNull(videoKycSessions.officialId), ne(videoKycSessions.officialId, me.staffId)),
          ),
        )
        .orderBy(asc(videoKycSessions.decidedAt));
      return rows.map(row);
    },

    async take(actor: StaffActor | null, sessionId: string): Promise<{ id: string }> {
      const taken = await official.take(actor, sessionId);
      return { id: taken.id };
    },

    /** The call screen: the official who took it, a second person once it is decided, or an auditor (the service checks). */
    async call(actor: StaffActor | null, sessionId: string): Promise<VideoKycCallScreen> {
      const view = await official.call(actor, sessionId);
      return screen(actor!, await sessionById(db, view.id));
    },

    async decide(actor: StaffActor | null, sessionId: string, input: unknown): Promise<{ id: string; status: string }> {
      const decided = await official.decide(actor, sessionId, input);
      return { id: decided.id, status: decided.status };
    },

    async audit(actor: StaffActor | null, sessionId: string, input: unknown): Promise<{ id: string; auditOutcome: string | null }> {
      const done = await official.audit(actor, sessionId, input);
      return { id: done.id, auditOutcome: done.auditOutcome };
    },
  } satisfies Bound<VideoKycDesk>;
  return desk;
}
