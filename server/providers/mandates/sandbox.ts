// The sandbox mandate provider (issue 24): a local stand-in for Razorpay recurring payments. Tokens and
// debits live in the database (sandbox_mandate_tokens / _debits), so any instance answers; a hosted page
// at /sandbox/mandates/:registrationId lets the customer approve, decline or close; every outcome is a
// webhook in Razorpay's shape, signed with the sandbox secret and read by the production parser.
// Test accounts: debits on a mandate of account 333333333333 fail for insufficient funds.
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sandboxMandateDebits, sandboxMandateTokens } from "../../db/schema/index.ts";
import { randomId } from "../payments/shared.ts";
import { mandateWebhookSignature } from "./port.ts";
import { sandboxMandateRoutes } from "./sandbox-page.ts";
import { createSandboxMandatePort } from "./sandbox-port.ts";
import { SANDBOX_DECLINED_REASON, SANDBOX_MANDATE_SECRET, tokenEntity, type TokenRow } from "./sandbox-shared.ts";

export {
  SANDBOX_DECLINED_REASON,
  SANDBOX_MANDATE_BASE,
  SANDBOX_MANDATE_NO_FUNDS_ACCOUNT,
  SANDBOX_MANDATE_SECRET,
  SANDBOX_NO_FUNDS_REASON,
  SANDBOX_REVOKED_REASON,
} from "./sandbox-shared.ts";

export type MandateWebhookReceiver = (delivery: { rawBody: string; headers: Record<string, string> }) => Promise<void>;

export function createSandboxMandates(options: { db: Db; now?: () => Date; origin?: string }) {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  let receiver: MandateWebhookReceiver | null = null;
  // This process's webhook deliveries in flight, for tests to await instead of sleeping.
  const inFlight = new Set<Promise<void>>();
  // The last delivery of each payment, so a test can send it again (a provider's retry).
  const lastDelivery = new Map<string, { rawBody: string; headers: Record<string, string> }>();

  function deliver(event: string, payload: Record<string, unknown>, key?: string): Promise<void> {
    const rawBody = JSON.stringify({ entity: "event", event, contains: Object.keys(payload), payload, created_at: Math.floor(now().getTime() / 1000) });
    const headers = {
      "content-type": "application/json",
      "x-razorpay-signature": mandateWebhookSignature(SANDBOX_MANDATE_SECRET, rawBody),
      "x-razorpay-event-id": randomId("evt_sbx"),
    };
    if (key) lastDelivery.set(key, { rawBody, headers });
    return send({ rawBody, headers });
  }

  function send(delivery: { rawBody: string; headers: Record<string, string> }): Promise<void> {
    // Asynchronous like the real provider; a receiver that throws does not break the provider.
    const done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => receiver?.(delivery))
      .then(
        () => undefined,
        () => undefined,
      );
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
    return done;
  }

  async function tokenOf(registrationId: string): Promise<TokenRow | null> {
    const [row] = await db.select().from(sandboxMandateTokens).where(eq(sandboxMandateTokens.registrationId, registrationId));
    return row ?? null;
  }

  /** The customer's answer on the hosted page; only a `created` registration can be answered, once. */
  async function answer(registrationId: string, choice: "approve" | "decline" | "close"): Promise<TokenRow | null> {
    const at = now();
    if (choice === "close") return tokenOf(registrationId);
    const set =
      choice === "approve"
        ? { status: "confirmed" as const, tokenId: randomId("token_sbx"), updatedAt: at }
        : { status: "rejected" as const, tokenId: randomId("token_sbx"), failureReason: SANDBOX_DECLINED_REASON, updatedAt: at };
    const [row] = await db
      .update(sandboxMandateTokens)
      .set(set)
      .where(and(eq(sandboxMandateTokens.registrationId, registrationId), eq(sandboxMandateTokens.status, "created")))
      .returning();
    if (!row) return null;
    await deliver(choice === "approve" ? "token.confirmed" : "token.rejected", { token: { entity: tokenEntity(row, row.status) } });
    return row;
  }

  const port = createSandboxMandatePort({ db, now, origin: options.origin, tokenOf, deliver });

  return {
    port,
    setWebhookReceiver(fn: MandateWebhookReceiver | null) {
      receiver = fn;
    },
    /** Resolves once every webhook this process has sent so far has been handled. */
    async settled(): Promise<void> {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    /** Sends a payment's last webhook again, with the same event id (a provider's retry). */
    redeliver(paymentId: string): Promise<void> {
      const last = lastDelivery.get(paymentId);
      return last ? send(last) : Promise.resolve();
    },
    /** The customer revokes the mandate at their bank or UPI app: the token is cancelled and a webhook says so. */
    async revokeAtBank(tokenId: string) {
      await port.cancel({ providerCustomerId: "", tokenId });
    },
    answer,
    /** Every mandate and debit at the provider (GET /dev/mandates.json), oldest first; account numbers masked. */
    async list() {
      const tokens = await db.select().from(sandboxMandateTokens).orderBy(asc(sandboxMandateTokens.createdAt));
      const debits = await db.select().from(sandboxMandateDebits).orderBy(asc(sandboxMandateDebits.createdAt));
      return {
        mandates: tokens.map((t) => ({
          registration_id: t.registrationId,
          reference: t.reference,
          token_id: t.tokenId,
          method: t.method,
          status: t.status,
          max_amount_paise: Number(t.maxAmountPaise),
          account_last4: t.accountLast4,
          failure_reason: t.failureReason,
        })),
        debits: debits.map((d) => ({
          payment_id: d.paymentId,
          order_id: d.orderId,
          receipt: d.receipt,
          token_id: d.tokenId,
          amount_paise: Number(d.amountPaise),
          status: d.status,
          failure_reason: d.failureReason,
          created_at: d.createdAt.toISOString(),
        })),
      };
    },
    /** The hosted approval page (never mounted in production mode). */
    routes() {
      return sandboxMandateRoutes({ tokenOf, answer });
    },
  };
}

export type SandboxMandates = ReturnType<typeof createSandboxMandates>;
