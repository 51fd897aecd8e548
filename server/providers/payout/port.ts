// The disbursal port (decision 32): money out to the customer's verified bank account. Production
// is RazorpayX Payouts; the sandbox answers alike (accepts, then a signed webhook with a UTR or a failure).
import { createHash, createHmac } from "node:crypto";
import { safeEqualHexDigest } from "../payments/shared.ts";

export interface PayoutRequest {
  /** Our idempotency key for this attempt; the provider pays a key once. */
  idempotencyKey: string;
  /** The loan (lead) id, echoed back in every event. */
  loanId: string;
  amountPaise: number;
  /** The verified account (decision 26); never logged. */
  account: { number: string; ifsc: string; holderName: string };
  narration: string;
}

/**
 * PENDING until the provider's event says SUCCESS (with a UTR) or FAILED (with a reason). REVERSED:
 * paid, then returned by the beneficiary's bank (RazorpayX `payout.reversed`, after `payout.processed`).
 */
export type PayoutStatus = "PENDING" | "SUCCESS" | "FAILED" | "REVERSED";

export interface PayoutResult {
  providerReference: string;
  loanId: string;
  /** Our idempotency key, echoed by the provider (RazorpayX reference_id); null when it has none. */
  reference?: string | null;
  status: PayoutStatus;
  utr: string | null;
  failureReason: string | null;
}

export interface PayoutPort {
  readonly provider: string;
  create(request: PayoutRequest): Promise<PayoutResult>;
  status(providerReference: string): Promise<PayoutResult>;
  /**
   * The provider's payout made under our idempotency key, or null when it has none: asked after a
   * create call that failed or timed out, before anything else happens (decision 36).
   */
  statusByKey(idempotencyKey: string): Promise<PayoutResult | null>;
  /** Verifies the signature over the raw body and reads the event; null for events that are not a payout's outcome. */
  parseWebhook(delivery: { rawBody: string; headers: Record<string, string> }): PayoutResult | null;
}

export class PayoutError extends Error {
  readonly code: "invalid_request" | "unauthorized" | "provider_error" | "bad_signature" | "timeout";
  constructor(code: PayoutError["code"], message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * The payout's reference_id (RazorpayX allows 40 characters): our idempotency key when it fits (a loan's
 * `<loan id>` or `<loan id>:<n>`), else a digest of it, so a status call by key asks for the same value.
 */
export function payoutReferenceOf(idempotencyKey: string): string {
  return idempotencyKey.length <= 40 ? idempotencyKey : createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 40);
}

/** RazorpayX signs webhooks as hex HMAC-SHA256(webhook secret, raw body) in X-Razorpay-Signature. */
export function payoutSignature(secret: string, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

export function verifyPayoutSignature(secret: string, rawBody: string, signature: string | undefined): boolean {
  return safeEqualHexDigest(payoutSignature(secret, rawBody), signature);
}

/** RazorpayX payout states → ours. queued/pending/processing wait; processed pays; reversed comes back; the rest fail. */
export function mapRazorpayxStatus(status: string): PayoutStatus {
  if (status === "processed") return "SUCCESS";
  if (status === "reversed") return "REVERSED";
  if (["queued", "pending", "processing", "scheduled"].includes(status)) return "PENDING";
  return "FAILED";
}

type RazorpayxPayout = {
  id: string;
  reference_id?: string | null;
  status: string;
  utr?: string | null;
  notes?: Record<string, string> | null;
  status_details?: { description?: string | null; reason?: string | null } | null;
  failure_reason?: string | null;
};

export function readRazorpayxPayout(p: RazorpayxPayout): PayoutResult {
  const status = mapRazorpayxStatus(p.status);
  const loanId = p.notes?.loan_id ?? p.reference_id ?? "";
  const reason = p.status_details?.description || p.failure_reason || p.status_details?.reason || `Payout ${p.status}.`;
  const failed = status === "FAILED" || status === "REVERSED";
  return { providerReference: p.id, loanId, reference: p.reference_id ?? null, status, utr: p.utr ?? null, failureReason: failed ? reason : null };
}

/** Webhook body → result, after the signature check. Shared by the production adapter and the sandbox. */
export function parseRazorpayxWebhook(secret: string, delivery: { rawBody: string; headers: Record<string, string> }): PayoutResult | null {
  if (!verifyPayoutSignature(secret, delivery.rawBody, delivery.headers["x-razorpay-signature"]))
    throw new PayoutError("bad_signature", "Payout webhook signature is not valid.");
  let body: { event?: string; payload?: { payout?: { entity?: RazorpayxPayout } } };
  try {
    body = JSON.parse(delivery.rawBody);
  } catch {
    throw new PayoutError("invalid_request", "Payout webhook body is not JSON.");
  }
  const entity = body.payload?.payout?.entity;
  if (!entity || typeof entity.id !== "string" || typeof entity.status !== "string" || !String(body.event ?? "").startsWith("payout.")) return null;
  return readRazorpayxPayout(entity);
}
