// Video KYC (V-CIP) attempts (migration 1610, issue 33). Written only by server/modules/video-kyc.
import { boolean, date, doublePrecision, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jsonb } from "../column-types.ts";
import { customerProfiles } from "./auth.ts";
import { leads } from "./onboarding.ts";
import { staffAccounts } from "./staff.ts";

export const VIDEO_KYC_STATUSES = ["STARTED", "IDENTITY_READ", "WAITING", "IN_CALL", "APPROVED", "REJECTED"] as const;
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
});
