// Issue 33: video KYC before the call. The customer starts it (consent), gives the Aadhaar offline e-KYC
// ZIP and its share code (multipart), joins the queue with the browser's location and reads their session;
// the officials read the queue, take a call, decide it and audit another's (staff JSON under /admin).
import * as z from "zod";
import { VIDEO_KYC_CHECKS } from "../video-kyc.ts";
import { customerSignalSchema, officialSignalSchema } from "../video-kyc-signal.ts";
import * as P from "./paths.ts";
import { type ApiRoute, ownedBody, leadId } from "./api-route.ts";

const SESSION_ID_REQUIRED = "session_id is required.";
const sessionId = z.string({ error: SESSION_ID_REQUIRED }).trim().min(1, SESSION_ID_REQUIRED).max(64, SESSION_ID_REQUIRED);
const nullableNum = z.number().nullable();

/** What the customer sees of their session. */
export const videoKycSessionReply = z.object({
  session_id: z.string(),
  lead_id: z.string(),
  /** DROPPED: the customer was gone more than 10 minutes from the call; a new video KYC starts (issue 33). */
  status: z.enum(["STARTED", "IDENTITY_READ", "WAITING", "IN_CALL", "APPROVED", "REJECTED", "DROPPED"]),
  queue_position: nullableNum,
  waiting_minutes: nullableNum,
  /** Issue 33: back at IDENTITY_READ because the waiting room went unread 10 minutes; joining again puts them at the back. */
  left_queue: z.boolean(),
  rejection_reason: z.string().nullable(),
  audited: z.boolean(),
  may_start_again: z.boolean(),
  /** Issue 33: while waiting or in the call, the RTCPeerConnection's iceServers (TURN credentials minted for this call). */
  ice_servers: z.array(z.object({ urls: z.array(z.string()), username: z.string().optional(), credential: z.string().optional() })),
});
const videoKycStatusReply = z.object({ session: videoKycSessionReply.nullable() });

const queueReply = z.object({
  queue: z.array(z.object({ session_id: z.string(), position: z.number().int(), name: z.string(), queued_at: z.string(), waiting_minutes: z.number().int() })),
});
const callReply = z.object({
  session_id: z.string(),
  lead_id: z.string(),
  status: z.string(),
  name: z.string().nullable(),
  dob: z.string().nullable(),
  gender: z.string().nullable(),
  address: z.unknown(),
  aadhaar_last4: z.string().nullable(),
  mobile_matches: z.boolean().nullable(),
  location: z.object({ latitude: z.number(), longitude: z.number(), accuracy: z.number() }).nullable(),
  liveness_action: z.string().nullable(),
  checks: z.unknown(),
  decision_reason: z.string().nullable(),
  audit_outcome: z.string().nullable(),
});

/** delivered: a stream of the peer received it now (else it is held for the peer's next stream, or dropped: hello, ready). */
const signalReply = z.object({ delivered: z.boolean() });

const staffJson = { access: "staff" as const, answer: "envelope" as const };
const sessionParam = z.object({});

export const videoKycRoutes = {
  startVideoKyc: {
    ...P.API_ROUTES.startVideoKyc,
    access: "session",
    answer: "envelope",
    summary:
      "Issue 33: starts the video KYC of the customer's application, with consent to purpose video_kyc (consent: 1 after the notice); refused once DigiLocker has verified the Aadhaar. A second start returns the open session.",
    input: ownedBody.extend({
      lead_id: leadId,
      consent: z.union([z.literal(1), z.literal("1"), z.literal(true), z.literal(0), z.literal("0"), z.literal(false)]).optional(),
    }),
    reply: videoKycSessionReply,
  },
  submitVideoKycEkyc: {
    ...P.API_ROUTES.submitVideoKycEkyc,
    access: "session",
    answer: "envelope",
    summary:
      "Issue 33: the Aadhaar paperless offline e-KYC ZIP (field file) and its 4-digit share code (share_code), as multipart/form-data with session_id. Checked (UIDAI's signature, at most 3 days old, the last four digits) before anything is kept; never the file or the code.",
    input: z.object({ session_id: sessionId, share_code: z.string().max(20).default(""), profile_id: z.string().nullish() }),
    documentedInput: z.object({ session_id: z.string(), share_code: z.string(), file: z.string().describe("the ZIP, as a multipart file part") }),
    reply: videoKycSessionReply,
  },
  joinVideoKycQueue: {
    ...P.API_ROUTES.joinVideoKycQueue,
    access: "session",
    answer: "envelope",
    summary: "Issue 33: joins the queue for the call with the browser's location (degrees; accuracy in metres), once the Aadhaar file is read.",
    input: ownedBody.extend({ session_id: sessionId, latitude: z.unknown(), longitude: z.unknown(), accuracy: z.unknown() }),
    documentedInput: z.object({ session_id: z.string(), latitude: z.number(), longitude: z.number(), accuracy: z.number() }),
    reply: videoKycSessionReply,
  },
  getVideoKyc: {
    ...P.API_ROUTES.getVideoKyc,
    access: "session",
    answer: "envelope",
    summary: "Issue 33: the customer's own video KYC, by session_id, or the newest of an application by lead_id (null when none).",
    input: ownedBody.extend({ session_id: z.string().max(64).optional(), lead_id: z.string().max(64).optional() }),
    reply: videoKycStatusReply,
  },
  videoKycQueue: {
    ...P.API_ROUTES.videoKycQueue,
    ...staffJson,
    summary:
      "Issue 33: the waiting calls, oldest first, each with its position, the customer's name masked and the minutes waited (video_kyc officials, auditors).",
    input: z.object({}),
    reply: queueReply,
  },
  videoKycTake: {
    ...P.API_ROUTES.videoKycTake,
    ...staffJson,
    summary: "Issue 33: a video_kyc official takes a waiting call; it is locked to them (of two at once, one wins).",
    input: sessionParam,
    reply: callReply,
  },
  videoKycDecide: {
    ...P.API_ROUTES.videoKycDecide,
    ...staffJson,
    summary: `Issue 33: the decision of the official who took the call, with a reason; an approval needs every check ticked (${VIDEO_KYC_CHECKS.join(", ")}).`,
    input: z.object({ outcome: z.unknown(), reason: z.unknown(), checks: z.unknown(), questions: z.unknown() }),
    documentedInput: z.object({
      outcome: z.enum(["APPROVE", "REJECT"]),
      reason: z.string(),
      checks: z.object(Object.fromEntries(VIDEO_KYC_CHECKS.map((c) => [c, z.boolean()]))),
      questions: z
        .array(z.object({ topic: z.string(), correct: z.boolean() }))
        .max(3)
        .optional(),
    }),
    reply: callReply,
  },
  videoKycAudit: {
    ...P.API_ROUTES.videoKycAudit,
    ...staffJson,
    summary: "Issue 33: the concurrent audit by an auditor or a video_kyc official who did not take the call: CONFIRMED or OVERTURNED (with a note), once.",
    input: z.object({ outcome: z.unknown(), note: z.unknown() }),
    documentedInput: z.object({ outcome: z.enum(["CONFIRMED", "OVERTURNED"]), note: z.string().optional() }),
    reply: callReply,
  },
  videoKycSignals: {
    ...P.API_ROUTES.videoKycSignals,
    access: "session",
    answer: "document",
    contentType: "text/event-stream",
    summary:
      "Issue 33: the customer's stream (server-sent events) of their call's messages from the official, while IN_CALL: `event: signal` with the message as JSON (hello, offer, candidate, hangup, and liveness `{type: \"liveness\", action}` with the action's key, shown large); `event: end` when the call is over (data `{\"reason\":\"other_device\"}` when a newer stream of the call, from another device or tab, replaced this one). Negotiation messages sent while no stream was open are held 30 s and come first. `device`: the browser tab's random id (8 to 64 letters, digits, '-' or '_'); a device other than the call's last is noted for the official.",
    input: z.object({ session_id: sessionId, device: z.string().max(64).optional() }),
    reply: z.object({}),
  },
  sendVideoKycSignal: {
    ...P.API_ROUTES.sendVideoKycSignal,
    access: "session",
    answer: "envelope",
    summary:
      "Issue 33: a message of the customer's call to the official who took it (ready, answer, candidate, hangup; core/video-kyc-signal.ts), while IN_CALL; a message that cannot be read is a 400.",
    input: z.object({ session_id: sessionId, message: z.unknown() }),
    documentedInput: z.object({ session_id: z.string(), message: customerSignalSchema }),
    reply: signalReply,
  },
  videoKycCallSignals: {
    ...P.API_ROUTES.videoKycCallSignals,
    ...staffJson,
    answer: "document",
    contentType: "text/event-stream",
    summary:
      "Issue 33: the stream (server-sent events) of the customer's messages, for the official who took the call, while IN_CALL; `event: note` (`{kind: \"other_device\", at}`) when the customer's stream came from another device.",
    input: sessionParam,
    reply: z.object({}),
  },
  videoKycCallSignal: {
    ...P.API_ROUTES.videoKycCallSignal,
    ...staffJson,
    summary:
      "Issue 33: a message of the official who took the call to its customer (hello, offer, candidate, hangup; liveness: the customer's page is shown the liveness action drawn for the call, its key put in by the server), while IN_CALL.",
    input: z.object({ message: z.unknown() }),
    documentedInput: z.object({ message: officialSignalSchema }),
    reply: signalReply,
  },
  videoKycRecordingChunk: {
    ...P.API_ROUTES.videoKycRecordingChunk,
    ...staffJson,
    summary:
      "Issue 33: one chunk (the body: webm bytes, 4 MB at most) of a recording of the call, from the official who took it, while IN_CALL or just after the decision. The query names it: recording_id (a UUID the browser draws), stream (official or customer), seq (from 0), started_at and ended_at (milliseconds since 1970). The same chunk again is kept once.",
    input: z.object({}),
    documentedInput: z.object({
      recording_id: z.string(),
      stream: z.enum(["official", "customer"]),
      seq: z.number().int(),
      started_at: z.number().int(),
      ended_at: z.number().int(),
    }),
    reply: z.object({ stored: z.boolean() }),
  },
  videoKycRecordings: {
    ...P.API_ROUTES.videoKycRecordings,
    ...staffJson,
    summary: "Issue 33: the call's recordings with their times, size and SHA-256 (once the decision has closed them), for staff who may read the call.",
    input: z.object({}),
    reply: z.object({
      recordings: z.array(
        z.object({
          recording_id: z.string(),
          stream: z.string(),
          chunks: z.number().int(),
          size_bytes: z.number().int(),
          started_at: z.string().nullable(),
          ended_at: z.string().nullable(),
          duration_ms: z.number().nullable(),
          sha256: z.string().nullable(),
        }),
      ),
    }),
  },
  videoKycRecordingFile: {
    ...P.API_ROUTES.videoKycRecordingFile,
    ...staffJson,
    answer: "document",
    contentType: "video/webm",
    summary: "Issue 33: a recording of the call, its chunks one after another (video/webm), for staff who may read the call.",
    input: z.object({}),
    reply: z.object({}),
  },
  videoKycSnapshot: {
    ...P.API_ROUTES.videoKycSnapshot,
    ...staffJson,
    summary:
      "Issue 33: a snapshot of the customer's video (the body: a JPEG, image/jpeg, 1 MB at most; its bytes must begin FF D8 FF), from the official who took the call, while IN_CALL. The query names it: kind (face or pan). A retake of a kind is kept too; the newest counts. Its SHA-256 goes into the audit chain. An approval needs both.",
    input: z.object({}),
    documentedInput: z.object({ kind: z.enum(["face", "pan"]) }),
    reply: z.object({ snapshot_id: z.string(), kind: z.enum(["face", "pan"]), taken_at: z.string(), sha256: z.string(), size_bytes: z.number().int() }),
  },
  videoKycSnapshotFile: {
    ...P.API_ROUTES.videoKycSnapshotFile,
    ...staffJson,
    answer: "document",
    contentType: "image/jpeg",
    summary: "Issue 33: a snapshot of the call (image/jpeg, not cached), for staff who may read the call.",
    input: z.object({}),
    reply: z.object({}),
  },
} as const satisfies Record<string, ApiRoute>;
