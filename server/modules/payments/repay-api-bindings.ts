// The spec's per-gateway calls (REPAY-API: generateRazorpayorderId, razorpayVerify, payuOrder,
// phonepeOrder, the returns and the webhooks), kept because they are requirements: each binds a
// gateway's name to the generic checkout and answers as it always did. A gateway added later has
// none of these; it uses the generic routes (/Api/RepayLoanApi/checkout/:gateway, /payments/:gateway/…).
import type { BrowserCheckout, WebhookDelivery } from "../../providers/payments/index.ts";
import type { GatewayName, RepayCaller } from "./payments-common.ts";
import { GATEWAY_REF } from "./checkout-orders.ts";

/** Shape of the generic checkout the bindings are made over. */
interface GenericCheckout {
  checkout(
    gateway: GatewayName,
    caller: RepayCaller,
    input: { leadId: string; rupees: number | null; description?: string },
  ): Promise<{
    gatewayOrderId: string;
    amountPaise: number;
    lead: { loanNo: string | null };
    payer: { name: string; email: string; mobile: string };
    browser: BrowserCheckout;
  }>;
  verifyCheckout(
    gateway: GatewayName,
    fields: Record<string, unknown>,
  ): Promise<{ ok: false; data: { status: "FAILED"; txnId: string } } | { ok: true; data: { status: "SUCCESS"; txnId: string; order_id: string } }>;
  returnFrom(gateway: GatewayName, fields: Record<string, unknown>, unknownId?: string): Promise<string>;
  notification(gateway: GatewayName, delivery: WebhookDelivery): Promise<void>;
}

/** Narrows the browser's part to the kind this gateway's legacy call answers with. */
function browserAs<K extends BrowserCheckout["kind"]>(browser: BrowserCheckout, kind: K): Extract<BrowserCheckout, { kind: K }> {
  if (browser.kind !== kind) throw new Error(`The gateway answered a ${browser.kind} checkout, not ${kind}`);
  return browser as Extract<BrowserCheckout, { kind: K }>;
}

export function repayApiBindings(generic: GenericCheckout) {
  return {
    async razorpayOrder(caller: RepayCaller, input: { lead_id: string; rzp_amount: number | null }) {
      const started = await generic.checkout("razorpay", caller, { leadId: input.lead_id, rupees: input.rzp_amount });
      const browser = browserAs(started.browser, "script_checkout");
      return {
        gatewayOrderId: started.gatewayOrderId,
        keyId: browser.keyId,
        amountPaise: started.amountPaise,
        loanNo: started.lead.loanNo,
        payer: started.payer,
        checkoutScriptUrl: browser.scriptUrl,
      };
    },

    /** The browser's word is checked: the checkout's signature over the order and payment, then the payment fetched from Razorpay. */
    razorpayVerify: (input: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }) =>
      generic.verifyCheckout("razorpay", input),

    async payuOrder(caller: RepayCaller, input: { amount: number | null; productinfo: string; udf5: string }) {
      const started = await generic.checkout("payu", caller, { leadId: input.udf5, rupees: input.amount, description: input.productinfo });
      const browser = browserAs(started.browser, "form_post");
      return { formAction: browser.action, formFields: browser.fields };
    },

    /** PayU's surl/furl: the reverse hash first, then verify_payment decides; a return we cannot place names its own txnid. */
    payuReturn(fields: Record<string, unknown>): Promise<string> {
      const txnid = typeof fields.txnid === "string" && GATEWAY_REF.test(fields.txnid) ? fields.txnid : "unknown";
      return generic.returnFrom("payu", fields, txnid);
    },

    async phonepeOrder(caller: RepayCaller, input: { amount: number | null; leadId: string }) {
      const started = await generic.checkout("phonepe", caller, { leadId: input.leadId, rupees: input.amount });
      return { redirectUrl: browserAs(started.browser, "redirect").url };
    },

    /** PhonePe's redirect back (our order id in the query, unsigned): the status API decides; on to the status page. */
    phonepeReturn: (orderId: string) => generic.returnFrom("phonepe", { order_id: orderId }),

    /** Razorpay webhook: signature over the raw bytes, de-duplicated by event id, confirmed by asking Razorpay. */
    razorpayWebhook: (delivery: WebhookDelivery) => generic.notification("razorpay", delivery),
    /** PhonePe webhook: Authorization header checked; only the status API's answer is trusted. */
    phonepeWebhook: (delivery: WebhookDelivery) => generic.notification("phonepe", delivery),
    /** PayU's server-to-server notification: the reverse hash checked; verify_payment decides. */
    payuNotification: (delivery: WebhookDelivery) => generic.notification("payu", delivery),
  };
}
