// Manual journals and closed periods (migration 1410, decision 44). Written only by server/modules/journals.
import { bigint, date, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jsonb } from "../column-types.ts";
import { ledgerEntries } from "./ledger.ts";

/** One line of a manual journal: a lender's account, its side and the amount in paise. */
export type JournalLine = { account: string; side: "debit" | "credit"; amount: number };

export const manualJournals = pgTable("manual_journals", {
  id: uuid("id").primaryKey().defaultRandom(),
  effectiveOn: date("effective_on", { mode: "string" }).notNull(),
  reason: text("reason").notNull(),
  lines: jsonb("lines").$type<JournalLine[]>().notNull(),
  totalPaise: bigint("total_paise", { mode: "number" }).notNull(),
  status: text("status").$type<"PENDING" | "APPROVED" | "REJECTED">().notNull().default("PENDING"),
  enteredBy: text("entered_by").notNull(),
  enteredByEmail: text("entered_by_email"),
  enteredAt: timestamp("entered_at", { withTimezone: true }).notNull(),
  decidedBy: text("decided_by"),
  decidedByEmail: text("decided_by_email"),
  decidedAt: timestamp("decided_at", { withTimezone: true }),
  rejectReason: text("reject_reason"),
  ledgerEntryId: uuid("ledger_entry_id").references(() => ledgerEntries.id, { onDelete: "restrict" }),
});

/** A closed month, by its first day. Months close in order and are never reopened. */
export const ledgerClosedMonths = pgTable("ledger_closed_months", {
  month: date("month", { mode: "string" }).primaryKey(),
  closedBy: text("closed_by").notNull(),
  closedByEmail: text("closed_by_email"),
  closedAt: timestamp("closed_at", { withTimezone: true }).notNull(),
});
