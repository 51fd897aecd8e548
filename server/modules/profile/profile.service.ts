// The five profile-registration steps (spec 7, decisions 8-9, 18-19). The server owns
// next_step: each step is accepted only when it is current, or when it edits a completed
// profile step while the profile is editable; anything else changes nothing.
import { lookupPincode } from "../master/master.service.ts";
import type { Db } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { PanVerificationPort } from "../../providers/pan-verification/port.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import { createPreferredLanguage } from "./preferred-language.ts";
import { createProfileCommit } from "./profile-commit.ts";
import { createPanStep } from "./profile-pan.ts";
import { createSelfie } from "./profile-selfie.ts";

export { isEditable } from "../journey/journey.service.ts";
export type { Profile } from "./profile-commit.ts";
export { SELFIE_PATH, selfieUrl } from "./profile-selfie.ts";

export function createProfileService(deps: {
  db: Db;
  hashKey: string;
  encryptionKey: string;
  panVerification: PanVerificationPort;
  storage: StoragePort;
  now: () => Date;
  logger: Logger;
}) {
  const { db, hashKey, encryptionKey, panVerification, storage, now, logger } = deps;
  const commit = createProfileCommit({ db, now });
  const { load, commitValues } = commit;

  return {
    load,

    ...createPanStep({ db, hashKey, encryptionKey, panVerification, now, logger, commit }),

    async savePersonal(
      profileId: string,
      input: { gender: number; personal_email: string; dob: string; marital_status_id: number; spouse_name: string | null; spouse_number: string | null },
    ) {
      const { nextStep } = await commitValues(profileId, "personal_details", {
        gender: input.gender,
        personalEmail: input.personal_email,
        dob: input.dob,
        maritalStatusId: input.marital_status_id,
        spouseName: input.spouse_name,
        spouseMobile: input.spouse_number,
      });
      return { nextStep };
    },

    async saveResidence(
      profileId: string,
      input: {
        residence_type_id: number;
        residence_address_1: string;
        residence_address_2: string;
        residence_landmark: string | null;
        residence_pincode: string;
      },
    ) {
      const place = lookupPincode(input.residence_pincode);
      const { nextStep } = await commitValues(profileId, "residence_details", {
        residenceTypeId: input.residence_type_id,
        residenceAddress1: input.residence_address_1,
        residenceAddress2: input.residence_address_2,
        residenceLandmark: input.residence_landmark,
        residencePincode: input.residence_pincode,
        residenceCity: place?.city_name ?? null,
        residenceState: place?.state_name ?? null,
      });
      return { nextStep, city: place?.city_name ?? null, state: place?.state_name ?? null };
    },

    async saveIncome(profileId: string, input: { income_type_id: number; monthly_income: number; salary_date: string; salary_mode_id: number }) {
      const { nextStep } = await commitValues(profileId, "income_details", {
        incomeTypeId: input.income_type_id,
        monthlyIncome: input.monthly_income,
        salaryDate: input.salary_date,
        salaryMode: input.salary_mode_id,
      });
      return { nextStep };
    },

    ...createSelfie({ db, storage, now, logger, commit }),

    ...createPreferredLanguage({ db, now }),
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
