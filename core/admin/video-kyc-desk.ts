// Issue 33: what the video KYC desk (/admin/video-kyc) may ask of the server: the queue, the calls this
// official has in progress, the decided calls waiting for a second person's audit, taking a call, the call
// screen, the decision and the audit. Officials (video_kyc) take and decide; auditors and officials who did
// not take a call audit it. Names are masked in the lists; the call screen shows the official who took the
// call what they must compare, and the auditor a masked record (docs/decisions/kyc.md).
import type { VideoKycCheck } from "../video-kyc.ts";

export interface VideoKycQueueRow {
  id: string;
  position: number;
  /** "Ravi S." */
  name: string;
  queuedAt: string;
  waitingMinutes: number;
}

export interface VideoKycCallRow {
  id: string;
  name: string;
  status: string;
  at: string;
}

export interface VideoKycCallScreen {
  id: string;
  status: string;
  /** You took this call (you decide it); otherwise you see it as its second person. */
  mine: boolean;
  /** May this staff member audit it now (decided, not audited, not their own call). */
  canAudit: boolean;
  /** Whether the record is shown masked (the audit's view). */
  masked: boolean;
  /** For the official in the call only: the RTCPeerConnection's STUN and TURN servers (TURN credentials minted for it). */
  iceServers: { urls: string[]; username?: string; credential?: string }[];
  aadhaar: {
    name: string;
    dob: string;
    gender: string;
    address: string;
    pincode: string;
    last4: string;
    fileMadeAt: string | null;
    mobileMatches: boolean | null;
    /** The Aadhaar photo as a data: URI (JPEG), or null when there is none. */
    photo: string | null;
  };
  pan: { number: string; name: string; dob: string; verified: boolean } | null;
  location: {
    latitude: number;
    longitude: number;
    accuracy: number;
    inIndia: boolean;
    /** From the main town of the Aadhaar address's PIN region; null when the PIN cannot be placed. */
    fromAddress: { km: number; town: string } | null;
  } | null;
  /** The action drawn for the call: its key (what the customer's page words) and the official's words. */
  livenessAction: { key: string; label: string } | null;
  /** The newest face and PAN card snapshots (the ones that count), each its image's address, time and SHA-256. */
  snapshots: Record<"face" | "pan", { id: string; src: string; takenAt: string; sha256: string } | null>;
  /** For the official in the call: the question and the answer on record; the audit sees only the marks. */
  questions: { topic: string; question: string; answer: string; correct: boolean | null }[];
  checks: Partial<Record<VideoKycCheck, boolean>>;
  /** The call's recordings (the official's camera, the customer's): times, size, and the SHA-256 once the decision closed them. */
  recordings: {
    id: string;
    stream: string;
    chunks: number;
    sizeBytes: number;
    startedAt: string | null;
    durationMs: number | null;
    sha256: string | null;
    /** The last re-check of the stored bytes against the audit entry (npm run recordings:check), or null before one. */
    check: { result: "MATCHES" | "MISMATCH" | "MISSING"; at: string } | null;
  }[];
  /** What the official may weigh: the customer joined from another device (each time); and each time the liveness action was asked. */
  events: ({ kind: "other_device"; at: string } | { kind: "liveness_asked"; at: string; action: string })[];
  /** The call ended because the customer was gone more than 10 minutes (no one's decision), or null. */
  droppedAt: string | null;
  decisionReason: string | null;
  auditOutcome: string | null;
  auditNote: string | null;
}

export interface VideoKycDesk {
  queue(): Promise<VideoKycQueueRow[]>;
  /** The calls this official has taken and not decided. */
  mine(): Promise<VideoKycCallRow[]>;
  /** Decided calls not yet audited, that this staff member may audit (never their own). */
  toAudit(): Promise<VideoKycCallRow[]>;
  take(sessionId: string): Promise<{ id: string }>;
  call(sessionId: string): Promise<VideoKycCallScreen>;
  decide(
    sessionId: string,
    input: { outcome: string; reason: string; checks: Record<string, boolean>; questions: { topic: string; correct: boolean }[] },
  ): Promise<{ id: string; status: string }>;
  audit(sessionId: string, input: { outcome: string; note: string }): Promise<{ id: string; auditOutcome: string | null }>;
}
