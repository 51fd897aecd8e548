// Auto-debit mandates (migration 1220, issue 24). `mandates` and `mandate_debits` are written only by
// server/modules/mandates; the sandbox_* tables only by the sandbox provider.
import { bigint, boolean, date, pgTable, primaryKey, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { customerProfiles } from "./auth.ts";
import { leads } from "./onboarding.ts";
import { paymentOrders } from "./payments.ts";

export type MandateMethod = "upi" | "enach";
export type MandateRowStatus = "PENDING" | "ACTIVE" | "FAILED" | "CANCELLED";
export type MandateDebitStatus = "NOTIFIED" | "PRESENTED" | "SUCCESS" | "FAILED" | "SKIPPED";

export const mandates = pgTable("mandates", {
  id: uuid("id").primaryKey().defaultRandom(),
  profileId: uuid("profile_id")
    .notNull()
    .references(() => customerProfiles.id, { onDelete: "cascade" }),
  leadId: uuid("lead_id")
    .notNull()
    .references(() => leads.id, { onDelete: "cascade" }),
  method: text("method").$type<MandateMethod>().notNull(),
  status: text("status").$type<MandateRowStatus>().notNull(),
  provider: text("provider").notNull(),
  providerCustomerId: text("provider_customer_id").notNull(),
  registrationId: text("registration_id").notNull(),
  tokenId: text("token_id"),
  maxAmountPaise: bigint("max_amount_paise", { mode: "number" }).notNull(),
  accountLast4: text("account_last4"),
  failureReason: text("failure_reason"),
  cancelReason: text("cancel_reason").$type<"loan_closed" | "revoked" | "provider">(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  activatedAt: timestamp("activated_at", { withTimezone: true }),
  cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
});

export const mandateDebits = pgTable("mandate_debits", {
  id: uuid("id").primaryKey().defaultRandom(),
  mandateId: uuid("mandate_id")
    .notNull()
    .references(() => mandates.id, { onDelete: "cascade" }),
  leadId: uuid("lead_id")
    .notNull()
    .references(() => leads.id, { onDelete: "cascade" }),
  attempt: smallint("attempt").notNull(),
  debitOn: date("debit_on", { mode: "string" }).notNull(),
  status: text("status").$type<MandateDebitStatus>().notNull(),
  noticeAmountPaise: bigint("notice_amount_paise", { mode: "number" }).notNull(),
  amountPaise: bigint("amount_paise", { mode: "number" }),
  paymentOrderId: uuid("payment_order_id").references(() => paymentOrders.id, { onDelete: "restrict" }),
  providerOrderId: text("provider_order_id"),
  providerPaymentId: text("provider_payment_id"),
  failureReason: text("failure_reason"),
  notifiedAt: timestamp("notified_at", { withTimezone: true }).notNull(),
  presentedAt: timestamp("presented_at", { withTimezone: true }),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});

export const mandateWebhookEvents = pgTable(
  "mandate_webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export const sandboxMandateTokens = pgTable("sandbox_mandate_tokens", {
  registrationId: text("registration_id").primaryKey(),
  customerId: text("customer_id").notNull(),
  tokenId: text("token_id"),
  reference: text("reference").notNull(),
  method: text("method").notNull(),
  maxAmountPaise: bigint("max_amount_paise", { mode: "number" }).notNull(),
  accountLast4: text("account_last4"),
  status: text("status").$type<"created" | "confirmed" | "rejected" | "cancelled">().notNull(),
  failDebits: boolean("fail_debits").notNull().default(false),
  failureReason: text("failure_reason"),
  returnUrl: text("return_url").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

export const sandboxMandateDebits = pgTable("sandbox_mandate_debits", {
  paymentId: text("payment_id").primaryKey(),
  orderId: text("order_id").notNull(),
  receipt: text("receipt").notNull(),
  tokenId: text("token_id").notNull(),
  customerId: text("customer_id").notNull(),
  amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
  status: text("status").$type<"created" | "captured" | "failed">().notNull(),
  failureReason: text("failure_reason"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
