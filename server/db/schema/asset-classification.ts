// Asset classification (migration 1100, issue 22): each loan's class as a history of periods.
// Written only by server/modules/asset-classification.
import { bigint, date, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { leads } from "./onboarding.ts";

export const assetClassHistory = pgTable("asset_class_history", {
  id: uuid("id").primaryKey().defaultRandom(),
  leadId: uuid("lead_id")
    .notNull()
    .references(() => leads.id, { onDelete: "restrict" }),
  assetClass: text("asset_class").notNull(),
  fromDate: date("from_date").notNull(),
  /** Inclusive; null while this is the loan's current class. */
  toDate: date("to_date"),
  /** The last day classified: the figures below are that day's. */
  asOf: date("as_of").notNull(),
  daysPastDue: integer("days_past_due").notNull(),
  overduePaise: bigint("overdue_paise", { mode: "number" }).notNull(),
  outstandingPaise: bigint("outstanding_paise", { mode: "number" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** Write-off of an NPA (decision 44, migration 1420): entered by accounts, approved by a second person. */
export const loanWriteOffs = pgTable("loan_write_offs", {
  id: uuid("id").primaryKey().defaultRandom(),
  leadId: uuid("lead_id")
    .notNull()
    .references(() => leads.id, { onDelete: "restrict" }),
  reason: text("reason").notNull(),
  status: text("status").$type<"PENDING" | "APPROVED" | "REJECTED">().notNull().default("PENDING"),
  enteredBy: text("entered_by").notNull(),
  enteredByEmail: text("entered_by_email"),
  enteredAt: timestamp("entered_at", { withTimezone: true }).notNull(),
  decidedBy: text("decided_by"),
  decidedByEmail: text("decided_by_email"),
  decidedAt: timestamp("decided_at", { withTimezone: true }),
  rejectReason: text("reject_reason"),
  writtenOffOn: date("written_off_on", { mode: "string" }),
  amountPaise: bigint("amount_paise", { mode: "number" }),
  provisionUsedPaise: bigint("provision_used_paise", { mode: "number" }),
});
