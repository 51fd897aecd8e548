// Bank details (spec sections 5 and 7, decision 18): IFSC from the dataset, penny drop through the
// bank-verification port, name match against the PAN name, the account encrypted at rest, REPEAT
// customers locked to their earlier verified account; on success the eSign starts.
import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { BANKING_CODES, messageText, type CodedMessage } from "../../../core/i18n/index.ts";
import { BANKING_MESSAGES as BM, maskAccountNumber, nameMatchScore, NAME_MATCH_THRESHOLD, type BankingEventInput } from "../../../core/banking.ts";
import { isRepeatCustomer, VERIFICATION_CONSENT } from "../../../core/journey/index.ts";
import type { Db } from "../../db/client.ts";
import { rowText } from "../../db/row-text.ts";
import { bankAccounts } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { BankVerificationPort } from "../../providers/bank-verification/port.ts";
import { decrypt, encrypt, keyedHash } from "../../security/crypto.ts";
import type { EsignService } from "../esign/esign.service.ts";
import type { Lead, LeadsService } from "../leads/leads.service.ts";
import type { Profile, ProfileService } from "../profile/profile.service.ts";
import { advance, assertAccepts, stepNotAvailable } from "../journey/journey.service.ts";
import type { RateLimitService } from "../rate-limit/rate-limit.service.ts";
import { lookupIfsc } from "./ifsc.ts";
import { InvalidInput, ProviderDown, RateLimited, Refused } from "../domain-errors.ts";

export type BankAccount = typeof bankAccounts.$inferSelect;

/** Penny drops cost money and reveal names: 5 per customer per day. */
const PENNY_DROP_LIMIT = { bucket: "penny-drop", max: 5, windowMs: 24 * 60 * 60 * 1000 };

const fieldError = (field: string, code: CodedMessage) => new InvalidInput(code, { [field]: messageText("en", code) });

/** The keyed hash an account number is matched by (REPEAT customers' locked account). */
export const bankAccountHash = (hashKey: string, accountNumber: string) => keyedHash(hashKey, "bank-account", accountNumber);

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

  /** The open lead of a customer at the banking or eSign step. */
  async function openLead(profileId: string) {
    const lead = await leads.open(profileId);
    if (!lead || lead.status !== "IN_PROCESS") throw stepNotAvailable();
    return lead;
  }

  /** The verified account of an earlier loan: REPEAT customers are paid there again. */
  async function savedAccount(profileId: string, currentLeadId: string | null): Promise<BankAccount | null> {
    const [row] = await db
      .select()
      .from(bankAccounts)
      .where(
        and(
          eq(bankAccounts.profileId, profileId),
          eq(bankAccounts.verificationStatus, "VERIFIED"),
          ...(currentLeadId ? [ne(bankAccounts.leadId, currentLeadId)] : []),
        ),
      )
      .orderBy(desc(bankAccounts.createdAt))
      .limit(1);
    return row ?? null;
  }

  const accountText = rowText(bankAccounts);

  /** The open lead's own account and, for a REPEAT customer, the verified one of an earlier loan. */
  async function accounts(profileId: string, profile: Pick<Profile, "userType">, lead: Pick<Lead, "id" | "userType"> | null) {
    const userType = lead?.userType ?? profile.userType;
    const repeat = isRepeatCustomer(userType);
    const [current, saved] = await Promise.all([
      lead
        ? db
            .select()
            .from(bankAccounts)
            .where(eq(bankAccounts.leadId, lead.id))
            .then((rows) => rows[0])
        : undefined,
      repeat ? savedAccount(profileId, lead?.id ?? null) : null,
    ]);
    return { userType, repeat, current, saved };
  }

  function publicView(a: BankAccount) {
    return {
      account_number: maskAccountNumber(a.accountLast4),
      ifsc_code: a.ifsc,
      bank_name: a.bankName,
      branch: a.branch,
      beneficiary_name: a.accountName,
      verification_status: a.verificationStatus,
    };
  }

  /** One penny drop with our own name match (core/banking.ts); the provider's failure is ProviderDown. */
  async function pennyDrop(account: { number: string; ifsc: string; name: string }, profile: { fullName: string | null; mobile: string }) {
    let result;
    try {
      result = await bankVerification.verify({
        accountNumber: account.number,
        ifsc: account.ifsc,
        expectedName: profile.fullName ?? account.name,
        mobile: profile.mobile,
      });
    } catch (error) {
      logger.warn("bank verification provider failed", { error });
      throw new ProviderDown(BANKING_CODES.verifyUnavailable);
    }
    if (result.status === "INVALID") return result;
    return { ...result, score: nameMatchScore(result.nameAtBank, profile.fullName ?? "") };
  }

  async function startEsign(profileId: string, leadId: string) {
    const profile = await profiles.load(profileId);
    return esign.start({ profileId, leadId, signerName: profile.fullName ?? "", mobile: profile.mobile });
  }

  return {
    /** What the Banking Details screen needs: the lock, the skip and any details to prefill (masked). */
    async details(profileId: string) {
      const profile = await profiles.load(profileId);
      const lead = await leads.open(profileId);
      const { userType, repeat, current, saved } = await accounts(profileId, profile, lead);
      const pending = lead && profile.nextStep === "esign" ? await esign.latest(lead.id) : null;
      return {
        user_type: userType,
        next_step: profile.nextStep,
        lead_id: lead?.id ?? null,
        locked: repeat && saved ? 1 : 0,
        can_skip: repeat ? 0 : 1,
        account_holder_hint: profile.fullName ?? "",
        customer_banking_details: current ? publicView(current) : saved ? publicView(saved) : null,
        esign_pending: pending?.status === "PENDING" ? 1 : 0,
      };
    },

    /**
     * details().customer_banking_details as a part of one statement of the caller's (the dashboard):
     * `profileId` and `openLeadId` are that statement's SQL; `sql` reads what accounts() reads (the open
     * lead's account and the verified one of an earlier loan), `view` makes the same choice from the
     * profile and open lead the caller read in the same statement.
     */
    accountViewPart(profileId: SQL, openLeadId: SQL) {
      return {
        sql: sql`json_build_array(
          (select ${accountText.sql} from ${bankAccounts} where ${bankAccounts.leadId} = ${openLeadId}),
          (select ${accountText.sql} from ${bankAccounts} where ${bankAccounts.profileId} = ${profileId} and ${bankAccounts.verificationStatus} = 'VERIFIED'
            and (${openLeadId} is null or ${bankAccounts.leadId} <> ${openLeadId}) order by ${bankAccounts.createdAt} desc limit 1))`,
        view(value: unknown, profile: Pick<Profile, "userType">, lead: Pick<Lead, "id" | "userType"> | null) {
          const [currentText, savedText] = value as [unknown, unknown];
          const current = lead ? accountText.decode(currentText) : null;
          const saved = isRepeatCustomer(lead?.userType ?? profile.userType) ? accountText.decode(savedText) : null;
          return current ? publicView(current) : saved ? publicView(saved) : null;
        },
      };
    },

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

    /** The `esign` event: back on the banking screen before signing, the customer gets the signing link again. */
    /**
     * Before a payout (decision 26): an account the customer chose to skip is penny-dropped now, with
     * the same name match as at application. Verified accounts pass unchanged; a failure refuses.
     */
    async verifyBeforePayout(leadId: string): Promise<void> {
      const [account] = await db.select().from(bankAccounts).where(eq(bankAccounts.leadId, leadId));
      if (!account) throw new Refused(BM.payoutAccountMissing);
      if (account.verificationStatus === "VERIFIED") return;
      const profile = await profiles.load(account.profileId);
      const result = await pennyDrop({ number: decrypt(encryptionKey, account.accountNumberEnc), ifsc: account.ifsc, name: account.accountName }, profile);
      if (result.status === "INVALID") throw new Refused(BM.payoutAccountInvalid);
      const { score } = result;
      if (score < NAME_MATCH_THRESHOLD) throw new Refused(BM.payoutNameMismatch);
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
