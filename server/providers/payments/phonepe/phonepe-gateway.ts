// PhonePe in the common gateway's words: an order whose page the browser is sent to (PhonePe adds
// nothing to the redirect, so it names our order), the order status API decides, and webhooks carry
// Authorization = SHA256(username:password); only the status API's answer is trusted.
// Refunds go to the order under our merchantRefundId; refund events come to the same webhook URL.
import { refundIdAtGateway, type PaymentGateway, type RefundAnswer } from "../gateway-port.ts";
import { isPhonepeRefundEvent, parsePhonepeRefundWebhook, parsePhonepeWebhook, type PhonepeGateway, type PhonepeRefund } from "./port.ts";

const fromRefund = (r: PhonepeRefund): RefundAnswer => ({
  state: r.state === "COMPLETED" ? "processed" : r.state === "FAILED" ? "failed" : "pending",
  reference: r.refundId,
  reason: r.state === "FAILED" ? `PhonePe could not process the refund${r.errorCode ? ` (${r.errorCode})` : ""}.` : null,
});

export function phonepePaymentGateway(phonepe: PhonepeGateway): PaymentGateway {
  const port: PaymentGateway = {
    name: "phonepe",
    provider: phonepe.provider,

    async createCheckout(order) {
      const created = await phonepe.createOrder({
        merchantOrderId: order.orderId,
        amountPaise: order.amountPaise,
        redirectUrl: `${order.returnUrl}?order_id=${order.orderId}`,
        metaInfo: { udf1: order.leadId },
      });
      return { gatewayOrderId: created.orderId, browser: { kind: "redirect", url: created.redirectUrl } };
    },

    /** PhonePe adds nothing to the redirect: our return URL carries our order id, unsigned. */
    readReturn(fields) {
      return typeof fields.order_id === "string" ? { kind: "order", order: { by: "orderId", id: fields.order_id }, paymentId: null } : { kind: "unverified" };
    },

    confirmPayment(order) {
      return port.confirm(order);
    },

    async confirm(order) {
      const status = await phonepe.orderStatus(order.orderId);
      const paid = status.paymentDetails.find((p) => p.state === "COMPLETED");
      if (status.state === "COMPLETED" && paid) {
        return {
          state: "paid",
          paymentId: paid.transactionId,
          amountPaise: status.amountPaise,
          capturedAt: Number.isFinite(paid.timestamp) ? new Date(paid.timestamp) : null,
        };
      }
      return status.state === "FAILED" ? { state: "failed" } : { state: "pending" };
    },

    parseNotification(delivery) {
      if (!phonepe.verifyWebhook(delivery.headers["authorization"])) return { kind: "unverified", message: "Authorization mismatch." };
      const hook = parsePhonepeWebhook(delivery.rawBody);
      if (!hook) return { kind: "malformed", message: "The body is not a PhonePe order event." };
      return {
        kind: "event",
        event: { deliveryId: `${hook.merchantOrderId}:${hook.state}`, name: hook.event, order: { by: "orderId", id: hook.merchantOrderId }, asks: "confirm" },
      };
    },

    async refund(r) {
      return fromRefund(
        await phonepe.refund({ merchantRefundId: refundIdAtGateway(r.attemptKey), originalMerchantOrderId: r.merchantOrderId, amountPaise: r.amountPaise }),
      );
    },

    async refundStatus(r) {
      const found = await phonepe.refundStatus(refundIdAtGateway(r.attemptKey));
      return found ? fromRefund(found) : null;
    },

    /** One webhook URL for order and refund events: a refund event's Authorization is checked, then read. */
    parseRefundNotification(delivery) {
      if (!isPhonepeRefundEvent(delivery.rawBody)) return { kind: "not_refund" };
      if (!phonepe.verifyWebhook(delivery.headers["authorization"])) return { kind: "unverified", message: "Authorization mismatch." };
      const hook = parsePhonepeRefundWebhook(delivery.rawBody);
      if (!hook) return { kind: "malformed", message: "The body is not a PhonePe refund event." };
      const state = hook.state === "COMPLETED" ? "processed" : hook.state === "FAILED" ? "failed" : "pending";
      return {
        kind: "event",
        event: {
          ourRefundId: hook.merchantRefundId,
          amountPaise: hook.amountPaise >= 0 ? hook.amountPaise : null,
          state,
          reference: hook.refundId || null,
          reason: state === "failed" ? `PhonePe could not process the refund${hook.errorCode ? ` (${hook.errorCode})` : ""}.` : null,
          deliveryId: `refund:${hook.merchantRefundId}:${hook.state}`,
          name: hook.event,
        },
      };
    },

    settlementReport: (on) => phonepe.settlementReport(on),
  };
  return port;
}
