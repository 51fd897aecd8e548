// Issue 32 (migration 1540): ONDC messages as received. Written only by server/modules/ondc.
import { bigserial, index, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";

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
