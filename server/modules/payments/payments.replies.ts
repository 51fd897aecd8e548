// The legacy answers of the payment calls (spec 7, REPAY-API): the service answers domain
// results and these name them as the Pay Now page, the dashboard and the apps read them.
import type { PaymentsService } from "./payments.service.ts";
import { PG_DATA } from "./payments.service.ts";
import { REPAY_CODES } from "../../../core/i18n/index.ts";

type Result<K extends keyof PaymentsService> = PaymentsService[K] extends (...args: never[]) => Promise<infer R> ? R : never;

/** A script checkout's options (Razorpay's checkout.js): what the overlay shows and whom it prefills. */
const scriptOptions = (r: {
  gatewayOrderId: string;
  keyId: string;
  amountPaise: number;
  loanNo: string | null;
  payer: { name: string; email: string; mobile: string };
}) => ({
  key: r.keyId,
  order_id: r.gatewayOrderId,
  amount: r.amountPaise,
  currency: "INR" as const,
  name: "SalaryOnTime",
  description: `Repayment of loan ${r.loanNo ?? ""}`.trim(),
  prefill: { name: r.payer.name, email: r.payer.email, contact: r.payer.mobile },
});

/** The generic checkout's browser step, by kind (decision 55). */
function browserStep(r: Result<"checkout">) {
  const b = r.browser;
  if (b.kind === "script_checkout")
    return { kind: b.kind, script_url: b.scriptUrl, global: b.global, options: scriptOptions({ ...r, keyId: b.keyId, loanNo: r.lead.loanNo }) };
  if (b.kind === "form_post") return { kind: b.kind, action: b.action, fields: b.fields };
  return { kind: b.kind, url: b.url };
}

export const paymentReplies = {
  otpSent: (r: Result<"sendOtp">) => ({ message: REPAY_CODES.otpSent, data: { otp_ref: r.otpRef } }),
  verified: (r: Result<"verifyOtp">) => ({ message: REPAY_CODES.verified, data: { repayment_data: r.repayment, order_id: null, pg_data: [...PG_DATA] } }),
  details: (r: Result<"repaymentDetails">) => ({ message: REPAY_CODES.detailsLoaded, data: { repayment_data: r.repayment, pg_data: [...PG_DATA] } }),
  razorpayOrder: (r: Result<"razorpayOrder">) => {
    const { key, order_id, ...options } = scriptOptions(r);
    return { message: REPAY_CODES.orderCreated, data: { order_id, key_id: key, ...options, checkout_script_url: r.checkoutScriptUrl } };
  },
  checkout: (r: Result<"checkout">) => ({ message: REPAY_CODES.orderCreated, data: { order_id: r.orderId, gateway: r.gateway, browser: browserStep(r) } }),
  payuOrder: (r: Result<"payuOrder">) => ({ message: REPAY_CODES.orderCreated, data: { action: r.formAction, parameters: r.formFields } }),
  phonepeOrder: (r: Result<"phonepeOrder">) => ({ message: REPAY_CODES.orderCreated, data: { data: { url: r.redirectUrl } } }),
  status: (r: Result<"status">) => ({ message: REPAY_CODES.statusLoaded, data: { data: { transactionId: r.transactionId, transactionStatus: r.status } } }),
};
