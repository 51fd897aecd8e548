// Aadhaar eKYC through DigiLocker (spec 2, 4, 7; decisions 8, 17) and the account aggregator
// (decision 8: an alternative to uploading the bank statement). The server owns next_step:
// ekyc_initiated → (DigiLocker) ekyc_verified → account_aggregator_verify → documents.
// Each step has its file (ekyc-start, ekyc-verify, account-aggregator-step, with what they share in
// kyc-steps); this one assembles them and reads the eKYC summary.
import { and, desc, eq } from "drizzle-orm";
import { DIGILOCKER_CALLBACK_PATH } from "../../../core/contract/paths.ts";
import type { Db } from "../../db/client.ts";
import { aadhaarKyc, ekycRequests, loanAccounts } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { AccountAggregatorPort } from "../../providers/account-aggregator/port.ts";
import { maskAadhaar, type DigiLockerPort } from "../../providers/digilocker/port.ts";
import type { DocumentsService } from "../documents/documents.service.ts";
import { approvedVideoKyc } from "../video-kyc/video-kyc.service.ts";
import { AA_RETURN_PATH, createAccountAggregatorStep } from "./account-aggregator-step.ts";
import { createEkycStart } from "./ekyc-start.ts";
import { createEkycVerify } from "./ekyc-verify.ts";
import { createKycSteps } from "./kyc-steps.ts";

export { DIGILOCKER_CALLBACK_PATH, AA_RETURN_PATH };

export function createKycService(deps: {
  db: Db;
  digilocker: DigiLockerPort;
  accountAggregator: AccountAggregatorPort;
  documents: DocumentsService;
  publicOrigin: string;
  now: () => Date;
  logger: Logger;
}) {
  const { db, digilocker, accountAggregator, documents, publicOrigin, now, logger } = deps;
  const redirectUri = new URL(DIGILOCKER_CALLBACK_PATH, publicOrigin).toString();
  const steps = createKycSteps({ now });

  /** The approved video KYC of `leadId`, or of the customer's application in process. */
  async function videoKycOf(profileId: string, leadId?: string) {
    const [open] = leadId
      ? [{ leadId }]
      : await db
          .select({ leadId: loanAccounts.leadId })
          .from(loanAccounts)
          .where(and(eq(loanAccounts.profileId, profileId), eq(loanAccounts.status, "IN_PROCESS")))
          .limit(1);
    return open ? approvedVideoKyc(db, open.leadId) : null;
  }

  return {
    ...createEkycStart({ db, digilocker, redirectUri, now, steps }),
    ...createEkycVerify({ db, digilocker, redirectUri, now, logger, steps }),

    /**
     * lead_customer_details' eKYC fields (spec 3): masked number, when a request was started, digital flag;
     * and how the Aadhaar was verified (issue 33): DigiLocker's eKYC, else the application's approved video
     * KYC, which counts as the eKYC (its audit state beside it). `leadId`: that application's video KYC (the
     * credit review's); without it, the customer's application in process.
     */
    async summary(profileId: string, leadId?: string) {
      const [kyc] = await db.select().from(aadhaarKyc).where(eq(aadhaarKyc.profileId, profileId));
      const [last] = await db.select().from(ekycRequests).where(eq(ekycRequests.profileId, profileId)).orderBy(desc(ekycRequests.createdAt)).limit(1);
      const video = kyc ? null : await videoKycOf(profileId, leadId);
      const last4 = kyc?.aadhaarLast4 ?? video?.aadhaarLast4;
      return {
        // Prefill for the Adhar page: the verified last 4, else the last 4 typed before.
        aadhar_no: last4 ?? last?.typedLast4 ?? "",
        aadhar_masked: kyc ? kyc.aadhaarMasked : video ? maskAadhaar(video.aadhaarLast4) : "",
        customer_ekyc_request_initiated_on: last ? last.createdAt.toISOString() : null,
        customer_digital_ekyc_flag: kyc || video ? 1 : 0,
        ekyc_source: kyc ? ("digilocker" as const) : video ? ("video_kyc" as const) : null,
        ekyc_verified_on: (kyc?.verifiedAt ?? video?.decidedAt)?.toISOString() ?? null,
        // A video KYC's concurrent audit: the payout waits for "confirmed" (core/sanction-requirements.ts).
        video_kyc_audit: video ? (video.audited ? ("confirmed" as const) : ("pending" as const)) : null,
      };
    },

    ...createAccountAggregatorStep({ db, accountAggregator, documents, publicOrigin, now, logger, steps }),
  };
}

export type KycService = ReturnType<typeof createKycService>;
