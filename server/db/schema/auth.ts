import { sql } from "drizzle-orm";
import { bigserial, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { NextStep } from "../../../core/journey/steps.ts";
import { onboardingProfileColumns } from "./profile-columns.ts";

export const customerProfiles = pgTable("customer_profiles", {
  id: uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  mobile: text("mobile").notNull().unique(),
  // Written only by server/modules/journey/journey.ts.
  nextStep: text("next_step").$type<NextStep>().notNull().default("pancard_verification"),
  userType: text("user_type").notNull().default("NEW"),
  eligibilityStatus: integer("eligibility_status").notNull().default(0),
  utmSource: text("utm_source"),
  utmMedium: text("utm_medium"),
  utmCampaign: text("utm_campaign"),
  utmTerm: text("utm_term"),
  utmContent: text("utm_content"),
  clickId: text("click_id"),
  /** Issue 23: "en" or "hi" once the customer chose; written by profile/preferred-language.ts. */
  preferredLanguage: text("preferred_language").$type<"en" | "hi">(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  // Issue 23: set by an erasure; what is kept goes on this date.
  erasedAt: timestamp("erased_at", { withTimezone: true }),
  recordsKeptUntil: date("records_kept_until", { mode: "string" }),
  /** Set once by the data-retention job when what was kept has been deleted or anonymised. */
  recordsPurgedAt: timestamp("records_purged_at", { withTimezone: true }),
  ...onboardingProfileColumns,
});

/** One-time login codes. Only a keyed hash of the code is kept. */
export const otpCodes = pgTable(
  "otp_codes",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => customerProfiles.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [index("otp_codes_profile_idx").on(t.profileId, t.createdAt)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tokenHash: text("token_hash").notNull().unique(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => customerProfiles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("sessions_profile_idx").on(t.profileId)],
);

/** Hits counted by sliding-window rate limits; subject is a keyed hash, never a raw IP or number. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bucket: text("bucket").notNull(),
    subject: text("subject").notNull(),
    hitAt: timestamp("hit_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_hits_lookup_idx").on(t.bucket, t.subject, t.hitAt)],
);

/** Messages recorded by the sandbox SMS adapter, shown at /dev/outbox outside production. */
export const smsOutbox = pgTable("sms_outbox", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  toMobile: text("to_mobile").notNull(),
  /** Issue 23: en or hi. */
  lang: text("lang").notNull().default("en"),
  body: text("body").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});
