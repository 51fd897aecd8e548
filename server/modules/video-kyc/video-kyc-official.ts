// Issue 33: the officials' side of a video KYC: the queue (oldest first, names masked), taking a call
// (one official only: the update that takes it requires it still waiting), the decision (an approval
// needs every RBI check ticked) and the concurrent audit by a second person. Each change is written to the
// audit chain in its transaction. Back office English (decision 38).
import { randomInt } from "node:crypto";
import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import { maskedName } from "../../../core/format.ts";
import {
  LIVENESS_ACTIONS,
  mayAudit,
  missingChecks,
  missingSnapshots,
  SNAPSHOT_MISSING,
  VIDEO_KYC_CHECK_LABELS,
  VIDEO_KYC_OFFICIAL_ROLES,
  VIDEO_KYC_READ_ROLES,
  videoKycAuditSchema,
  videoKycDecisionSchema,
  waitingMinutes,
} from "../../../core/video-kyc.ts";
import { loanAccounts, videoKycSessions, videoKycSnapshots, type VideoKycCallEvent } from "../../db/schema/index.ts";
import { Forbidden, InvalidInput, Refused } from "../domain-errors.ts";
import { aadhaarVerifiedElsewhere, type Tx } from "../journey/journey.service.ts";
import type { VideoKycRecording } from "./recording.ts";
import type { CallPresence } from "./call-presence.ts";
import { requireStaffRole, sessionById, type StaffActor, type VideoKycDeps, type VideoKycRow } from "./video-kyc-rows.ts";

export const VIDEO_KYC_DESK_MESSAGES = {
  taken: "Another official has already taken this call.",
  notWaiting: "This call is not waiting in the queue.",
  notYourCall: "This call was taken by another official.",
  notInCall: "This call is not in progress, so it cannot be decided.",
  checksMissing: (labels: string[]) => `An approval needs every check ticked. Not ticked: ${labels.join("; ")}.`,
  ownCall: "You took this call: a second person must audit it.",
  notDecided: "This call has no decision to audit yet.",
  alreadyAudited: "This call has already been audited.",
  notYours: "You may open only the calls you took, or decided calls to audit.",
} as const;

/** One line of the queue: the customer's name masked, and how long they have waited. */
export interface VideoKycQueueItem {
  id: string;
  position: number;
  name: string;
  queuedAt: Date;
  waitingMinutes: number;
}

/** The call as the official who took it, or its auditor, sees it (the photo comes by its own route with the call screen). */
export interface VideoKycCallView {
  id: string;
  leadId: string;
  status: VideoKycRow["status"];
  name: string | null;
  dob: string | null;
  gender: string | null;
  address: unknown;
  aadhaarLast4: string | null;
  mobileMatches: boolean | null;
  location: { latitude: number; longitude: number; accuracy: number } | null;
  livenessAction: string | null;
  officialId: string | null;
  checks: unknown;
  decisionReason: string | null;
  auditOutcome: VideoKycRow["auditOutcome"];
  /** What the official may weigh (the customer's stream came from another device), and when the liveness action was asked. */
  events: VideoKycCallEvent[];
  /** Ended because the customer was gone more than 10 minutes (no one's decision). */
  droppedAt: Date | null;
}

const callView = (r: VideoKycRow): VideoKycCallView => ({
  id: r.id,
  leadId: r.leadId,
  status: r.status,
  name: r.name,
  dob: r.dob,
  gender: r.gender,
  address: r.address,
  aadhaarLast4: r.aadhaarLast4,
  mobileMatches: r.mobileMatches,
  location: r.latitude !== null && r.longitude !== null ? { latitude: r.latitude, longitude: r.longitude, accuracy: r.locationAccuracyM ?? 0 } : null,
  livenessAction: r.livenessAction,
  officialId: r.officialId,
  checks: r.checks,
  decisionReason: r.decisionReason,
  auditOutcome: r.auditOutcome,
  events: r.callEvents ?? [],
  droppedAt: r.droppedAt,
});

const target = (id: string) => ({ kind: "video_kyc_session", id });

function invalid(issues: { path: PropertyKey[]; message: string }[]): never {
  const errors = Object.fromEntries(issues.map((i) => [i.path.map(String).join(".") || "input", i.message]));
  throw new InvalidInput(issues[0]!.message, errors);
}

/**
 * The journey's move for an approved video KYC, through the journey module (next_step's one owner), for
 * the application the session belongs to only while it is still in process (not one closed or rejected
 * since, whose approval must not move a newer application's journey).
 */
async function aadhaarVerifiedFor(tx: Tx, row: VideoKycRow, at: Date): Promise<boolean> {
  const [open] = await tx
    .select({ leadId: loanAccounts.leadId })
    .from(loanAccounts)
    .where(and(eq(loanAccounts.leadId, row.leadId), eq(loanAccounts.profileId, row.profileId), eq(loanAccounts.status, "IN_PROCESS")));
  return open ? aadhaarVerifiedElsewhere(tx, row.profileId, { at }) : false;
}

/** `recording`: the call's recordings, finalised on the decision; `presence`: the rule that ends a call whose customer has gone. */
export function createVideoKycOfficial(deps: VideoKycDeps, recording: Pick<VideoKycRecording, "finalise">, presence: Pick<CallPresence, "current">) {
  const { db, now, audit } = deps;
  const draw = deps.randomIndex ?? ((n: number) => randomInt(n));

  return {
    /** The waiting calls, oldest first, each with its position and waiting time. */
    async queue(actor: StaffActor | null | undefined): Promise<VideoKycQueueItem[]> {
      requireStaffRole(actor, ...VIDEO_KYC_READ_ROLES);
      const rows = await db
        .select({ id: videoKycSessions.id, name: videoKycSessions.name, queuedAt: videoKycSessions.queuedAt })
        .from(videoKycSessions)
        .where(eq(videoKycSessions.status, "WAITING"))
        .orderBy(asc(videoKycSessions.queuedAt), asc(videoKycSessions.id));
      const at = now();
      return rows.map((r, i) => ({
        id: r.id,
        position: i + 1,
        name: maskedName(r.name),
        queuedAt: r.queuedAt!,
        waitingMinutes: waitingMinutes(r.queuedAt!, at),
      }));
    },

    /** Takes a waiting call: locked to this official; of two at once, one wins and the other is told. */
    async take(actor: StaffActor | null | undefined, sessionId: unknown): Promise<VideoKycCallView> {
      const official = requireStaffRole(actor, ...VIDEO_KYC_OFFICIAL_ROLES);
      const before = await sessionById(db, sessionId);
      const at = now();
      const taken = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(videoKycSessions)
          .set({
            status: "IN_CALL",
            officialId: official.staffId,
            takenAt: at,
            customerSeenAt: at,
            livenessAction: LIVENESS_ACTIONS[draw(LIVENESS_ACTIONS.length)],
            updatedAt: at,
          })
          .where(and(eq(videoKycSessions.id, before.id), eq(videoKycSessions.status, "WAITING")))
          .returning();
        if (row) await audit.record(tx, { actor: official, action: "video_kyc.take", target: target(row.id), after: { status: row.status } });
        return row;
      });
      // Waiting when read and gone when updated, or in a call: another official has it.
      const takenByAnother = before.status === "WAITING" || before.status === "IN_CALL";
      if (!taken) throw new Refused(takenByAnother ? VIDEO_KYC_DESK_MESSAGES.taken : VIDEO_KYC_DESK_MESSAGES.notWaiting);
      return callView(taken);
    },

    /** The decision of the official who took the call; an approval needs every RBI check, the liveness action and both snapshots. */
    async decide(actor: StaffActor | null | undefined, sessionId: unknown, input: unknown): Promise<VideoKycCallView> {
      const official = requireStaffRole(actor, ...VIDEO_KYC_OFFICIAL_ROLES);
      const parsed = videoKycDecisionSchema.safeParse(input);
      if (!parsed.success) invalid(parsed.error.issues);
      const decision = parsed.data;
      const missing = missingChecks(decision.checks);
      if (decision.outcome === "APPROVE" && missing.length) {
        const message = VIDEO_KYC_DESK_MESSAGES.checksMissing(missing.map((c) => VIDEO_KYC_CHECK_LABELS[c]));
        throw new InvalidInput(message, Object.fromEntries(missing.map((c) => [`checks.${c}`, `${VIDEO_KYC_CHECK_LABELS[c]}: not ticked.`])));
      }
      const before = await sessionById(db, sessionId);
      if (before.officialId === null) throw new Refused(VIDEO_KYC_DESK_MESSAGES.notInCall);
      if (before.officialId !== official.staffId) throw new Forbidden(VIDEO_KYC_DESK_MESSAGES.notYourCall);
      const at = now();
      const status = decision.outcome === "APPROVE" ? ("APPROVED" as const) : ("REJECTED" as const);
      const decided = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(videoKycSessions)
          // The questions' marks are kept with the ticks (the checks column), for the audit to see.
          .set({ status, checks: { ...decision.checks, questions: decision.questions }, decisionReason: decision.reason, decidedAt: at, updatedAt: at })
          .where(and(eq(videoKycSessions.id, before.id), eq(videoKycSessions.status, "IN_CALL"), eq(videoKycSessions.officialId, official.staffId)))
          .returning();
        if (row && status === "APPROVED") {
          // Both snapshots taken in the call (read under the row's lock, which a snapshot's insert also takes).
          const taken = await tx.select({ kind: videoKycSnapshots.kind }).from(videoKycSnapshots).where(eq(videoKycSnapshots.sessionId, row.id));
          const lacking = missingSnapshots(taken.map((t) => t.kind));
          if (lacking.length) {
            const errors = Object.fromEntries(lacking.map((k) => [`snapshots.${k}`, SNAPSHOT_MISSING[k]]));
            throw new InvalidInput(lacking.map((k) => SNAPSHOT_MISSING[k]).join(" "), errors);
          }
        }
        if (row) {
          // Approved, it counts as the Aadhaar eKYC: the journey moves on as DigiLocker's success moves it.
          const journeyMoved = status === "APPROVED" && (await aadhaarVerifiedFor(tx, row, at));
          const after = { status, reason: decision.reason, checks: decision.checks, questions: decision.questions, journeyMoved };
          await audit.record(tx, { actor: official, action: "video_kyc.decide", target: target(row.id), after });
        }
        return row;
      });
      if (!decided) throw new Refused(VIDEO_KYC_DESK_MESSAGES.notInCall);
      // The recordings end with the call: each one's SHA-256 over what was uploaded goes into the audit chain.
      await recording.finalise(decided.id, official);
      return callView(decided);
    },

    /**
     * The concurrent audit: an auditor, or a video KYC official who did not take the call, confirms or
     * overturns the decision, once. The update itself refuses the official who took it.
     */
    async audit(actor: StaffActor | null | undefined, sessionId: unknown, input: unknown): Promise<VideoKycCallView> {
      const auditor = requireStaffRole(actor, "auditor", ...VIDEO_KYC_OFFICIAL_ROLES);
      const parsed = videoKycAuditSchema.safeParse(input);
      if (!parsed.success) invalid(parsed.error.issues);
      const before = await sessionById(db, sessionId);
      if (!mayAudit(auditor, before)) throw new Refused(VIDEO_KYC_DESK_MESSAGES.ownCall);
      const at = now();
      const done = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(videoKycSessions)
          .set({ auditorId: auditor.staffId, auditOutcome: parsed.data.outcome, auditNote: parsed.data.note || null, auditedAt: at, updatedAt: at })
          .where(
            and(
              eq(videoKycSessions.id, before.id),
              inArray(videoKycSessions.status, ["APPROVED", "REJECTED"]),
              isNull(videoKycSessions.auditedAt),
              ne(videoKycSessions.officialId, auditor.staffId),
            ),
          )
          .returning();
        if (row) {
          const after = { status: row.status, outcome: parsed.data.outcome, note: parsed.data.note };
          await audit.record(tx, { actor: auditor, action: "video_kyc.audit", target: target(row.id), after });
        }
        return row;
      });
      if (!done) throw new Refused(before.auditedAt ? VIDEO_KYC_DESK_MESSAGES.alreadyAudited : VIDEO_KYC_DESK_MESSAGES.notDecided);
      return callView(done);
    },

    /** A call for the official who took it, or for a second person once decided; the auditor reads every call. */
    async call(actor: StaffActor | null | undefined, sessionId: unknown): Promise<VideoKycCallView> {
      const staff = requireStaffRole(actor, ...VIDEO_KYC_READ_ROLES);
      const row = await presence.current(await sessionById(db, sessionId));
      const decided = row.status === "APPROVED" || row.status === "REJECTED" || row.status === "DROPPED";
      if (staff.role !== "auditor" && row.officialId !== staff.staffId && !decided) throw new Forbidden(VIDEO_KYC_DESK_MESSAGES.notYours);
      return callView(row);
    },
  };
}
