// PhonePe in the common gateway's words: an order whose page the browser is sent to (PhonePe adds
// nothing to the redirect, so it names our order), the order status API decides, and webhooks carry
// Authorization = SHA256(username:password); only the status API's answer is trusted.
import type { PaymentGateway } from "../gateway-port.ts";
import { parsePhonepeWebhook, type PhonepeGateway } from "./port.ts";

export function phonepePaymentGateway(phonepe: PhonepeGateway): PaymentGateway {
  return {
    name: "phonepe",

    async createCheckout(order) {
      const created = await phonepe.createOrder({
        merchantOrderId: order.orderId,
        amountPaise: order.amountPaise,
        redirectUrl: `${order.returnUrl}?order_id=${order.orderId}`,
        metaInfo: { udf1: order.leadId },
      });
      return { gatewayOrderId: created.orderId, browser: { kind: "redirect", url: created.redirectUrl } };
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
  };
}
