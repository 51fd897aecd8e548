// Issue 34 (migration 1560): WhatsApp messages we sent and their delivery, and customers' replies.
// Written only by server/modules/whatsapp.
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export type WhatsAppStatus = "accepted" | "unknown" | "sent" | "failed" | "delivered" | "read";

export const whatsappMessages = pgTable(
  "whatsapp_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    wamid: text("wamid").unique(),
    toMobile: text("to_mobile").notNull(),
    template: text("template").notNull(),
    lang: text("lang").$type<"en" | "hi">().notNull(),
    parameters: jsonb("parameters").$type<string[]>().notNull().default([]),
    body: text("body").notNull(),
    status: text("status").$type<WhatsAppStatus>().notNull(),
    errorCode: integer("error_code"),
    errorTitle: text("error_title"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    statusAt: timestamp("status_at", { withTimezone: true }).notNull(),
    /** Migration 1600: the SMS notice this message stands for (its kind and variables), for the fallback to SMS. */
    notice: jsonb("notice").$type<{ kind: string; vars: Record<string, string> }>(),
    /** The fallback's claim: set once, when the SMS is sent instead (or the dues notice expired). */
    smsFallbackAt: timestamp("sms_fallback_at", { withTimezone: true }),
    smsFallback: text("sms_fallback").$type<"failed" | "undelivered" | "expired">(),
  },
  (t) => [index("whatsapp_messages_to_idx").on(t.toMobile, t.createdAt)],
);

export const whatsappReplies = pgTable(
  "whatsapp_replies",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    wamid: text("wamid").notNull().unique(),
    fromMobile: text("from_mobile").notNull(),
    type: text("type").notNull(),
    body: text("body"),
    stop: boolean("stop").notNull().default(false),
    action: text("action").$type<"withdrawn" | "not_granted" | "no_customer">(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("whatsapp_replies_from_idx").on(t.fromMobile, t.receivedAt)],
);
