// The sandbox mandate provider (issue 24): a local stand-in for Razorpay recurring payments. Tokens and
// debits live in the database (sandbox_mandate_tokens / _debits), so any instance answers; a hosted page
// at /sandbox/mandates/:registrationId lets the customer approve, decline or close; every outcome is a
// webhook in Razorpay's shape, signed with the sandbox secret and read by the production parser.
// Test accounts: debits on a mandate of account 333333333333 fail for insufficient funds.
import { formatPaise } from "../../../core/money.ts";
import { and, asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { Db } from "../../db/client.ts";
import { sandboxMandateDebits, sandboxMandateTokens } from "../../db/schema/index.ts";
import { escapeHtml, randomId, sandboxPage, sandboxPageCsp } from "../payments/shared.ts";
import { mandateWebhookSignature, parseRazorpayMandateWebhook, MandateProviderError, type DebitResult, type MandatePort } from "./port.ts";

/** Not a secret: the sandbox's test key, as the other sandboxes have. */
export const SANDBOX_MANDATE_SECRET = "sandbox-mandate-webhook-secret";
export const SANDBOX_MANDATE_BASE = "/sandbox/mandates";
/** A mandate on this account is approved, but each of its debits fails for insufficient funds. */
export const SANDBOX_MANDATE_NO_FUNDS_ACCOUNT = "333333333333";
export const SANDBOX_NO_FUNDS_REASON = "Insufficient funds in the customer's account.";
export const SANDBOX_REVOKED_REASON = "The customer revoked the mandate at the bank.";
export const SANDBOX_DECLINED_REASON = "The customer declined the mandate in the UPI app.";

export type MandateWebhookReceiver = (delivery: { rawBody: string; headers: Record<string, string> }) => Promise<void>;

type TokenRow = typeof sandboxMandateTokens.$inferSelect;
type DebitRow = typeof sandboxMandateDebits.$inferSelect;

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

  const tokenEntity = (t: TokenRow, status: string) => ({
    id: t.tokenId,
    entity: "token",
    method: t.method === "upi" ? "upi" : "emandate",
    customer_id: t.customerId,
    recurring: true,
    recurring_details: { status, failure_reason: t.failureReason },
    max_amount: Number(t.maxAmountPaise),
  });
  const paymentEntity = (d: DebitRow) => ({
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
  const debitResult = (d: DebitRow): DebitResult => ({
    orderId: d.orderId,
    paymentId: d.paymentId,
    state: d.status === "captured" ? "SUCCESS" : d.status === "failed" ? "FAILED" : "PENDING",
    amountPaise: Number(d.amountPaise),
    failureReason: d.failureReason,
    capturedAt: d.status === "captured" ? d.createdAt : null,
  });

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

  const port: MandatePort = {
    provider: "sandbox",
    async register(request) {
      if (!request.account) throw new MandateProviderError("invalid_request", "The sandbox needs the mandate's bank account.");
      const at = now();
      const registrationId = randomId("inv_sbx");
      const customerId = `cust_sbx${request.customer.mobile.slice(-10)}`;
      await db.insert(sandboxMandateTokens).values({
        registrationId,
        customerId,
        reference: request.reference,
        method: request.method,
        maxAmountPaise: request.maxAmountPaise,
        accountLast4: request.account.number.slice(-4),
        status: "created",
        failDebits: request.account.number === SANDBOX_MANDATE_NO_FUNDS_ACCOUNT,
        returnUrl: request.returnUrl,
        createdAt: at,
        updatedAt: at,
      });
      return { providerCustomerId: customerId, registrationId, url: `${options.origin ?? ""}${SANDBOX_MANDATE_BASE}/${registrationId}` };
    },
    async status({ registrationId }) {
      const t = await tokenOf(registrationId);
      if (!t) throw new MandateProviderError("not_found", "No such registration.");
      const state = t.status === "confirmed" ? "ACTIVE" : t.status === "rejected" ? "REJECTED" : t.status === "cancelled" ? "CANCELLED" : "PENDING";
      return { registrationId, tokenId: t.tokenId, state, failureReason: t.failureReason };
    },
    async presentDebit(request) {
      const [t] = await db.select().from(sandboxMandateTokens).where(eq(sandboxMandateTokens.tokenId, request.tokenId));
      if (!t) throw new MandateProviderError("not_found", "No such token.");
      // The same receipt twice answers the first debit (no second charge).
      const [seen] = await db.select().from(sandboxMandateDebits).where(eq(sandboxMandateDebits.receipt, request.reference));
      if (seen) return debitResult(seen);
      if (request.amountPaise > Number(t.maxAmountPaise)) throw new MandateProviderError("invalid_request", "The amount is above the mandate's maximum.");
      const failure = t.status !== "confirmed" ? SANDBOX_REVOKED_REASON : t.failDebits ? SANDBOX_NO_FUNDS_REASON : null;
      const [row] = await db
        .insert(sandboxMandateDebits)
        .values({
          paymentId: randomId("pay_sbx"),
          orderId: randomId("order_sbx"),
          receipt: request.reference,
          tokenId: request.tokenId,
          customerId: t.customerId,
          amountPaise: request.amountPaise,
          status: failure ? "failed" : "captured",
          failureReason: failure,
          createdAt: now(),
        })
        .returning();
      await deliver(failure ? "payment.failed" : "payment.captured", { payment: { entity: paymentEntity(row) } }, row.paymentId);
      return { ...debitResult(row), state: "PENDING", failureReason: null, capturedAt: null };
    },
    async debitStatus({ orderId }) {
      const [d] = await db.select().from(sandboxMandateDebits).where(eq(sandboxMandateDebits.orderId, orderId));
      if (!d) return { orderId, paymentId: null, state: "PENDING", amountPaise: 0, failureReason: null, capturedAt: null };
      return debitResult(d);
    },
    async cancel({ tokenId }) {
      const [row] = await db
        .update(sandboxMandateTokens)
        .set({ status: "cancelled", updatedAt: now() })
        .where(and(eq(sandboxMandateTokens.tokenId, tokenId), eq(sandboxMandateTokens.status, "confirmed")))
        .returning();
      if (row) await deliver("token.cancelled", { token: { entity: tokenEntity(row, "cancelled") } });
    },
    parseWebhook: (delivery) => parseRazorpayMandateWebhook(SANDBOX_MANDATE_SECRET, delivery),
  };

  function pageFor(t: TokenRow): string {
    const base = `${SANDBOX_MANDATE_BASE}/${encodeURIComponent(t.registrationId)}`;
    const how = t.method === "upi" ? "UPI Autopay (your UPI app, by intent or QR)" : "e-NACH (net banking or debit card)";
    const open = t.status === "created";
    const facts = `<dl><dt>Mandate</dt><dd>${escapeHtml(how)}</dd><dt>Maximum per debit</dt><dd>${formatPaise(Number(t.maxAmountPaise), { decimals: 2 })}</dd>
<dt>Bank account</dt><dd>XXXXXXXX${escapeHtml(t.accountLast4 ?? "")}</dd><dt>Frequency</dt><dd>As presented</dd></dl>`;
    const form = open
      ? `<form method="post" action="${base}/answer"><button type="submit" name="choice" value="approve">Approve mandate</button>
<button type="submit" name="choice" value="decline" class="secondary">Decline</button>
<button type="submit" name="choice" value="close" class="secondary">Close without answering</button></form>`
      : `<p>This mandate request has already been answered (${escapeHtml(t.status)}).</p>`;
    return sandboxPage({
      gateway: "Razorpay recurring",
      title: "Approve your AutoPay mandate",
      body: `<div class="card">${facts}</div><div class="card">${form}</div>`,
    });
  }

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
      const routes = new Hono();
      routes.use("*", async (c, next) => {
        await next();
        c.res.headers.set("Cache-Control", "no-store");
        c.res.headers.set("X-Robots-Tag", "noindex");
        c.res.headers.set("Content-Security-Policy", sandboxPageCsp());
      });
      routes.get("/:id", async (c) => {
        const t = await tokenOf(c.req.param("id"));
        if (!t) return c.html(sandboxPage({ gateway: "Razorpay recurring", title: "Not found", body: "<p>No such mandate request.</p>" }), 404);
        return c.html(pageFor(t));
      });
      routes.post("/:id/answer", async (c) => {
        const id = c.req.param("id");
        const form = await c.req.parseBody();
        const choice = form.choice === "approve" || form.choice === "decline" || form.choice === "close" ? form.choice : null;
        const before = await tokenOf(id);
        if (!before || !choice) return c.html(sandboxPage({ gateway: "Razorpay recurring", title: "Not found", body: "<p>No such mandate request.</p>" }), 404);
        await answer(id, choice);
        // Back to the lender, as Razorpay's callback_url: the lender asks the provider what happened.
        const outcome = choice === "approve" ? "approved" : choice === "decline" ? "declined" : "closed";
        const target = new URL(before.returnUrl, "http://sandbox.invalid");
        target.searchParams.set("registration_id", id);
        target.searchParams.set("outcome", outcome);
        return c.redirect(before.returnUrl.startsWith("http") ? target.toString() : `${target.pathname}${target.search}`, 303);
      });
      return routes;
    },
  };
}

export type SandboxMandates = ReturnType<typeof createSandboxMandates>;
