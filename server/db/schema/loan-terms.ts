// Each loan's own terms (migration 1001, decision 34). Written only by server/modules/loans.
import { bigint, date, integer, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { leads } from "./onboarding.ts";

export const loanTerms = pgTable("loan_terms", {
  leadId: uuid("lead_id")
    .primaryKey()
    .references(() => leads.id, { onDelete: "cascade" }),
  principalPaise: bigint("principal_paise", { mode: "number" }).notNull(),
  interestBpsPerDay: integer("interest_bps_per_day").notNull(),
  penalBpsPerDay: integer("penal_bps_per_day").notNull(),
  penalCapBps: integer("penal_cap_bps").notNull(),
  coolingOffDays: integer("cooling_off_days").notNull(),
  processingFeeBps: integer("processing_fee_bps").notNull(),
  gstBps: integer("gst_bps").notNull(),
  feePaise: bigint("fee_paise", { mode: "number" }).notNull(),
  gstPaise: bigint("gst_paise", { mode: "number" }).notNull(),
  netDisbursalPaise: bigint("net_disbursal_paise", { mode: "number" }).notNull(),
  interestPaise: bigint("interest_paise", { mode: "number" }).notNull(),
  aprBps: integer("apr_bps").notNull(),
  tenureDays: integer("tenure_days").notNull(),
  repaymentDate: date("repayment_date", { mode: "string" }).notNull(),
  kfsIssuedOn: date("kfs_issued_on", { mode: "string" }).notNull(),
  /** The product's shortest tenure when the KFS was issued (migration 1530): the payout check's. */
  minTenureDays: integer("min_tenure_days").notNull(),
  coolingOffEndsOn: date("cooling_off_ends_on", { mode: "string" }),
  fixedAt: timestamp("fixed_at", { withTimezone: true }).notNull(),
});
