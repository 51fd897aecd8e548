// Auto-debit mandates (issue 24, decision 39): the journey's autopay_setup step (choose UPI Autopay or
// e-NACH, or skip), the provider's return and webhooks, the customer's revoke, and what screens show.
// The one writer of `mandates`; debits are mandate-debits.service.ts's. next_step moves only through the
// journey module; money moves only through the payments module's exactly-once path.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { todayInIndia, addDays, type IsoDate } from "../../../core/calendar.ts";
import { debitFailureOf, MANDATE_CODES } from "../../../core/i18n/index.ts";
import {
  MANDATE_MESSAGES as MM,
  MANDATE_VALID_DAYS_AFTER_DUE,
  mandateHistory,
  mandateMaxAmountPaise,
  nextDebitOn,
  type AutopaySetupInput,
} from "../../../core/mandates.ts";
import { toUuid } from "../../../core/validation/index.ts";
import type { Db } from "../../db/client.ts";
import { mandateDebits, mandates, mandateWebhookEvents } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { MandateProviderError, type MandateEvent, type MandatePort } from "../../providers/mandates/port.ts";
import type { BankingService } from "../banking/banking.service.ts";
import { InvalidInput, Malformed, NotAvailable, ProviderDown } from "../domain-errors.ts";
import { advance, advanceIfAt, requireStep, stepNotAvailable } from "../journey/journey.service.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import type { LoansService } from "../loans/loans.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";

export type Mandate = typeof mandates.$inferSelect;
/** Where the provider's page sends the browser back (outside /Api: a plain GET from another site). */
export const AUTOPAY_RETURN_PATH = "/autopay/return";
export const AUTOPAY_SCREEN = "/my-dashboard/autopay";

export function createMandatesService(deps: {
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

  async function latest(leadId: string): Promise<Mandate | null> {
    const [row] = await db.select().from(mandates).where(eq(mandates.leadId, leadId)).orderBy(desc(mandates.createdAt)).limit(1);
    return row ?? null;
  }

  async function openLead(profileId: string) {
    const lead = await leads.open(profileId);
    if (!lead || lead.status !== "IN_PROCESS") throw stepNotAvailable();
    return lead;
  }

  /** When the mandate will next debit (core's rule over its debits so far). */
  async function nextDebitOf(mandate: Mandate, repaymentDate: IsoDate | null): Promise<IsoDate | null> {
    if (mandate.status !== "ACTIVE") return null;
    const debits = await db
      .select({ attempt: mandateDebits.attempt, status: mandateDebits.status, debitOn: mandateDebits.debitOn })
      .from(mandateDebits)
      .where(eq(mandateDebits.mandateId, mandate.id));
    return nextDebitOn(mandate.status, repaymentDate, debits);
  }

  /** Issue 30: the loan's AutoPay history for its owner's screen (registrations, notices, debits). */
  async function historyOf(leadId: string, atStep: boolean) {
    const rows = await db.select().from(mandates).where(eq(mandates.leadId, leadId)).orderBy(asc(mandates.createdAt));
    const debits = await db.select().from(mandateDebits).where(eq(mandateDebits.leadId, leadId)).orderBy(asc(mandateDebits.attempt));
    return mandateHistory(rows, debits, debitFailureOf, atStep);
  }

  /** Ends a PENDING registration as FAILED with the customer's reason (declined, abandoned). */
  async function fail(mandateId: string, reason: string) {
    const at = now();
    await db
      .update(mandates)
      .set({ status: "FAILED", failureReason: reason, updatedAt: at })
      .where(and(eq(mandates.id, mandateId), eq(mandates.status, "PENDING")));
  }

  /** The provider confirmed the token: ACTIVE, and the journey moves on to the eSign (once). */
  async function activate(mandate: Mandate, tokenId: string): Promise<boolean> {
    const at = now();
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(mandates)
        .set({ status: "ACTIVE", tokenId, failureReason: null, activatedAt: at, updatedAt: at })
        .where(and(eq(mandates.id, mandate.id), eq(mandates.status, "PENDING")))
        .returning({ id: mandates.id });
      if (!row) return false;
      await advanceIfAt(tx, mandate.profileId, "autopay_setup", "esign", { at });
      return true;
    });
  }

  /** Applies a provider state to our mandate (the return, a webhook or a status check). */
  async function applyState(mandate: Mandate, state: { state: string; tokenId: string | null; failureReason: string | null }) {
    if (state.state === "ACTIVE" && state.tokenId) return activate(mandate, state.tokenId);
    if (state.state === "REJECTED") return fail(mandate.id, MM.declined).then(() => true);
    if (state.state === "CANCELLED" && mandate.status === "ACTIVE") {
      const at = now();
      await db
        .update(mandates)
        .set({ status: "CANCELLED", cancelReason: "provider", cancelledAt: at, updatedAt: at })
        .where(and(eq(mandates.id, mandate.id), eq(mandates.status, "ACTIVE")));
      return true;
    }
    return false;
  }

  /** Ends an ACTIVE mandate at the provider and here: the loan closed, or the customer revoked it. */
  async function cancel(mandate: Mandate, reason: "loan_closed" | "revoked"): Promise<boolean> {
    if (mandate.status !== "ACTIVE" || !mandate.tokenId) return false;
    // Ours ends first (no debit is ever presented on it), so the provider's token.cancelled finds it ended.
    const at = now();
    const rows = await db
      .update(mandates)
      .set({ status: "CANCELLED", cancelReason: reason, cancelledAt: at, updatedAt: at })
      .where(and(eq(mandates.id, mandate.id), eq(mandates.status, "ACTIVE")))
      .returning({ id: mandates.id });
    if (!rows.length) return false;
    try {
      await port.cancel({ providerCustomerId: mandate.providerCustomerId, tokenId: mandate.tokenId });
    } catch (error) {
      logger.warn("mandate cancel at the provider failed", { mandateId: mandate.id, error: error instanceof Error ? error.name : typeof error });
    }
    return true;
  }

  return {
    latest,

    /** The journey event autopay_setup: skip (on to the eSign's url) or start a registration (the provider's url). */
    async setup(
      profileId: string,
      input: AutopaySetupInput,
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
          returnUrl: `${deps.publicOrigin}${AUTOPAY_RETURN_PATH}`,
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
          .set({ status: "FAILED", failureReason: MM.abandoned, updatedAt: at })
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

    /**
     * The browser back from the provider's page: the provider is asked (never the query's word). Approved →
     * on to the eSign's page; declined or closed → back to the step with the reason.
     */
    async returned(query: { registrationId: string | undefined; outcome: string | undefined }): Promise<{ location: string }> {
      const [mandate] = query.registrationId
        ? await db
            .select()
            .from(mandates)
            .where(and(eq(mandates.provider, port.provider), eq(mandates.registrationId, query.registrationId.slice(0, 100))))
        : [];
      if (!mandate) return { location: AUTOPAY_SCREEN };
      if (mandate.status === "PENDING") {
        try {
          const state = await port.status({ providerCustomerId: mandate.providerCustomerId, registrationId: mandate.registrationId, tokenId: mandate.tokenId });
          if (state.state === "PENDING") await fail(mandate.id, query.outcome === "declined" ? MM.declined : MM.abandoned);
          else await applyState(mandate, state);
        } catch (error) {
          logger.warn("mandate status not available", { mandateId: mandate.id, error: error instanceof Error ? error.name : typeof error });
        }
      }
      const [now_] = await db.select().from(mandates).where(eq(mandates.id, mandate.id));
      if (now_?.status === "ACTIVE") {
        const profile = await profiles.load(mandate.profileId);
        if (profile.nextStep === "esign") {
          const { esignUrl } = await banking.resumeEsign(mandate.profileId).catch(() => ({ esignUrl: null as string | null }));
          if (esignUrl) return { location: esignUrl };
        }
      }
      return { location: AUTOPAY_SCREEN };
    },

    /** A signed webhook (token states; payments are the debits'), de-duplicated by the provider's event id. */
    async readWebhook(delivery: { rawBody: string; headers: Record<string, string> }): Promise<MandateEvent | null> {
      let event: MandateEvent | null;
      try {
        event = port.parseWebhook(delivery);
      } catch (error) {
        if (error instanceof MandateProviderError) throw new Malformed(error.message);
        throw error;
      }
      if (!event) return null;
      if (event.eventId) {
        const fresh = await db
          .insert(mandateWebhookEvents)
          .values({ provider: port.provider, eventId: event.eventId, receivedAt: now() })
          .onConflictDoNothing()
          .returning({ id: mandateWebhookEvents.eventId });
        if (!fresh.length) return null;
      }
      return event;
    },

    /** A token's new state from a webhook: found by token id, or (first confirmation) the customer's open registration. */
    async applyMandateEvent(event: Extract<MandateEvent, { kind: "mandate" }>): Promise<boolean> {
      let [mandate] = await db
        .select()
        .from(mandates)
        .where(and(eq(mandates.provider, port.provider), eq(mandates.tokenId, event.tokenId)));
      if (!mandate && event.customerId) {
        [mandate] = await db
          .select()
          .from(mandates)
          .where(and(eq(mandates.provider, port.provider), eq(mandates.providerCustomerId, event.customerId), eq(mandates.status, "PENDING")))
          .orderBy(desc(mandates.createdAt))
          .limit(1);
      }
      if (!mandate) return false;
      return applyState(mandate, { state: event.state, tokenId: event.tokenId, failureReason: event.failureReason });
    },

    cancel,

    /** The customer revokes the mandate of their own loan from the dashboard. */
    async revoke(profileId: string, leadId: string) {
      const id = toUuid(leadId);
      if (!id) throw new NotAvailable(MANDATE_CODES.noMandate);
      await leads.requireOwned(profileId, id);
      const mandate = await latest(id);
      if (!mandate || mandate.status !== "ACTIVE") throw new NotAvailable(MANDATE_CODES.noMandate);
      await cancel(mandate, "revoked");
      return { status: "CANCELLED" as const };
    },

    /** The AutoPay screen: the loan's figures, the mandate's state and the last failure's reason. */
    async details(profileId: string, leadId?: string | null) {
      const profile = await profiles.load(profileId);
      const lead = leadId ? await leads.requireOwned(profileId, toUuid(leadId) ?? "") : ((await leads.open(profileId)) ?? (await leads.latest(profileId)));
      if (!lead) return { next_step: profile.nextStep, lead_id: null, mandate: null, figures: null };
      const mandate = await latest(lead.id);
      const terms = await loans.terms(db, lead.id).catch(() => null);
      const account = await banking.verifiedAccount(lead.id);
      return {
        next_step: profile.nextStep,
        lead_id: lead.id,
        account_last4: account?.last4 ?? null,
        figures: terms
          ? {
              total_repayable_paise: terms.principal + terms.interestPaise,
              penal_cap_paise: mandateMaxAmountPaise(terms) - terms.principal - terms.interestPaise,
              max_amount_paise: mandateMaxAmountPaise(terms),
              debit_on: terms.repaymentDate,
            }
          : null,
        mandate: mandate ? view(mandate) : null,
        next_debit_on: mandate ? await nextDebitOf(mandate, terms?.repaymentDate ?? null) : null,
        history: await historyOf(lead.id, profile.nextStep === "autopay_setup" && lead.status === "IN_PROCESS"),
      };
    },

    /** Mandates of loans, for Loan Details, Repayment and the back office: state by lead id. */
    async statesOf(leadIds: string[]) {
      if (!leadIds.length) return new Map<string, Mandate>();
      const rows = await db.select().from(mandates).where(inArray(mandates.leadId, leadIds)).orderBy(desc(mandates.createdAt));
      const map = new Map<string, Mandate>();
      for (const r of rows) if (!map.has(r.leadId)) map.set(r.leadId, r);
      return map;
    },

    /**
     * The back office's view (collections): each loan's mandate state and next debit date, no provider ids
     * nor account digits. Staff roles are checked by the caller's service before it asks.
     */
    async staffView(loans: { leadId: string; repaymentDate: string | null }[]) {
      const latestOf = await this.statesOf(loans.map((l) => l.leadId));
      const out = new Map<string, { status: Mandate["status"]; method: Mandate["method"]; nextDebitOn: IsoDate | null }>();
      for (const l of loans) {
        const m = latestOf.get(l.leadId);
        if (m) out.set(l.leadId, { status: m.status, method: m.method, nextDebitOn: await nextDebitOf(m, (l.repaymentDate as IsoDate | null) ?? null) });
      }
      return out;
    },

    today: () => todayInIndia(now()),
  };
}

/** What a screen shows of a mandate (no provider ids). */
export function view(m: Mandate) {
  return {
    id: m.id,
    method: m.method,
    status: m.status,
    max_amount_paise: m.maxAmountPaise,
    account_last4: m.accountLast4,
    failure_reason: m.failureReason,
    cancel_reason: m.cancelReason,
  };
}

export type MandatesService = ReturnType<typeof createMandatesService>;
