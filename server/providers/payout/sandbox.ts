// The sandbox payout provider (decision 21): accepts a payout, then, a moment later, sends a webhook
// signed with the sandbox secret in RazorpayX's shape, so the production verification code runs.
// The configured failing account number gets a failure; any other account is paid with a UTR.
import { randomBytes } from "node:crypto";
import { parseRazorpayxWebhook, payoutSignature, type PayoutPort, type PayoutResult } from "./port.ts";

/** Not a secret: the sandbox's test key, as the other sandboxes have. */
export const SANDBOX_PAYOUT_SECRET = "sandbox-payout-webhook-secret";

export type PayoutWebhookReceiver = (delivery: { rawBody: string; headers: Record<string, string> }) => Promise<void>;

type Stored = PayoutResult & { amountPaise: number; settled: Promise<void> };

export function createSandboxPayout(options: { failAccount: string }) {
  let receiver: PayoutWebhookReceiver | null = null;
  const byKey = new Map<string, Stored>();
  const byRef = new Map<string, Stored>();

  function settle(stored: Stored): Promise<void> {
    return new Promise<void>((resolve) => {
      // Asynchronous like the real provider: the webhook arrives after create() has answered.
      setImmediate(() => {
        const entity = {
          id: stored.providerReference,
          entity: "payout",
          reference_id: stored.loanId,
          amount: stored.amountPaise,
          currency: "INR",
          status: stored.status === "SUCCESS" ? "processed" : "failed",
          utr: stored.utr,
          notes: { loan_id: stored.loanId },
          status_details: stored.failureReason ? { description: stored.failureReason, source: "beneficiary_bank", reason: "beneficiary_bank_failure" } : null,
        };
        const rawBody = JSON.stringify({
          entity: "event",
          event: stored.status === "SUCCESS" ? "payout.processed" : "payout.failed",
          payload: { payout: { entity } },
        });
        const headers = { "content-type": "application/json", "x-razorpay-signature": payoutSignature(SANDBOX_PAYOUT_SECRET, rawBody) };
        // A receiver that throws does not break the provider; the payout stays readable by status().
        Promise.resolve(receiver?.({ rawBody, headers }))
          .catch(() => undefined)
          .then(() => resolve());
      });
    });
  }

  const port: PayoutPort = {
    provider: "sandbox",
    async create(request) {
      const existing = byKey.get(request.idempotencyKey);
      if (existing) return view(existing);
      const fails = request.account.number === options.failAccount;
      const outcome: PayoutResult = {
        providerReference: `pout_sbx${randomBytes(7).toString("hex")}`,
        loanId: request.loanId,
        status: fails ? "FAILED" : "SUCCESS",
        utr: fails ? null : `SBXN${Date.now().toString().slice(-8)}${randomBytes(2).toString("hex").toUpperCase()}`,
        failureReason: fails ? "Beneficiary account is closed or invalid." : null,
      };
      const stored = { ...outcome, amountPaise: request.amountPaise, settled: Promise.resolve() };
      byKey.set(request.idempotencyKey, stored);
      byRef.set(stored.providerReference, stored);
      stored.settled = settle(stored);
      return { ...view(stored), status: "PENDING", utr: null, failureReason: null };
    },
    async status(providerReference) {
      const stored = byRef.get(providerReference);
      if (!stored) return { providerReference, loanId: "", status: "FAILED", utr: null, failureReason: "Unknown payout." };
      return view(stored);
    },
    parseWebhook: (delivery) => parseRazorpayxWebhook(SANDBOX_PAYOUT_SECRET, delivery),
  };

  function view(s: Stored): PayoutResult {
    return { providerReference: s.providerReference, loanId: s.loanId, status: s.status, utr: s.utr, failureReason: s.failureReason };
  }

  return {
    port,
    setWebhookReceiver(fn: PayoutWebhookReceiver) {
      receiver = fn;
    },
    /** Resolves once the payout's webhook has been handled (tests await this instead of sleeping). */
    settled(providerReference: string): Promise<void> {
      return byRef.get(providerReference)?.settled ?? Promise.resolve();
    },
  };
}

export type SandboxPayout = ReturnType<typeof createSandboxPayout>;
