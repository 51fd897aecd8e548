// The sandbox Razorpay's REST API, as the production adapter calls it (Basic auth with the test keys):
// orders and their payments, the settlement recon report, and refunds (normal speed).
import { Hono, type Context } from "hono";
import { isIsoDate } from "../../../../core/calendar.ts";
import { sandboxCaptureIndex, sandboxSettlementFigures, sandboxSettlementRef } from "../settlement.ts";
import { randomId, storeMap } from "../shared.ts";
import type { RazorpayReconItem } from "./settlement-recon.ts";
import { razorpayOrderProblems, type RazorpayOrder, type RazorpayPayment, type RazorpayRefund } from "./port.ts";

export const SANDBOX_RAZORPAY_KEY_ID = "rzp_test_SOTsandbox0001";
export const SANDBOX_RAZORPAY_KEY_SECRET = "sandbox-razorpay-key-secret";

export interface RazorpayError {
  error: { code: string; description: string; source?: string; step?: string; reason?: string; field?: string; metadata?: Record<string, string> };
}

export const badRequest = (description: string, extra: Partial<RazorpayError["error"]> = {}): RazorpayError => ({
  error: { code: "BAD_REQUEST_ERROR", description, source: "NA", step: "NA", reason: "NA", ...extra },
});

/** What the sandbox keeps: orders, payments, refunds and the captures each day's settlement reports. */
export interface RazorpaySandboxState {
  seconds: () => number;
  orders: ReturnType<typeof storeMap<RazorpayOrder>>;
  payments: ReturnType<typeof storeMap<RazorpayPayment>>;
  orderPayments: ReturnType<typeof storeMap<string[]>>;
  refunds: ReturnType<typeof storeMap<RazorpayRefund>>;
  paymentRefunds: ReturnType<typeof storeMap<string[]>>;
  refundKeys: ReturnType<typeof storeMap<{ refundId: string; body: string }>>;
  captures: ReturnType<typeof sandboxCaptureIndex>;
  refunded: ReturnType<typeof sandboxCaptureIndex>;
}

function orderRoutes(api: Hono, s: RazorpaySandboxState) {
  const { seconds, orders, payments, orderPayments } = s;
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
}

function settlementRoute(api: Hono, s: RazorpaySandboxState) {
  const { payments, refunds, captures, refunded } = s;
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
}

function refundRoutes(api: Hono, s: RazorpaySandboxState) {
  const { seconds, payments, refunds, paymentRefunds, refundKeys, refunded } = s;
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
}

/** The REST API under /v1. */
export function sandboxRestApi(s: RazorpaySandboxState) {
  const api = new Hono();
  api.use("*", async (c, next) => {
    const expected = `Basic ${Buffer.from(`${SANDBOX_RAZORPAY_KEY_ID}:${SANDBOX_RAZORPAY_KEY_SECRET}`).toString("base64")}`;
    if (c.req.header("authorization") !== expected) return c.json(badRequest("The api key provided is invalid"), 401);
    await next();
  });
  orderRoutes(api, s);
  settlementRoute(api, s);
  refundRoutes(api, s);
  return api;
}
