// Reconciliation and gateway settlements (migration 1020). Written only by server/modules/reconciliation.
import { bigint, date, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { PaymentGatewayName } from "../../../core/payment-gateways.ts";
import { ledgerEntries } from "./ledger.ts";
import { payments } from "./payments.ts";
import { refunds } from "./refunds.ts";

type SettlementLineType = "payment" | "refund" | "chargeback" | "adjustment";

export type ReconciliationExceptionKind =
  | "amount_mismatch"
  | "unanswered_order"
  | "unknown_payment"
  | "settlement_amount"
  | "not_settled"
  // Migration 1480: a settlement's refund line we have no refund for; a chargeback; a gateway's adjustment.
  | "unknown_refund"
  | "chargeback"
  | "settlement_adjustment";
type GatewayName = PaymentGatewayName;

export const reconciliationExceptions = pgTable("reconciliation_exceptions", {
  id: uuid("id").primaryKey().defaultRandom(),
  kind: text("kind").$type<ReconciliationExceptionKind>().notNull(),
  gateway: text("gateway").$type<GatewayName>().notNull(),
  reference: text("reference").notNull(),
  orderId: text("order_id"),
  gatewayPaymentId: text("gateway_payment_id"),
  settlementId: text("settlement_id"),
  orderedPaise: bigint("ordered_paise", { mode: "number" }),
  paidPaise: bigint("paid_paise", { mode: "number" }),
  detectedAt: timestamp("detected_at", { withTimezone: true }).notNull(),
  resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  resolvedBy: uuid("resolved_by"),
  resolvedByEmail: text("resolved_by_email"),
  resolutionNote: text("resolution_note"),
});

export const gatewaySettlements = pgTable("gateway_settlements", {
  id: uuid("id").primaryKey().defaultRandom(),
  gateway: text("gateway").$type<GatewayName>().notNull(),
  settlementId: text("settlement_id").notNull(),
  utr: text("utr").notNull(),
  settledOn: date("settled_on", { mode: "string" }).notNull(),
  grossPaise: bigint("gross_paise", { mode: "number" }).notNull(),
  feePaise: bigint("fee_paise", { mode: "number" }).notNull(),
  taxPaise: bigint("tax_paise", { mode: "number" }).notNull(),
  netPaise: bigint("net_paise", { mode: "number" }).notNull(),
  lineCount: integer("line_count").notNull(),
  unmatchedCount: integer("unmatched_count").notNull(),
  ledgerEntryId: uuid("ledger_entry_id").references(() => ledgerEntries.id, { onDelete: "restrict" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

export const gatewaySettlementLines = pgTable("gateway_settlement_lines", {
  id: uuid("id").primaryKey().defaultRandom(),
  settlementRowId: uuid("settlement_row_id")
    .notNull()
    .references(() => gatewaySettlements.id, { onDelete: "restrict" }),
  gateway: text("gateway").$type<GatewayName>().notNull(),
  gatewayPaymentId: text("gateway_payment_id").notNull(),
  grossPaise: bigint("gross_paise", { mode: "number" }).notNull(),
  feePaise: bigint("fee_paise", { mode: "number" }).notNull(),
  taxPaise: bigint("tax_paise", { mode: "number" }).notNull(),
  netPaise: bigint("net_paise", { mode: "number" }).notNull(),
  paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "restrict" }),
  /** Migration 1480: what the line is, the payment a refund or chargeback belongs to, and our refund. */
  lineType: text("line_type").$type<SettlementLineType>().notNull().default("payment"),
  parentPaymentId: text("parent_payment_id"),
  refundId: uuid("refund_id").references(() => refunds.id, { onDelete: "restrict" }),
});
