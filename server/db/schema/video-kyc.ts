// Video KYC (V-CIP) attempts (migration 1610, issue 33). Written only by server/modules/video-kyc.
import { bigint, boolean, date, doublePrecision, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jsonb } from "../column-types.ts";
import { customerProfiles } from "./auth.ts";
import { leads } from "./onboarding.ts";
import { staffAccounts } from "./staff.ts";

export const VIDEO_KYC_STATUSES = ["STARTED", "IDENTITY_READ", "WAITING", "IN_CALL", "APPROVED", "REJECTED", "DROPPED"] as const;
export type VideoKycStatus = (typeof VIDEO_KYC_STATUSES)[number];
export type VideoKycAuditOutcome = "CONFIRMED" | "OVERTURNED";

export const videoKycSessions = pgTable("video_kyc_sessions", {
  id: uuid("id").primaryKey().defaultRandom(),
  leadId: uuid("lead_id")
    .notNull()
    .references(() => leads.id, { onDelete: "cascade" }),
  profileId: uuid("profile_id")
    .notNull()
    .references(() => customerProfiles.id, { onDelete: "cascade" }),
  status: text("status").$type<VideoKycStatus>().notNull(),
  consentNoticeVersion: integer("consent_notice_version").notNull(),
  consentLanguage: text("consent_language").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  aadhaarLast4: text("aadhaar_last4"),
  ekycGeneratedAt: timestamp("ekyc_generated_at", { withTimezone: true }),
  name: text("name"),
  dob: date("dob", { mode: "string" }),
  gender: text("gender").$type<"M" | "F" | "T">(),
  address: jsonb("address"),
  photoKey: text("photo_key"),
  mobileMatches: boolean("mobile_matches"),
  identityReadAt: timestamp("identity_read_at", { withTimezone: true }),
  latitude: doublePrecision("latitude"),
  longitude: doublePrecision("longitude"),
  locationAccuracyM: doublePrecision("location_accuracy_m"),
  queuedAt: timestamp("queued_at", { withTimezone: true }),
  officialId: uuid("official_id").references(() => staffAccounts.id),
  livenessAction: text("liveness_action"),
  takenAt: timestamp("taken_at", { withTimezone: true }),
  checks: jsonb("checks"),
  decisionReason: text("decision_reason"),
  decidedAt: timestamp("decided_at", { withTimezone: true }),
  auditorId: uuid("auditor_id").references(() => staffAccounts.id),
  auditOutcome: text("audit_outcome").$type<VideoKycAuditOutcome>(),
  auditNote: text("audit_note"),
  auditedAt: timestamp("audited_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  // Migration 1720: when the customer's side was last connected, the device (tab) whose stream is the call's,
  // what the official may weigh (another device joined), and when a call whose customer had gone was ended.
  customerSeenAt: timestamp("customer_seen_at", { withTimezone: true }),
  customerDevice: text("customer_device"),
  callEvents: jsonb("call_events").$type<VideoKycCallEvent[] | null>(),
  droppedAt: timestamp("dropped_at", { withTimezone: true }),
});

/**
 * Something in the call the official may weigh (migration 1720): the customer's stream came from another
 * device; or (1730) the official asked for the liveness action, shown on the customer's page.
 */
export type VideoKycCallEvent = { kind: "other_device"; at: string } | { kind: "liveness_asked"; at: string; action: string };

/** Issue 33 (migration 1660): one recording of a call's stream, uploaded in chunks; sha256 once finalised. */
export const videoKycRecordings = pgTable("video_kyc_recordings", {
  id: uuid("id").primaryKey(),
  sessionId: uuid("session_id")
    .notNull()
    .references(() => videoKycSessions.id, { onDelete: "cascade" }),
  stream: text("stream").$type<"official" | "customer">().notNull(),
  officialId: uuid("official_id")
    .notNull()
    .references(() => staffAccounts.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  chunkCount: integer("chunk_count"),
  sizeBytes: bigint("size_bytes", { mode: "number" }),
  startedAt: timestamp("started_at", { withTimezone: true }),
  endedAt: timestamp("ended_at", { withTimezone: true }),
  sha256: text("sha256"),
  finalisedAt: timestamp("finalised_at", { withTimezone: true }),
  // Migration 1720: the last re-check of the stored chunks against the audit entry's SHA-256.
  checkedAt: timestamp("checked_at", { withTimezone: true }),
  checkResult: text("check_result").$type<"MATCHES" | "MISMATCH" | "MISSING">(),
});

/** One uploaded chunk of a recording (its bytes in the storage port, by key). */
export const videoKycRecordingChunks = pgTable(
  "video_kyc_recording_chunks",
  {
    recordingId: uuid("recording_id")
      .notNull()
      .references(() => videoKycRecordings.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.seq] })],
);

/** Issue 33 (migration 1730): a snapshot the official took in the call (a JPEG of the customer's video); the newest of a kind counts. */
export const videoKycSnapshots = pgTable("video_kyc_snapshots", {
  id: uuid("id").primaryKey().defaultRandom(),
  sessionId: uuid("session_id")
    .notNull()
    .references(() => videoKycSessions.id, { onDelete: "cascade" }),
  kind: text("kind").$type<"face" | "pan">().notNull(),
  storageKey: text("storage_key").notNull(),
  sha256: text("sha256").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  takenAt: timestamp("taken_at", { withTimezone: true }).notNull(),
  officialId: uuid("official_id")
    .notNull()
    .references(() => staffAccounts.id),
});
