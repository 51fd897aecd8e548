// Quote, KFS, employment and credit managers (migration 0500). Lead columns are spread into leads (onboarding.ts).
import { bigint, boolean, date, index, integer, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { customerProfiles } from "./auth.ts";

export const creditManagers = pgTable("credit_managers", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  mobile: text("mobile").notNull(),
  email: text("email").notNull().unique(),
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Lead columns of migration 0500; names follow spec section 3's active_loan_details. The loan's terms are its loan_terms row (migration 1530). */
export const leadQuoteColumns = {
  proposalNumber: text("proposal_number").unique(),
  quoteIssuedOn: date("quote_issued_on", { mode: "string" }),
  purposeId: integer("purpose_id"),
  /** The spec's repayment_amount, paise (migration 1510). */
  repaymentAmountPaise: bigint("repayment_amount_paise", { mode: "number" }),
  /** ACCEPTED or DECLINED (a declined lead is REJECTED, decision 11). */
  quoteDecision: text("quote_decision"),
  quoteDecidedAt: timestamp("quote_decided_at", { withTimezone: true }),
  creditManagerId: uuid("credit_manager_id"),
  creditManagerAssignedAt: timestamp("credit_manager_assigned_at", { withTimezone: true }),
  // Credit review and sanction (migration 0920).
  recommendation: text("recommendation").$type<"SANCTION" | "REJECT">(),
  recommendedBy: text("recommended_by"),
  recommendedAt: timestamp("recommended_at", { withTimezone: true }),
  sanctionedBy: text("sanctioned_by"),
  sanctionedAt: timestamp("sanctioned_at", { withTimezone: true }),
  rejectedBy: text("rejected_by"),
  requoteRequestedAt: timestamp("requote_requested_at", { withTimezone: true }),
};

export const loanQuotes = pgTable(
  "loan_quotes",
  {
    leadId: uuid("lead_id").primaryKey(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => customerProfiles.id, { onDelete: "cascade" }),
    proposalNumber: text("proposal_number").notNull().unique(),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    principal: integer("principal").notNull(),
    tenureDays: integer("tenure_days").notNull(),
    purposeId: integer("purpose_id").notNull(),
    repaymentDate: date("repayment_date", { mode: "string" }).notNull(),
    showLoanTenure: smallint("show_loan_tenure").notNull(),
    kfsAcknowledgedAt: timestamp("kfs_acknowledged_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("loan_quotes_profile_idx").on(t.profileId)],
);

export const customerEmploymentDetails = pgTable("customer_employment_details", {
  profileId: uuid("profile_id")
    .primaryKey()
    .references(() => customerProfiles.id, { onDelete: "cascade" }),
  leadId: uuid("lead_id"),
  workMode: text("work_mode").notNull(),
  companyName: text("company_name").notNull(),
  department: text("department").notNull(),
  companyTypeId: integer("company_type_id").notNull(),
  designation: text("designation").notNull(),
  empSince: date("emp_since", { mode: "string" }).notNull(),
  address1: text("address_1").notNull(),
  address2: text("address_2").notNull(),
  landmark: text("landmark"),
  pincode: text("pincode").notNull(),
  city: text("city"),
  state: text("state"),
  officeEmail: text("office_email"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
