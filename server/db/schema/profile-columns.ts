// Profile columns added by onboarding (migration 0200), spread into customer_profiles in auth.ts.
// Kept apart so the profile table has one definition while each issue owns its own columns.
import { date, integer, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const onboardingProfileColumns = {
  firstName: text("first_name"),
  fullName: text("full_name"),
  /** AES-256-GCM ciphertext (decision 18); never select it for display. */
  pancardEnc: text("pancard_enc"),
  /** Keyed hash for lookup and duplicate checks. */
  pancardHash: text("pancard_hash").unique(),
  pancardLast4: text("pancard_last4"),
  pancardVerifiedStatus: integer("pancard_verified_status").notNull().default(0),
  pancardVerifiedAt: timestamp("pancard_verified_at", { withTimezone: true }),
  personalEmail: text("personal_email"),
  dob: date("dob", { mode: "string" }),
  gender: integer("gender"),
  maritalStatusId: integer("marital_status_id"),
  spouseName: text("spouse_name"),
  spouseMobile: text("spouse_mobile"),
  residenceTypeId: integer("residence_type_id"),
  residenceAddress1: text("residence_address_1"),
  residenceAddress2: text("residence_address_2"),
  residenceLandmark: text("residence_landmark"),
  residencePincode: text("residence_pincode"),
  residenceCity: text("residence_city"),
  residenceState: text("residence_state"),
  incomeTypeId: integer("income_type_id"),
  monthlyIncome: integer("monthly_income"),
  salaryDate: date("salary_date", { mode: "string" }),
  salaryMode: integer("salary_mode"),
  selfieFileId: uuid("selfie_file_id"),
};
