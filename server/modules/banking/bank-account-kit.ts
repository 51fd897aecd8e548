// What the banking steps share (decision 18): the customer's open lead at the banking or eSign step, the
// verified account of an earlier loan (REPEAT customers are paid there again), and one penny drop with our
// own name match.
import { and, desc, eq, ne } from "drizzle-orm";
import { BANKING_CODES } from "../../../core/i18n/index.ts";
import { nameMatchScore } from "../../../core/banking.ts";
import type { Db } from "../../db/client.ts";
import { bankAccounts } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { BankVerificationPort } from "../../providers/bank-verification/port.ts";
import { keyedHash } from "../../security/crypto.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import { stepNotAvailable } from "../journey/journey.service.ts";
import { ProviderDown } from "../domain-errors.ts";

export type BankAccount = typeof bankAccounts.$inferSelect;

/** The keyed hash an account number is matched by (REPEAT customers' locked account). */
export const bankAccountHash = (hashKey: string, accountNumber: string) => keyedHash(hashKey, "bank-account", accountNumber);

export function createBankAccountKit(deps: { db: Db; leads: LeadsService; bankVerification: BankVerificationPort; logger: Logger }) {
  const { db, leads, bankVerification, logger } = deps;

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

  return { openLead, savedAccount, pennyDrop };
}

export type BankAccountKit = ReturnType<typeof createBankAccountKit>;
