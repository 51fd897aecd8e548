// Issue 32 (migrations 1540, 1550): ONDC messages in and out, and the outbox of callbacks. Written only by server/modules/ondc.
import { sql } from "drizzle-orm";
import { bigserial, index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";

export type OndcDirection = "in" | "out";

export const ondcMessages = pgTable(
  "ondc_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    direction: text("direction").$type<OndcDirection>().notNull(),
    action: text("action").notNull(),
    transactionId: text("transaction_id").notNull(),
    messageId: text("message_id").notNull(),
    bapId: text("bap_id").notNull(),
    bppId: text("bpp_id"),
    keyId: text("key_id").notNull(),
    signature: text("signature").$type<"verified" | "signed">().notNull(),
    body: text("body").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (t) => [unique("ondc_messages_once").on(t.direction, t.action, t.messageId), index("ondc_messages_transaction_idx").on(t.transactionId, t.receivedAt)],
);

export type OndcOutboxStatus = "pending" | "delivered" | "failed";

// Issue 32 (migration 1550): the callbacks we owe buyer apps, delivered by server/modules/ondc/outbox.ts.
export const ondcOutbox = pgTable(
  "ondc_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    action: text("action").notNull(),
    transactionId: text("transaction_id").notNull(),
    messageId: text("message_id").notNull(),
    bapId: text("bap_id").notNull(),
    bapUri: text("bap_uri").notNull(),
    body: text("body").notNull(),
    status: text("status").$type<OndcOutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    claimToken: text("claim_token"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastResult: text("last_result"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    unique("ondc_outbox_once").on(t.action, t.messageId),
    index("ondc_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index("ondc_outbox_transaction_idx").on(t.transactionId, t.createdAt),
  ],
);
