// PayU in the common gateway's words: our txnid is the order, the browser posts a hashed form, and
// verify_payment decides (success is paid from its addedon; userCancelled is a cancel). Its
// server-to-server notification carries the reverse hash of the surl/furl answer. Refunds are
// cancel_refund_transaction under our token; their callback is checked by the secret in its URL.
import { CheckoutRefused, refundIdAtGateway, type PaymentGateway, type RefundAnswer } from "../gateway-port.ts";
import { PAYU_REFUND_TOKEN_EXISTS, parsePayuRefundCallback, type PayuGateway, type PayuRefund, type PayuRefundAnswer } from "./port.ts";

/** PayU's addedon is India time, "YYYY-MM-DD HH:MM:SS". */
export function payuAddedOn(text: string | null): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text ?? "");
  if (!m) return null;
  const at = new Date(`${m[1]}T${m[2]}+05:30`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** PayU: success and failure are final; anything else (queued, pending, in progress) is still pending. */
export function payuCallbackAnswer(status: string): RefundAnswer["state"] {
  return status === "success" ? "processed" : status === "failure" || status === "failed" ? "failed" : "pending";
}

const fromRefundStatus = (r: PayuRefund): RefundAnswer => ({
  state: r.status === "success" ? "processed" : r.status === "failure" || r.status === "failed" ? "failed" : "pending",
  reference: r.requestId || null,
  reason: r.status === "failure" || r.status === "failed" ? "PayU could not process the refund." : null,
});

/** Queued (102) is taken; "Token already exists" (106) means an earlier request of ours: ask, never fail. */
const fromRefundAnswer = (a: PayuRefundAnswer): RefundAnswer =>
  a.queued
    ? { state: "pending", reference: a.requestId, reason: null }
    : a.errorCode === PAYU_REFUND_TOKEN_EXISTS
      ? { state: "unknown", reference: null, reason: null }
      : { state: "failed", reference: null, reason: `PayU refused the refund: ${a.message || `code ${a.errorCode}`}` };

export function payuPaymentGateway(payu: PayuGateway): PaymentGateway {
  const port: PaymentGateway = {
    name: "payu",
    provider: payu.provider,

    async createCheckout(order) {
      let form;
      try {
        form = payu.paymentForm({
          txnid: order.orderId,
          amountPaise: order.amountPaise,
          productinfo: order.description,
          firstname: order.payer.name.trim().split(/\s+/)[0] ?? "",
          email: order.payer.email,
          phone: order.payer.mobile,
          udf5: order.leadId,
          surl: order.returnUrl,
          furl: order.returnUrl,
        });
      } catch {
        throw new CheckoutRefused("PayU refused the payer's details");
      }
      return { gatewayOrderId: order.orderId, browser: { kind: "form_post", action: form.action, fields: form.fields } };
    },

    /** surl/furl: the reverse hash first; the txnid is our order. */
    readReturn(fields) {
      const response = payu.verifyResponse(fields);
      return response ? { kind: "order", order: { by: "orderId", id: response.txnid }, paymentId: response.mihpayid } : { kind: "unverified" };
    },

    confirmPayment(order) {
      return port.confirm(order);
    },

    async confirm(order) {
      const txn = await payu.verifyPayment(order.orderId);
      if (!txn || txn.status === "pending") return { state: "pending" };
      if (txn.status === "success") {
        if (txn.mihpayid && txn.amountPaise !== null)
          return { state: "paid", paymentId: txn.mihpayid, amountPaise: txn.amountPaise, capturedAt: payuAddedOn(txn.addedOn) };
        return { state: "pending" };
      }
      return txn.unmappedstatus === "userCancelled" ? { state: "cancelled" } : { state: "failed" };
    },

    parseNotification(delivery) {
      const response = payu.verifyResponse(Object.fromEntries(new URLSearchParams(delivery.rawBody)));
      if (!response) return { kind: "unverified", message: "Hash mismatch." };
      return {
        kind: "event",
        event: {
          deliveryId: `${response.mihpayid || response.txnid}:${response.status}`,
          name: `payment.${response.status}`,
          order: { by: "orderId", id: response.txnid },
          asks: "confirm",
        },
      };
    },

    async refund(r) {
      return fromRefundAnswer(await payu.refund({ mihpayid: r.paymentId, token: refundIdAtGateway(r.attemptKey), amountPaise: r.amountPaise }));
    },

    async refundStatus(r) {
      const found = await payu.refundStatus({ mihpayid: r.paymentId, token: refundIdAtGateway(r.attemptKey) });
      return found ? fromRefundStatus(found) : null;
    },

    /** The refund callback to /payments/payu/refund-notify?token=…: the URL's secret first. */
    parseRefundNotification(delivery) {
      // A delivery to no refund URL at all (no token in its address: the generic webhook route without
      // ?token=, the sandbox's payment notification) is a payment's; the refund-notify route always passes one.
      if (delivery.urlToken === undefined) return { kind: "not_refund" };
      if (!payu.verifyRefundNotification(delivery.urlToken)) return { kind: "unverified", message: "The notification URL's token does not match." };
      const callback = parsePayuRefundCallback(delivery.rawBody);
      if (!callback) return { kind: "malformed", message: "The body is not a PayU refund callback." };
      const state = payuCallbackAnswer(callback.status);
      return {
        kind: "event",
        event: {
          ourRefundId: callback.token,
          amountPaise: callback.amountPaise,
          state,
          reference: callback.requestId || null,
          reason: state === "failed" ? "PayU could not process the refund." : null,
          deliveryId: `refund:${callback.token}:${callback.status}`,
          name: `refund.${callback.status}`,
        },
      };
    },

    settlementReport: (on) => payu.settlementReport(on),
  };
  return port;
}
