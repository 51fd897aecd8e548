// Refunds of customer excess (migration 1030, decision 37). Written only by server/modules/refunds.
import { bigint, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bankAccounts } from "./banking.ts";
import { ledgerEntries } from "./ledger.ts";
import { leads } from "./onboarding.ts";
import { payments } from "./payments.ts";

export type RefundStatus = "REQUESTED" | "APPROVED" | "SENT" | "UNKNOWN" | "PROCESSED" | "REJECTED";
export type RefundRoute = "gateway" | "bank";

export const refunds = pgTable("refunds", {
  id: uuid("id").primaryKey().defaultRandom(),
  leadId: uuid("lead_id")
    .notNull()
    .references(() => leads.id, { onDelete: "restrict" }),
  amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
  route: text("route").$type<RefundRoute>().notNull(),
  paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "restrict" }),
  gateway: text("gateway").$type<"razorpay" | "payu" | "phonepe">(),
  bankAccountId: uuid("bank_account_id").references(() => bankAccounts.id, { onDelete: "restrict" }),
  accountLast4: text("account_last4"),
  status: text("status").$type<RefundStatus>().notNull().default("REQUESTED"),
  attempt: integer("attempt").notNull().default(1),
  idempotencyKey: text("idempotency_key"),
  providerReference: text("provider_reference"),
  failureReason: text("failure_reason"),
  requestedBy: text("requested_by").notNull(),
  requestedByEmail: text("requested_by_email"),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
  approvedBy: text("approved_by"),
  approvedByEmail: text("approved_by_email"),
  approvedAt: timestamp("approved_at", { withTimezone: true }),
  rejectedBy: text("rejected_by"),
  rejectedAt: timestamp("rejected_at", { withTimezone: true }),
  rejectReason: text("reject_reason"),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  processedAt: timestamp("processed_at", { withTimezone: true }),
  ledgerEntryId: uuid("ledger_entry_id").references(() => ledgerEntries.id, { onDelete: "restrict" }),
});
