// A local Razorpay (off in production mode), mounted under /sandbox/razorpay:
// - the REST API the production adapter calls (/v1/orders, /v1/payments), Basic auth with test keys;
// - checkout.js, which defines `new Razorpay(options).open()` like the real script and opens an overlay;
// - the overlay's endpoints: read the order, make the payment, answer with the handler's signed fields;
// - payment.captured and order.paid (or payment.failed) webhooks, signed over the raw body, to a receiver.
import { readFileSync } from "node:fs";
import { Hono, type Context } from "hono";
import { createMemorySandboxStore, type SandboxStore } from "../../sandbox-store.ts";
import { isIsoDate } from "../../../../core/calendar.ts";
import { sandboxCaptureIndex, sandboxSettlementFigures, sandboxSettlementRef } from "../settlement.ts";
import { inProcessFetch, randomId, storeMap, type WebhookReceiver } from "../shared.ts";
import type { RazorpayReconItem } from "./settlement-recon.ts";
import {
  razorpayOrderProblems,
  razorpayPaymentSignature,
  razorpayWebhookSignature,
  type RazorpayCheckoutResult,
  type RazorpayOrder,
  type RazorpayPayment,
  type RazorpayRefund,
  type RazorpayWebhookEvent,
} from "./port.ts";
import { createRazorpayGateway } from "./razorpay.ts";

export const SANDBOX_RAZORPAY_BASE = "/sandbox/razorpay";
/** Test credentials; Razorpay's test keys start with rzp_test_. */
export const SANDBOX_RAZORPAY_KEY_ID = "rzp_test_SOTsandbox0001";
export const SANDBOX_RAZORPAY_KEY_SECRET = "sandbox-razorpay-key-secret";
export const SANDBOX_RAZORPAY_WEBHOOK_SECRET = "sandbox-razorpay-webhook-secret";
const SANDBOX_ACCOUNT = "acc_SOTsandbox0001";

const checkoutScript = readFileSync(new URL("./sandbox-checkout.js", import.meta.url), "utf8");

export type RazorpayPaymentMethod = "upi" | "card" | "netbanking";
/** How the sandbox delivers the webhooks of one payment, to exercise de-duplication and ordering. */
export type SandboxWebhookMode = "normal" | "duplicate" | "reversed" | "none";

type PayOutcome = { ok: true; result: RazorpayCheckoutResult } | { ok: false; status: 400; error: RazorpayError["error"] };
interface RazorpayError {
  error: { code: string; description: string; source?: string; step?: string; reason?: string; field?: string; metadata?: Record<string, string> };
}

const badRequest = (description: string, extra: Partial<RazorpayError["error"]> = {}): RazorpayError => ({
  error: { code: "BAD_REQUEST_ERROR", description, source: "NA", step: "NA", reason: "NA", ...extra },
});

export function createSandboxRazorpay(options: { origin: string; now?: () => Date; store?: SandboxStore }) {
  const now = options.now ?? (() => new Date());
  const seconds = () => Math.floor(now().getTime() / 1000);
  const store = options.store ?? createMemorySandboxStore();
  const orders = storeMap<RazorpayOrder>(store, "razorpay-order");
  const payments = storeMap<RazorpayPayment>(store, "razorpay-payment");
  const orderPayments = storeMap<string[]>(store, "razorpay-order-payments");
  // Refunds: by id, each payment's list, and the idempotency keys seen (key -> refund id and the body it came with).
  const refunds = storeMap<RazorpayRefund>(store, "razorpay-refund");
  const paymentRefunds = storeMap<string[]>(store, "razorpay-payment-refunds");
  const refundKeys = storeMap<{ refundId: string; body: string }>(store, "razorpay-refund-key");
  let receiver: WebhookReceiver | null = null;
  const captures = sandboxCaptureIndex(store, "razorpay", now);
  // Refunds are kept back from the next day's settlement as refund lines (issue 29), as Razorpay does.
  const refunded = sandboxCaptureIndex(store, "razorpay-refund", now);

  async function deliver(events: RazorpayWebhookEvent[], mode: SandboxWebhookMode) {
    if (mode === "none") return;
    for (const event of mode === "reversed" ? [...events].reverse() : events) {
      const rawBody = JSON.stringify(event);
      const headers = {
        "content-type": "application/json",
        "x-razorpay-event-id": randomId("evt_", 14),
        "x-razorpay-signature": razorpayWebhookSignature(SANDBOX_RAZORPAY_WEBHOOK_SECRET, rawBody),
      };
      // "duplicate": the same event id and bytes again, as Razorpay retries after a slow answer.
      for (let i = 0; i < (mode === "duplicate" ? 2 : 1); i++) {
        // A receiver that fails must not fail the customer's checkout; Razorpay would retry later.
        try {
          await receiver?.({ rawBody, headers: { ...headers } });
        } catch {
          /* the receiver logs its own errors */
        }
      }
    }
  }

  const event = (name: string, payment: RazorpayPayment, order?: RazorpayOrder): RazorpayWebhookEvent => ({
    entity: "event",
    account_id: SANDBOX_ACCOUNT,
    event: name,
    contains: order ? ["payment", "order"] : ["payment"],
    payload: { payment: { entity: { ...payment } }, ...(order ? { order: { entity: { ...order } } } : {}) },
    created_at: seconds(),
  });

  /** One payment attempt on an order, as the overlay makes it. */
  async function pay(input: {
    keyId: string;
    orderId: string;
    method: RazorpayPaymentMethod;
    succeed: boolean;
    webhooks?: SandboxWebhookMode;
  }): Promise<PayOutcome> {
    if (input.keyId !== SANDBOX_RAZORPAY_KEY_ID) return { ok: false, status: 400, error: badRequest("The api key provided is invalid").error };
    const order = await orders.get(input.orderId);
    if (!order) return { ok: false, status: 400, error: badRequest("The id provided does not exist", { field: "order_id" }).error };
    if (order.status === "paid") return { ok: false, status: 400, error: badRequest("Order has already been paid", { field: "order_id" }).error };
    const payment: RazorpayPayment = {
      id: randomId("pay_"),
      order_id: order.id,
      amount: order.amount,
      currency: order.currency,
      status: input.succeed ? "captured" : "failed",
      method: input.method,
      captured: input.succeed,
      error_code: input.succeed ? null : "BAD_REQUEST_ERROR",
      error_description: input.succeed ? null : "Your payment could not be completed as this transaction was declined by the bank (sandbox).",
      created_at: seconds(),
    };
    await payments.set(payment.id, payment);
    await orderPayments.set(order.id, [...((await orderPayments.get(order.id)) ?? []), payment.id]);
    const mode = input.webhooks ?? "normal";
    if (!input.succeed) {
      await orders.set(order.id, { ...order, attempts: order.attempts + 1, status: "attempted" });
      await deliver([event("payment.failed", payment)], mode);
      return {
        ok: false,
        status: 400,
        error: {
          code: "BAD_REQUEST_ERROR",
          description: payment.error_description!,
          source: "bank",
          step: "payment_authorization",
          reason: "payment_failed",
          metadata: { order_id: order.id, payment_id: payment.id },
        },
      };
    }
    const paid: RazorpayOrder = { ...order, attempts: order.attempts + 1, status: "paid", amount_paid: order.amount, amount_due: 0 };
    await orders.set(order.id, paid);
    await captures.captured(payment.id);
    await deliver([event("payment.captured", payment), event("order.paid", payment, paid)], mode);
    return {
      ok: true,
      result: {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: razorpayPaymentSignature(SANDBOX_RAZORPAY_KEY_SECRET, order.id, payment.id),
      },
    };
  }

  const routes = new Hono();
  routes.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
  });

  // The REST API, as the production adapter calls it.
  const api = new Hono();
  api.use("*", async (c, next) => {
    const expected = `Basic ${Buffer.from(`${SANDBOX_RAZORPAY_KEY_ID}:${SANDBOX_RAZORPAY_KEY_SECRET}`).toString("base64")}`;
    if (c.req.header("authorization") !== expected) return c.json(badRequest("The api key provided is invalid"), 401);
    await next();
  });
  api.post("/orders", async (c) => {
    let body: { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: unknown };
    try {
      body = await c.req.json();
    } catch {
      return c.json(badRequest("The request body is not valid JSON"), 400);
    }
    if (body?.currency !== "INR") return c.json(badRequest("The currency must be INR in this sandbox", { field: "currency" }), 400);
    const notes = body.notes && typeof body.notes === "object" && !Array.isArray(body.notes) ? (body.notes as Record<string, string>) : {};
    const problems = razorpayOrderProblems({ amountPaise: body.amount as number, receipt: body.receipt as string, notes });
    if (problems.length) return c.json(badRequest(problems[0]!, { field: problems[0]!.split(" ")[0] }), 400);
    const order: RazorpayOrder = {
      id: randomId("order_"),
      amount: body.amount as number,
      amount_paid: 0,
      amount_due: body.amount as number,
      currency: "INR",
      receipt: body.receipt as string,
      status: "created",
      attempts: 0,
      notes,
      created_at: seconds(),
    };
    await orders.set(order.id, order);
    return c.json({ ...order, entity: "order", offer_id: null });
  });
  const orderOr400 = async (c: Context, id: string) => {
    const order = await orders.get(id);
    return order ? c.json({ ...order, entity: "order" }) : c.json(badRequest("The id provided does not exist"), 400);
  };
  api.get("/orders/:id", (c) => orderOr400(c, c.req.param("id")));
  api.get("/orders/:id/payments", async (c) => {
    const id = c.req.param("id");
    if (!(await orders.has(id))) return c.json(badRequest("The id provided does not exist"), 400);
    const found = await Promise.all(((await orderPayments.get(id)) ?? []).map((paymentId) => payments.get(paymentId)));
    const items = found.filter((p) => p !== undefined).map((p) => ({ ...p, entity: "payment" }));
    return c.json({ entity: "collection", count: items.length, items });
  });
  api.get("/payments/:id", async (c) => {
    const payment = await payments.get(c.req.param("id"));
    return payment ? c.json({ ...payment, entity: "payment" }) : c.json(badRequest("The id provided does not exist"), 400);
  });
  // The settlement recon API: the day's settlement (T+1, at 11:00 India time) of what was captured the day before.
  api.get("/settlements/recon/combined", async (c) => {
    const [year, month, day] = ["year", "month", "day"].map((k) => c.req.query(k) ?? "");
    const on = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
    if (!isIsoDate(on)) return c.json(badRequest("year, month and day must form a date (the sandbox reports one day at a time)"), 400);
    const skip = Math.max(0, Number(c.req.query("skip")) || 0);
    const count = Math.min(1000, Math.max(1, Number(c.req.query("count")) || 10));
    const ids = (await captures.settledOn(on)) ?? [];
    const settledAt = Math.floor(captures.settledAt(on).getTime() / 1000);
    const found = (await Promise.all(ids.map((id) => payments.get(id)))).filter((p) => p !== undefined);
    const items: RazorpayReconItem[] = found.map((p) => {
      const f = sandboxSettlementFigures(p.amount);
      return {
        entity_id: p.id,
        type: "payment",
        debit: 0,
        credit: f.netPaise,
        amount: p.amount,
        currency: "INR",
        fee: f.feePaise + f.taxPaise,
        tax: f.taxPaise,
        on_hold: false,
        settled: true,
        created_at: p.created_at,
        settled_at: settledAt,
        settlement_id: `setl_${sandboxSettlementRef("razorpay", on)}`,
        posted_at: settledAt,
        credit_type: "default",
        description: null,
        notes: "{}",
        payment_id: null,
        settlement_utr: sandboxSettlementRef("razorpay-utr", on, 16),
        order_id: p.order_id,
        order_receipt: null,
        method: p.method,
        card_network: null,
        card_issuer: null,
        card_type: null,
        dispute_id: null,
      };
    });
    for (const id of (await refunded.settledOn(on)) ?? []) {
      const r = await refunds.get(id);
      if (!r || r.status === "failed") continue;
      items.push({
        entity_id: r.id,
        type: "refund",
        debit: r.amount,
        credit: 0,
        amount: r.amount,
        currency: "INR",
        fee: 0,
        tax: 0,
        on_hold: false,
        settled: true,
        created_at: r.created_at,
        settled_at: settledAt,
        settlement_id: `setl_${sandboxSettlementRef("razorpay", on)}`,
        posted_at: settledAt,
        credit_type: "default",
        description: null,
        notes: "{}",
        payment_id: r.payment_id,
        settlement_utr: sandboxSettlementRef("razorpay-utr", on, 16),
        order_id: null,
        order_receipt: null,
        method: null,
        card_network: null,
        card_issuer: null,
        card_type: null,
        dispute_id: null,
      });
    }
    const page = items.slice(skip, skip + count);
    return c.json({ entity: "collection", count: page.length, items: page });
  });
  // Refunds (normal speed): pending when created, processed by the next look, as a bank takes a while.
  api.post("/payments/:id/refund", async (c) => {
    const payment = await payments.get(c.req.param("id"));
    if (!payment) return c.json(badRequest("The id provided does not exist"), 400);
    const raw = await c.req.text();
    let body: { amount?: unknown; speed?: unknown; receipt?: unknown; notes?: unknown };
    try {
      body = JSON.parse(raw);
    } catch {
      return c.json(badRequest("The request body is not valid JSON"), 400);
    }
    const key = c.req.header("x-refund-idempotency");
    if (key !== undefined && !/^[A-Za-z0-9_-]{10,}$/.test(key)) return c.json(badRequest("The idempotency key is invalid"), 400);
    if (key) {
      const seen = await refundKeys.get(key);
      if (seen && seen.body !== raw) return c.json(badRequest("Different request body sent with the same idempotency key"), 400);
      const earlier = seen ? await refunds.get(seen.refundId) : undefined;
      if (earlier) return c.json(earlier);
    }
    if (payment.status !== "captured" && payment.status !== "refunded")
      return c.json(badRequest("The payment has not been captured", { field: "payment_id" }), 400);
    const ids = (await paymentRefunds.get(payment.id)) ?? [];
    const already = (await Promise.all(ids.map((id) => refunds.get(id)))).reduce((s, r) => s + (r && r.status !== "failed" ? r.amount : 0), 0);
    const amount = body.amount === undefined ? payment.amount - already : body.amount;
    if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount < 100)
      return c.json(badRequest("The amount must be at least INR 1.00", { field: "amount" }), 400);
    if (amount > payment.amount - already) return c.json(badRequest("The refund amount provided is greater than amount captured", { field: "amount" }), 400);
    const refund: RazorpayRefund = {
      id: randomId("rfnd_"),
      entity: "refund",
      amount,
      currency: "INR",
      payment_id: payment.id,
      notes: body.notes && typeof body.notes === "object" && !Array.isArray(body.notes) ? (body.notes as Record<string, string>) : [],
      receipt: typeof body.receipt === "string" ? body.receipt : null,
      acquirer_data: { arn: null },
      created_at: seconds(),
      batch_id: null,
      status: "pending",
      speed_processed: "normal",
      speed_requested: "normal",
    };
    await refunds.set(refund.id, refund);
    await refunded.captured(refund.id);
    await paymentRefunds.set(payment.id, [...ids, refund.id]);
    if (key) await refundKeys.set(key, { refundId: refund.id, body: raw });
    return c.json(refund);
  });
  /** A pending refund is processed (with an ARN) by the time anyone looks again. */
  const processed = async (id: string) => {
    const refund = await refunds.get(id);
    if (!refund || refund.status !== "pending") return refund;
    const done: RazorpayRefund = { ...refund, status: "processed", acquirer_data: { arn: `SBXARN${refund.id.slice(5, 15).toUpperCase()}` } };
    await refunds.set(id, done);
    return done;
  };
  api.get("/payments/:id/refunds", async (c) => {
    const id = c.req.param("id");
    if (!(await payments.has(id))) return c.json(badRequest("The id provided does not exist"), 400);
    const found = await Promise.all(((await paymentRefunds.get(id)) ?? []).map(processed));
    const items = found.filter((r) => r !== undefined);
    return c.json({ entity: "collection", count: items.length, items });
  });
  routes.route("/v1", api);

  // The browser side: the script and the overlay's two calls.
  routes.get("/checkout.js", (c) => c.body(checkoutScript, 200, { "Content-Type": "text/javascript; charset=utf-8" }));
  routes.get("/checkout/orders/:id", async (c) => {
    if (c.req.query("key_id") !== SANDBOX_RAZORPAY_KEY_ID) return c.json(badRequest("The api key provided is invalid"), 400);
    const order = await orders.get(c.req.param("id"));
    if (!order) return c.json(badRequest("The id provided does not exist"), 400);
    return c.json({ id: order.id, amount: order.amount, currency: order.currency, status: order.status });
  });
  routes.post("/checkout/payments", async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const method = body?.method;
    const webhooks = body?.webhooks;
    if (!body || typeof body.order_id !== "string" || typeof body.key_id !== "string" || (method !== "upi" && method !== "card" && method !== "netbanking")) {
      return c.json(badRequest("key_id, order_id and a method (upi, card or netbanking) are required"), 400);
    }
    const outcome = await pay({
      keyId: body.key_id,
      orderId: body.order_id,
      method,
      succeed: body.outcome === "success",
      webhooks: webhooks === "duplicate" || webhooks === "reversed" || webhooks === "none" ? webhooks : "normal",
    });
    return outcome.ok ? c.json(outcome.result) : c.json({ error: outcome.error }, outcome.status);
  });

  const apiUrl = `${options.origin.replace(/\/$/, "")}${SANDBOX_RAZORPAY_BASE}`;
  const gateway = createRazorpayGateway({
    apiUrl,
    keyId: SANDBOX_RAZORPAY_KEY_ID,
    keySecret: SANDBOX_RAZORPAY_KEY_SECRET,
    webhookSecret: SANDBOX_RAZORPAY_WEBHOOK_SECRET,
    checkoutScriptUrl: `${SANDBOX_RAZORPAY_BASE}/checkout.js`,
    provider: "sandbox",
    fetch: inProcessFetch(routes, apiUrl),
  });

  return {
    gateway,
    /** Mounted under /sandbox/razorpay outside production mode. */
    routes,
    /** Where webhooks go: the payments service registers the handler its HTTP webhook route uses. */
    setWebhookReceiver(fn: WebhookReceiver | null) {
      receiver = fn;
    },
    /** A checkout payment without a browser, for tests: what the overlay's Pay button does. */
    pay,
  };
}

export type SandboxRazorpay = ReturnType<typeof createSandboxRazorpay>;
