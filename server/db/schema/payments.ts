// Repayments (migration 0810, decision 29). Written only by server/modules/payments.
import { bigint, boolean, date, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { PaymentGatewayName } from "../../../core/payment-gateways.ts";
import { customerProfiles } from "./auth.ts";
import { ledgerEntries } from "./ledger.ts";
import { leads } from "./onboarding.ts";

export const repayOtpChallenges = pgTable("repay_otp_challenges", {
  id: uuid("id").primaryKey().defaultRandom(),
  panHash: text("pan_hash").notNull(),
  profileId: uuid("profile_id").references(() => customerProfiles.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  attempts: integer("attempts").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  consumedAt: timestamp("consumed_at", { withTimezone: true }),
});

export const repaySessions = pgTable("repay_sessions", {
  id: uuid("id").primaryKey().defaultRandom(),
  tokenHash: text("token_hash").notNull().unique(),
  leadId: uuid("lead_id")
    .notNull()
    .references(() => leads.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export const paymentOrders = pgTable("payment_orders", {
  id: uuid("id").primaryKey().defaultRandom(),
  orderId: text("order_id").notNull().unique(),
  gateway: text("gateway").$type<PaymentGatewayName>().notNull(),
  gatewayOrderId: text("gateway_order_id"),
  leadId: uuid("lead_id")
    .notNull()
    .references(() => leads.id, { onDelete: "restrict" }),
  amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
  status: text("status").$type<"created" | "paid" | "failed">().notNull().default("created"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

export const payments = pgTable("payments", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** bank_transfer (migration 0940): an approved bank transfer, gatewayPaymentId its posting id, no order. */
  gateway: text("gateway").$type<PaymentGatewayName | "bank_transfer">().notNull(),
  gatewayPaymentId: text("gateway_payment_id").notNull(),
  paymentOrderId: uuid("payment_order_id").references(() => paymentOrders.id, { onDelete: "restrict" }),
  leadId: uuid("lead_id")
    .notNull()
    .references(() => leads.id, { onDelete: "restrict" }),
  amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
  receivedOn: date("received_on", { mode: "string" }).notNull(),
  excessPaise: bigint("excess_paise", { mode: "number" }).notNull().default(0),
  refundStatus: text("refund_status").$type<"due" | "refunded">(),
  appliedToLoan: boolean("applied_to_loan").notNull(),
  ledgerEntryId: uuid("ledger_entry_id")
    .notNull()
    .references(() => ledgerEntries.id, { onDelete: "restrict" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

export const paymentWebhookEvents = pgTable(
  "payment_webhook_events",
  {
    gateway: text("gateway").notNull(),
    eventId: text("event_id").notNull(),
    event: text("event").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.eventId] })],
);

/** Bank transfers entered by collections and approved or rejected by accounts (migration 0940). */
export const bankTransfers = pgTable("bank_transfers", {
  id: uuid("id").primaryKey().defaultRandom(),
  leadId: uuid("lead_id")
    .notNull()
    .references(() => leads.id, { onDelete: "restrict" }),
  loanNo: text("loan_no").notNull(),
  amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
  bankReference: text("bank_reference").notNull().unique(),
  receivedOn: date("received_on", { mode: "string" }).notNull(),
  status: text("status").$type<"PENDING" | "APPROVED" | "REJECTED">().notNull().default("PENDING"),
  enteredBy: text("entered_by").notNull(),
  enteredByEmail: text("entered_by_email"),
  enteredAt: timestamp("entered_at", { withTimezone: true }).notNull(),
  decidedBy: text("decided_by"),
  decidedByEmail: text("decided_by_email"),
  decidedAt: timestamp("decided_at", { withTimezone: true }),
  rejectReason: text("reject_reason"),
  paymentId: uuid("payment_id"),
});
