// Aadhaar eKYC through DigiLocker (spec 2, 4, 7; decisions 8, 17) and the account aggregator
// (decision 8: an alternative to uploading the bank statement). The server owns next_step:
// ekyc_initiated → (DigiLocker) ekyc_verified → account_aggregator_verify → documents.
// Each step has its file (ekyc-start, ekyc-verify, account-aggregator-step, with what they share in
// kyc-steps); this one assembles them and reads the eKYC summary.
import { desc, eq } from "drizzle-orm";
import { DIGILOCKER_CALLBACK_PATH } from "../../../core/contract/paths.ts";
import type { Db } from "../../db/client.ts";
import { aadhaarKyc, ekycRequests } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { AccountAggregatorPort } from "../../providers/account-aggregator/port.ts";
import type { DigiLockerPort } from "../../providers/digilocker/port.ts";
import type { DocumentsService } from "../documents/documents.service.ts";
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

  return {
    ...createEkycStart({ db, digilocker, redirectUri, now, steps }),
    ...createEkycVerify({ db, digilocker, redirectUri, now, logger, steps }),

    /** lead_customer_details' eKYC fields (spec 3): masked number, when a request was started, digital flag. */
    async summary(profileId: string) {
      const [kyc] = await db.select().from(aadhaarKyc).where(eq(aadhaarKyc.profileId, profileId));
      const [last] = await db.select().from(ekycRequests).where(eq(ekycRequests.profileId, profileId)).orderBy(desc(ekycRequests.createdAt)).limit(1);
      return {
        // Prefill for the Adhar page: the verified last 4, else the last 4 typed before.
        aadhar_no: kyc ? kyc.aadhaarLast4 : (last?.typedLast4 ?? ""),
        aadhar_masked: kyc ? kyc.aadhaarMasked : "",
        customer_ekyc_request_initiated_on: last ? last.createdAt.toISOString() : null,
        customer_digital_ekyc_flag: kyc ? 1 : 0,
      };
    },

    ...createAccountAggregatorStep({ db, accountAggregator, documents, publicOrigin, now, logger, steps }),
  };
}

export type KycService = ReturnType<typeof createKycService>;
