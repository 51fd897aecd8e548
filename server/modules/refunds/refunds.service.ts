// Refunds of customer excess (decision 37). Accounts or collections request a refund of the excess
// held for a loan (never more than its customer_excess balance, checked under the loan's lock);
// another person in accounts approves (four eyes) or rejects it. Approval sends it to the original
// gateway payment or, by payout, to the verified bank account (key refund:<id>). The provider's
// confirmation posts one refund entry (ledger key refund:<id>) and tells the customer by SMS; its
// failure returns the refund to REQUESTED with the reason; silence is UNKNOWN until it is asked.
import { eq, inArray } from "drizzle-orm";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { refunds } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { Malformed } from "../domain-errors.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import type { ProviderAnswer, RefundProviders } from "./refund-providers.ts";
import { aboveExcessMessage, REFUND_MESSAGES } from "./refund-messages.ts";
import { createRefundDecisions } from "./refund-decisions.ts";
import { createRefundOutcomes, WAITING_ON_PROVIDER } from "./refund-outcomes.ts";
import { createRefundRequest } from "./refund-request.ts";
import { createRefundViews } from "./refund-views.ts";

export { aboveExcessMessage, REFUND_MESSAGES };

export function createRefundsService(deps: {
  db: Db;
  ledger: LedgerService;
  payments: PaymentsService;
  leads: LeadsService;
  providers: RefundProviders;
  sms: SmsNoticePort;
  audit: AuditRecorder;
  encryptionKey: string;
  now: () => Date;
  logger: Logger;
}) {
  const { db, ledger, payments: paymentsService, leads: leadsService, providers, sms, audit, encryptionKey, now, logger } = deps;
  const views = createRefundViews({ db, ledger, now });
  const outcomes = createRefundOutcomes({ db, ledger, payments: paymentsService, providers, sms, audit, encryptionKey, now, logger });
  const { apply, askProvider } = outcomes;

  const rowById = async (id: string) => views.row(id);

  const desk = {
    excessHeld: async (staff: StaffActor | null) => {
      requireStaffRole(staff, "accounts", "collections", "auditor");
      return views.excessHeld();
    },

    waiting: async (staff: StaffActor | null) => {
      requireStaffRole(staff, "accounts", "collections", "auditor");
      return views.waiting();
    },

    list: async (staff: StaffActor | null, query: { page?: number } = {}) => {
      requireStaffRole(staff, "accounts", "collections", "auditor");
      return views.page(query);
    },
    ...createRefundRequest({ db, audit, now, heldFor: outcomes.heldFor, rowById }),
    ...createRefundDecisions({ db, audit, now, outcomes, rowById }),
  };

  return {
    desk,
    /** A gateway's refund notification, matched to this attempt (refund-webhooks.ts): applied once, as asking would. */
    applyProviderAnswer: (refundId: string, attemptKey: string, answer: ProviderAnswer) => apply(refundId, attemptKey, answer),
    /** A payout event for a refund (its reference_id is the refund id); false when it is not a refund's. */
    async handlePayoutWebhook(delivery: { rawBody: string; headers: Record<string, string> }): Promise<boolean> {
      let event;
      try {
        event = providers.parsePayoutWebhook(delivery);
      } catch {
        throw new Malformed("The payout notification could not be verified.");
      }
      if (!event || !isUuid(event.loanId)) return false;
      const [row] = await db.select().from(refunds).where(eq(refunds.id, event.loanId.toLowerCase()));
      if (!row || row.route !== "bank") return false;
      // A failure whose payout we have not recorded may be an earlier attempt's: only asking the provider
      // under this attempt's key settles it (acting on it could send a third payout while this one pays).
      const ours = row.providerReference === event.providerReference;
      if (event.status === "FAILED" && !ours) return true;
      if (row.idempotencyKey && event.status !== "PENDING") {
        await apply(row.id, row.idempotencyKey, {
          state: event.status === "SUCCESS" ? "processed" : "failed",
          reference: event.providerReference,
          reason: event.failureReason,
        });
      }
      return true;
    },
    /** The job: asks the provider about every refund still waiting on it (a missed event, a timeout). */
    async refreshOpen(): Promise<number> {
      const open = await db
        .select()
        .from(refunds)
        .where(inArray(refunds.status, [...WAITING_ON_PROVIDER]));
      for (const row of open) await askProvider(row);
      return open.length;
    },
    /** The customer's Loan Details: what we hold and the refunds, for the owner's loan only (else Status 4). */
    async customerView(profileId: string, leadId: string) {
      const lead = await leadsService.requireOwned(profileId, leadId);
      return views.customerView(lead.id);
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
