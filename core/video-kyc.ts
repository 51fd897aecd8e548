// Issue 33: video KYC (V-CIP, RBI Master Direction on KYC, section 18), its rules without I/O: the checks
// the official ticks before an approval, the location the browser gives, who may audit a call, and the
// queue's waiting figures. The service (server/modules/video-kyc) reads the facts and applies these.
import * as z from "zod";
import type { StaffRole } from "./staff.ts";

/** The RBI checks the official ticks during the call, and the liveness action done; an approval needs every one. */
export const VIDEO_KYC_CHECKS = ["no_prompting", "same_person", "pan_legible", "face_match", "liveness_done"] as const;
export type VideoKycCheck = (typeof VIDEO_KYC_CHECKS)[number];
export type VideoKycChecks = Record<VideoKycCheck, boolean>;

/** What each check means, for the official's screen and the refusal (back office English, decision 38). */
export const VIDEO_KYC_CHECK_LABELS: Record<VideoKycCheck, string> = {
  no_prompting: "No one is prompting the customer",
  same_person: "The same person throughout the call",
  pan_legible: "The PAN card is legible on camera",
  face_match: "The face matches the Aadhaar photo",
  liveness_done: "The liveness action was done",
};

/**
 * The random actions an official asks for (liveness); the server draws one when the call is taken and
 * stores its key (the customer's page words it from the catalogue, journey.vkyc.liveness.<key>).
 */
export const LIVENESS_ACTIONS = ["blink_twice", "turn_head_left", "turn_head_right", "raise_right_hand", "smile"] as const;
export type LivenessAction = (typeof LIVENESS_ACTIONS)[number];

/** Each action as the official's screen says it (back office English). */
export const LIVENESS_ACTION_LABELS: Record<LivenessAction, string> = {
  blink_twice: "blink twice",
  turn_head_left: "turn your head to the left",
  turn_head_right: "turn your head to the right",
  raise_right_hand: "raise your right hand",
  smile: "smile",
};

/**
 * The stored action's key: a key as it is; the English words sessions stored before migration 1730 (which
 * maps them) as their key; anything else null.
 */
export function livenessActionKey(stored: string | null | undefined): LivenessAction | null {
  if (!stored) return null;
  const key = LIVENESS_ACTIONS.find((a) => a === stored || LIVENESS_ACTION_LABELS[a] === stored);
  return key ?? null;
}

/** The snapshots the official takes in the call: the customer's face and their PAN card (RBI's V-CIP). */
export const VIDEO_KYC_SNAPSHOT_KINDS = ["face", "pan"] as const;
export type VideoKycSnapshotKind = (typeof VIDEO_KYC_SNAPSHOT_KINDS)[number];

/** What an approval missing a snapshot is told, one sentence each (back office English). */
export const SNAPSHOT_MISSING: Record<VideoKycSnapshotKind, string> = {
  face: "Take the face snapshot before approving.",
  pan: "Take the PAN card snapshot before approving.",
};

/** The snapshots an approval still needs (of those taken in the call), in a fixed order; a rejection needs none. */
export function missingSnapshots(taken: Iterable<string>): VideoKycSnapshotKind[] {
  const have = new Set(taken);
  return VIDEO_KYC_SNAPSHOT_KINDS.filter((k) => !have.has(k));
}

/** A snapshot's bytes at most: a JPEG of one video frame (quality 0.85) is well under this. */
export const SNAPSHOT_MAX_BYTES = 1024 * 1024;

/** Whether the bytes start as a JPEG does (SOI FF D8, then a marker FF). */
export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** The checks not ticked, in their fixed order; empty when an approval may be given. */
export function missingChecks(checks: Partial<Record<string, unknown>>): VideoKycCheck[] {
  return VIDEO_KYC_CHECKS.filter((c) => checks[c] !== true);
}

/** The official's decision: approve or reject, a reason (3 to 500 characters) and the checks. */
export const videoKycDecisionSchema = z.object({
  outcome: z.enum(["APPROVE", "REJECT"], { error: "outcome must be APPROVE or REJECT." }),
  reason: z
    .string({ error: "Give a reason of 3 to 500 characters." })
    .trim()
    .min(3, "Give a reason of 3 to 500 characters.")
    .max(500, "Give a reason of 3 to 500 characters."),
  checks: z
    .object(Object.fromEntries(VIDEO_KYC_CHECKS.map((c) => [c, z.boolean().default(false)])) as Record<VideoKycCheck, z.ZodDefault<z.ZodBoolean>>)
    .default({
      no_prompting: false,
      same_person: false,
      pan_legible: false,
      face_match: false,
      liveness_done: false,
    }),
  /** The official's mark of each question asked (right or wrong), kept with the checks. */
  questions: z
    .array(z.object({ topic: z.string().trim().min(1).max(40), correct: z.boolean() }), { error: "questions must be a list of marked questions." })
    .max(3, "At most three questions are marked.")
    .default([]),
});
export type VideoKycDecision = z.infer<typeof videoKycDecisionSchema>;

/** The second person's audit: confirm or overturn, with a note (required to overturn). */
export const videoKycAuditSchema = z
  .object({
    outcome: z.enum(["CONFIRMED", "OVERTURNED"], { error: "outcome must be CONFIRMED or OVERTURNED." }),
    note: z.string().trim().max(500, "Keep the note under 500 characters.").default(""),
  })
  .refine((a) => a.outcome === "CONFIRMED" || a.note.length >= 3, { message: "Say why the decision is overturned (3 characters or more).", path: ["note"] });
export type VideoKycAudit = z.infer<typeof videoKycAuditSchema>;

export const LOCATION_MESSAGES = {
  latitude: "The location's latitude must be a number between -90 and 90.",
  longitude: "The location's longitude must be a number between -180 and 180.",
  accuracy: "The location's accuracy must be a number of metres from 0 to 100000.",
} as const;

/**
 * The browser's location (Geolocation API: degrees and accuracy in metres). Only its shape is checked
 * here; whether it is in India is checked by the call step that comes next (docs/decisions/kyc.md).
 */
export const videoKycLocationSchema = z.object({
  latitude: z.coerce.number({ error: LOCATION_MESSAGES.latitude }).min(-90, LOCATION_MESSAGES.latitude).max(90, LOCATION_MESSAGES.latitude),
  longitude: z.coerce.number({ error: LOCATION_MESSAGES.longitude }).min(-180, LOCATION_MESSAGES.longitude).max(180, LOCATION_MESSAGES.longitude),
  accuracy: z.coerce.number({ error: LOCATION_MESSAGES.accuracy }).min(0, LOCATION_MESSAGES.accuracy).max(100_000, LOCATION_MESSAGES.accuracy),
});
export type VideoKycLocation = z.infer<typeof videoKycLocationSchema>;

/** Who may take and decide calls, and who may read the queue and a call (the auditor reads everything). */
export const VIDEO_KYC_OFFICIAL_ROLES: readonly StaffRole[] = ["video_kyc"];
export const VIDEO_KYC_READ_ROLES: readonly StaffRole[] = ["video_kyc", "auditor"];

/** The concurrent audit's second person: an auditor, or a video KYC official who did not take the call. */
export function mayAudit(actor: { staffId: string; role: StaffRole }, call: { officialId: string | null }): boolean {
  if (actor.staffId === call.officialId) return false;
  return actor.role === "auditor" || actor.role === "video_kyc";
}

/** Whole minutes a customer has waited since joining the queue (never negative). */
export function waitingMinutes(queuedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - queuedAt.getTime()) / 60_000));
}

/** What the customer's own records say, from which the official's questions are drawn (absent facts are skipped). */
export interface VideoKycFacts {
  dob?: string | null;
  pincode?: string | null;
  careOf?: string | null;
  district?: string | null;
  employer?: string | null;
  designation?: string | null;
  panLast4?: string | null;
  city?: string | null;
}

/** The questions an official may ask, each with the record it is checked against (back office English). */
export const VIDEO_KYC_QUESTIONS: Record<keyof VideoKycFacts, string> = {
  dob: "What is your date of birth?",
  pincode: "What is the PIN code of your address?",
  careOf: "Whose name is given as care-of on your Aadhaar?",
  district: "Which district is your address in?",
  employer: "Which company do you work for?",
  designation: "What is your designation at work?",
  panLast4: "What are the last four characters of your PAN?",
  city: "Which city do you live in?",
};

/**
 * Three questions drawn from the customer's own data: the facts present, shuffled by the seed's bytes (the
 * session id's hash, so a call keeps its questions when the screen reloads). Fewer when fewer facts exist.
 */
export function videoKycQuestions(facts: VideoKycFacts, seed: Uint8Array, count = 3): { topic: keyof VideoKycFacts; question: string; answer: string }[] {
  const present = (Object.keys(VIDEO_KYC_QUESTIONS) as (keyof VideoKycFacts)[]).filter((k) => (facts[k] ?? "").trim() !== "");
  // Fisher–Yates with the seed's bytes as the random numbers (cycled).
  for (let i = present.length - 1; i > 0; i--) {
    const j = (seed.length ? seed[i % seed.length]! : 0) % (i + 1);
    [present[i], present[j]] = [present[j]!, present[i]!];
  }
  return present.slice(0, count).map((topic) => ({ topic, question: VIDEO_KYC_QUESTIONS[topic], answer: facts[topic]!.trim() }));
}

/** A dropped call may be rejoined within this long (issue 33); after it, the call is over and the customer starts again. */
export const REJOIN_WINDOW_MS = 10 * 60_000;

/** Whether the customer, last connected at `lastSeen`, has been gone longer than the rejoin window. */
export function customerGone(lastSeen: Date, now: Date): boolean {
  return now.getTime() - lastSeen.getTime() > REJOIN_WINDOW_MS;
}
