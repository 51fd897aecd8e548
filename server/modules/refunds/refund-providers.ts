// Sends a refund to its provider and asks about it: a payout to the verified bank account (the payout
// port disbursal uses) or the gateway's refund of the original payment (the payment gateway port). Every answer is one of four
// states; a call that failed without the provider's word is "unknown", never "failed" (decision 37).
import { PAYMENT_GATEWAY_NAMES, type PaymentGatewayName } from "../../../core/payment-gateways.ts";
import type { Logger } from "../../logger.ts";
import { PaymentGatewayError, type PaymentGateways, type RefundAnswer, type RefundRequest } from "../../providers/payments/index.ts";
import { PayoutError, type PayoutPort, type PayoutResult } from "../../providers/payout/port.ts";

export type ProviderAnswer = RefundAnswer;

export type RefundAttempt = {
  refundId: string;
  /** refund:<id> for the first attempt, refund:<id>:<n> after a confirmed failure. */
  attemptKey: string;
  amountPaise: number;
  providerReference: string | null;
} & (
  | { route: "bank"; account: { number: string; ifsc: string; holderName: string } }
  | { route: "gateway"; gateway: PaymentGatewayName; gatewayPaymentId: string; merchantOrderId: string }
);

/** Gateways whose refund API this build calls (every gateway, through the port); other payments are refunded to the bank account. */
export const GATEWAY_REFUNDS: readonly string[] = PAYMENT_GATEWAY_NAMES;

const fromPayout = (r: PayoutResult): ProviderAnswer => ({
  // A payout the bank returned (REVERSED) did not reach the customer: a failure for the refund.
  state: r.status === "SUCCESS" ? "processed" : r.status === "FAILED" || r.status === "REVERSED" ? "failed" : "pending",
  reference: r.providerReference || null,
  reason: r.failureReason,
});

const refundRequest = (a: Extract<RefundAttempt, { route: "gateway" }>): RefundRequest => ({
  refundId: a.refundId,
  attemptKey: a.attemptKey,
  amountPaise: a.amountPaise,
  paymentId: a.gatewayPaymentId,
  merchantOrderId: a.merchantOrderId,
});

/** The provider refused the request itself (4xx, or no such payment): a confirmed failure. Anything else is unknown. */
function answerToError(error: unknown, logger: Logger, what: string): ProviderAnswer {
  const refused =
    (error instanceof PayoutError && error.code === "invalid_request") ||
    (error instanceof PaymentGatewayError && (error.code === "invalid_request" || error.code === "not_found"));
  logger.warn(`refund ${what} ${refused ? "refused" : "unanswered"}`, { err: (error as Error)?.message });
  return refused ? { state: "failed", reference: null, reason: (error as Error).message.slice(0, 300) } : { state: "unknown", reference: null, reason: null };
}

export function createRefundProviders(deps: { payout: PayoutPort; gateways: PaymentGateways; logger: Logger }) {
  const { payout, gateways, logger } = deps;

  async function send(a: RefundAttempt): Promise<ProviderAnswer> {
    try {
      if (a.route === "bank") {
        // The payout's reference_id is the refund id, so its events never look like a loan's disbursal.
        return fromPayout(
          await payout.create({
            idempotencyKey: a.attemptKey,
            loanId: a.refundId,
            amountPaise: a.amountPaise,
            account: a.account,
            narration: "SalaryOnTime refund",
          }),
        );
      }
      return await gateways.of(a.gateway).refund(refundRequest(a));
    } catch (error) {
      return answerToError(error, logger, "send");
    }
  }

  /**
   * Asks the provider where an attempt stands. When it has no record of the attempt (the first call
   * never arrived), the same request goes again under the same key: the provider pays a key once.
   */
  async function ask(a: RefundAttempt): Promise<ProviderAnswer> {
    try {
      if (a.route === "bank") {
        // RazorpayX answers a repeated key with the payout it made; so does the sandbox.
        if (!a.providerReference) return await send(a);
        return fromPayout(await payout.status(a.providerReference));
      }
      return (await gateways.of(a.gateway).refundStatus(refundRequest(a))) ?? (await send(a));
    } catch (error) {
      return answerToError(error, logger, "status");
    }
  }

  return { send, ask, parsePayoutWebhook: payout.parseWebhook.bind(payout) };
}

export type RefundProviders = ReturnType<typeof createRefundProviders>;
