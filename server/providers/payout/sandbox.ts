// The sandbox payout provider (decision 21): accepts a payout, then, a moment later, sends a webhook
// signed with the sandbox secret in RazorpayX's shape, so the production verification code runs.
// Test accounts (issue 20): the configured failing account gets a failure; 555555555555 is accepted
// but the create call times out (the payout goes on and is paid); 444444444444 is paid, then reversed
// a few seconds later (a second signed webhook, payout.reversed). Any other account is paid with a UTR.
import { randomBytes } from "node:crypto";
import { createMemorySandboxStore, type SandboxStore } from "../sandbox-store.ts";
import { parseRazorpayxWebhook, payoutSignature, PayoutError, type PayoutPort, type PayoutResult, type PayoutStatus } from "./port.ts";

/** Not a secret: the sandbox's test key, as the other sandboxes have. */
export const SANDBOX_PAYOUT_SECRET = "sandbox-payout-webhook-secret";
/** Accepted by the provider, but the create call times out. */
export const SANDBOX_TIMEOUT_ACCOUNT = "555555555555";
/** Paid, then reversed by the beneficiary's bank a few seconds later. */
export const SANDBOX_REVERSE_ACCOUNT = "444444444444";
export const SANDBOX_REVERSAL_REASON = "The beneficiary bank returned the payout: account is dormant.";

export type PayoutWebhookReceiver = (delivery: { rawBody: string; headers: Record<string, string> }) => Promise<void>;

type Stored = PayoutResult & { amountPaise: number; accountLast4: string; idempotencyKey: string };

/** What the sandbox provider has paid (GET /dev/payouts.json), so a test can count payouts at the provider. */
export type SandboxPayoutRecord = { accountLast4: string; amountPaise: number; idempotencyKey: string; status: PayoutStatus; utr: string | null };

const BY_KEY = "payout-key";
const BY_REF = "payout-ref";
const TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Payouts live in `store` (the database when the server runs): idempotency and status() hold across instances. */
export function createSandboxPayout(options: {
  failAccount: string;
  store?: SandboxStore;
  /** Schedules the late events (default: a timer, unref'd); tests pass their own. */
  schedule?: (run: () => void, ms: number) => void;
  /** A 444444444444 payout is reversed this long after it was processed. */
  reverseAfterMs?: number;
  /** A 555555555555 payout's webhook comes this long after the call timed out (2 minutes, so a person or a test on a busy machine sees it unknown and checks first). */
  lateWebhookMs?: number;
}) {
  const store = options.store ?? createMemorySandboxStore();
  const schedule = options.schedule ?? ((run: () => void, ms: number) => void setTimeout(run, ms).unref());
  let receiver: PayoutWebhookReceiver | null = null;
  // Only this process's webhook deliveries, for tests to await; not state anyone else needs.
  const settling = new Map<string, Promise<void>>();
  const reversing = new Map<string, Promise<void>>();
  // This process's payouts, newest last, for /dev/payouts.json (the store cannot list).
  const made: string[] = [];

  function deliver(stored: Stored, event: "payout.processed" | "payout.failed" | "payout.reversed"): Promise<void> {
    const status = { "payout.processed": "processed", "payout.failed": "failed", "payout.reversed": "reversed" }[event];
    const entity = {
      id: stored.providerReference,
      entity: "payout",
      reference_id: stored.idempotencyKey,
      amount: stored.amountPaise,
      currency: "INR",
      status,
      utr: stored.utr,
      notes: { loan_id: stored.loanId },
      status_details: stored.failureReason ? { description: stored.failureReason, source: "beneficiary_bank", reason: "beneficiary_bank_failure" } : null,
    };
    const rawBody = JSON.stringify({ entity: "event", event, payload: { payout: { entity } } });
    const headers = { "content-type": "application/json", "x-razorpay-signature": payoutSignature(SANDBOX_PAYOUT_SECRET, rawBody) };
    // A receiver that throws does not break the provider; the payout stays readable by status().
    return Promise.resolve(receiver?.({ rawBody, headers })).then(
      () => undefined,
      () => undefined,
    );
  }

  function settle(stored: Stored): Promise<void> {
    return new Promise<void>((resolve) => {
      // Asynchronous like the real provider: the webhook arrives after create() has answered.
      setImmediate(() => {
        void deliver(stored, stored.status === "SUCCESS" || stored.status === "REVERSED" ? "payout.processed" : "payout.failed").then(() => {
          if (stored.status === "REVERSED") scheduleReversal(stored);
          resolve();
        });
      });
    });
  }

  function scheduleReversal(stored: Stored) {
    const done = new Promise<void>((resolve) => {
      schedule(() => {
        const reversed: Stored = { ...stored, status: "REVERSED", failureReason: SANDBOX_REVERSAL_REASON };
        void store
          .put(BY_REF, stored.providerReference, reversed, TTL_MS)
          .then(() => deliver(reversed, "payout.reversed"))
          .then(resolve, resolve);
      }, options.reverseAfterMs ?? 3000);
    });
    reversing.set(stored.providerReference, done);
  }

  const port: PayoutPort = {
    provider: "sandbox",
    async create(request) {
      const known = await store.get<string>(BY_KEY, request.idempotencyKey);
      const existing = known ? await store.get<Stored>(BY_REF, known) : null;
      if (existing) return view(existing);
      const number = request.account.number;
      const fails = number === options.failAccount;
      const stored: Stored = {
        providerReference: `pout_sbx${randomBytes(7).toString("hex")}`,
        loanId: request.loanId,
        reference: request.idempotencyKey,
        // A payout that will be reversed is processed first; status() says SUCCESS until the reversal.
        status: fails ? "FAILED" : "SUCCESS",
        utr: fails ? null : `SBXN${Date.now().toString().slice(-8)}${randomBytes(2).toString("hex").toUpperCase()}`,
        failureReason: fails ? "Beneficiary account is closed or invalid." : null,
        amountPaise: request.amountPaise,
        accountLast4: number.slice(-4),
        idempotencyKey: request.idempotencyKey,
      };
      await store.put(BY_REF, stored.providerReference, stored, TTL_MS);
      // The same idempotency key on two instances at once: the first one wins, the other answers its payout.
      if (!(await store.add(BY_KEY, request.idempotencyKey, stored.providerReference, TTL_MS))) {
        const winner = await store.get<string>(BY_KEY, request.idempotencyKey);
        const first = winner ? await store.get<Stored>(BY_REF, winner) : null;
        if (first) return view(first);
      }
      made.push(stored.providerReference);
      const outcome: Stored = number === SANDBOX_REVERSE_ACCOUNT ? { ...stored, status: "REVERSED" } : stored;
      const late = number === SANDBOX_TIMEOUT_ACCOUNT;
      const settled = (
        late ? new Promise<void>((resolve) => schedule(() => void settle(outcome).then(resolve), options.lateWebhookMs ?? 120_000)) : settle(outcome)
      ).finally(() => settling.delete(stored.providerReference));
      settling.set(stored.providerReference, settled);
      // Accepted and going ahead, but the caller never hears it.
      if (number === SANDBOX_TIMEOUT_ACCOUNT) throw new PayoutError("timeout", "The payout provider did not answer in time.");
      return { ...view(stored), status: "PENDING", utr: null, failureReason: null };
    },
    async status(providerReference) {
      const stored = await store.get<Stored>(BY_REF, providerReference);
      if (!stored) return { providerReference, loanId: "", status: "FAILED", utr: null, failureReason: "Unknown payout." };
      return view(stored);
    },
    async statusByKey(idempotencyKey) {
      const ref = await store.get<string>(BY_KEY, idempotencyKey);
      const stored = ref ? await store.get<Stored>(BY_REF, ref) : null;
      return stored ? view(stored) : null;
    },
    parseWebhook: (delivery) => parseRazorpayxWebhook(SANDBOX_PAYOUT_SECRET, delivery),
  };

  function view(s: Stored): PayoutResult {
    return {
      providerReference: s.providerReference,
      loanId: s.loanId,
      reference: s.idempotencyKey,
      status: s.status,
      utr: s.utr,
      failureReason: s.failureReason,
    };
  }

  return {
    port,
    setWebhookReceiver(fn: PayoutWebhookReceiver) {
      receiver = fn;
    },
    /** Resolves once the payout's first webhook has been handled (tests await this instead of sleeping). */
    settled(providerReference: string): Promise<void> {
      return settling.get(providerReference) ?? Promise.resolve();
    },
    /** Resolves once a 444444444444 payout's reversal webhook has been handled. */
    reversed(providerReference: string): Promise<void> {
      return reversing.get(providerReference) ?? Promise.resolve();
    },
    /** This process's payouts at the provider, oldest first. */
    async payouts(): Promise<SandboxPayoutRecord[]> {
      const rows = await Promise.all(made.map((ref) => store.get<Stored>(BY_REF, ref)));
      return rows
        .filter((s): s is Stored => s !== null)
        .map((s) => ({ accountLast4: s.accountLast4, amountPaise: s.amountPaise, idempotencyKey: s.idempotencyKey, status: s.status, utr: s.utr }));
    },
  };
}

export type SandboxPayout = ReturnType<typeof createSandboxPayout>;
