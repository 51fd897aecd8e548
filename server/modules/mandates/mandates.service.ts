// Auto-debit mandates (issue 24, decision 39): the journey's autopay_setup step (choose UPI Autopay or
// e-NACH, or skip), the provider's return and webhooks, the customer's revoke, and what screens show.
// The one writer of `mandates`; debits are mandate-debits.service.ts's. next_step moves only through the
// journey module; money moves only through the payments module's exactly-once path.
// The step is mandate-setup.ts, the provider's answers mandate-provider-answers.ts and what screens show
// mandate-reads.ts; this file assembles them and ends mandates (the loan closed, or the customer revoked).
import { and, eq } from "drizzle-orm";
import { MANDATE_CODES } from "../../../core/i18n/index.ts";
import { toUuid } from "../../../core/validation/index.ts";
import type { Db } from "../../db/client.ts";
import { mandates } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { MandatePort } from "../../providers/mandates/port.ts";
import type { BankingService } from "../banking/banking.service.ts";
import { NotAvailable } from "../domain-errors.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import type { LoansService } from "../loans/loans.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import { createMandateProviderAnswers, AUTOPAY_SCREEN } from "./mandate-provider-answers.ts";
import { createMandateReads, view, type Mandate } from "./mandate-reads.ts";
import { createMandateSetup, AUTOPAY_RETURN_PATH } from "./mandate-setup.ts";

export { AUTOPAY_RETURN_PATH, AUTOPAY_SCREEN, view, type Mandate };

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
  const { db, port, leads, now, logger } = deps;
  const reads = createMandateReads(deps);
  const { latest } = reads;

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
    ...createMandateSetup(deps),
    ...createMandateProviderAnswers(deps),
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

    ...reads,
  };
}

export type MandatesService = ReturnType<typeof createMandatesService>;
