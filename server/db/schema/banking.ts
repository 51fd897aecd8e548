// Tables of bank details and eSign (migration 0700).
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { jsonb } from "../column-types.ts";
import { customerProfiles } from "./auth.ts";
import { leads, uploadedFiles } from "./onboarding.ts";

/** The payout account of a lead; the number is only ever stored encrypted (decision 18). */
export const bankAccounts = pgTable(
  "bank_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => customerProfiles.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    accountNumberEnc: text("account_number_enc").notNull(),
    accountNumberHash: text("account_number_hash").notNull(),
    accountLast4: text("account_last4").notNull(),
    ifsc: text("ifsc").notNull(),
    bankName: text("bank_name").notNull(),
    branch: text("branch").notNull(),
    accountName: text("account_name").notNull(),
    accountTypeId: integer("account_type_id").notNull().default(1),
    /** VERIFIED or SKIPPED. */
    verificationStatus: text("verification_status").notNull(),
    nameAtBank: text("name_at_bank"),
    nameMatchScore: integer("name_match_score"),
    providerReference: text("provider_reference"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("bank_accounts_lead_idx").on(t.leadId), index("bank_accounts_profile_idx").on(t.profileId, t.createdAt)],
);

export const esignRequests = pgTable(
  "esign_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => customerProfiles.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerReference: text("provider_reference").notNull(),
    /** PENDING, SIGNED, FAILED or EXPIRED. */
    status: text("status").notNull().default("PENDING"),
    signUrl: text("sign_url").notNull(),
    /** Where the provider sends the browser back when not the website's (a buyer app's F06 page). */
    returnUrl: text("return_url"),
    documentsSha256: text("documents_sha256").notNull(),
    signedFileId: uuid("signed_file_id").references(() => uploadedFiles.id, { onDelete: "set null" }),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("esign_requests_lead_idx").on(t.leadId, t.createdAt), uniqueIndex("esign_requests_provider_ref_idx").on(t.provider, t.providerReference)],
);

/** The sandbox eSign provider's own records. */
export const sandboxEsignDocuments = pgTable("sandbox_esign_documents", {
  id: text("id").primaryKey(),
  verificationId: text("verification_id").notNull().unique(),
  signerName: text("signer_name").notNull(),
  signerMobile: text("signer_mobile").notNull(),
  documents: jsonb("documents").$type<{ name: string; title: string; pdfBase64: string; language?: "en" | "hi" }[]>().notNull(),
  returnUrl: text("return_url").notNull(),
  status: text("status").notNull().default("PENDING"),
  otpHash: text("otp_hash"),
  otpExpiresAt: timestamp("otp_expires_at", { withTimezone: true }),
  otpAttempts: integer("otp_attempts").notNull().default(0),
  otpSends: integer("otp_sends").notNull().default(0),
  signedPdf: text("signed_pdf"),
  signedAt: timestamp("signed_at", { withTimezone: true }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
