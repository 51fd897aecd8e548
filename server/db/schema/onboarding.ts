// Tables of onboarding and eligibility (migration 0200). Profile columns live in profile-columns.ts.
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { customerProfiles } from "./auth.ts";
import { leadQuoteColumns } from "./loan.ts";

/** Customer files stored through the storage port; only a random key, never a file name. */
export const uploadedFiles = pgTable(
  "uploaded_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => customerProfiles.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id"),
    kind: text("kind").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploaded_files_profile_idx").on(t.profileId, t.kind)],
);

/** A loan application (decision 11). Its loan account (status, number, disbursal) is loan_accounts (decision 45). */
export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => customerProfiles.id, { onDelete: "cascade" }),
    userType: text("user_type").notNull(),
    monthlyIncome: integer("monthly_income").notNull(),
    offerMinAmount: integer("offer_min_amount").notNull(),
    offerMaxAmount: integer("offer_max_amount").notNull(),
    eligibilityCheckId: uuid("eligibility_check_id"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    utmTerm: text("utm_term"),
    utmContent: text("utm_content"),
    clickId: text("click_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ...leadQuoteColumns,
  },
  (t) => [index("leads_profile_idx").on(t.profileId, t.createdAt)],
);

export const eligibilityChecks = pgTable(
  "eligibility_checks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => customerProfiles.id, { onDelete: "cascade" }),
    eligible: boolean("eligible").notNull(),
    /** SCORE or NO_HISTORY. */
    bureauStatus: text("bureau_status").notNull(),
    bureauScore: integer("bureau_score"),
    bureauReference: text("bureau_reference"),
    offerMaxAmount: integer("offer_max_amount"),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("eligibility_checks_profile_idx").on(t.profileId, t.checkedAt)],
);

/** One row per rule per check, passing or failing (decision 6). */
export const eligibilityRuleResults = pgTable(
  "eligibility_rule_results",
  {
    checkId: uuid("check_id")
      .notNull()
      .references(() => eligibilityChecks.id, { onDelete: "cascade" }),
    rule: text("rule").notNull(),
    passed: boolean("passed").notNull(),
    observed: text("observed"),
    reason: text("reason"),
  },
  (t) => [primaryKey({ columns: [t.checkId, t.rule] })],
);
