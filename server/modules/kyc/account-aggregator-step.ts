// The account aggregator step (decision 8: an alternative to uploading the bank statement): the consent,
// its status when the customer is back from the consent page (then the statement fetched and stored), or
// the skip to uploading.
import { and, desc, eq } from "drizzle-orm";
import type { NextStep } from "../../../core/journey/index.ts";
import { KYC_CODES } from "../../../core/i18n/index.ts";
import { addDays, todayInIndia } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { aaConsents, customerProfiles, leads } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { AccountAggregatorPort } from "../../providers/account-aggregator/port.ts";
import type { DocumentsService } from "../documents/documents.service.ts";
import { stepNotAvailable as notAvailable } from "../journey/journey.service.ts";
import { statementPdf } from "./statement-pdf.ts";
import { DomainError, NotAvailable, ProviderDown, ProviderFailed, Unverified } from "../domain-errors.ts";
import type { KycSteps } from "./kyc-steps.ts";

export const AA_RETURN_PATH = "/my-dashboard/account-aggregator-verify";

export function createAccountAggregatorStep(deps: {
  db: Db;
  accountAggregator: AccountAggregatorPort;
  documents: DocumentsService;
  publicOrigin: string;
  now: () => Date;
  logger: Logger;
  steps: KycSteps;
}) {
  const { db, accountAggregator, documents, publicOrigin, now, logger } = deps;
  const { locked, setNext } = deps.steps;

  const createConsent = consentMaker({ db, accountAggregator, now, logger });

  return {
    /**
     * The same consent asked ahead of the step, for a buyer app's flow with the account aggregator (ONDC, issue 32):
     * `customerVua` is the person's own handle at their aggregator (F01's aa_id). The statement is fetched by
     * `accountAggregator` ("status", this handle) once the journey reaches the step, as when the website asks it.
     */
    async consentAhead(profileId: string, leadId: string, input: { customerVua: string; redirectUrl: string }) {
      const [lead] = await db
        .select({ id: leads.id })
        .from(leads)
        .where(and(eq(leads.id, leadId), eq(leads.profileId, profileId)));
      const [profile] = await db
        .select({ id: customerProfiles.id, fullName: customerProfiles.fullName, monthlyIncome: customerProfiles.monthlyIncome })
        .from(customerProfiles)
        .where(eq(customerProfiles.id, profileId));
      if (!lead || !profile) throw notAvailable();
      const consent = await createConsent(profile, lead.id, input);
      return { consentHandle: consent.consentHandle, consentUrl: consent.url };
    },

    /** A consent's status at the aggregator (never the caller's word), recorded; the consent must be this customer's. */
    async consentStatus(profileId: string, consentHandle: string) {
      const [row] = await db
        .select({ id: aaConsents.id })
        .from(aaConsents)
        .where(and(eq(aaConsents.profileId, profileId), eq(aaConsents.consentHandle, consentHandle)));
      if (!row) throw new NotAvailable(KYC_CODES.aaNoConsent);
      let status;
      try {
        status = await accountAggregator.consentStatus(consentHandle);
      } catch (error) {
        logger.warn("account aggregator status failed", { error: error instanceof Error ? error.message : "unknown" });
        throw new ProviderDown(KYC_CODES.aaProviderDown);
      }
      await db.update(aaConsents).set({ consentStatus: status.status, updatedAt: now() }).where(eq(aaConsents.id, row.id));
      return status.status;
    },

    /**
     * account_aggregator_verify: consent (start), status (back from the consent page), skip (upload instead).
     * `returnUrl`: where the aggregator sends the person back (our dashboard's page unless a buyer app's F03 page ran it).
     */
    async accountAggregator(
      profileId: string,
      input: { action: "consent" | "status" | "skip"; consent_handle: string | null },
      options: { returnUrl?: string } = {},
    ) {
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
        const consent = await createConsent(profile, lead.id, {
          customerVua: `${profile.mobile}@sandbox`,
          redirectUrl: options.returnUrl ?? new URL(AA_RETURN_PATH, publicOrigin).toString(),
        });
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

/** The consent for the last 6 months' statement (CONSENT_TERMS), recorded for the lead; the aggregator's page to approve it. */
function consentMaker(deps: { db: Db; accountAggregator: AccountAggregatorPort; now: () => Date; logger: Logger }) {
  const { db, accountAggregator, now, logger } = deps;
  return async function createConsent(
    profile: { id: string; fullName: string | null; monthlyIncome: number | null },
    leadId: string,
    input: { customerVua: string; redirectUrl: string },
  ) {
    const to = todayInIndia(now());
    const from = addDays(to, -182);
    let consent;
    try {
      consent = await accountAggregator.createConsent({
        customerVua: input.customerVua,
        from,
        to,
        redirectUrl: input.redirectUrl,
        sandboxHint: { name: profile.fullName ?? "", monthlyIncome: profile.monthlyIncome ?? 30000, seed: profile.id },
      });
    } catch (error) {
      logger.warn("account aggregator consent failed", { error: error instanceof Error ? error.message : "unknown" });
      throw new ProviderDown(KYC_CODES.aaProviderDown);
    }
    await db
      .insert(aaConsents)
      .values({ profileId: profile.id, leadId, consentHandle: consent.consentHandle, rangeFrom: from, rangeTo: to, createdAt: now(), updatedAt: now() });
    return consent;
  };
}
