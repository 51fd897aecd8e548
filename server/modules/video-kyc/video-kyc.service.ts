// Issue 33: video KYC (V-CIP, RBI Master Direction on KYC, section 18), the server-side backbone: one live
// session per application, from consent to the concurrent audit. The customer's side is
// video-kyc-customer.ts, the officials' video-kyc-official.ts, the call's signalling signalling.ts
// and its recordings recording.ts. States and what the code checks versus the official: docs/decisions/kyc.md.
import { createVideoKycCustomer } from "./video-kyc-customer.ts";
import { createVideoKycOfficial } from "./video-kyc-official.ts";
import { createVideoKycScreen } from "./video-kyc-screen.ts";
import { createVideoKycSignalling } from "./signalling.ts";
import { createVideoKycRecording, type RecordingChunkInput } from "./recording.ts";
import { createCallPresence } from "./call-presence.ts";
import { createRecordingCheck } from "./recording-check.ts";
import { createVideoKycSnapshots, type SnapshotInput } from "./snapshot.ts";
import type { StaffActor } from "./video-kyc-rows.ts";
import type { VideoKycDeps } from "./video-kyc-rows.ts";
import type { PubSubPort } from "../../providers/pubsub/port.ts";

export { approvedVideoKyc, videoKycEvidence, type VideoKycEvidence } from "./video-kyc-rows.ts";
export { VIDEO_KYC_DESK_MESSAGES, type VideoKycCallView, type VideoKycQueueItem } from "./video-kyc-official.ts";
export type { VideoKycCustomerView } from "./video-kyc-customer.ts";
export type { SignalSubscription, VideoKycSignalling } from "./signalling.ts";
export type { VideoKycDeps };
export type { RecordingView } from "./recording.ts";
export type { SnapshotView } from "./snapshot.ts";
export type { RecordingCheckReport } from "./recording-check.ts";

/** `signals`: the pub/sub the call's signalling relays through (Redis across instances, else memory). */
export function createVideoKycService(deps: VideoKycDeps & { signals: PubSubPort }) {
  const recording = createVideoKycRecording(deps);
  // The 10-minute rule: a call whose customer has gone ends as DROPPED, checked on each read and by a job.
  const presence = createCallPresence(deps, recording);
  const desk = createVideoKycOfficial(deps, recording, presence);
  const snapshots = createVideoKycSnapshots(deps, presence);
  // screen: the back office's desk (/admin/video-kyc) over the officials' service; signalling: the call's WebRTC messages.
  return {
    customer: createVideoKycCustomer(deps, presence),
    desk,
    screen: createVideoKycScreen(deps, desk, recording, snapshots),
    signalling: createVideoKycSignalling({ db: deps.db, now: deps.now, audit: deps.audit, bus: deps.signals, presence }),
    /** The closed recordings' stored bytes re-checked against their audit entries (npm run recordings:check). */
    recordingCheck: createRecordingCheck(deps),
    /** The job (each minute): calls whose customer has been gone more than 10 minutes end as DROPPED. */
    dropGoneCalls: () => presence.dropGone(),
    // The call's recordings: chunks from the official who took it; read by whoever may read the call.
    recordings: {
      upload: (actor: StaffActor | null | undefined, sessionId: unknown, chunk: RecordingChunkInput) => recording.uploadChunk(actor, sessionId, chunk),
      async list(actor: StaffActor | null | undefined, sessionId: unknown) {
        const call = await desk.call(actor, sessionId);
        return recording.list(call.id);
      },
      async open(actor: StaffActor | null | undefined, sessionId: unknown, recordingId: unknown) {
        await desk.call(actor, sessionId);
        return recording.open(actor, sessionId, recordingId);
      },
    },
    // The official's face and PAN card snapshots: taken by the official in the call; read by whoever may read the call.
    snapshots: {
      take: (actor: StaffActor | null | undefined, sessionId: unknown, input: SnapshotInput) => snapshots.take(actor, sessionId, input),
      async open(actor: StaffActor | null | undefined, sessionId: unknown, snapshotId: unknown) {
        const call = await desk.call(actor, sessionId);
        return snapshots.open(call.id, snapshotId);
      },
    },
  };
}

export type VideoKycService = ReturnType<typeof createVideoKycService>;
