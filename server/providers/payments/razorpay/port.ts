// Razorpay Checkout (integrations.md): orders in paise, the checkout signature over our stored order id,
// webhooks signed over the raw body.
import { createHmac } from "node:crypto";
import type { IsoDate } from "../../../../core/calendar.ts";
import type { GatewaySettlement } from "../settlement.ts";
import { safeEqualHexDigest } from "../shared.ts";

export type RazorpayOrderStatus = "created" | "attempted" | "paid";
export type RazorpayPaymentStatus = "created" | "authorized" | "captured" | "refunded" | "failed";

export interface RazorpayOrder {
  id: string;
  /** Paise. */
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: RazorpayOrderStatus;
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface RazorpayPayment {
  id: string;
  order_id: string | null;
  /** Paise. */
  amount: number;
  currency: string;
  status: RazorpayPaymentStatus;
  method: string;
  captured: boolean;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

/** A refund (Refunds API): normal speed; `receipt` carries our refund key, so a refund can be found again. */
export type RazorpayRefundStatus = "pending" | "processed" | "failed";
export interface RazorpayRefund {
  id: string;
  entity: "refund";
  /** Paise. */
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string> | unknown[];
  receipt: string | null;
  acquirer_data?: Record<string, unknown>;
  created_at: number;
  batch_id: string | null;
  status: RazorpayRefundStatus;
  speed_processed: string;
  speed_requested: string;
}

/** What `handler` receives in the browser after a successful checkout. */
export interface RazorpayCheckoutResult {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayGateway {
  readonly provider: "razorpay" | "sandbox";
  /** What the browser needs: the public key id and the script that defines `Razorpay`. */
  readonly checkout: { keyId: string; scriptUrl: string };
  /** A new order for every attempt (integrations.md). Amount in integer paise, receipt ≤ 40 characters, ≤ 15 notes. */
  createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<RazorpayOrder>;
  fetchOrder(orderId: string): Promise<RazorpayOrder>;
  fetchPayment(paymentId: string): Promise<RazorpayPayment>;
  fetchOrderPayments(orderId: string): Promise<RazorpayPayment[]>;
  /**
   * POST /v1/payments/:id/refund (normal speed) with X-Refund-Idempotency: a retry with the same key
   * and body returns the same refund, never a second one.
   */
  refund(input: { paymentId: string; amountPaise: number; receipt: string; idempotencyKey: string; notes?: Record<string, string> }): Promise<RazorpayRefund>;
  /** The payment's refund whose receipt is ours (GET /v1/payments/:id/refunds), or null when Razorpay has none. */
  refundStatus(input: { paymentId: string; receipt: string }): Promise<RazorpayRefund | null>;
  /** Checks the checkout signature against the order id WE stored, never the one the browser sent. */
  verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string | undefined | null }): boolean;
  /** Checks `X-Razorpay-Signature` over the raw body, before it is parsed. */
  verifyWebhookSignature(rawBody: string, signature: string | undefined | null): boolean;
  /** The settlements made on an India date, from the settlement recon API. */
  settlementReport(on: IsoDate): Promise<GatewaySettlement[]>;
}

/** hex(HMAC_SHA256(key_secret, order_id + "|" + payment_id)). */
export function razorpayPaymentSignature(keySecret: string, orderId: string, paymentId: string): string {
  return createHmac("sha256", keySecret).update(`${orderId}|${paymentId}`).digest("hex");
}

/** hex(HMAC_SHA256(webhook_secret, raw_body)). */
export function razorpayWebhookSignature(webhookSecret: string, rawBody: string): string {
  return createHmac("sha256", webhookSecret).update(rawBody, "utf8").digest("hex");
}

export function verifyRazorpayPaymentSignature(keySecret: string, orderId: string, paymentId: string, signature: string | undefined | null): boolean {
  if (!orderId || !paymentId) return false;
  return safeEqualHexDigest(razorpayPaymentSignature(keySecret, orderId, paymentId), signature);
}

export function verifyRazorpayWebhookSignature(webhookSecret: string, rawBody: string, signature: string | undefined | null): boolean {
  return safeEqualHexDigest(razorpayWebhookSignature(webhookSecret, rawBody), signature);
}

/** Razorpay's limits on an order, checked before a call so a bad request never leaves the server. */
export function razorpayOrderProblems(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): string[] {
  const problems: string[] = [];
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise < 100) problems.push("amount must be an integer of at least 100 paise");
  if (typeof input.receipt !== "string" || input.receipt.length < 1 || input.receipt.length > 40) problems.push("receipt must be 1 to 40 characters");
  const notes = Object.entries(input.notes ?? {});
  if (notes.length > 15) problems.push("at most 15 notes");
  if (notes.some(([k, v]) => typeof v !== "string" || v.length > 256 || k.length > 256)) problems.push("notes must be strings of at most 256 characters");
  return problems;
}

/** A webhook event as Razorpay sends it (the fields we read). */
export interface RazorpayWebhookEvent {
  entity: "event";
  account_id: string;
  event: string;
  contains: string[];
  payload: { payment?: { entity: RazorpayPayment }; order?: { entity: RazorpayOrder } };
  created_at: number;
}
