// The loan account (migration 1520, decision 45): one row per lead, written only by server/modules/loans.
import { bigint, date, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { LEAD_STATUSES } from "../../../core/journey/customers.ts";

export const loanAccounts = pgTable(
  "loan_accounts",
  {
    leadId: uuid("lead_id").primaryKey(),
    profileId: uuid("profile_id").notNull(),
    // Typed from core's list; the table's CHECK holds the same list.
    status: text("status", { enum: LEAD_STATUSES }).notNull().default("IN_PROCESS"),
    loanNo: text("loan_no").unique(),
    disbursalDate: date("disbursal_date", { mode: "string" }),
    rejectionReason: text("rejection_reason"),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [index("loan_accounts_status_idx").on(t.status, t.statusChangedAt)],
);

/** Each status change of an account, in order (its own audit). */
export const loanStatusChanges = pgTable(
  "loan_status_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => loanAccounts.leadId, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: LEAD_STATUSES }).notNull(),
    toStatus: text("to_status", { enum: LEAD_STATUSES }).notNull(),
    move: text("move").notNull(),
    changedBy: text("changed_by"),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("loan_status_changes_lead_idx").on(t.leadId, t.id)],
);
