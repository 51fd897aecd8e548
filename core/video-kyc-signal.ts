// Issue 33: the messages a video KYC call's two browsers exchange through our server (signalling), as both
// the browser and the server read them. The official's screen offers; the customer's answers. Each
// offer starts a "generation" (one RTCPeerConnection on each side); the answer and the ICE candidates
// name the generation they belong to, so those of a connection already replaced (a reload) are dropped.
import * as z from "zod";
import { LIVENESS_ACTIONS } from "./video-kyc.ts";

/** An SDP is a few kilobytes; this bounds it with room for many codecs and candidates. */
export const SIGNAL_MAX_SDP_CHARS = 20_000;
/** A signalling POST's body, bytes: one SDP and its wrapping. */
export const SIGNAL_MAX_BODY_BYTES = 32 * 1024;

const generation = z
  .string({ error: "generation must be a string." })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "generation must be 8 to 64 letters, digits, '-' or '_'.");
const sdp = z
  .string({ error: "sdp must be a string." })
  .min(1, "sdp must not be empty.")
  .max(SIGNAL_MAX_SDP_CHARS, `sdp must be at most ${SIGNAL_MAX_SDP_CHARS} characters.`);
/** RTCIceCandidateInit, as candidate.toJSON() gives it. */
const candidate = z.strictObject({
  candidate: z.string({ error: "candidate.candidate must be a string." }).max(1024, "candidate.candidate must be at most 1024 characters."),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

const hangup = z.strictObject({ type: z.literal("hangup") });
const candidateMessage = z.strictObject({ type: z.literal("candidate"), generation, candidate });

/**
 * What the official's screen sends: "hello" when its stream opens (the customer answers "ready"), the offer,
 * candidates, and "liveness" (ask the customer for the liveness action: the server puts in the action drawn
 * for the session, so the official's page names none).
 */
export const officialSignalSchema = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.literal("hello") }),
    z.strictObject({ type: z.literal("offer"), generation, sdp }),
    candidateMessage,
    hangup,
    z.strictObject({ type: z.literal("liveness") }),
  ],
  { error: "type must be one of hello, offer, candidate, hangup, liveness." },
);

/** What the customer's page receives for "liveness": the action's key, which it words from the catalogue. */
export const livenessSignalSchema = z.strictObject({
  type: z.literal("liveness"),
  action: z.enum(LIVENESS_ACTIONS, { error: `action must be one of ${LIVENESS_ACTIONS.join(", ")}.` }),
});

/**
 * What the customer's screen sends: "ready" when its stream opens or the official says hello, with the
 * generation it holds (null: none, or one that failed), the answer, candidates.
 */
export const customerSignalSchema = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.literal("ready"), generation: generation.nullable() }),
    z.strictObject({ type: z.literal("answer"), generation, sdp }),
    candidateMessage,
    hangup,
  ],
  { error: "type must be one of ready, answer, candidate, hangup." },
);

export type OfficialSignal = z.infer<typeof officialSignalSchema>;
export type CustomerSignal = z.infer<typeof customerSignalSchema>;
export type LivenessSignal = z.infer<typeof livenessSignalSchema>;
/** What a page receives or sends: the official's "liveness" reaches the customer with its action. */
export type CallSignal = Exclude<OfficialSignal, { type: "liveness" }> | CustomerSignal | LivenessSignal;
export type SignalRole = "customer" | "official";

/**
 * Kept for a peer whose stream is not open (a reload, a network blip) for SIGNAL_HOLD_MS: the
 * negotiation's messages, and the liveness action asked (a page reloading just then still shows it). Not "hello" and "ready": they say who is there now, and are sent again on
 * every stream's opening, so an old one would only start a needless negotiation.
 */
export const HELD_SIGNAL_TYPES: ReadonlySet<CallSignal["type"]> = new Set(["offer", "answer", "candidate", "hangup", "liveness"]);
export const SIGNAL_HOLD_MS = 30_000;
/** At most this many held per recipient (the newest kept): one negotiation's offer and candidates with room. */
export const SIGNAL_HOLD_MAX = 100;
