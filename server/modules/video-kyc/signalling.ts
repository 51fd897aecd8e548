// Issue 33: the video KYC call's signalling: the two browsers' WebRTC messages (offer, answer, ICE
// candidates, hang-up) relayed through our server, between exactly the customer of the session and the
// official who took it, only while the call is IN_CALL; each message and each stream is checked here.
// Across instances through the pub/sub port (Redis with REDIS_URL, this process's memory otherwise). A
// negotiation's message for a peer whose stream is not open is held a short while (SIGNAL_HOLD_MS) and
// given to the stream that opens next (docs/decisions/kyc.md, "Media, first step"). One customer stream per
// call: a newer one (a second device, or a reload) ends the older with a reason; a device other than the
// call's last is noted for the official (call-presence.ts).
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import {
  customerSignalSchema,
  HELD_SIGNAL_TYPES,
  officialSignalSchema,
  SIGNAL_HOLD_MAX,
  SIGNAL_HOLD_MS,
  type CallSignal,
  type CustomerSignal,
  type LivenessSignal,
  type OfficialSignal,
  type SignalRole,
} from "../../../core/video-kyc-signal.ts";
import { VIDEO_KYC_CODES } from "../../../core/i18n/index.ts";
import { livenessActionKey, VIDEO_KYC_OFFICIAL_ROLES } from "../../../core/video-kyc.ts";
import { videoKycSessions, type VideoKycCallEvent } from "../../db/schema/index.ts";
import type { PubSubPort } from "../../providers/pubsub/port.ts";
import { Forbidden, Malformed, ProviderDown, Refused } from "../domain-errors.ts";
import { ownSession, requireStaffRole, sessionById, type StaffActor, type VideoKycDeps, type VideoKycRow } from "./video-kyc-rows.ts";
import type { CallPresence } from "./call-presence.ts";
import { VIDEO_KYC_DESK_MESSAGES } from "./video-kyc-official.ts";

export const SIGNALLING_MESSAGES = {
  notInCall: "This call is not in progress.",
  unavailable: "The call's connection service is not reachable just now. Please try again.",
  malformed: (detail: string) => `This call message cannot be read: ${detail}`,
  noLiveness: "This call has no liveness action drawn.",
} as const;

/** Why a customer's stream was ended by the server: another stream of the same call opened (another device). */
export const STREAM_REPLACED = JSON.stringify({ reason: "other_device" });

/** A stream's events: `signal` (the peer's message) or, for the official, `note` (something to weigh, e.g. another device). */
export type SignalDeliver = (json: string, event?: "signal" | "note") => void;

/** One open stream: its messages go to `deliver` (the signal as JSON, in order, each once). */
export interface SignalSubscription {
  /** Whether the caller may still receive this call's messages (the call in progress, theirs). */
  stillAllowed(): Promise<boolean>;
  close(): Promise<void>;
}

const peerOf = (role: SignalRole): SignalRole => (role === "customer" ? "official" : "customer");
const channel = (sessionId: string, to: SignalRole) => `vkyc:signal:${sessionId}:${to}`;
const heldKey = (sessionId: string, to: SignalRole) => `vkyc:held:${sessionId}:${to}`;
/** Each customer stream announces itself here on opening; the older ones of the call end. */
const customerStreams = (sessionId: string) => `vkyc:streams:${sessionId}:customer`;
/** A device id as the browser draws it (a tab's random id); anything else counts as none. */
const deviceId = (value: unknown): string | null => (typeof value === "string" && /^[A-Za-z0-9_-]{8,64}$/.test(value) ? value : null);

/** On the wire between instances: the signal (or a note for the official) and an id, so a message held and also delivered live reaches a stream once. */
type Wire = { id: string; signal?: CallSignal; note?: VideoKycCallEvent };

/** The pub/sub away: the caller gets a retryable 503, never a 500. */
async function guarded<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch {
    throw new ProviderDown(SIGNALLING_MESSAGES.unavailable);
  }
}

/**
 * One customer stream per call: this one announces itself, and any older one (here or on another instance)
 * ends with STREAM_REPLACED. The older's page says the call continued on another device.
 */
async function onlyStream(bus: PubSubPort, sessionId: string, end: (data: string) => void): Promise<() => Promise<void>> {
  const me = randomUUID();
  let replaced = false;
  const unsubscribe = await guarded(
    bus.subscribe(customerStreams(sessionId), (raw) => {
      if (raw === me || replaced) return;
      replaced = true; // ended once, whatever opens after
      end(STREAM_REPLACED);
    }),
  );
  try {
    await guarded(bus.publish(customerStreams(sessionId), me));
  } catch (error) {
    await unsubscribe();
    throw error;
  }
  return unsubscribe;
}

/**
 * The official asks for the liveness action: the one drawn for the session (its key; older sessions' English
 * words mapped), its asking kept on the session's call events and in the audit chain. The message to send on.
 */
async function livenessAsked(deps: Pick<VideoKycDeps, "db" | "now" | "audit">, actor: StaffActor, row: VideoKycRow): Promise<LivenessSignal> {
  const action = livenessActionKey(row.livenessAction);
  if (!action) throw new Refused(SIGNALLING_MESSAGES.noLiveness);
  const at = deps.now();
  const event: VideoKycCallEvent = { kind: "liveness_asked", at: at.toISOString(), action };
  await deps.db.transaction(async (tx) => {
    await tx
      .update(videoKycSessions)
      .set({ callEvents: sql`coalesce(${videoKycSessions.callEvents}, '[]'::jsonb) || ${JSON.stringify([event])}::jsonb`, updatedAt: at })
      .where(and(eq(videoKycSessions.id, row.id), eq(videoKycSessions.status, "IN_CALL")));
    await deps.audit.record(tx, { actor, action: "video_kyc.liveness_asked", target: { kind: "video_kyc_session", id: row.id }, after: { action } });
  });
  return { type: "liveness", action };
}

export function createVideoKycSignalling(
  deps: Pick<VideoKycDeps, "db" | "now" | "audit"> & { bus: PubSubPort; presence: Pick<CallPresence, "current" | "seen" | "device"> },
) {
  const { db, bus, presence } = deps;

  /** The customer's own session, in the call; another's is "not found" (its existence is not told). */
  async function customersCall(profileId: string, sessionId: unknown): Promise<VideoKycRow> {
    // Gone more than 10 minutes, the call ended (DROPPED); otherwise the customer is seen now.
    const row = await presence.current(await ownSession(db, profileId, sessionId));
    if (row.status !== "IN_CALL") throw new Refused(VIDEO_KYC_CODES.wrongStep);
    await presence.seen(row.id);
    return row;
  }

  /** The call of the official who took it, in progress; any other staff member is refused. */
  async function officialsCall(actor: StaffActor | null | undefined, sessionId: unknown): Promise<VideoKycRow> {
    const official = requireStaffRole(actor, ...VIDEO_KYC_OFFICIAL_ROLES);
    const row = await presence.current(await sessionById(db, sessionId));
    if (row.officialId !== official.staffId) throw new Forbidden(row.officialId ? VIDEO_KYC_DESK_MESSAGES.notYourCall : VIDEO_KYC_DESK_MESSAGES.notYours);
    if (row.status !== "IN_CALL") throw new Refused(SIGNALLING_MESSAGES.notInCall);
    return row;
  }

  function parse<R extends SignalRole>(role: R, input: unknown): R extends "customer" ? CustomerSignal : OfficialSignal {
    const parsed = (role === "customer" ? customerSignalSchema : officialSignalSchema).safeParse(input) as
      | { success: true; data: R extends "customer" ? CustomerSignal : OfficialSignal }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map(String).join(".");
    // Our messages name their field; zod's own (a wrong type) get the field put in front.
    const where = path && !issue.message.startsWith(path) ? `${path}: ` : "";
    throw new Malformed(SIGNALLING_MESSAGES.malformed(`${where}${issue.message}`));
  }

  /** Relays a checked message to the peer's streams; held for the peer when none is open (negotiation messages). */
  async function relay(sessionId: string, from: SignalRole, signal: CallSignal): Promise<{ delivered: boolean }> {
    const to = peerOf(from);
    const wire = JSON.stringify({ id: randomUUID(), signal } satisfies Wire);
    const held = HELD_SIGNAL_TYPES.has(signal.type);
    // Held first, then published: a stream opening in between subscribes before it takes what is held, so it
    // gets the message one way or the other (twice at worst, which the id stops). Delivered live, it is let go.
    if (held) await guarded(bus.hold(heldKey(sessionId, to), wire, { ttlMs: SIGNAL_HOLD_MS, max: SIGNAL_HOLD_MAX }));
    const receivers = await guarded(bus.publish(channel(sessionId, to), wire));
    if (held && receivers > 0) await guarded(bus.release(heldKey(sessionId, to), wire));
    return { delivered: receivers > 0 };
  }

  /** Subscribes `role`'s stream of the session: what was held first, then live messages, in order and each once. */
  async function open(sessionId: string, role: SignalRole, deliver: SignalDeliver, recheck: () => Promise<unknown>): Promise<SignalSubscription> {
    const seen = new Set<string>();
    let replaying = true;
    const waiting: string[] = [];
    const take = (raw: string) => {
      let wire: Wire;
      try {
        wire = JSON.parse(raw) as Wire;
      } catch {
        return;
      }
      if (seen.has(wire.id)) return;
      seen.add(wire.id);
      if (wire.signal) deliver(JSON.stringify(wire.signal));
      else if (wire.note && role === "official") deliver(JSON.stringify(wire.note), "note");
    };
    const unsubscribe = await guarded(bus.subscribe(channel(sessionId, role), (raw) => (replaying ? waiting.push(raw) : take(raw))));
    try {
      for (const raw of await guarded(bus.takeHeld(heldKey(sessionId, role)))) take(raw);
    } catch (error) {
      await unsubscribe();
      throw error;
    }
    for (const raw of waiting.splice(0)) take(raw);
    replaying = false;
    let closed = false;
    return {
      async stillAllowed() {
        return recheck().then(
          () => true,
          () => false,
        );
      },
      async close() {
        if (closed) return;
        closed = true;
        await unsubscribe().catch(() => {});
      },
    };
  }

  return {
    /**
     * The customer's stream of their call's messages from the official. `device`: the browser tab's id (a new
     * one is noted for the official); `end`: how the stream is ended when a newer one of the call opens.
     */
    async openForCustomer(
      profileId: string,
      sessionId: unknown,
      deliver: SignalDeliver,
      options: { device?: unknown; end?: (data: string) => void } = {},
    ): Promise<SignalSubscription> {
      const row = await customersCall(profileId, sessionId);
      const leave = options.end ? await onlyStream(bus, row.id, options.end) : null;
      try {
        const note = await presence.device(row, deviceId(options.device));
        if (note) {
          // The official's screen shows it at once (its stream's "note" event); the call's record keeps it.
          await guarded(bus.publish(channel(row.id, "official"), JSON.stringify({ id: randomUUID(), note } satisfies Wire)));
        }
        const stream = await open(row.id, "customer", deliver, () => customersCall(profileId, row.id));
        return {
          stillAllowed: () => stream.stillAllowed(),
          async close() {
            await leave?.().catch(() => {});
            await stream.close();
            // Last seen as the stream closes: the 10 minutes run from here.
            await presence.seen(row.id).catch(() => {});
          },
        };
      } catch (error) {
        await leave?.().catch(() => {});
        throw error;
      }
    },

    /** The official's stream of the customer's messages, for the official who took the call. */
    async openForOfficial(actor: StaffActor | null | undefined, sessionId: unknown, deliver: SignalDeliver): Promise<SignalSubscription> {
      const row = await officialsCall(actor, sessionId);
      return open(row.id, "official", deliver, () => officialsCall(actor, row.id));
    },

    /** A message from the customer to the official: ready, answer, candidate, hangup. */
    async fromCustomer(profileId: string, sessionId: unknown, message: unknown): Promise<{ delivered: boolean }> {
      const row = await customersCall(profileId, sessionId);
      return relay(row.id, "customer", parse("customer", message));
    },

    /**
     * A message from the official who took the call to the customer: hello, offer, candidate, hangup; and
     * "liveness", sent on as the action drawn for the session (its key), its asking kept on the session's
     * call events and in the audit chain.
     */
    async fromOfficial(actor: StaffActor | null | undefined, sessionId: unknown, message: unknown): Promise<{ delivered: boolean }> {
      const row = await officialsCall(actor, sessionId);
      const signal = parse("official", message);
      return relay(row.id, "official", signal.type === "liveness" ? await livenessAsked(deps, actor!, row) : signal);
    },
  };
}

export type VideoKycSignalling = ReturnType<typeof createVideoKycSignalling>;
