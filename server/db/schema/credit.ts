// Credit decisions and payouts (migration 0920). Lead columns are spread into leads (onboarding.ts).
import { bigint, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { leads } from "./onboarding.ts";

export const creditDecisions = pgTable("credit_decisions", {
  id: uuid("id").primaryKey().defaultRandom(),
  leadId: uuid("lead_id")
    .notNull()
    .references(() => leads.id, { onDelete: "cascade" }),
  stage: text("stage").$type<"RECOMMENDATION" | "DECISION">().notNull(),
  outcome: text("outcome").$type<"SANCTION" | "REJECT" | "REQUOTE">().notNull(),
  reasonCode: text("reason_code"),
  note: text("note"),
  staffId: text("staff_id").notNull(),
  staffRole: text("staff_role").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const payouts = pgTable("payouts", {
  id: uuid("id").primaryKey().defaultRandom(),
  loanId: uuid("loan_id")
    .notNull()
    .references(() => leads.id, { onDelete: "restrict" }),
  attempt: integer("attempt").notNull(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  provider: text("provider").notNull(),
  providerReference: text("provider_reference").unique(),
  amountPaise: bigint("amount_paise", { mode: "number" }).notNull(),
  status: text("status").$type<"PENDING" | "UNKNOWN" | "SUCCESS" | "FAILED" | "REVERSED">().notNull(),
  utr: text("utr"),
  failureReason: text("failure_reason"),
  requestedBy: text("requested_by").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  settledAt: timestamp("settled_at", { withTimezone: true }),
  /** Migration 1010: why the bank returned a paid payout, and when we heard. */
  reversalReason: text("reversal_reason"),
  reversedAt: timestamp("reversed_at", { withTimezone: true }),
});
