// Credit-bureau reporting (migration 1120, issue 22). Written only by server/modules/bureau.
import { boolean, date, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jsonb } from "../column-types.ts";
import { leads } from "./onboarding.ts";

export type RejectedRecord = { leadId: string; loanNo: string | null; problems: string[] };
export type SubmissionRecordError = { position: number; loanNo: string | null; errors: string[] };
export type SubmissionStatus = "ACCEPTED" | "PARTLY_ACCEPTED" | "REJECTED";

export const bureauFiles = pgTable("bureau_files", {
  id: uuid("id").primaryKey().defaultRandom(),
  periodStart: date("period_start", { mode: "string" }).notNull(),
  periodEnd: date("period_end", { mode: "string" }).notNull().unique(),
  storageKey: text("storage_key").notNull(),
  byteSize: integer("byte_size").notNull(),
  sha256: text("sha256").notNull(),
  recordCount: integer("record_count").notNull(),
  rejected: jsonb("rejected").$type<RejectedRecord[]>().notNull().default([]),
  builtBy: text("built_by"),
  builtByEmail: text("built_by_email"),
  builtAt: timestamp("built_at", { withTimezone: true }).notNull(),
});

export const bureauSubmissions = pgTable("bureau_submissions", {
  id: uuid("id").primaryKey().defaultRandom(),
  fileId: uuid("file_id")
    .notNull()
    .references(() => bureauFiles.id, { onDelete: "restrict" }),
  bureau: text("bureau").notNull(),
  status: text("status").$type<SubmissionStatus>().notNull(),
  providerReference: text("provider_reference"),
  acceptedCount: integer("accepted_count").notNull(),
  rejectedCount: integer("rejected_count").notNull(),
  fileError: text("file_error"),
  recordErrors: jsonb("record_errors").$type<SubmissionRecordError[]>().notNull().default([]),
  submittedBy: text("submitted_by").notNull(),
  submittedByEmail: text("submitted_by_email"),
  submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull(),
});

export const bureauOverdueNotices = pgTable("bureau_overdue_notices", {
  leadId: uuid("lead_id")
    .primaryKey()
    .references(() => leads.id, { onDelete: "cascade" }),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  byEmail: boolean("by_email").notNull().default(false),
});
