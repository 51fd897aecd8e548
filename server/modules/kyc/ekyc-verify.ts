// Verifying Aadhaar eKYC (decisions 8 and 17): the DigiLocker code exchanged once with its PKCE verifier, the
// last 4 digits checked against those typed, and decision 17's fields kept; a failure sends the customer back.
import { and, eq } from "drizzle-orm";
import type { NextStep } from "../../../core/journey/index.ts";
import { KYC_CODES, type CodedMessage } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { aadhaarKyc, ekycRequests } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { DigiLockerError, maskAadhaar, type DigiLockerPort } from "../../providers/digilocker/port.ts";
import { Unverified } from "../domain-errors.ts";
import { AFTER_AADHAAR_VERIFIED } from "../journey/journey.service.ts";
import type { KycSteps } from "./kyc-steps.ts";

export function createEkycVerify(deps: { db: Db; digilocker: DigiLockerPort; redirectUri: string; now: () => Date; logger: Logger; steps: KycSteps }) {
  const { db, digilocker, redirectUri, now, logger } = deps;
  const { locked, setNext, latestRequest, verifiedFor } = deps.steps;

  return {
    /** ekyc_verified: exchanges the code with the PKCE verifier, checks the last 4, keeps decision 17's fields. */
    async verify(profileId: string, options: { redirectUri?: string } = {}) {
      const { lead, request, profile } = await db.transaction(async (tx) => {
        const { lead, profile } = await locked(tx, profileId, "ekyc_verified");
        return { lead, profile, request: await latestRequest(tx, profileId, lead.id) };
      });
      const done = await verifiedFor(db, profileId, lead.id);
      if (done) {
        if (profile.nextStep !== "ekyc_verified") return { nextStep: profile.nextStep as NextStep, aadhaarMasked: done.aadhaarMasked };
      }
      const back = async (message: CodedMessage, failure: string) => {
        await db.transaction(async (tx) => {
          if (request && request.status !== "VERIFIED") {
            await tx
              .update(ekycRequests)
              .set({ status: "FAILED", failure, codeVerifier: null, authCode: null, updatedAt: now() })
              .where(eq(ekycRequests.id, request.id));
          }
          await setNext(tx, profileId, "ekyc_initiated");
        });
        return new Unverified(message);
      };
      if (!request || (request.status !== "AUTHORIZED" && request.status !== "FAILED")) throw await back(KYC_CODES.ekycNotStarted, "NOT_STARTED");
      if (request.status === "FAILED")
        throw await back(request.failure === "DENIED" ? KYC_CODES.ekycDenied : KYC_CODES.ekycNotStarted, request.failure ?? "FAILED");
      // One use of the code: clear it before calling out, so a second tab cannot replay it.
      const claimed = await db
        .update(ekycRequests)
        .set({ authCode: null, updatedAt: now() })
        .where(and(eq(ekycRequests.id, request.id), eq(ekycRequests.status, "AUTHORIZED")))
        .returning({ id: ekycRequests.id });
      if (!claimed.length || !request.authCode || !request.codeVerifier) throw await back(KYC_CODES.ekycNotStarted, "NOT_STARTED");
      let kyc;
      try {
        kyc = await digilocker.fetchKyc({ code: request.authCode, codeVerifier: request.codeVerifier, redirectUri: options.redirectUri ?? redirectUri });
      } catch (error) {
        if (error instanceof DigiLockerError && error.code !== "provider_error")
          throw await back(error.code === "access_denied" ? KYC_CODES.ekycDenied : KYC_CODES.ekycCodeRefused, error.code.toUpperCase());
        logger.warn("digilocker fetch failed", { error: error instanceof Error ? error.message : "unknown" });
        throw await back(KYC_CODES.ekycProviderDown, "PROVIDER");
      }
      if (kyc.last4 !== request.typedLast4) throw await back(KYC_CODES.ekycLast4Mismatch, "LAST4_MISMATCH");
      const at = now();
      await db.transaction(async (tx) => {
        // The same record whether it is the customer's first eKYC or a repeat one.
        const record = {
          leadId: lead.id,
          aadhaarLast4: kyc.last4,
          aadhaarMasked: maskAadhaar(kyc.last4),
          name: kyc.name,
          dob: /^\d{4}-\d{2}-\d{2}$/.test(kyc.dob) ? kyc.dob : null,
          gender: kyc.gender || null,
          address: kyc.address || null,
          digilockerReference: kyc.reference,
          verifiedAt: at,
        };
        await tx
          .insert(aadhaarKyc)
          .values({ profileId, ...record })
          .onConflictDoUpdate({ target: aadhaarKyc.profileId, set: record });
        await tx.update(ekycRequests).set({ status: "VERIFIED", codeVerifier: null, updatedAt: at }).where(eq(ekycRequests.id, request.id));
        await setNext(tx, profileId, AFTER_AADHAAR_VERIFIED);
      });
      return { nextStep: AFTER_AADHAAR_VERIFIED, aadhaarMasked: maskAadhaar(kyc.last4) };
    },
  };
}
