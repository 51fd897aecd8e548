// RazorpayX Payouts (production): POST /v1/payouts with the fund account inline (composite API),
// Basic auth, X-Payout-Idempotency; webhooks payout.processed / payout.failed / payout.reversed.
// reference_id carries our idempotency key, so a payout whose create call timed out is found again
// with GET /v1/payouts?account_number=…&reference_id=… (decision 36).
import { PayoutError, parseRazorpayxWebhook, payoutReferenceOf, readRazorpayxPayout, type PayoutPort, type PayoutRequest } from "./port.ts";

export interface RazorpayxConfig {
  baseUrl: string;
  keyId: string;
  keySecret: string;
  /** The lender's RazorpayX business account number the money leaves from. */
  sourceAccount: string;
  webhookSecret: string;
  fetch?: typeof fetch;
  /** How long a call may take before it is given up as a timeout (the payout is then UNKNOWN). */
  timeoutMs?: number;
}

type RazorpayxCollection = { entity?: string; count?: number; items?: (Parameters<typeof readRazorpayxPayout>[0] & { created_at?: number })[] };

export function razorpayxPayoutBody(sourceAccount: string, request: PayoutRequest) {
  return {
    account_number: sourceAccount,
    amount: request.amountPaise,
    currency: "INR",
    mode: "IMPS",
    purpose: "payout",
    queue_if_low_balance: true,
    reference_id: payoutReferenceOf(request.idempotencyKey),
    narration: request.narration.replace(/[^A-Za-z0-9 ]/g, "").slice(0, 30),
    notes: { loan_id: request.loanId },
    fund_account: {
      account_type: "bank_account",
      bank_account: { name: request.account.holderName, ifsc: request.account.ifsc, account_number: request.account.number },
      contact: { name: request.account.holderName, type: "customer", reference_id: request.loanId },
    },
  };
}

export function createRazorpayxPayout(config: RazorpayxConfig): PayoutPort {
  const doFetch = config.fetch ?? fetch;
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString("base64")}`;
  const base = config.baseUrl.replace(/\/$/, "");

  async function call(path: string, init: RequestInit & { headers?: Record<string, string> }) {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}${path}`, {
        ...init,
        headers: { authorization: auth, "content-type": "application/json", ...init.headers },
        signal: AbortSignal.timeout(config.timeoutMs ?? 20_000),
      });
      text = await response.text();
    } catch (error) {
      // No answer (timeout, reset): the provider may or may not have the payout.
      throw new PayoutError("timeout", `RazorpayX did not answer (${error instanceof Error ? error.name : "error"}).`);
    }
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // The error below names the HTTP status only: a body may quote account details.
    }
    if (response.status === 401) throw new PayoutError("unauthorized", `RazorpayX answered HTTP 401.`);
    if (response.status >= 400 && response.status < 500) throw new PayoutError("invalid_request", `RazorpayX refused the payout (HTTP ${response.status}).`);
    if (!response.ok || !json || typeof json !== "object") throw new PayoutError("provider_error", `RazorpayX answered HTTP ${response.status}.`);
    return json as Parameters<typeof readRazorpayxPayout>[0] & RazorpayxCollection;
  }

  return {
    provider: "razorpayx",
    async create(request) {
      const payout = await call("/v1/payouts", {
        method: "POST",
        headers: { "x-payout-idempotency": request.idempotencyKey },
        body: JSON.stringify(razorpayxPayoutBody(config.sourceAccount, request)),
      });
      return readRazorpayxPayout(payout);
    },
    async status(providerReference) {
      if (!/^[A-Za-z0-9_]+$/.test(providerReference)) throw new PayoutError("invalid_request", "Payout reference is not valid.");
      return readRazorpayxPayout(await call(`/v1/payouts/${providerReference}`, { method: "GET" }));
    },
    async statusByKey(idempotencyKey) {
      const reference = payoutReferenceOf(idempotencyKey);
      const query = new URLSearchParams({ account_number: config.sourceAccount, reference_id: reference });
      const list = await call(`/v1/payouts?${query}`, { method: "GET" });
      // Newest first; only an exact reference match counts.
      const mine = (list.items ?? []).filter((p) => p.reference_id === reference).sort((a, b) => (b.created_at ?? 0) - (a.created_at ?? 0));
      return mine.length ? readRazorpayxPayout(mine[0]) : null;
    },
    parseWebhook: (delivery) => parseRazorpayxWebhook(config.webhookSecret, delivery),
  };
}
