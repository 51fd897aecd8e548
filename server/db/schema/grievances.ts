// Grievances (migration 1110, issue 22). Written only by server/modules/grievances.
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { GrievanceCategory, GrievanceStatus } from "../../../core/grievances.ts";
import { customerProfiles } from "./auth.ts";
import { leads } from "./onboarding.ts";

export const grievances = pgTable(
  "grievances",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull().unique(),
    profileId: uuid("profile_id").references(() => customerProfiles.id, { onDelete: "restrict" }),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "restrict" }),
    loanNo: text("loan_no"),
    category: text("category").$type<GrievanceCategory>().notNull(),
    description: text("description").notNull(),
    name: text("name"),
    mobile: text("mobile"),
    email: text("email"),
    /** Issue 23: the language a public-form complaint was raised in (a customer's own follows the profile). */
    language: text("language").$type<"en" | "hi">(),
    source: text("source").$type<"dashboard" | "public">().notNull(),
    attachmentKey: text("attachment_key"),
    attachmentType: text("attachment_type"),
    attachmentBytes: integer("attachment_bytes"),
    status: text("status").$type<GrievanceStatus>().notNull().default("open"),
    raisedAt: timestamp("raised_at", { withTimezone: true }).notNull(),
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
    ombudsmanNoticeAt: timestamp("ombudsman_notice_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [index("grievances_status_idx").on(t.status, t.raisedAt), index("grievances_profile_idx").on(t.profileId, t.raisedAt)],
);

export type GrievanceEventKind = "reply" | "escalated" | "ombudsman_notice" | "resolved" | "closed";

export const grievanceEvents = pgTable(
  "grievance_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    grievanceId: uuid("grievance_id")
      .notNull()
      .references(() => grievances.id, { onDelete: "cascade" }),
    kind: text("kind").$type<GrievanceEventKind>().notNull(),
    body: text("body"),
    staffId: text("staff_id"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("grievance_events_grievance_idx").on(t.grievanceId, t.at)],
);
