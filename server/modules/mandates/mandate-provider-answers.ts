// The provider's answers about a registration (issue 24, decision 39): the browser back from its page (the
// provider is asked, never the query's word), and its signed webhooks, de-duplicated; each moves our mandate
// to ACTIVE (then on to the eSign), FAILED or CANCELLED.
import { and, desc, eq } from "drizzle-orm";
import { MANDATE_FAILURE_REASONS as FAILED } from "../../../core/mandates.ts";
import type { Db } from "../../db/client.ts";
import { mandates, mandateWebhookEvents } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { MandateProviderError, type MandateEvent, type MandatePort } from "../../providers/mandates/port.ts";
import type { BankingService } from "../banking/banking.service.ts";
import { Malformed } from "../domain-errors.ts";
import { advanceIfAt } from "../journey/journey.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import type { Mandate } from "./mandate-reads.ts";

export const AUTOPAY_SCREEN = "/my-dashboard/autopay";

export function createMandateProviderAnswers(deps: {
  db: Db;
  port: MandatePort;
  banking: BankingService;
  profiles: ProfileService;
  now: () => Date;
  logger: Logger;
}) {
  const { db, port, banking, profiles, now, logger } = deps;

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
    if (state.state === "REJECTED") return fail(mandate.id, FAILED.declined).then(() => true);
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

  return {
    /**
     * The browser back from the provider's page: the provider is asked (never the query's word). Approved →
     * on to the eSign's page; declined or closed → back to the step with the reason.
     */
    async returned(
      query: { registrationId: string | undefined; outcome: string | undefined },
      /** false: the eSign is not started here (a buyer app's F05 page: F06 starts it on its own page). */
      options: { resumeEsign?: boolean } = {},
    ): Promise<{ location: string }> {
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
          if (state.state === "PENDING") await fail(mandate.id, query.outcome === "declined" ? FAILED.declined : FAILED.abandoned);
          else await applyState(mandate, state);
        } catch (error) {
          logger.warn("mandate status not available", { mandateId: mandate.id, error: error instanceof Error ? error.name : typeof error });
        }
      }
      const [now_] = await db.select().from(mandates).where(eq(mandates.id, mandate.id));
      if (now_?.status === "ACTIVE" && options.resumeEsign !== false) {
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
  };
}
