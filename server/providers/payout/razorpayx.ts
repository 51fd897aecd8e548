// RazorpayX Payouts (production): POST /v1/payouts with the fund account inline (composite API),
// Basic auth, X-Payout-Idempotency; webhooks payout.processed / payout.failed / payout.reversed.
import { PayoutError, parseRazorpayxWebhook, readRazorpayxPayout, type PayoutPort, type PayoutRequest } from "./port.ts";

export interface RazorpayxConfig {
  baseUrl: string;
  keyId: string;
  keySecret: string;
  /** The lender's RazorpayX business account number the money leaves from. */
  sourceAccount: string;
  webhookSecret: string;
  fetch?: typeof fetch;
}

export function razorpayxPayoutBody(sourceAccount: string, request: PayoutRequest) {
  return {
    account_number: sourceAccount,
    amount: request.amountPaise,
    currency: "INR",
    mode: "IMPS",
    purpose: "payout",
    queue_if_low_balance: true,
    reference_id: request.loanId,
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
    const response = await doFetch(`${base}${path}`, { ...init, headers: { authorization: auth, "content-type": "application/json", ...init.headers } });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // The error below names the HTTP status only: a body may quote account details.
    }
    if (response.status === 401) throw new PayoutError("unauthorized", `RazorpayX answered HTTP 401.`);
    if (response.status >= 400 && response.status < 500) throw new PayoutError("invalid_request", `RazorpayX refused the payout (HTTP ${response.status}).`);
    if (!response.ok || !json || typeof json !== "object") throw new PayoutError("provider_error", `RazorpayX answered HTTP ${response.status}.`);
    return json as Parameters<typeof readRazorpayxPayout>[0];
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
    parseWebhook: (delivery) => parseRazorpayxWebhook(config.webhookSecret, delivery),
  };
}
