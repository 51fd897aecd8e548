// A local Razorpay (off in production mode), mounted under /sandbox/razorpay:
// - the REST API the production adapter calls (/v1/orders, /v1/payments), Basic auth with test keys;
// - checkout.js, which defines `new Razorpay(options).open()` like the real script and opens an overlay;
// - the overlay's endpoints: read the order, make the payment, answer with the handler's signed fields;
// - payment.captured and order.paid (or payment.failed) webhooks, signed over the raw body, to a receiver.
import { readFileSync } from "node:fs";
import { Hono } from "hono";
import { createMemorySandboxStore, type SandboxStore } from "../../sandbox-store.ts";
import { sandboxCaptureIndex } from "../settlement.ts";
import { inProcessFetch, randomId, storeMap, type WebhookReceiver } from "../shared.ts";
import {
  razorpayPaymentSignature,
  razorpayWebhookSignature,
  type RazorpayCheckoutResult,
  type RazorpayOrder,
  type RazorpayPayment,
  type RazorpayRefund,
  type RazorpayWebhookEvent,
} from "./port.ts";
import { createRazorpayGateway } from "./razorpay.ts";
import {
  badRequest,
  sandboxRestApi,
  SANDBOX_RAZORPAY_KEY_ID,
  SANDBOX_RAZORPAY_KEY_SECRET,
  type RazorpayError,
  type RazorpaySandboxState,
} from "./sandbox-api.ts";

export const SANDBOX_RAZORPAY_BASE = "/sandbox/razorpay";
/** Test credentials; Razorpay's test keys start with rzp_test_. */
export { SANDBOX_RAZORPAY_KEY_ID, SANDBOX_RAZORPAY_KEY_SECRET } from "./sandbox-api.ts";
export const SANDBOX_RAZORPAY_WEBHOOK_SECRET = "sandbox-razorpay-webhook-secret";
const SANDBOX_ACCOUNT = "acc_SOTsandbox0001";

const checkoutScript = readFileSync(new URL("./sandbox-checkout.js", import.meta.url), "utf8");

export type RazorpayPaymentMethod = "upi" | "card" | "netbanking";
/** How the sandbox delivers the webhooks of one payment, to exercise de-duplication and ordering. */
export type SandboxWebhookMode = "normal" | "duplicate" | "reversed" | "none";

type PayOutcome = { ok: true; result: RazorpayCheckoutResult } | { ok: false; status: 400; error: RazorpayError["error"] };

/** The browser side: the script and the overlay's two calls. */
function checkoutPages(
  routes: Hono,
  s: Pick<RazorpaySandboxState, "orders">,
  pay: (input: Parameters<ReturnType<typeof createSandboxRazorpay>["pay"]>[0]) => Promise<PayOutcome>,
) {
  const { orders } = s;
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
}

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

  const state = { seconds, orders, payments, orderPayments, refunds, paymentRefunds, refundKeys, captures, refunded };
  routes.route("/v1", sandboxRestApi(state));
  checkoutPages(routes, state, pay);

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
