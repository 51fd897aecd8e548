// Issue 32: form F03 "Know your Customer" (application/html): the buyer app sends the person's browser to our
// page, and our own journey runs there, not a copy of it: what our journey asks before eKYC and ONDC has no form
// for (the quote's acceptance with the KFS acknowledgement, for the amount F02 chose; employment details for a
// new customer), then Aadhaar eKYC through our DigiLocker step (the KYC service's initiate and verify, with
// DigiLocker returning to this page). When eKYC is done or declined, the F03 submission is recorded and an
// unsolicited signed on_status carrying its submission_id and status is written to the outbox in the same
// transaction (docs/decisions/providers.md, issue 32, F03). The page's address names the F02 submission (`ref`),
// which only the buyer app and the customer hold, as F02's names F01's.
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { LOAN_PURPOSES } from "../../../core/journey/masters.ts";
import type { CodedMessage } from "../../../core/i18n/index.ts";
import { employmentFormSchema } from "../../../core/validation/loan.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import type { OrderReportDeps } from "./order-terms.ts";
import { aaConsents, customerProfiles, ekycRequests, ondcFormSubmissions } from "../../db/schema/index.ts";
import { DomainError } from "../domain-errors.ts";
import type { EmploymentService } from "../offer/employment.service.ts";
import type { QuoteService } from "../offer/quote.service.ts";
import type { KycService } from "../kyc/kyc.service.ts";
import type { DocumentsService } from "../documents/documents.service.ts";
import type { PageMessage } from "./form-f01-page.ts";
import { f03DeclinedPage, f03Page, f03ScreenOf } from "./form-f03-page.ts";
import { createF03Documents } from "./form-f03-documents.ts";
import { createF03Report } from "./form-f03-report.ts";
import { issueMessage } from "./form-f01.service.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where DigiLocker returns to after F03's consent (a path of ours, fixed, as DigiLocker registers it). */
export const F03_RETURN_PATH = "/ondc/forms/F03/return";

/** F01's endUse as our loan purpose (core/journey LOAN_PURPOSES), for the quote's acceptance. */
const PURPOSE_OF_END_USE: Record<string, (typeof LOAN_PURPOSES)[number]["id"]> = {
  travel: 1,
  health: 2,
  consumerDurablePurchase: 3,
  education: 4,
  other: 7,
};

type Submission = typeof ondcFormSubmissions.$inferSelect;

export function createOndcF03Forms(
  deps: Omit<OrderReportDeps, "profiles"> & {
    quotes: Pick<QuoteService, "decide">;
    employment: Pick<EmploymentService, "save">;
    kyc: Pick<KycService, "initiate" | "digilockerReturn" | "verify" | "accountAggregator">;
    documents: Pick<DocumentsService, "mandatory" | "upload">;
  },
) {
  const { db, now, logger, lender, outbox, kfsPages, quotes, employment, kyc, documents } = deps;
  const returnUri = `${lender.publicOrigin}${F03_RETURN_PATH}`;

  /** The F02 submission `ref` names in this transaction, with its offer recorded (select_3's answer), and its customer. */
  async function offerOf(transactionId: string, ref: string) {
    if (!UUID.test(ref)) return null;
    const [f02] = await db
      .select()
      .from(ondcFormSubmissions)
      .where(
        and(
          eq(ondcFormSubmissions.submissionId, ref),
          eq(ondcFormSubmissions.transactionId, transactionId),
          eq(ondcFormSubmissions.formId, "F02"),
          isNotNull(ondcFormSubmissions.proposalNumber),
        ),
      );
    if (!f02) return null;
    const [profile] = await db.select().from(customerProfiles).where(eq(customerProfiles.id, f02.profileId));
    return profile ? { f02, profile } : null;
  }

  const { f03Of, conclude } = createF03Report({ db, now, logger, lender, outbox, kfsPages });

  /**
   * The flow with account aggregator: the consent F01's aa_id asked (this F02's parent), approved at the
   * aggregator and not fetched yet; its handle, for the statement step to fetch with (decided in
   * docs/decisions/providers.md), or null.
   */
  async function ondcConsentOf(f02: Submission): Promise<string | null> {
    if (!f02.parentSubmissionId) return null;
    const [row] = await db
      .select({ handle: aaConsents.consentHandle })
      .from(ondcFormSubmissions)
      .innerJoin(aaConsents, and(eq(aaConsents.consentHandle, ondcFormSubmissions.aaConsentHandle), eq(aaConsents.profileId, ondcFormSubmissions.profileId)))
      .where(and(eq(ondcFormSubmissions.submissionId, f02.parentSubmissionId), eq(aaConsents.consentStatus, "ACTIVE"), isNull(aaConsents.sessionId)));
    return row?.handle ?? null;
  }

  return {
    offerOf,
    f03Of,
    ondcConsentOf,
    screenOf: (profile: { nextStep: string | null }) => f03ScreenOf(profile.nextStep),
    render: f03Page,
    declinedPage: f03DeclinedPage,

    /** The quote's acceptance for F02's amount and term, with the KFS acknowledged, by the quote decision as on the website. */
    async accept(
      f02: Submission,
      fields: Record<string, string>,
    ): Promise<{ ok: true } | { ok: false; errors: Record<string, PageMessage>; notice?: PageMessage }> {
      const [f01] = f02.parentSubmissionId
        ? await db.select().from(ondcFormSubmissions).where(eq(ondcFormSubmissions.submissionId, f02.parentSubmissionId))
        : [];
      try {
        await quotes.decide(f02.profileId, {
          accepted_id: 1,
          amount: f02.offerPrincipal ?? 0,
          tenure: f02.offerTenureDays ?? 0,
          purpose_id: PURPOSE_OF_END_USE[f01?.endUse ?? "other"] ?? 7,
          kfs_acknowledged: fields.kfs_acknowledged === "on" ? 1 : 0,
          proposal_number: f02.proposalNumber ?? undefined,
        });
        return { ok: true };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const errors = Object.fromEntries(Object.entries(error.errors ?? {}).map(([k, v]) => [k, v as PageMessage]));
        return Object.keys(errors).length ? { ok: false, errors } : { ok: false, errors: {}, notice: error.code ?? error.message };
      }
    },

    /** Our employment step, with the website's rules and service. */
    async saveEmployment(profileId: string, fields: Record<string, string>): Promise<{ ok: true } | { ok: false; errors: Record<string, PageMessage> }> {
      const parsed = employmentFormSchema({ today: () => todayInIndia(now()) }).safeParse(fields);
      if (!parsed.success) {
        const errors: Record<string, PageMessage> = {};
        for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issueMessage(issue);
        return { ok: false, errors };
      }
      try {
        await employment.save(profileId, parsed.data);
        return { ok: true };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return { ok: false, errors: { company_name: error.code ?? error.message } };
      }
    },

    /** Aadhaar's last 4, then our DigiLocker step, returning to F03's own address. */
    async startKyc(profileId: string, last4: string): Promise<{ ok: true; url: string } | { ok: false; errors: Record<string, PageMessage> }> {
      if (!/^\d{4}$/.test(last4.trim())) return { ok: false, errors: { aadhaar_no: { key: "ondc.f03.aadhaarLast4Wrong" } } };
      try {
        const started = await kyc.initiate(profileId, { run_ekyc_flag: 1, aadhaar_no: last4.trim() }, { redirectUri: returnUri });
        if (!("ekycUrl" in started) || !started.ekycUrl) return { ok: false, errors: { aadhaar_no: { key: "ondc.f03.notOpen" } } };
        return { ok: true, url: started.ekycUrl };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return { ok: false, errors: { aadhaar_no: error.code ?? error.message } };
      }
    },

    ...createF03Documents({ kyc, documents }),

    /**
     * DigiLocker's redirect back: the request is found by its state (random, single use), the code kept and
     * exchanged by the KYC service, and the outcome reported. Null when the state names no F03 of ours.
     */
    async kycReturn(query: {
      state?: string;
      code?: string;
      error?: string;
    }): Promise<{ verified: boolean; reason?: CodedMessage | string; transactionId: string; ref: string } | null> {
      if (!query.state) return null;
      const [request] = await db.select().from(ekycRequests).where(eq(ekycRequests.state, query.state));
      if (!request) return null;
      const [f02] = await db
        .select()
        .from(ondcFormSubmissions)
        .where(and(eq(ondcFormSubmissions.profileId, request.profileId), eq(ondcFormSubmissions.formId, "F02"), isNotNull(ondcFormSubmissions.proposalNumber)))
        .orderBy(desc(ondcFormSubmissions.createdAt))
        .limit(1);
      if (!f02 || f02.leadId !== request.leadId) return null;
      await kyc.digilockerReturn(request.profileId, query);
      try {
        await kyc.verify(request.profileId, { redirectUri: returnUri });
        await conclude(f02, true, null);
        return { verified: true, transactionId: f02.transactionId, ref: f02.submissionId };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        logger.info("ondc F03: eKYC not verified", { kind: error.kind });
        await conclude(f02, false, error.message);
        return { verified: false, reason: error.code ?? error.message, transactionId: f02.transactionId, ref: f02.submissionId };
      }
    },
  };
}

export type OndcF03Forms = ReturnType<typeof createOndcF03Forms>;
