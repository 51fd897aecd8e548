// What the sandbox mandate provider's parts share (sandbox.ts assembles them): its test constants, its
// rows, and the entities its webhooks and answers carry, in Razorpay's shape.
import { sandboxMandateDebits, sandboxMandateTokens } from "../../db/schema/index.ts";
import type { DebitResult } from "./port.ts";

/** Not a secret: the sandbox's test key, as the other sandboxes have. */
export const SANDBOX_MANDATE_SECRET = "sandbox-mandate-webhook-secret";
export const SANDBOX_MANDATE_BASE = "/sandbox/mandates";
/** A mandate on this account is approved, but each of its debits fails for insufficient funds. */
export const SANDBOX_MANDATE_NO_FUNDS_ACCOUNT = "333333333333";
export const SANDBOX_NO_FUNDS_REASON = "Insufficient funds in the customer's account.";
export const SANDBOX_REVOKED_REASON = "The customer revoked the mandate at the bank.";
export const SANDBOX_DECLINED_REASON = "The customer declined the mandate in the UPI app.";

export type TokenRow = typeof sandboxMandateTokens.$inferSelect;
export type DebitRow = typeof sandboxMandateDebits.$inferSelect;

export const tokenEntity = (t: TokenRow, status: string) => ({
  id: t.tokenId,
  entity: "token",
  method: t.method === "upi" ? "upi" : "emandate",
  customer_id: t.customerId,
  recurring: true,
  recurring_details: { status, failure_reason: t.failureReason },
  max_amount: Number(t.maxAmountPaise),
});
export const paymentEntity = (d: DebitRow) => ({
  id: d.paymentId,
  entity: "payment",
  amount: Number(d.amountPaise),
  currency: "INR",
  status: d.status,
  order_id: d.orderId,
  customer_id: d.customerId,
  token_id: d.tokenId,
  recurring: true,
  method: "upi",
  error_description: d.failureReason,
  notes: { debit_id: d.receipt },
  created_at: Math.floor(d.createdAt.getTime() / 1000),
});
export const debitResult = (d: DebitRow): DebitResult => ({
  orderId: d.orderId,
  paymentId: d.paymentId,
  state: d.status === "captured" ? "SUCCESS" : d.status === "failed" ? "FAILED" : "PENDING",
  amountPaise: Number(d.amountPaise),
  failureReason: d.failureReason,
  capturedAt: d.status === "captured" ? d.createdAt : null,
});
