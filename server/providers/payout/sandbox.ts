// The sandbox payout provider (decision 21): accepts a payout, then, a moment later, sends a webhook
// signed with the sandbox secret in RazorpayX's shape, so the production verification code runs.
// The configured failing account number gets a failure; any other account is paid with a UTR.
import { randomBytes } from "node:crypto";
import { createMemorySandboxStore, type SandboxStore } from "../sandbox-store.ts";
import { parseRazorpayxWebhook, payoutSignature, type PayoutPort, type PayoutResult } from "./port.ts";

/** Not a secret: the sandbox's test key, as the other sandboxes have. */
export const SANDBOX_PAYOUT_SECRET = "sandbox-payout-webhook-secret";

export type PayoutWebhookReceiver = (delivery: { rawBody: string; headers: Record<string, string> }) => Promise<void>;

type Stored = PayoutResult & { amountPaise: number };

const BY_KEY = "payout-key";
const BY_REF = "payout-ref";
const TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Payouts live in `store` (the database when the server runs): idempotency and status() hold across instances. */
export function createSandboxPayout(options: { failAccount: string; store?: SandboxStore }) {
  const store = options.store ?? createMemorySandboxStore();
  let receiver: PayoutWebhookReceiver | null = null;
  // Only this process's webhook deliveries, for tests to await; not state anyone else needs.
  const settling = new Map<string, Promise<void>>();

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
      const known = await store.get<string>(BY_KEY, request.idempotencyKey);
      const existing = known ? await store.get<Stored>(BY_REF, known) : null;
      if (existing) return view(existing);
      const fails = request.account.number === options.failAccount;
      const outcome: PayoutResult = {
        providerReference: `pout_sbx${randomBytes(7).toString("hex")}`,
        loanId: request.loanId,
        status: fails ? "FAILED" : "SUCCESS",
        utr: fails ? null : `SBXN${Date.now().toString().slice(-8)}${randomBytes(2).toString("hex").toUpperCase()}`,
        failureReason: fails ? "Beneficiary account is closed or invalid." : null,
      };
      const stored: Stored = { ...outcome, amountPaise: request.amountPaise };
      await store.put(BY_REF, stored.providerReference, stored, TTL_MS);
      // The same idempotency key on two instances at once: the first one wins, the other answers its payout.
      if (!(await store.add(BY_KEY, request.idempotencyKey, stored.providerReference, TTL_MS))) {
        const winner = await store.get<string>(BY_KEY, request.idempotencyKey);
        const first = winner ? await store.get<Stored>(BY_REF, winner) : null;
        if (first) return view(first);
      }
      const settled = settle(stored).finally(() => settling.delete(stored.providerReference));
      settling.set(stored.providerReference, settled);
      return { ...view(stored), status: "PENDING", utr: null, failureReason: null };
    },
    async status(providerReference) {
      const stored = await store.get<Stored>(BY_REF, providerReference);
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
      return settling.get(providerReference) ?? Promise.resolve();
    },
  };
}

export type SandboxPayout = ReturnType<typeof createSandboxPayout>;
