// Issue 29: the facts core/sanction-requirements judges, read for one lead (KYC by the profile's
// DigiLocker eKYC, or the lead's video KYC; the lead's payout account and documents), and the refusal the desks get.
import { eq } from "drizzle-orm";
import { sanctionGaps, sanctionRefusal, type SanctionFacts } from "../../../core/sanction-requirements.ts";
import type { Db } from "../../db/client.ts";
import { aadhaarKyc, bankAccounts, leadDocuments } from "../../db/schema/index.ts";
import { Refused } from "../domain-errors.ts";
import { videoKycEvidence } from "../video-kyc/video-kyc.service.ts";

type Reader = Pick<Db, "select">;

export async function sanctionFactsOf(executor: Reader, lead: { id: string; profileId: string }): Promise<SanctionFacts> {
  const [kyc] = await executor.select({ at: aadhaarKyc.verifiedAt }).from(aadhaarKyc).where(eq(aadhaarKyc.profileId, lead.profileId));
  const [account] = await executor.select({ status: bankAccounts.verificationStatus }).from(bankAccounts).where(eq(bankAccounts.leadId, lead.id));
  const docs = await executor.select({ docType: leadDocuments.docType }).from(leadDocuments).where(eq(leadDocuments.leadId, lead.id));
  return {
    // Issue 33: the lead's video KYC, approved by the official and, for the payout, confirmed by the audit.
    kyc: { digilocker: !!kyc, videoKyc: await videoKycEvidence(executor, lead.id) },
    bankAccount: account?.status ?? null,
    documents: docs.map((d) => d.docType),
  };
}

/**
 * Refuses the step unless KYC (for the payout, a video KYC's audit too), the bank account (unless `bankAccount: false`: the payout checks it with
 * its own penny drop) and the policy's documents are all there; the message names each gap.
 */
export async function requireSanctionable(
  executor: Reader,
  lead: { id: string; profileId: string },
  step: Parameters<typeof sanctionRefusal>[0],
  opts: { bankAccount?: boolean } = {},
): Promise<void> {
  const gaps = sanctionGaps(await sanctionFactsOf(executor, lead), { ...opts, payout: step === "pay out" });
  if (gaps.length) throw new Refused(sanctionRefusal(step, gaps));
}
