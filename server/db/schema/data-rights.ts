// Consent per purpose and rights requests (migration 1150, issue 23). Written only by server/modules/data-rights.
import { bigserial, date, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jsonb } from "../column-types.ts";
import type { ConsentPurpose, NoticeLanguage, RightsRequestKind, RightsRequestStatus } from "../../../core/data-rights/index.ts";
import { customerProfiles } from "./auth.ts";

export const consents = pgTable("consents", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  profileId: uuid("profile_id")
    .notNull()
    .references(() => customerProfiles.id, { onDelete: "restrict" }),
  purpose: text("purpose").$type<ConsentPurpose>().notNull(),
  action: text("action").$type<"grant" | "withdraw">().notNull(),
  noticeVersion: integer("notice_version").notNull(),
  language: text("language").$type<NoticeLanguage>().notNull(),
  source: text("source").notNull(),
  at: timestamp("at", { withTimezone: true }).notNull(),
});

export const dataRequests = pgTable("data_requests", {
  id: uuid("id").primaryKey().defaultRandom(),
  profileId: uuid("profile_id")
    .notNull()
    .references(() => customerProfiles.id, { onDelete: "restrict" }),
  kind: text("kind").$type<RightsRequestKind>().notNull(),
  details: text("details"),
  status: text("status").$type<RightsRequestStatus>().notNull().default("OPEN"),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
  dueOn: date("due_on", { mode: "string" }).notNull(),
  handledBy: text("handled_by"),
  handledByEmail: text("handled_by_email"),
  handledAt: timestamp("handled_at", { withTimezone: true }),
  outcome: text("outcome"),
  recordsKeptUntil: date("records_kept_until", { mode: "string" }),
});

/** Issue 30 (migration 1470): every SMS and e-mail sent to a customer, for their data export; codes masked. */
export const sentMessages = pgTable("sent_messages", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  profileId: uuid("profile_id")
    .notNull()
    .references(() => customerProfiles.id, { onDelete: "cascade" }),
  /** sms, email or (issue 34) whatsapp; migration 1470 takes any text. */
  channel: text("channel").$type<"sms" | "email" | "whatsapp">().notNull(),
  /** The notice's kind (loan_disbursed …), otp_<purpose>, or email. */
  kind: text("kind").notNull(),
  recipient: text("recipient").notNull(),
  lang: text("lang").notNull().default("en"),
  subject: text("subject"),
  body: text("body").notNull(),
  attachments: jsonb("attachments").$type<string[]>().notNull().default([]),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
});
