// What the credit-bureau file says about a borrower (issue 22): name, date of birth, gender, PAN,
// mobile, e-mail and the residence address, from the profile. The PAN is decrypted only here, for the
// file; nothing of it is logged.
import { eq } from "drizzle-orm";
import { customerLanguage, type Language } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles } from "../../db/schema/index.ts";
import { decrypt } from "../../security/crypto.ts";

export interface CreditReportSubject {
  name: string | null;
  dob: string | null;
  gender: number | null;
  pan: string | null;
  mobile: string;
  email: string | null;
  /** Issue 23: the language the borrower's messages are written in. */
  language: Language;
  address: { line1: string | null; line2: string | null; city: string | null; state: string | null; pincode: string | null; residenceTypeId: number | null };
}

export function createCreditReportSubjects(deps: { db: Db; encryptionKey: string }) {
  const { db, encryptionKey } = deps;
  return {
    async subjectOf(profileId: string): Promise<CreditReportSubject | null> {
      const [p] = await db.select().from(customerProfiles).where(eq(customerProfiles.id, profileId));
      if (!p) return null;
      let pan: string | null = null;
      try {
        pan = p.pancardEnc ? decrypt(encryptionKey, p.pancardEnc) : null;
      } catch {
        pan = null;
      }
      return {
        name: p.fullName,
        dob: p.dob,
        gender: p.gender,
        pan,
        mobile: p.mobile,
        email: p.personalEmail,
        language: customerLanguage(p.preferredLanguage),
        address: {
          line1: p.residenceAddress1,
          line2: p.residenceAddress2,
          city: p.residenceCity,
          state: p.residenceState,
          pincode: p.residencePincode,
          residenceTypeId: p.residenceTypeId,
        },
      };
    },
  };
}

export type CreditReportSubjects = ReturnType<typeof createCreditReportSubjects>;
