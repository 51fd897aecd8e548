// The Data of each successful repayment answer (REPAY-API.md), as the server sends it today; amounts in
// rupees unless a field says paise. replies.ts re-exports these beside the journey's replies.
import * as z from "zod";
import { PAYMENT_GATEWAY_NAMES } from "../payment-gateways.ts";

const str = z.string();
const int = z.number().int();
const flag = z.union([z.literal(0), z.literal(1)]);

/** Issue 20: the lines the customer sees, in rupees; principal + interest + penal − paid + held_for_refund = total. */
export const repaymentLinesData = z.object({
  principal: z.number(),
  /** Interest to date, including the one-day minimum that closing on the disbursal day costs. */
  interest: z.number(),
  one_day_minimum: z.number(),
  penal: z.number(),
  payments: z.array(z.object({ on: str, amount: z.number(), interest: z.number(), principal: z.number(), penal: z.number(), excess: z.number() })),
  paid: z.number(),
  held_for_refund: z.number(),
  /** What closes the loan today: what "Pay" charges for the full amount (close_today_amount). */
  total: z.number(),
  outstanding: z.object({ principal: z.number(), interest: z.number(), penal: z.number() }),
  /** Before the repayment date only: today's total against what the current balance owes then. */
  pay_early: z.object({ today: z.number(), on_repayment_date: z.number(), saving: z.number() }).nullable(),
});
export const pgData = z.array(z.object({ mpg_gateway_name: z.enum(PAYMENT_GATEWAY_NAMES), label: str }));
export const repaymentData = z.object({
  loan_no: str,
  disbursal_date: str,
  repayment_date: str,
  repayment_amount: z.number(),
  loan_recommended: z.number(),
  real_interest: z.number(),
  total_due_amount: z.number(),
  penal_charges: z.number(),
  close_today_amount: z.number(),
  cooling_off: flag,
  /** Last day of the cooling-off period (YYYY-MM-DD), counted from the payout; "" when not known. */
  cooling_off_until: str,
  /** Days past the repayment date (0 up to and on it). */
  overdue_days: int,
  full_name: str,
  email: str,
  /** Masked: XXXXXX3210. */
  mobile: str,
  lead_id: str,
  repayment_lines: repaymentLinesData,
});
export const repaySendOtpReply = z.object({ otp_ref: str });
export const repayVerifyOtpReply = z.object({ repayment_data: repaymentData, order_id: z.null(), pg_data: pgData });
export const repaymentDetailsReply = z.object({ repayment_data: repaymentData.nullable(), pg_data: pgData });
export const razorpayOrderReply = z.object({
  order_id: str,
  key_id: str,
  /** Paise. */
  amount: int,
  currency: z.literal("INR"),
  name: str,
  description: str,
  prefill: z.object({ name: str, email: str, contact: str }),
  checkout_script_url: str,
});
/** Issue 20: the result page's facts (amounts in rupees); outcome is one word for every gateway. */
export const paymentResultReply = z.object({
  outcome: z.enum(["success", "failed", "cancelled", "pending"]),
  order_id: str,
  gateway: z.enum(PAYMENT_GATEWAY_NAMES),
  txn_id: str,
  amount: z.number(),
  paid_on: str,
  held_for_refund: z.number(),
  loan_no: str,
  lead_id: str,
  loan_closed: flag,
  still_due: z.number(),
  repayment_date: str,
  overdue_days: int,
  receipt_available: flag,
});
export const razorpayVerifyReply = z.object({ status: z.enum(["SUCCESS", "FAILED"]), txnId: str, order_id: str.optional() });
export const payuOrderReply = z.object({ action: str, parameters: z.record(z.string(), z.string()) });
export const phonepeOrderReply = z.object({ data: z.object({ url: str }) });
/**
 * Decision 55: the generic checkout's answer. The page picks its step by `browser.kind`, never by the
 * gateway's name: a checkout script whose constructor (`global`) opens with `options` (its result goes
 * to gatewayCheckoutVerify), a form posted to the gateway's page, or a page to go to.
 */
export const gatewayCheckoutReply = z.object({
  order_id: str,
  gateway: z.enum(PAYMENT_GATEWAY_NAMES),
  browser: z.discriminatedUnion("kind", [
    z.object({
      kind: z.literal("script_checkout"),
      script_url: str,
      global: str,
      options: z.object({
        key: str,
        order_id: str,
        /** Paise. */
        amount: int,
        currency: z.literal("INR"),
        name: str,
        description: str,
        prefill: z.object({ name: str, email: str, contact: str }),
      }),
    }),
    z.object({ kind: z.literal("form_post"), action: str, fields: z.record(z.string(), z.string()) }),
    z.object({ kind: z.literal("redirect"), url: str }),
  ]),
});
export const paymentStatusReply = z.object({
  data: z.object({ transactionId: str, transactionStatus: z.enum(["Completed", "Pending", "Failed"]) }),
});
export const webhookReply = z.object({ received: z.literal(true) });
/** applied: the event settled a live payout now (false: repeated, late, still pending, or not a payout event). */
export const payoutWebhookReply = z.object({ received: z.literal(true), applied: z.boolean() });
