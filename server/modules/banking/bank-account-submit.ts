// The banking_details step (spec section 7, decision 18): the account typed or the saved one, its IFSC from
// the dataset, the penny drop and name match unless skipped, the account encrypted at rest, then AutoPay.
import { BANKING_CODES, type CodedMessage } from "../../../core/i18n/index.ts";
import { maskAccountNumber, NAME_MATCH_THRESHOLD, type BankingEventInput } from "../../../core/banking.ts";
import { isRepeatCustomer, VERIFICATION_CONSENT } from "../../../core/journey/index.ts";
import type { Db } from "../../db/client.ts";
import { bankAccounts } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { decrypt, encrypt } from "../../security/crypto.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import { advance, assertAccepts } from "../journey/journey.service.ts";
import type { RateLimitService } from "../rate-limit/rate-limit.service.ts";
import { lookupIfsc } from "./ifsc.ts";
import { InvalidInput, RateLimited } from "../domain-errors.ts";
import { bankAccountHash, type BankAccountKit } from "./bank-account-kit.ts";

/** Penny drops cost money and reveal names: 5 per customer per day. */
const PENNY_DROP_LIMIT = { bucket: "penny-drop", max: 5, windowMs: 24 * 60 * 60 * 1000 };

const fieldError = (field: string, code: CodedMessage) => new InvalidInput(code, { [field]: code });

export function createBankAccountSubmit(deps: {
  db: Db;
  encryptionKey: string;
  hashKey: string;
  rateLimits: RateLimitService;
  profiles: ProfileService;
  now: () => Date;
  logger: Logger;
  kit: BankAccountKit;
}) {
  const { db, encryptionKey, hashKey, rateLimits, profiles, now, logger } = deps;
  const { openLead, savedAccount, pennyDrop } = deps.kit;
  const accountHash = (n: string) => bankAccountHash(hashKey, n);

  return {
    async submit(profileId: string, input: BankingEventInput) {
      const profile = await profiles.load(profileId);
      assertAccepts(profile, "banking_details");
      const lead = await openLead(profileId);
      const repeat = isRepeatCustomer(lead.userType);
      const skip = input.verification_consent === VERIFICATION_CONSENT.skipped;
      if (repeat && skip) throw fieldError("verification_consent", BANKING_CODES.repeatNoSkip);
      const saved = repeat ? await savedAccount(profileId, lead.id) : null;

      let account: { number: string; ifsc: string; branch: string; name: string; typeId: number };
      if (input.mode === "saved") {
        if (!saved) throw new InvalidInput(BANKING_CODES.noSavedAccount);
        account = {
          number: decrypt(encryptionKey, saved.accountNumberEnc),
          ifsc: saved.ifsc,
          branch: saved.branch,
          name: saved.accountName,
          typeId: saved.accountTypeId,
        };
      } else {
        account = {
          number: input.account_number,
          ifsc: input.account_ifsc.toUpperCase(),
          // Optional: the IFSC names the branch; none given is kept as empty.
          branch: input.account_branch ?? "",
          name: input.account_name,
          typeId: input.account_type_id,
        };
        // Locked: a REPEAT customer is paid into the account verified for the earlier loan.
        if (saved && (accountHash(account.number) !== saved.accountNumberHash || account.ifsc !== saved.ifsc))
          throw fieldError("account_number", BANKING_CODES.repeatLocked);
      }

      const bank = lookupIfsc(account.ifsc);
      if (!bank) throw fieldError("account_ifsc", BANKING_CODES.ifscNotFound);

      let verification: { nameAtBank: string; score: number; reference: string | null; bankName: string | null } | null = null;
      if (!skip) {
        const verdict = await rateLimits.take(PENNY_DROP_LIMIT, profileId);
        if (!verdict.allowed) throw new RateLimited(BANKING_CODES.tooManyAttempts, verdict.retryAfterSeconds);
        const result = await pennyDrop({ number: account.number, ifsc: account.ifsc, name: account.name }, profile);
        if (result.status === "INVALID") throw fieldError("account_number", BANKING_CODES.accountInvalid);
        if (result.score < NAME_MATCH_THRESHOLD) {
          logger.info("bank name match failed", { leadId: lead.id, score: result.score });
          throw fieldError("account_name", BANKING_CODES.nameMismatch);
        }
        verification = { nameAtBank: result.nameAtBank, score: result.score, reference: result.reference, bankName: result.bankName };
      }

      const at = now();
      const values = {
        profileId,
        leadId: lead.id,
        accountNumberEnc: encrypt(encryptionKey, account.number),
        accountNumberHash: accountHash(account.number),
        accountLast4: account.number.slice(-4),
        ifsc: account.ifsc,
        bankName: bank.bank_name,
        branch: account.branch,
        accountName: account.name,
        accountTypeId: account.typeId,
        verificationStatus: verification ? "VERIFIED" : "SKIPPED",
        nameAtBank: verification?.nameAtBank ?? null,
        nameMatchScore: verification?.score ?? null,
        providerReference: verification?.reference ?? null,
        verifiedAt: verification ? at : null,
        updatedAt: at,
      };
      await db.transaction(async (tx) => {
        // Issue 24: AutoPay's step comes between the bank account and the eSign.
        await advance(tx, profileId, "banking_details", "autopay_setup", { at });
        await tx
          .insert(bankAccounts)
          .values({ ...values, createdAt: at })
          .onConflictDoUpdate({ target: bankAccounts.leadId, set: values });
      });

      return {
        kind: verification ? ("verified" as const) : ("skipped" as const),
        nextStep: "autopay_setup" as const,
        account: {
          numberMasked: maskAccountNumber(values.accountLast4),
          ifsc: values.ifsc,
          bankName: values.bankName,
          branch: values.branch,
          holderName: values.accountName,
        },
      };
    },
  };
}
