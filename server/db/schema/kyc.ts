// Tables of eKYC, the account aggregator and lead documents (migration 0600).
import { date, index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { customerProfiles } from "./auth.ts";
import { leads, uploadedFiles } from "./onboarding.ts";

export const ekycRequests = pgTable(
  "ekyc_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => customerProfiles.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    state: text("state").notNull().unique(),
    /** Cleared after the token exchange. */
    codeVerifier: text("code_verifier"),
    authCode: text("auth_code"),
    typedLast4: text("typed_last4").notNull(),
    /** INITIATED, AUTHORIZED, VERIFIED, FAILED or SKIPPED. */
    status: text("status").notNull().default("INITIATED"),
    failure: text("failure"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ekyc_requests_profile_idx").on(t.profileId, t.createdAt)],
);

/** Decision 17: never the full Aadhaar number. */
export const aadhaarKyc = pgTable("aadhaar_kyc", {
  profileId: uuid("profile_id")
    .primaryKey()
    .references(() => customerProfiles.id, { onDelete: "cascade" }),
  leadId: uuid("lead_id"),
  aadhaarLast4: text("aadhaar_last4").notNull(),
  aadhaarMasked: text("aadhaar_masked").notNull(),
  name: text("name").notNull(),
  dob: date("dob", { mode: "string" }),
  gender: text("gender"),
  address: text("address"),
  digilockerReference: text("digilocker_reference").notNull(),
  verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull(),
});

export const aaConsents = pgTable(
  "aa_consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => customerProfiles.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    consentHandle: text("consent_handle").notNull().unique(),
    consentStatus: text("consent_status").notNull().default("PENDING"),
    sessionId: text("session_id"),
    sessionStatus: text("session_status"),
    rangeFrom: date("range_from", { mode: "string" }).notNull(),
    rangeTo: date("range_to", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("aa_consents_profile_idx").on(t.profileId, t.createdAt)],
);

export const leadDocuments = pgTable(
  "lead_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => customerProfiles.id, { onDelete: "cascade" }),
    docType: text("doc_type").notNull(),
    fileId: uuid("file_id")
      .notNull()
      .references(() => uploadedFiles.id, { onDelete: "cascade" }),
    /** UPLOAD or ACCOUNT_AGGREGATOR. */
    source: text("source").notNull(),
    /** AES-256-GCM ciphertext of a protected PDF's password. */
    passwordEnc: text("password_enc"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("lead_documents_lead_id_doc_type_key").on(t.leadId, t.docType), index("lead_documents_profile_idx").on(t.profileId)],
);
