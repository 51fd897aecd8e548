// Servicing (migration 0970, decision 31): reminders, the collections contact log, the sandbox
// e-mail outbox and the post-signing copies. Written only by server/modules/servicing and the e-mail sandbox.
import { bigserial, boolean, date, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jsonb } from "../column-types.ts";
import { leads } from "./onboarding.ts";

export const loanReminders = pgTable(
  "loan_reminders",
  {
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    dueOn: date("due_on").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    byEmail: boolean("by_email").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.kind] })],
);

export const collectionContacts = pgTable("collection_contacts", {
  id: uuid("id").primaryKey().defaultRandom(),
  leadId: uuid("lead_id")
    .notNull()
    .references(() => leads.id, { onDelete: "restrict" }),
  staffId: text("staff_id").notNull(),
  staffEmail: text("staff_email"),
  channel: text("channel").notNull(),
  // Issue 22 (migration 1110): the outcome, and the agent and agency of a contact made through one.
  outcome: text("outcome"),
  agentName: text("agent_name"),
  agencyName: text("agency_name"),
  note: text("note").notNull(),
  contactedAt: timestamp("contacted_at", { withTimezone: true }).notNull(),
});

export const emailOutbox = pgTable("email_outbox", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  /** Issue 23: en or hi. */
  lang: text("lang").notNull().default("en"),
  attachments: jsonb("attachments").$type<{ name: string; mimeType: string; bytes: number }[]>().notNull().default([]),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

export const signedCopiesSent = pgTable("signed_copies_sent", {
  leadId: uuid("lead_id")
    .primaryKey()
    .references(() => leads.id, { onDelete: "cascade" }),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
});
