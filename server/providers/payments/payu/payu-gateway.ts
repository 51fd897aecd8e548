// PayU in the common gateway's words: our txnid is the order, the browser posts a hashed form, and
// verify_payment decides (success is paid from its addedon; userCancelled is a cancel). Its
// server-to-server notification carries the reverse hash of the surl/furl answer.
import { CheckoutRefused, type PaymentGateway } from "../gateway-port.ts";
import type { PayuGateway } from "./port.ts";

/** PayU's addedon is India time, "YYYY-MM-DD HH:MM:SS". */
export function payuAddedOn(text: string | null): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text ?? "");
  if (!m) return null;
  const at = new Date(`${m[1]}T${m[2]}+05:30`);
  return Number.isNaN(at.getTime()) ? null : at;
}

export function payuPaymentGateway(payu: PayuGateway): PaymentGateway {
  return {
    name: "payu",

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
  };
}
