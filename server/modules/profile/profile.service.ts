// The five profile-registration steps (spec 7, decisions 8-9, 18-19). The server owns
// next_step: each step is accepted only when it is current, or when it edits a completed
// profile step while the profile is editable; anything else changes nothing.
import { and, eq, ne, sql } from "drizzle-orm";
import { apiPath } from "../../../core/contract/paths.ts";
import { stepAfter, type ProfileStep } from "../../../core/journey/index.ts";
import { sniffFileType } from "../../../core/validation/index.ts";
import { ONBOARDING_CODES } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, uploadedFiles } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { PanVerificationPort } from "../../providers/pan-verification/port.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import { encrypt, keyedHash } from "../../security/crypto.ts";
import { lookupPincode } from "../master/master.service.ts";
import { createPreferredLanguage } from "./preferred-language.ts";
import { acceptsEditSql, advance, assertAccepts, requireEvent, stepNotAvailable } from "../journey/journey.service.ts";
import { InvalidInput, ProviderDown, Refused } from "../domain-errors.ts";

export { isEditable } from "../journey/journey.service.ts";

export type Profile = typeof customerProfiles.$inferSelect;
type ProfileUpdate = Partial<typeof customerProfiles.$inferInsert>;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const SELFIE_TYPES = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

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
  const panHash = (pan: string) => keyedHash(hashKey, "pan", pan);

  // Read on most signed-in requests: the SQL is built once.
  const profileById = db
    .select()
    .from(customerProfiles)
    .where(eq(customerProfiles.id, sql.placeholder("id")))
    .prepare("profile_by_id");
  async function load(profileId: string): Promise<Profile> {
    const [profile] = await profileById.execute({ id: profileId });
    if (!profile) throw stepNotAvailable();
    return profile;
  }

  /**
   * Writes a step inside a transaction that re-reads the profile under a row lock, so two
   * tabs cannot both advance it. An edit of a completed step never moves next_step back.
   */
  async function commitStep(profileId: string, event: ProfileStep, build: (tx: Tx, profile: Profile) => Promise<ProfileUpdate> | ProfileUpdate) {
    return db.transaction(async (tx) => {
      const profile = await requireEvent(tx, profileId, event);
      const values = await build(tx, profile);
      const at = now();
      let nextStep = profile.nextStep;
      if (profile.nextStep === event) {
        nextStep = stepAfter(event, profile.userType) ?? profile.nextStep;
        await advance(tx, profileId, event, nextStep, { at, set: values });
      } else {
        await tx
          .update(customerProfiles)
          .set({ ...values, updatedAt: at })
          .where(eq(customerProfiles.id, profileId));
      }
      return { profile, nextStep };
    });
  }

  /**
   * A step whose values need neither the profile nor the transaction. An edit of a completed step
   * (the profile elsewhere, accepted by decision 9's gate) is one UPDATE whose WHERE is that gate,
   * checked under the row lock the UPDATE takes: one round trip instead of begin, lock, write and
   * commit. Anything else (the step is current, or refused) goes through commitStep as before.
   */
  async function commitValues(profileId: string, event: ProfileStep, values: ProfileUpdate): Promise<{ nextStep: Profile["nextStep"] }> {
    const [edited] = await db
      .update(customerProfiles)
      .set({ ...values, updatedAt: now() })
      .where(and(eq(customerProfiles.id, profileId), acceptsEditSql(event)))
      .returning({ nextStep: customerProfiles.nextStep });
    if (edited) return edited;
    const { nextStep } = await commitStep(profileId, event, () => values);
    return { nextStep };
  }

  return {
    load,

    async verifyPan(profileId: string, input: { pancard: string; monthly_income: number }) {
      const profile = await load(profileId);
      assertAccepts(profile, "pancard_verification");
      const hash = panHash(input.pancard);
      if (profile.pancardVerifiedStatus === 1) {
        // full_name is read-only once verified: the same PAN may only update the income.
        if (profile.pancardHash !== hash) throw new Refused(ONBOARDING_CODES.panLocked, { pancard: ONBOARDING_CODES.panLocked });
        const { nextStep } = await commitStep(profileId, "pancard_verification", () => ({ monthlyIncome: input.monthly_income }));
        return { nextStep, fullName: profile.fullName };
      }
      const [other] = await db
        .select({ id: customerProfiles.id })
        .from(customerProfiles)
        .where(and(eq(customerProfiles.pancardHash, hash), ne(customerProfiles.id, profileId)));
      if (other) throw new Refused(ONBOARDING_CODES.panAlreadyRegistered, { pancard: ONBOARDING_CODES.panAlreadyRegistered });

      let result;
      try {
        result = await panVerification.verify({ pan: input.pancard });
      } catch (error) {
        logger.warn("pan verification provider failed", { error });
        throw new ProviderDown(ONBOARDING_CODES.panServiceDown);
      }
      if (result.status === "NOT_INDIVIDUAL") throw new InvalidInput(ONBOARDING_CODES.panNotIndividual, { pancard: ONBOARDING_CODES.panNotIndividual });
      if (result.status === "INVALID") throw new InvalidInput(ONBOARDING_CODES.panNotFound, { pancard: ONBOARDING_CODES.panNotFound });

      const fullName = result.registeredName;
      try {
        const { nextStep } = await commitStep(profileId, "pancard_verification", () => ({
          fullName,
          firstName: fullName.split(/\s+/)[0],
          pancardEnc: encrypt(encryptionKey, input.pancard),
          pancardHash: hash,
          pancardLast4: input.pancard.slice(-4),
          pancardVerifiedStatus: 1,
          pancardVerifiedAt: now(),
          monthlyIncome: input.monthly_income,
        }));
        return { nextStep, fullName };
      } catch (error) {
        // Two accounts racing with one PAN: the unique index decides.
        if (isUniqueViolation(error)) throw new Refused(ONBOARDING_CODES.panAlreadyRegistered, { pancard: ONBOARDING_CODES.panAlreadyRegistered });
        throw error;
      }
    },

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

    /** Decision 19: the content decides the type (magic bytes); the name never does. */
    async saveSelfie(profileId: string, input: { file: string }) {
      assertAccepts(await load(profileId), "selfie_upload");
      const bytes = new Uint8Array(Buffer.from(input.file, "base64"));
      const sniffed = sniffFileType(bytes);
      if (sniffed === null || !(sniffed in SELFIE_TYPES)) throw new InvalidInput(ONBOARDING_CODES.selfieNotImage, { file: ONBOARDING_CODES.selfieNotImage });
      const contentType = SELFIE_TYPES[sniffed as keyof typeof SELFIE_TYPES];
      const key = await storage.put(bytes);
      let previous: string | null = null;
      let fileId = "";
      let nextStep;
      try {
        ({ nextStep } = await commitStep(profileId, "selfie_upload", async (tx, profile) => {
          previous = profile.selfieFileId;
          const [file] = await tx
            .insert(uploadedFiles)
            .values({ profileId, kind: "selfie", storageKey: key, contentType, byteSize: bytes.byteLength, createdAt: now() })
            .returning({ id: uploadedFiles.id });
          fileId = file.id;
          return { selfieFileId: file.id };
        }));
      } catch (error) {
        await storage.delete(key).catch(() => {});
        throw error;
      }
      if (previous) await this.deleteFile(profileId, previous);
      return { nextStep, selfieUrl: selfieUrl(fileId) };
    },

    async deleteFile(profileId: string, fileId: string) {
      const [gone] = await db
        .delete(uploadedFiles)
        .where(and(eq(uploadedFiles.id, fileId), eq(uploadedFiles.profileId, profileId)))
        .returning({ key: uploadedFiles.storageKey });
      if (gone) await storage.delete(gone.key).catch((error) => logger.warn("could not delete an old upload", { error }));
    },

    /** The customer's current selfie; only ever looked up by the session's own profile. */
    async readSelfie(profileId: string) {
      const profile = await load(profileId);
      if (!profile.selfieFileId) return null;
      const [file] = await db
        .select()
        .from(uploadedFiles)
        .where(and(eq(uploadedFiles.id, profile.selfieFileId), eq(uploadedFiles.profileId, profileId)));
      if (!file) return null;
      const bytes = await storage.get(file.storageKey);
      return bytes ? { bytes, contentType: file.contentType } : null;
    },

    ...createPreferredLanguage({ db, now }),
  };
}

export const SELFIE_PATH = apiPath("getProfilePicture");

/** The owner-checked address of a selfie; the id only busts caches, the session picks the file. */
export function selfieUrl(fileId: string | null | undefined): string {
  return fileId ? `${SELFIE_PATH}?v=${fileId}` : "";
}

export type ProfileService = ReturnType<typeof createProfileService>;
