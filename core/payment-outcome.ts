// One status vocabulary for a payment's result, whichever gateway took it (issue 21 item 1):
// Razorpay's checkout says SUCCESS / FAILED / CANCELLED in the browser, the status call answers
// Completed / Pending / Failed, PayU says failure + userCancelled for a cancel. The customer reads
// the same four words for all three (the catalogue's words for each outcome).
export type PaymentOutcome = "success" | "failed" | "cancelled" | "pending";

export { PAYMENT_GATEWAY_TITLES } from "./payment-gateways.ts";

/** Any status a gateway, the status call or the navigation state carries, as one of the four. */
export function paymentOutcome(status: string | null | undefined): PaymentOutcome {
  const s = String(status ?? "")
    .trim()
    .toLowerCase();
  if (s === "success" || s === "completed" || s === "captured" || s === "paid") return "success";
  if (s === "cancelled" || s === "canceled" || s === "cancel" || s === "usercancelled") return "cancelled";
  if (s === "pending") return "pending";
  return "failed";
}

/**
 * The browser's outcome refined by the server's: only the server can say a payment was confirmed
 * (success) or that PayU recorded the customer's cancel; otherwise the browser's own word stands.
 */
export function combineOutcomes(browser: PaymentOutcome, server: PaymentOutcome | null): PaymentOutcome {
  if (server === "success") return "success";
  if (server === "cancelled" && browser !== "success") return "cancelled";
  return browser;
}
