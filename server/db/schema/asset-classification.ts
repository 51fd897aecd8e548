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
