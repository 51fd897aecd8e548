// Razorpay in the common gateway's words: an order per attempt and the checkout script; the order's
// payments decide (a captured one is paid, all failed is failed); webhooks are signed over the raw body.
// Refunds go back to the payment, normal speed, under an idempotency key; no refund notification is read.
import { refundIdAtGateway, type Confirmation, type PaymentGateway, type RefundAnswer } from "../gateway-port.ts";
import type { RazorpayGateway, RazorpayPayment, RazorpayRefund, RazorpayWebhookEvent } from "./port.ts";

const fromUnixSeconds = (seconds: number | undefined) => (Number.isFinite(seconds) && seconds! > 0 ? new Date(seconds! * 1000) : null);

/** One payment of our order as a confirmation: captured is paid (from its created_at); anything else is not. */
export function razorpayPaymentConfirmation(payment: RazorpayPayment, gatewayOrderId: string | null): Confirmation {
  if (payment.status !== "captured" || payment.order_id !== gatewayOrderId) return { state: "failed" };
  return { state: "paid", paymentId: payment.id, amountPaise: payment.amount, capturedAt: fromUnixSeconds(payment.created_at) };
}

/** Razorpay's idempotency key allows letters, digits, - and _ only. */
export const razorpayRefundKey = (attemptKey: string) => attemptKey.replace(/[^A-Za-z0-9_-]/g, "_");

const fromRefund = (r: RazorpayRefund): RefundAnswer => ({
  state: r.status === "processed" ? "processed" : r.status === "failed" ? "failed" : "pending",
  reference: r.id,
  reason: r.status === "failed" ? "Razorpay could not process the refund." : null,
});

const text = (v: unknown) => (typeof v === "string" ? v : "");

export function razorpayPaymentGateway(razorpay: RazorpayGateway): PaymentGateway {
  return {
    name: "razorpay",
    provider: razorpay.provider,

    async createCheckout(order) {
      const created = await razorpay.createOrder({ amountPaise: order.amountPaise, receipt: order.orderId, notes: { lead_id: order.leadId } });
      return {
        gatewayOrderId: created.id,
        browser: { kind: "script_checkout", global: "Razorpay", keyId: razorpay.checkout.keyId, scriptUrl: razorpay.checkout.scriptUrl },
      };
    },

    /** The checkout's handler result: its signature over the order and payment ids is checked first. */
    readReturn(fields) {
      const orderId = text(fields.razorpay_order_id);
      const paymentId = text(fields.razorpay_payment_id);
      if (!razorpay.verifyPaymentSignature({ orderId, paymentId, signature: text(fields.razorpay_signature) })) return { kind: "unverified", paymentId };
      return { kind: "order", order: { by: "gatewayOrderId", id: orderId }, paymentId };
    },

    async confirmPayment(order, paymentId) {
      return razorpayPaymentConfirmation(await razorpay.fetchPayment(paymentId), order.gatewayOrderId);
    },

    async confirm(order) {
      const list = await razorpay.fetchOrderPayments(order.gatewayOrderId!);
      const captured = list.find((p) => p.status === "captured" && p.order_id === order.gatewayOrderId);
      if (captured) return razorpayPaymentConfirmation(captured, order.gatewayOrderId);
      // An order takes several attempts: it has failed only when every attempt failed.
      return list.length && list.every((p) => p.status === "failed") ? { state: "failed" } : { state: "pending" };
    },

    parseNotification(delivery) {
      if (!razorpay.verifyWebhookSignature(delivery.rawBody, delivery.headers["x-razorpay-signature"]))
        return { kind: "unverified", message: "Signature mismatch." };
      let event: RazorpayWebhookEvent;
      try {
        event = JSON.parse(delivery.rawBody);
      } catch {
        return { kind: "malformed", message: "The body is not JSON." };
      }
      const payment = event?.payload?.payment?.entity;
      const name = String(event?.event ?? "");
      return {
        kind: "event",
        event: {
          deliveryId: delivery.headers["x-razorpay-event-id"] || `${event?.event}:${payment?.id ?? ""}`,
          name,
          order: payment?.order_id ? { by: "gatewayOrderId", id: payment.order_id } : null,
          asks: name === "payment.captured" || name === "order.paid" ? "confirm" : name === "payment.failed" ? "attempt_failed" : "nothing",
        },
      };
    },

    async refund(r) {
      return fromRefund(
        await razorpay.refund({
          paymentId: r.paymentId,
          amountPaise: r.amountPaise,
          receipt: refundIdAtGateway(r.attemptKey),
          idempotencyKey: razorpayRefundKey(r.attemptKey),
          notes: { refund_id: r.refundId },
        }),
      );
    },

    async refundStatus(r) {
      const found = await razorpay.refundStatus({ paymentId: r.paymentId, receipt: refundIdAtGateway(r.attemptKey) });
      return found ? fromRefund(found) : null;
    },

    parseRefundNotification: () => ({ kind: "not_refund" }),
    settlementReport: (on) => razorpay.settlementReport(on),
  };
}
