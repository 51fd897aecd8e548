// Bank details (spec sections 5 and 7, decision 18): IFSC from the dataset, penny drop through the
// bank-verification port, name match against the PAN name, the account encrypted at rest, REPEAT
// customers locked to their earlier verified account; on success the eSign starts.
// The screen's account is banking-details.ts, the step itself bank-account-submit.ts, and what they share
// bank-account-kit.ts; this file assembles them and serves the payout and the mandate.
import { eq } from "drizzle-orm";
import { NAME_MATCH_THRESHOLD } from "../../../core/banking.ts";
import type { Db } from "../../db/client.ts";
import { bankAccounts } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { BankVerificationPort } from "../../providers/bank-verification/port.ts";
import { decrypt } from "../../security/crypto.ts";
import type { EsignService } from "../esign/esign.service.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import { stepNotAvailable } from "../journey/journey.service.ts";
import type { RateLimitService } from "../rate-limit/rate-limit.service.ts";
import { Refused } from "../domain-errors.ts";
import { bankAccountHash, createBankAccountKit } from "./bank-account-kit.ts";
import { createBankAccountSubmit } from "./bank-account-submit.ts";
import { createBankingDetails } from "./banking-details.ts";

export { bankAccountHash };
export type { BankAccount } from "./bank-account-kit.ts";

/** The payout desk's refusals before paying into an account whose check was skipped (decision 26): staff English. */
const PAYOUT_CHECK = {
  accountMissing: "This application has no bank account to pay out to.",
  accountInvalid: "The penny drop failed: the bank refused this account. Ask the customer for another account before payout.",
  nameMismatch: "The penny drop found another name on this account. Ask the customer for an account in their own name before payout.",
} as const;

export function createBankingService(deps: {
  db: Db;
  encryptionKey: string;
  hashKey: string;
  bankVerification: BankVerificationPort;
  rateLimits: RateLimitService;
  profiles: ProfileService;
  leads: LeadsService;
  esign: EsignService;
  now: () => Date;
  logger: Logger;
}) {
  const { db, encryptionKey, hashKey, bankVerification, rateLimits, profiles, leads, esign, now, logger } = deps;
  const accountHash = (n: string) => bankAccountHash(hashKey, n);
  const kit = createBankAccountKit({ db, leads, bankVerification, logger });
  const { openLead, pennyDrop } = kit;

  async function startEsign(profileId: string, leadId: string) {
    const profile = await profiles.load(profileId);
    return esign.start({ profileId, leadId, signerName: profile.fullName ?? "", mobile: profile.mobile });
  }

  return {
    ...createBankingDetails({ db, profiles, leads, esign, kit }),
    ...createBankAccountSubmit({ db, encryptionKey, hashKey, rateLimits, profiles, now, logger, kit }),

    /**
     * The lead's penny-drop verified account (decision 39: a mandate may be on this account only), decrypted
     * for the mandate provider; null when the account was skipped or is missing. `matches` checks another number.
     */
    async verifiedAccount(leadId: string) {
      const [account] = await db.select().from(bankAccounts).where(eq(bankAccounts.leadId, leadId));
      if (!account || account.verificationStatus !== "VERIFIED") return null;
      return {
        number: decrypt(encryptionKey, account.accountNumberEnc),
        ifsc: account.ifsc,
        holderName: account.accountName,
        last4: account.accountLast4,
        matches: (other: string) => accountHash(other) === account.accountNumberHash,
      };
    },

    /**
     * Before a payout (decision 26): an account the customer chose to skip is penny-dropped now, with
     * the same name match as at application. Verified accounts pass unchanged; a failure refuses.
     */
    async verifyBeforePayout(leadId: string): Promise<void> {
      const [account] = await db.select().from(bankAccounts).where(eq(bankAccounts.leadId, leadId));
      if (!account) throw new Refused(PAYOUT_CHECK.accountMissing);
      if (account.verificationStatus === "VERIFIED") return;
      const profile = await profiles.load(account.profileId);
      const result = await pennyDrop({ number: decrypt(encryptionKey, account.accountNumberEnc), ifsc: account.ifsc, name: account.accountName }, profile);
      if (result.status === "INVALID") throw new Refused(PAYOUT_CHECK.accountInvalid);
      const { score } = result;
      if (score < NAME_MATCH_THRESHOLD) throw new Refused(PAYOUT_CHECK.nameMismatch);
      const at = now();
      await db
        .update(bankAccounts)
        .set({
          verificationStatus: "VERIFIED",
          nameAtBank: result.nameAtBank,
          nameMatchScore: score,
          providerReference: result.reference,
          verifiedAt: at,
          updatedAt: at,
        })
        .where(eq(bankAccounts.id, account.id));
    },

    /** The `esign` event: back on the banking screen before signing, the customer gets the signing link again. */
    async resumeEsign(profileId: string) {
      const profile = await profiles.load(profileId);
      if (profile.nextStep !== "esign") throw stepNotAvailable();
      const lead = await openLead(profileId);
      const { url } = await startEsign(profileId, lead.id);
      return { nextStep: "esign" as const, esignUrl: url };
    },
  };
}

export type BankingService = ReturnType<typeof createBankingService>;
