// The journey's autopay_setup step (issue 24, decision 39): skip on to the eSign, or register a mandate on the
// lead's verified account with the provider, replacing a registration still open.
import { and, eq } from "drizzle-orm";
import { addDays, type IsoDate } from "../../../core/calendar.ts";
import { MANDATE_CODES } from "../../../core/i18n/index.ts";
import { MANDATE_FAILURE_REASONS as FAILED, MANDATE_VALID_DAYS_AFTER_DUE, mandateMaxAmountPaise, type AutopaySetupInput } from "../../../core/mandates.ts";
import type { Db } from "../../db/client.ts";
import { mandates } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { MandatePort } from "../../providers/mandates/port.ts";
import type { BankingService } from "../banking/banking.service.ts";
import { InvalidInput, NotAvailable, ProviderDown } from "../domain-errors.ts";
import { advance, requireStep, stepNotAvailable } from "../journey/journey.service.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import type { LoansService } from "../loans/loans.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";

/** Where the provider's page sends the browser back (outside /Api: a plain GET from another site). */
export const AUTOPAY_RETURN_PATH = "/autopay/return";

export function createMandateSetup(deps: {
  db: Db;
  port: MandatePort;
  banking: BankingService;
  profiles: ProfileService;
  leads: LeadsService;
  loans: LoansService;
  publicOrigin: string;
  now: () => Date;
  logger: Logger;
}) {
  const { db, port, banking, profiles, leads, loans, now, logger } = deps;

  async function openLead(profileId: string) {
    const lead = await leads.open(profileId);
    if (!lead || lead.status !== "IN_PROCESS") throw stepNotAvailable();
    return lead;
  }

  return {
    /**
     * The journey event autopay_setup: skip (on to the eSign's url) or start a registration (the provider's url).
     * `returnUrl`: where the provider's page sends the browser back (ours unless a buyer app's F05 page ran it).
     */
    async setup(
      profileId: string,
      input: AutopaySetupInput,
      options: { returnUrl?: string } = {},
    ): Promise<{ nextStep: "autopay_setup" | "esign"; url: string; mandateId: string | null; kind: "skipped" | "started" }> {
      const profile = await profiles.load(profileId);
      if (profile.nextStep !== "autopay_setup") throw stepNotAvailable();
      const lead = await openLead(profileId);
      if (input.skip) {
        // Decision 39: skippable. Any registration still open is left to fail on its own (its token is never used).
        await db.transaction((tx) => advance(tx, profileId, "autopay_setup", "esign", { at: now() }));
        const { esignUrl } = await banking.resumeEsign(profileId);
        return { nextStep: "esign", url: esignUrl, mandateId: null, kind: "skipped" };
      }
      const account = await banking.verifiedAccount(lead.id);
      if (!account) throw new NotAvailable(MANDATE_CODES.accountNotVerified);
      if (input.account_number && !account.matches(input.account_number))
        throw new InvalidInput(MANDATE_CODES.otherAccount, { account_number: MANDATE_CODES.otherAccount });
      const terms = await loans.terms(db, lead.id);
      const at = now();
      const expiresOn = addDays(terms.repaymentDate as IsoDate, MANDATE_VALID_DAYS_AFTER_DUE);
      const reference = crypto.randomUUID();
      let registration;
      try {
        registration = await port.register({
          reference,
          method: input.mandate_method!,
          customer: { name: profile.fullName ?? account.holderName, mobile: profile.mobile, email: profile.personalEmail ?? null },
          maxAmountPaise: mandateMaxAmountPaise(terms),
          expiresAt: new Date(`${expiresOn}T18:29:59Z`),
          account: { number: account.number, ifsc: account.ifsc, holderName: account.holderName },
          returnUrl: options.returnUrl ?? `${deps.publicOrigin}${AUTOPAY_RETURN_PATH}`,
          description: "SalaryOnTime loan repayment on the repayment date",
        });
      } catch (error) {
        logger.warn("mandate registration failed", { leadId: lead.id, error: error instanceof Error ? error.name : typeof error });
        throw new ProviderDown(MANDATE_CODES.providerDown);
      }
      await db.transaction(async (tx) => {
        await requireStep(tx, profileId, "autopay_setup");
        // A new try replaces a registration still open (the customer came back without answering).
        await tx
          .update(mandates)
          .set({ status: "FAILED", failureReason: FAILED.abandoned, updatedAt: at })
          .where(and(eq(mandates.leadId, lead.id), eq(mandates.status, "PENDING")));
        const [active] = await tx
          .select({ id: mandates.id })
          .from(mandates)
          .where(and(eq(mandates.leadId, lead.id), eq(mandates.status, "ACTIVE")));
        if (active) throw new NotAvailable(MANDATE_CODES.alreadyActive);
        await tx.insert(mandates).values({
          id: reference,
          profileId,
          leadId: lead.id,
          method: input.mandate_method!,
          status: "PENDING",
          provider: port.provider,
          providerCustomerId: registration.providerCustomerId,
          registrationId: registration.registrationId,
          maxAmountPaise: mandateMaxAmountPaise(terms),
          accountLast4: account.last4,
          createdAt: at,
          updatedAt: at,
        });
      });
      return { nextStep: "autopay_setup", url: registration.url, mandateId: reference, kind: "started" };
    },
  };
}
