// Issue 29: the facts core/sanction-requirements judges, read for one lead (KYC by the profile's
// DigiLocker eKYC; the lead's payout account and documents), and the refusal the desks get.
import { eq } from "drizzle-orm";
import { sanctionGaps, sanctionRefusal, type SanctionFacts } from "../../../core/sanction-requirements.ts";
import type { Db } from "../../db/client.ts";
import { aadhaarKyc, bankAccounts, leadDocuments } from "../../db/schema/index.ts";
import { Refused } from "../domain-errors.ts";

type Reader = Pick<Db, "select">;

export async function sanctionFactsOf(executor: Reader, lead: { id: string; profileId: string }): Promise<SanctionFacts> {
  const [kyc] = await executor.select({ at: aadhaarKyc.verifiedAt }).from(aadhaarKyc).where(eq(aadhaarKyc.profileId, lead.profileId));
  const [account] = await executor.select({ status: bankAccounts.verificationStatus }).from(bankAccounts).where(eq(bankAccounts.leadId, lead.id));
  const docs = await executor.select({ docType: leadDocuments.docType }).from(leadDocuments).where(eq(leadDocuments.leadId, lead.id));
  return {
    // Video KYC: when its module exists, its audited approval of this profile is read here.
    kyc: { digilocker: !!kyc, videoKyc: false },
    bankAccount: account?.status ?? null,
    documents: docs.map((d) => d.docType),
  };
}

/**
 * Refuses the step unless KYC, the bank account (unless `bankAccount: false`: the payout checks it with
 * its own penny drop) and the policy's documents are all there; the message names each gap.
 */
export async function requireSanctionable(
  executor: Reader,
  lead: { id: string; profileId: string },
  step: Parameters<typeof sanctionRefusal>[0],
  opts: { bankAccount?: boolean } = {},
): Promise<void> {
  const gaps = sanctionGaps(await sanctionFactsOf(executor, lead), opts);
  if (gaps.length) throw new Refused(sanctionRefusal(step, gaps));
}
