// The auto-debit mandate port (issue 24, decision 39): register a mandate on the provider's hosted page,
// read its state, present a debit, read the debit, cancel, and read a signed webhook as one common event.
// Production is Razorpay recurring payments (UPI Autopay and emandate); the sandbox answers in the same
// shapes and signs with its test secret, so the production webhook reading runs in both.
import { createHmac } from "node:crypto";
import { safeEqualHexDigest } from "../payments/shared.ts";

export type MandateMethod = "upi" | "enach";
/** PENDING until the customer approves on the provider's page (ACTIVE) or declines (REJECTED); CANCELLED when ended. */
export type MandateState = "PENDING" | "ACTIVE" | "REJECTED" | "CANCELLED";
/** A timeout or an unclear answer is PENDING ("unknown"), never FAILED. */
export type DebitState = "PENDING" | "SUCCESS" | "FAILED";

export interface MandateRegistrationRequest {
  /** Our mandate id: the receipt, echoed in notes. */
  reference: string;
  method: MandateMethod;
  customer: { name: string; mobile: string; email: string | null };
  /** The most a single debit may take: the total repayable plus the penal cap. */
  maxAmountPaise: number;
  /** After this the mandate cannot be debited (a while after the repayment date). */
  expiresAt: Date;
  /** e-NACH is on this account only (the penny-drop verified one); UPI Autopay ignores it. */
  account: { number: string; ifsc: string; holderName: string } | null;
  /** Where the provider's page sends the customer back. */
  returnUrl: string;
  description: string;
}

export interface MandateRegistration {
  providerCustomerId: string;
  /** The registration (Razorpay's registration link / invoice id), by which the mandate is found again. */
  registrationId: string;
  /** The provider's hosted page where the customer approves. */
  url: string;
}

export interface MandateStatus {
  registrationId: string;
  tokenId: string | null;
  state: MandateState;
  failureReason: string | null;
}

export interface DebitRequest {
  /** Our debit id: the order's receipt; presenting the same receipt twice answers the first debit. */
  reference: string;
  providerCustomerId: string;
  tokenId: string;
  amountPaise: number;
  customer: { mobile: string; email: string | null };
  description: string;
}

export interface DebitResult {
  orderId: string;
  /** The provider's payment id, once it exists. */
  paymentId: string | null;
  state: DebitState;
  amountPaise: number;
  failureReason: string | null;
  /** When the money was taken (value date, decision 36). */
  capturedAt: Date | null;
}

/** One webhook, read: a mandate's state changed, or a payment (an authorisation or a debit) finished. */
export type MandateEvent =
  | {
      kind: "mandate";
      eventId: string | null;
      registrationId: string | null;
      customerId: string | null;
      tokenId: string;
      state: MandateState;
      failureReason: string | null;
    }
  | {
      kind: "payment";
      eventId: string | null;
      orderId: string | null;
      /** The registration link this payment authorised, when it is an authorisation payment. */
      registrationId: string | null;
      paymentId: string;
      tokenId: string | null;
      state: DebitState;
      amountPaise: number;
      failureReason: string | null;
      capturedAt: Date | null;
    };

export interface MandatePort {
  readonly provider: string;
  register(request: MandateRegistrationRequest): Promise<MandateRegistration>;
  status(input: { providerCustomerId: string; registrationId: string; tokenId: string | null }): Promise<MandateStatus>;
  presentDebit(request: DebitRequest): Promise<DebitResult>;
  debitStatus(input: { orderId: string }): Promise<DebitResult>;
  cancel(input: { providerCustomerId: string; tokenId: string }): Promise<void>;
  /** Verifies the signature over the raw body, then reads the event; null for events of no concern. */
  parseWebhook(delivery: { rawBody: string; headers: Record<string, string> }): MandateEvent | null;
}

export class MandateProviderError extends Error {
  readonly code: "invalid_request" | "not_found" | "unauthorized" | "provider_error" | "bad_signature" | "timeout";
  constructor(code: MandateProviderError["code"], message: string) {
    super(message);
    this.code = code;
  }
}

/** Razorpay signs webhooks as hex HMAC-SHA256(webhook secret, raw body) in X-Razorpay-Signature. */
export function mandateWebhookSignature(secret: string, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

/** Razorpay token recurring_details.status → ours. initiated and created wait; paused counts as not usable. */
export function mapTokenStatus(status: string | null | undefined): MandateState {
  if (status === "confirmed") return "ACTIVE";
  if (status === "rejected") return "REJECTED";
  if (status === "cancelled" || status === "paused" || status === "expired") return "CANCELLED";
  return "PENDING";
}

/** Razorpay payment status → ours: captured is paid, failed is failed, anything else is still unknown. */
export function mapPaymentStatus(status: string | null | undefined): DebitState {
  if (status === "captured") return "SUCCESS";
  if (status === "failed") return "FAILED";
  return "PENDING";
}

export type RazorpayToken = {
  id: string;
  entity?: string;
  method?: string;
  customer_id?: string | null;
  recurring?: boolean;
  recurring_details?: { status?: string | null; failure_reason?: string | null } | null;
  max_amount?: number;
  expired_at?: number | null;
};

export type RazorpayMandatePayment = {
  id: string;
  entity?: string;
  amount: number;
  currency?: string;
  status: string;
  order_id?: string | null;
  invoice_id?: string | null;
  customer_id?: string | null;
  token_id?: string | null;
  recurring?: boolean;
  method?: string;
  error_description?: string | null;
  error_reason?: string | null;
  created_at?: number;
};

/** A payment entity → a debit result (capture time from created_at: Razorpay captures recurring debits at once). */
export function readMandatePayment(p: RazorpayMandatePayment): DebitResult {
  const state = mapPaymentStatus(p.status);
  return {
    orderId: p.order_id ?? "",
    paymentId: p.id,
    state,
    amountPaise: p.amount,
    failureReason: state === "FAILED" ? p.error_description || p.error_reason || "The bank declined the debit." : null,
    capturedAt: state === "SUCCESS" && p.created_at ? new Date(p.created_at * 1000) : null,
  };
}

const TOKEN_EVENTS = new Set(["token.confirmed", "token.rejected", "token.cancelled", "token.paused"]);
const PAYMENT_EVENTS = new Set(["payment.captured", "payment.failed"]);

/** Webhook body → common event, after the signature check. Shared by the production adapter and the sandbox. */
export function parseRazorpayMandateWebhook(secret: string, delivery: { rawBody: string; headers: Record<string, string> }): MandateEvent | null {
  if (!safeEqualHexDigest(mandateWebhookSignature(secret, delivery.rawBody), delivery.headers["x-razorpay-signature"]))
    throw new MandateProviderError("bad_signature", "Mandate webhook signature is not valid.");
  let body: { event?: string; payload?: { token?: { entity?: RazorpayToken }; payment?: { entity?: RazorpayMandatePayment } } };
  try {
    body = JSON.parse(delivery.rawBody);
  } catch {
    throw new MandateProviderError("invalid_request", "Mandate webhook body is not JSON.");
  }
  const eventId = delivery.headers["x-razorpay-event-id"] ?? null;
  const event = String(body.event ?? "");
  if (TOKEN_EVENTS.has(event)) {
    const token = body.payload?.token?.entity;
    if (!token || typeof token.id !== "string") return null;
    // The event names the state even when the entity's recurring_details lag behind.
    const state = event === "token.confirmed" ? "ACTIVE" : event === "token.rejected" ? "REJECTED" : "CANCELLED";
    const reason = token.recurring_details?.failure_reason ?? null;
    return { kind: "mandate", eventId, registrationId: null, customerId: token.customer_id ?? null, tokenId: token.id, state, failureReason: reason };
  }
  if (PAYMENT_EVENTS.has(event)) {
    const payment = body.payload?.payment?.entity;
    if (!payment || typeof payment.id !== "string" || typeof payment.amount !== "number") return null;
    const read = readMandatePayment(payment);
    return {
      kind: "payment",
      eventId,
      orderId: payment.order_id ?? null,
      registrationId: payment.invoice_id ?? null,
      paymentId: payment.id,
      tokenId: payment.token_id ?? null,
      state: read.state,
      amountPaise: read.amountPaise,
      failureReason: read.failureReason,
      capturedAt: read.capturedAt,
    };
  }
  return null;
}
