// Sends a refund to its provider and asks about it: a payout to the verified bank account (the payout
// port disbursal uses) or the gateway's refund of the original payment. Every answer is one of four
// states; a call that failed without the provider's word is "unknown", never "failed" (decision 37).
import type { Logger } from "../../logger.ts";
import { PaymentGatewayError, type PaymentGateways } from "../../providers/payments/index.ts";
import type { PhonepeRefund } from "../../providers/payments/phonepe/port.ts";
import { PAYU_REFUND_TOKEN_EXISTS, type PayuRefund, type PayuRefundAnswer } from "../../providers/payments/payu/port.ts";
import type { RazorpayRefund } from "../../providers/payments/razorpay/port.ts";
import { PayoutError, type PayoutPort, type PayoutResult } from "../../providers/payout/port.ts";

export type ProviderAnswer = { state: "pending" | "processed" | "failed" | "unknown"; reference: string | null; reason: string | null };

export type RefundAttempt = {
  refundId: string;
  /** refund:<id> for the first attempt, refund:<id>:<n> after a confirmed failure. */
  attemptKey: string;
  amountPaise: number;
  providerReference: string | null;
} & (
  | { route: "bank"; account: { number: string; ifsc: string; holderName: string } }
  | { route: "gateway"; gateway: "razorpay" | "payu" | "phonepe"; gatewayPaymentId: string; merchantOrderId: string }
);

/** Gateways whose refund API this build calls; the others' payments are refunded to the bank account. */
export const GATEWAY_REFUNDS: readonly string[] = ["razorpay", "payu", "phonepe"];

/** Razorpay's idempotency key allows letters, digits, - and _ only; its receipt at most 40 characters. */
export const razorpayRefundKey = (attemptKey: string) => attemptKey.replace(/[^A-Za-z0-9_-]/g, "_");
export const razorpayRefundReceipt = (attemptKey: string) =>
  attemptKey
    .replace(/^refund:/, "rf")
    .replace(/-/g, "")
    .replace(/:/g, "-");
/** PayU's token (var2) and PhonePe's merchantRefundId: the same short form, unique per attempt. */
export const payuRefundToken = razorpayRefundReceipt;
export const phonepeMerchantRefundId = razorpayRefundReceipt;

const fromPayout = (r: PayoutResult): ProviderAnswer => ({
  // A payout the bank returned (REVERSED) did not reach the customer: a failure for the refund.
  state: r.status === "SUCCESS" ? "processed" : r.status === "FAILED" || r.status === "REVERSED" ? "failed" : "pending",
  reference: r.providerReference || null,
  reason: r.failureReason,
});

const fromPayuStatus = (r: PayuRefund): ProviderAnswer => ({
  state: r.status === "success" ? "processed" : r.status === "failure" || r.status === "failed" ? "failed" : "pending",
  reference: r.requestId || null,
  reason: r.status === "failure" || r.status === "failed" ? "PayU could not process the refund." : null,
});

/** Queued (102) is taken; "Token already exists" (106) means an earlier request of ours: ask, never fail. */
const fromPayuAnswer = (a: PayuRefundAnswer): ProviderAnswer =>
  a.queued
    ? { state: "pending", reference: a.requestId, reason: null }
    : a.errorCode === PAYU_REFUND_TOKEN_EXISTS
      ? { state: "unknown", reference: null, reason: null }
      : { state: "failed", reference: null, reason: `PayU refused the refund: ${a.message || `code ${a.errorCode}`}` };

const fromPhonepe = (r: PhonepeRefund): ProviderAnswer => ({
  state: r.state === "COMPLETED" ? "processed" : r.state === "FAILED" ? "failed" : "pending",
  reference: r.refundId,
  reason: r.state === "FAILED" ? `PhonePe could not process the refund${r.errorCode ? ` (${r.errorCode})` : ""}.` : null,
});

const fromRazorpay = (r: RazorpayRefund): ProviderAnswer => ({
  state: r.status === "processed" ? "processed" : r.status === "failed" ? "failed" : "pending",
  reference: r.id,
  reason: r.status === "failed" ? "Razorpay could not process the refund." : null,
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
      if (a.gateway === "payu")
        return fromPayuAnswer(await gateways.payu.refund({ mihpayid: a.gatewayPaymentId, token: payuRefundToken(a.attemptKey), amountPaise: a.amountPaise }));
      if (a.gateway === "phonepe")
        return fromPhonepe(
          await gateways.phonepe.refund({
            merchantRefundId: phonepeMerchantRefundId(a.attemptKey),
            originalMerchantOrderId: a.merchantOrderId,
            amountPaise: a.amountPaise,
          }),
        );
      return fromRazorpay(
        await gateways.razorpay.refund({
          paymentId: a.gatewayPaymentId,
          amountPaise: a.amountPaise,
          receipt: razorpayRefundReceipt(a.attemptKey),
          idempotencyKey: razorpayRefundKey(a.attemptKey),
          notes: { refund_id: a.refundId },
        }),
      );
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
      if (a.gateway === "payu") {
        const found = await gateways.payu.refundStatus({ mihpayid: a.gatewayPaymentId, token: payuRefundToken(a.attemptKey) });
        return found ? fromPayuStatus(found) : await send(a);
      }
      if (a.gateway === "phonepe") {
        const found = await gateways.phonepe.refundStatus(phonepeMerchantRefundId(a.attemptKey));
        return found ? fromPhonepe(found) : await send(a);
      }
      const found = await gateways.razorpay.refundStatus({ paymentId: a.gatewayPaymentId, receipt: razorpayRefundReceipt(a.attemptKey) });
      return found ? fromRazorpay(found) : await send(a);
    } catch (error) {
      return answerToError(error, logger, "status");
    }
  }

  return { send, ask, parsePayoutWebhook: payout.parseWebhook.bind(payout) };
}

export type RefundProviders = ReturnType<typeof createRefundProviders>;
