// The PAN step (spec 7, decision 18): verified with the provider once, one PAN to one profile (the
// unique index decides a race), and the name read-only after; the same PAN may only update the income.
import { and, eq, ne } from "drizzle-orm";
import { ONBOARDING_CODES } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { PanVerificationPort } from "../../providers/pan-verification/port.ts";
import { encrypt, keyedHash } from "../../security/crypto.ts";
import { assertAccepts } from "../journey/journey.service.ts";
import { InvalidInput, ProviderDown, Refused } from "../domain-errors.ts";
import type { ProfileCommit } from "./profile-commit.ts";

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export function createPanStep(deps: {
  db: Db;
  hashKey: string;
  encryptionKey: string;
  panVerification: PanVerificationPort;
  now: () => Date;
  logger: Logger;
  commit: ProfileCommit;
}) {
  const { db, hashKey, encryptionKey, panVerification, now, logger } = deps;
  const { load, commitStep } = deps.commit;
  const panHash = (pan: string) => keyedHash(hashKey, "pan", pan);

  return {
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
  };
}
