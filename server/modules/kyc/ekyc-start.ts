// Starting Aadhaar eKYC (decision 8): the DigiLocker request with PKCE (or the skip to the account aggregator),
// and DigiLocker's redirect back, which keeps the code for the verify step.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { screenFor, stageOf, type NextStep } from "../../../core/journey/index.ts";
import { KYC_CODES } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, ekycRequests } from "../../db/schema/index.ts";
import { codeChallengeS256, createCodeVerifier, type DigiLockerPort } from "../../providers/digilocker/port.ts";
import type { Profile } from "../profile/profile.service.ts";
import { stepNotAvailable as notAvailable } from "../journey/journey.service.ts";
import { Refused } from "../domain-errors.ts";
import type { KycSteps } from "./kyc-steps.ts";

/** The identity the sandbox DigiLocker answers with: the profile's own, so a demo customer verifies. */
function sandboxIdentity(profile: Profile, last4: string) {
  const address = [
    profile.residenceAddress1,
    profile.residenceAddress2,
    profile.residenceLandmark,
    profile.residenceCity,
    profile.residenceState,
    profile.residencePincode,
  ]
    .filter(Boolean)
    .join(", ");
  return { name: profile.fullName ?? "", dob: profile.dob ?? "", gender: profile.gender === 2 ? "F" : "M", address, seed: profile.id, last4 };
}

export function createEkycStart(deps: { db: Db; digilocker: DigiLockerPort; redirectUri: string; now: () => Date; steps: KycSteps }) {
  const { db, digilocker, redirectUri, now } = deps;
  const { locked, setNext, latestRequest, verifiedFor } = deps.steps;

  return {
    /** ekyc_initiated: run_ekyc_flag 1 → Data.ekyc_url (DigiLocker with PKCE); 2 → skip, Data.next_step. */
    async initiate(profileId: string, input: { run_ekyc_flag: number; aadhaar_no: string | null }, options: { redirectUri?: string } = {}) {
      const outcome = await db.transaction(async (tx) => {
        const { profile, lead } = await locked(tx, profileId, "ekyc_initiated");
        // Once verified for this lead, eKYC is done: the stage moves on from account_aggregator_verify.
        if (await verifiedFor(tx, profileId, lead.id)) throw notAvailable();
        const at = now();
        if (input.run_ekyc_flag === 2) {
          const last = await latestRequest(tx, profileId, lead.id);
          if (!last) throw new Refused(KYC_CODES.ekycSkipNotAllowed, { run_ekyc_flag: KYC_CODES.ekycSkipNotAllowed });
          await tx.update(ekycRequests).set({ status: "SKIPPED", codeVerifier: null, authCode: null, updatedAt: at }).where(eq(ekycRequests.id, last.id));
          await setNext(tx, profileId, "account_aggregator_verify");
          return { kind: "ekycSkipped" as const, nextStep: "account_aggregator_verify" as NextStep };
        }
        const state = randomBytes(24).toString("base64url");
        const codeVerifier = createCodeVerifier();
        const last4 = input.aadhaar_no!;
        await tx
          .insert(ekycRequests)
          .values({ profileId, leadId: lead.id, state, codeVerifier, typedLast4: last4, status: "INITIATED", createdAt: at, updatedAt: at });
        await setNext(tx, profileId, "ekyc_initiated");
        // A page of ours other than the dashboard (ONDC's F03) has DigiLocker return to itself.
        const returnTo = options.redirectUri ?? redirectUri;
        return {
          authorize: { state, codeChallenge: codeChallengeS256(codeVerifier), redirectUri: returnTo, sandboxIdentity: sandboxIdentity(profile, last4) },
        };
      });
      if (!("authorize" in outcome) || !outcome.authorize) return outcome;
      // After the commit: the sandbox keeps its pending request in the database, outside this transaction.
      const ekycUrl = await digilocker.authorizeUrl(outcome.authorize);
      return { kind: "ekycStarted" as const, nextStep: "ekyc_initiated" as NextStep, ekycUrl };
    },

    /**
     * DigiLocker's redirect back (code+state, or error+state). Only the session's own request is
     * touched; the code is kept for ekyc_verified, which exchanges it. Returns where to send the browser.
     */
    async digilockerReturn(profileId: string, query: { state?: string; code?: string; error?: string }): Promise<string> {
      return db.transaction(async (tx) => {
        const [request] = query.state
          ? await tx
              .select()
              .from(ekycRequests)
              .where(and(eq(ekycRequests.state, query.state), eq(ekycRequests.profileId, profileId)))
              .for("update")
          : [];
        const [profile] = await tx.select().from(customerProfiles).where(eq(customerProfiles.id, profileId)).for("update");
        if (
          !request ||
          request.status !== "INITIATED" ||
          !profile ||
          stageOf(profile.nextStep) !== "ekyc" ||
          profile.nextStep === "account_aggregator_verify"
        ) {
          return screenFor(profile?.nextStep);
        }
        const code = query.code && /^[\w.~-]{1,512}$/.test(query.code) ? query.code : null;
        await tx
          .update(ekycRequests)
          .set(
            code
              ? { status: "AUTHORIZED", authCode: code, updatedAt: now() }
              : { status: "FAILED", failure: query.error === "access_denied" ? "DENIED" : "NO_CODE", codeVerifier: null, updatedAt: now() },
          )
          .where(eq(ekycRequests.id, request.id));
        await setNext(tx, profileId, "ekyc_verified");
        return screenFor("ekyc_verified");
      });
    },
  };
}
