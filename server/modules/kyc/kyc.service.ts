// Aadhaar eKYC through DigiLocker (spec 2, 4, 7; decisions 8, 17) and the account aggregator
// (decision 8: an alternative to uploading the bank statement). The server owns next_step:
// ekyc_initiated → (DigiLocker) ekyc_verified → account_aggregator_verify → documents.
import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { DIGILOCKER_CALLBACK_PATH } from "../../../core/contract/paths.ts";
import { screenFor, stageOf, type NextStep } from "../../../core/journey/index.ts";
import { KYC_CODES, type CodedMessage } from "../../../core/i18n/index.ts";
import { addDays, todayInIndia } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { aadhaarKyc, aaConsents, customerProfiles, ekycRequests, leads } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { AccountAggregatorPort } from "../../providers/account-aggregator/port.ts";
import { codeChallengeS256, createCodeVerifier, DigiLockerError, maskAadhaar, type DigiLockerPort } from "../../providers/digilocker/port.ts";
import type { DocumentsService } from "../documents/documents.service.ts";
import type { Profile } from "../profile/profile.service.ts";
import { advance, EKYC_STEPS, requireEvent, stepNotAvailable as notAvailable } from "../journey/journey.service.ts";
import { statementPdf } from "./statement-pdf.ts";
import { DomainError, NotAvailable, ProviderDown, ProviderFailed, Refused, Unverified } from "../domain-errors.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export { DIGILOCKER_CALLBACK_PATH };
export const AA_RETURN_PATH = "/my-dashboard/account-aggregator-verify";

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

  /** Locks the profile row, checks the event belongs to the current stage, and finds the lead in progress. */
  async function locked(tx: Tx, profileId: string, event: NextStep) {
    const profile = await requireEvent(tx, profileId, event);
    const [lead] = await tx
      .select()
      .from(leads)
      .where(and(eq(leads.profileId, profileId), eq(leads.status, "IN_PROCESS")))
      .limit(1);
    if (!lead) throw new NotAvailable(KYC_CODES.noOpenLead);
    return { profile, lead };
  }

  /** Every eKYC move starts from a step of the eKYC stage; the table decides which targets are allowed. */
  const setNext = (tx: Tx, profileId: string, next: NextStep) => advance(tx, profileId, EKYC_STEPS, next, { at: now() });

  async function latestRequest(executor: Pick<Db, "select">, profileId: string, leadId: string) {
    const [row] = await executor
      .select()
      .from(ekycRequests)
      .where(and(eq(ekycRequests.profileId, profileId), eq(ekycRequests.leadId, leadId)))
      .orderBy(desc(ekycRequests.createdAt))
      .limit(1);
    return row ?? null;
  }

  async function verifiedFor(executor: Pick<Db, "select">, profileId: string, leadId: string) {
    const [row] = await executor
      .select()
      .from(aadhaarKyc)
      .where(and(eq(aadhaarKyc.profileId, profileId), eq(aadhaarKyc.leadId, leadId)));
    return row ?? null;
  }

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

  return {
    /** ekyc_initiated: run_ekyc_flag 1 → Data.ekyc_url (DigiLocker with PKCE); 2 → skip, Data.next_step. */
    async initiate(profileId: string, input: { run_ekyc_flag: number; aadhaar_no: string | null }) {
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
        return { authorize: { state, codeChallenge: codeChallengeS256(codeVerifier), redirectUri, sandboxIdentity: sandboxIdentity(profile, last4) } };
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

    /** ekyc_verified: exchanges the code with the PKCE verifier, checks the last 4, keeps decision 17's fields. */
    async verify(profileId: string) {
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
        kyc = await digilocker.fetchKyc({ code: request.authCode, codeVerifier: request.codeVerifier, redirectUri });
      } catch (error) {
        if (error instanceof DigiLockerError && error.code !== "provider_error")
          throw await back(error.code === "access_denied" ? KYC_CODES.ekycDenied : KYC_CODES.ekycCodeRefused, error.code.toUpperCase());
        logger.warn("digilocker fetch failed", { error: error instanceof Error ? error.message : "unknown" });
        throw await back(KYC_CODES.ekycProviderDown, "PROVIDER");
      }
      if (kyc.last4 !== request.typedLast4) throw await back(KYC_CODES.ekycLast4Mismatch, "LAST4_MISMATCH");
      const at = now();
      await db.transaction(async (tx) => {
        await tx
          .insert(aadhaarKyc)
          .values({
            profileId,
            leadId: lead.id,
            aadhaarLast4: kyc.last4,
            aadhaarMasked: maskAadhaar(kyc.last4),
            name: kyc.name,
            dob: /^\d{4}-\d{2}-\d{2}$/.test(kyc.dob) ? kyc.dob : null,
            gender: kyc.gender || null,
            address: kyc.address || null,
            digilockerReference: kyc.reference,
            verifiedAt: at,
          })
          .onConflictDoUpdate({
            target: aadhaarKyc.profileId,
            set: {
              leadId: lead.id,
              aadhaarLast4: kyc.last4,
              aadhaarMasked: maskAadhaar(kyc.last4),
              name: kyc.name,
              dob: /^\d{4}-\d{2}-\d{2}$/.test(kyc.dob) ? kyc.dob : null,
              gender: kyc.gender || null,
              address: kyc.address || null,
              digilockerReference: kyc.reference,
              verifiedAt: at,
            },
          });
        await tx.update(ekycRequests).set({ status: "VERIFIED", codeVerifier: null, updatedAt: at }).where(eq(ekycRequests.id, request.id));
        await setNext(tx, profileId, "account_aggregator_verify");
      });
      return { nextStep: "account_aggregator_verify" as NextStep, aadhaarMasked: maskAadhaar(kyc.last4) };
    },

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

    /** account_aggregator_verify: consent (start), status (back from the consent page), skip (upload instead). */
    async accountAggregator(profileId: string, input: { action: "consent" | "status" | "skip"; consent_handle: string | null }) {
      const { profile, lead } = await db.transaction(async (tx) => locked(tx, profileId, "account_aggregator_verify"));
      // Finer state of the eKYC stage: the aggregator comes after the Aadhaar step.
      if (profile.nextStep !== "account_aggregator_verify") throw notAvailable();

      if (input.action === "skip") {
        const next = await db.transaction(async (tx) => {
          await locked(tx, profileId, "account_aggregator_verify");
          const n = await documents.nextDocumentStep(tx, lead.id);
          await setNext(tx, profileId, n);
          return n;
        });
        return { kind: "aaSkipped" as const, nextStep: next };
      }

      if (input.action === "consent") {
        const to = todayInIndia(now());
        const from = addDays(to, -182);
        let consent;
        try {
          consent = await accountAggregator.createConsent({
            customerVua: `${profile.mobile}@sandbox`,
            from,
            to,
            redirectUrl: new URL(AA_RETURN_PATH, publicOrigin).toString(),
            sandboxHint: { name: profile.fullName ?? "", monthlyIncome: profile.monthlyIncome ?? 30000, seed: profile.id },
          });
        } catch (error) {
          logger.warn("account aggregator consent failed", { error: error instanceof Error ? error.message : "unknown" });
          throw new ProviderDown(KYC_CODES.aaProviderDown);
        }
        await db
          .insert(aaConsents)
          .values({ profileId, leadId: lead.id, consentHandle: consent.consentHandle, rangeFrom: from, rangeTo: to, createdAt: now(), updatedAt: now() });
        return {
          kind: "aaConsentCreated" as const,
          nextStep: "account_aggregator_verify" as NextStep,
          consentUrl: consent.url,
          consentHandle: consent.consentHandle,
        };
      }

      // status: the consent must be this customer's, for this lead.
      const [row] = await db
        .select()
        .from(aaConsents)
        .where(
          and(
            eq(aaConsents.profileId, profileId),
            eq(aaConsents.leadId, lead.id),
            input.consent_handle ? eq(aaConsents.consentHandle, input.consent_handle) : undefined,
          ),
        )
        .orderBy(desc(aaConsents.createdAt))
        .limit(1);
      if (!row) throw new NotAvailable(KYC_CODES.aaNoConsent);
      let status;
      try {
        status = await accountAggregator.consentStatus(row.consentHandle);
      } catch (error) {
        logger.warn("account aggregator status failed", { error: error instanceof Error ? error.message : "unknown" });
        throw new ProviderDown(KYC_CODES.aaProviderDown);
      }
      await db.update(aaConsents).set({ consentStatus: status.status, updatedAt: now() }).where(eq(aaConsents.id, row.id));
      if (status.status === "PENDING") throw new NotAvailable(KYC_CODES.aaPending);
      if (status.status !== "ACTIVE" || !status.consentId) throw new Unverified(KYC_CODES.aaRejected);

      let pdf: Uint8Array;
      try {
        const { sessionId } = await accountAggregator.requestData({ consentId: status.consentId, from: row.rangeFrom, to: row.rangeTo });
        await db.update(aaConsents).set({ sessionId, sessionStatus: "ACTIVE", updatedAt: now() }).where(eq(aaConsents.id, row.id));
        const fetched = await accountAggregator.fetchData(sessionId);
        await db.update(aaConsents).set({ sessionStatus: fetched.status, updatedAt: now() }).where(eq(aaConsents.id, row.id));
        if (fetched.status !== "COMPLETED" || fetched.statements.length === 0) throw new Unverified(KYC_CODES.aaFetchFailed);
        pdf = await statementPdf(fetched.statements, now());
      } catch (error) {
        if (error instanceof DomainError) throw error;
        logger.warn("account aggregator fetch failed", { error: error instanceof Error ? error.message : "unknown" });
        throw new ProviderFailed(KYC_CODES.aaFetchFailed);
      }
      const next = await documents.storeFetchedStatement(profileId, lead.id, pdf, async (tx, n) => {
        await locked(tx, profileId, "account_aggregator_verify");
        await setNext(tx, profileId, n);
      });
      return { kind: "aaFetched" as const, nextStep: next };
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
