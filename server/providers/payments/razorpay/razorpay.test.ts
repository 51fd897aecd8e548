import { Script } from "node:vm";
import { describe, expect, it } from "vitest";
import { PaymentGatewayError, type WebhookDelivery } from "../shared.ts";
import {
  razorpayPaymentSignature,
  razorpayWebhookSignature,
  verifyRazorpayPaymentSignature,
  verifyRazorpayWebhookSignature,
  type RazorpayWebhookEvent,
} from "./port.ts";
import { createRazorpayGateway } from "./razorpay.ts";
import { createSandboxRazorpay, SANDBOX_RAZORPAY_KEY_ID, SANDBOX_RAZORPAY_WEBHOOK_SECRET } from "./sandbox.ts";

// Vectors exactly as integrations.md gives them.
const PAYMENT_VECTOR = {
  secret: "EnLs21M47BllR3X8PSFtjtbd",
  orderId: "order_IEIaMR65cu6nz3",
  paymentId: "pay_IH4NVgf4Dreq1l",
  signature: "0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f",
};
const WEBHOOK_VECTOR = { secret: "123456", body: `{"a":1,"b":2,"c":{"d":3}}`, signature: "2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc" };

const flip = (hex: string, at = 10) => hex.slice(0, at) + (hex[at] === "0" ? "1" : "0") + hex.slice(at + 1);

describe("Razorpay signatures (integrations.md vectors)", () => {
  it("signs the checkout result as HMAC_SHA256(order_id|payment_id, key_secret)", () => {
    const v = PAYMENT_VECTOR;
    expect(razorpayPaymentSignature(v.secret, v.orderId, v.paymentId)).toBe(v.signature);
    expect(verifyRazorpayPaymentSignature(v.secret, v.orderId, v.paymentId, v.signature)).toBe(true);
    expect(verifyRazorpayPaymentSignature(v.secret, v.orderId, v.paymentId, v.signature.toUpperCase())).toBe(true);
  });

  it("refuses a tampered, truncated, padded or misplaced checkout signature", () => {
    const v = PAYMENT_VECTOR;
    expect(verifyRazorpayPaymentSignature(v.secret, v.orderId, v.paymentId, flip(v.signature))).toBe(false);
    expect(verifyRazorpayPaymentSignature(v.secret, v.orderId, v.paymentId, v.signature.slice(0, -2))).toBe(false);
    expect(verifyRazorpayPaymentSignature(v.secret, v.orderId, v.paymentId, `${v.signature}zz`)).toBe(false);
    expect(verifyRazorpayPaymentSignature(v.secret, v.orderId, v.paymentId, `${v.signature.slice(0, -2)}zz`)).toBe(false);
    expect(verifyRazorpayPaymentSignature(v.secret, v.orderId, v.paymentId, undefined)).toBe(false);
    expect(verifyRazorpayPaymentSignature(v.secret, v.orderId, v.paymentId, "")).toBe(false);
    // A valid signature for another order (the browser's word) does not pass for the stored one.
    expect(verifyRazorpayPaymentSignature(v.secret, "order_IEIaMR65cu6nz4", v.paymentId, v.signature)).toBe(false);
    expect(verifyRazorpayPaymentSignature("another-secret", v.orderId, v.paymentId, v.signature)).toBe(false);
  });

  it("signs webhooks over the raw body with the webhook secret", () => {
    const v = WEBHOOK_VECTOR;
    expect(razorpayWebhookSignature(v.secret, v.body)).toBe(v.signature);
    expect(verifyRazorpayWebhookSignature(v.secret, v.body, v.signature)).toBe(true);
    expect(verifyRazorpayWebhookSignature(v.secret, v.body, flip(v.signature, 0))).toBe(false);
    // Re-serialized JSON is other bytes: the raw body must be used, before parsing.
    expect(verifyRazorpayWebhookSignature(v.secret, JSON.stringify(JSON.parse(v.body), null, 1), v.signature)).toBe(false);
    expect(verifyRazorpayWebhookSignature(v.secret, v.body, null)).toBe(false);
  });
});

function recordingFetch(reply: (url: string, init: RequestInit) => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return reply(url, init);
  }) as unknown as typeof fetch;
  return { calls, fetch: fn };
}

const ORDER = {
  id: "order_ABC123",
  entity: "order",
  amount: 150000,
  amount_paid: 0,
  amount_due: 150000,
  currency: "INR",
  receipt: "lead-42-1",
  status: "created",
  attempts: 0,
  notes: { lead_id: "42" },
  created_at: 1,
};

describe("production Razorpay adapter", () => {
  it("creates an order with Basic auth, paise, receipt and notes, and reads the reply", async () => {
    const f = recordingFetch(() => Response.json(ORDER));
    const rzp = createRazorpayGateway({ apiUrl: "https://api.razorpay.com/", keyId: "rzp_live_k", keySecret: "s3cret", webhookSecret: "w", fetch: f.fetch });
    const order = await rzp.createOrder({ amountPaise: 150000, receipt: "lead-42-1", notes: { lead_id: "42" } });
    expect(order).toMatchObject({ id: "order_ABC123", amount: 150000, status: "created" });
    expect(f.calls[0]!.url).toBe("https://api.razorpay.com/v1/orders");
    expect(f.calls[0]!.init.method).toBe("POST");
    expect((f.calls[0]!.init.headers as Record<string, string>).Authorization).toBe(`Basic ${Buffer.from("rzp_live_k:s3cret").toString("base64")}`);
    expect(JSON.parse(String(f.calls[0]!.init.body))).toEqual({ amount: 150000, currency: "INR", receipt: "lead-42-1", notes: { lead_id: "42" } });
    expect(rzp.checkout).toEqual({ keyId: "rzp_live_k", scriptUrl: "https://checkout.razorpay.com/v1/checkout.js" });
  });

  it("refuses rupees, fractions, long receipts and too many notes before calling Razorpay", async () => {
    const f = recordingFetch(() => Response.json(ORDER));
    const rzp = createRazorpayGateway({ apiUrl: "https://api.razorpay.com", keyId: "k", keySecret: "s", webhookSecret: "w", fetch: f.fetch });
    await expect(rzp.createOrder({ amountPaise: 99, receipt: "r" })).rejects.toMatchObject({ code: "invalid_request" });
    await expect(rzp.createOrder({ amountPaise: 100.5, receipt: "r" })).rejects.toMatchObject({ code: "invalid_request" });
    await expect(rzp.createOrder({ amountPaise: 1000, receipt: "r".repeat(41) })).rejects.toMatchObject({ code: "invalid_request" });
    const notes = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`n${i}`, "v"]));
    await expect(rzp.createOrder({ amountPaise: 1000, receipt: "r", notes })).rejects.toMatchObject({ code: "invalid_request" });
    await expect(rzp.fetchOrder("../v1/payments")).rejects.toMatchObject({ code: "invalid_request" });
    expect(f.calls).toHaveLength(0);
  });

  it("fetches orders, payments and an order's payments", async () => {
    const payment = { id: "pay_X1", order_id: "order_ABC123", amount: 150000, currency: "INR", status: "captured", method: "upi", captured: true };
    const f = recordingFetch((url) =>
      url.endsWith("/payments")
        ? Response.json({ entity: "collection", count: 1, items: [payment] })
        : url.includes("/payments/")
          ? Response.json(payment)
          : Response.json({ ...ORDER, status: "paid" }),
    );
    const rzp = createRazorpayGateway({ apiUrl: "https://api.razorpay.com", keyId: "k", keySecret: "s", webhookSecret: "w", fetch: f.fetch });
    expect((await rzp.fetchOrder("order_ABC123")).status).toBe("paid");
    expect((await rzp.fetchPayment("pay_X1")).status).toBe("captured");
    expect(await rzp.fetchOrderPayments("order_ABC123")).toEqual([payment]);
    expect(f.calls.map((c) => [c.init.method, c.url])).toEqual([
      ["GET", "https://api.razorpay.com/v1/orders/order_ABC123"],
      ["GET", "https://api.razorpay.com/v1/payments/pay_X1"],
      ["GET", "https://api.razorpay.com/v1/orders/order_ABC123/payments"],
    ]);
  });

  it("maps refusals to error codes without copying the reply body into the message", async () => {
    const reply = (status: number, description: string) =>
      createRazorpayGateway({
        apiUrl: "https://api.razorpay.com",
        keyId: "k",
        keySecret: "s",
        webhookSecret: "w",
        fetch: (async () => Response.json({ error: { code: "BAD_REQUEST_ERROR", description } }, { status })) as unknown as typeof fetch,
      });
    await expect(reply(400, "The id provided does not exist").fetchOrder("order_NOPE")).rejects.toMatchObject({ code: "not_found" });
    await expect(reply(401, "The api key provided is invalid").fetchOrder("order_A")).rejects.toMatchObject({ code: "unauthorized" });
    const failure = await reply(502, "contact 9123456780")
      .fetchPayment("pay_A")
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PaymentGatewayError);
    expect(failure).toMatchObject({ code: "provider_error", gateway: "razorpay" });
    expect((failure as Error).message).toBe("Razorpay answered HTTP 502 (BAD_REQUEST_ERROR) for GET /v1/payments/:id");
  });
});

describe("sandbox Razorpay", () => {
  function sandbox() {
    const sb = createSandboxRazorpay({ origin: "http://localhost:3302" });
    const received: WebhookDelivery[] = [];
    sb.setWebhookReceiver(async (d) => void received.push(d));
    const events = () => received.map((d) => (JSON.parse(d.rawBody) as RazorpayWebhookEvent).event);
    return { sb, received, events };
  }

  it("runs the production adapter against its own API, and a paid checkout verifies with the production check", async () => {
    const { sb, received, events } = sandbox();
    const order = await sb.gateway.createOrder({ amountPaise: 250000, receipt: "lead-7-a", notes: { lead_id: "7" } });
    expect(order).toMatchObject({ amount: 250000, amount_due: 250000, status: "created", receipt: "lead-7-a", notes: { lead_id: "7" } });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    const paid = await sb.pay({ keyId: SANDBOX_RAZORPAY_KEY_ID, orderId: order.id, method: "upi", succeed: true });
    if (!paid.ok) throw new Error("expected a payment");
    expect(paid.result.razorpay_order_id).toBe(order.id);
    expect(
      sb.gateway.verifyPaymentSignature({ orderId: order.id, paymentId: paid.result.razorpay_payment_id, signature: paid.result.razorpay_signature }),
    ).toBe(true);
    expect(
      sb.gateway.verifyPaymentSignature({ orderId: order.id, paymentId: paid.result.razorpay_payment_id, signature: flip(paid.result.razorpay_signature) }),
    ).toBe(false);
    expect(await sb.gateway.fetchOrder(order.id)).toMatchObject({ status: "paid", amount_paid: 250000, amount_due: 0, attempts: 1 });
    expect(await sb.gateway.fetchPayment(paid.result.razorpay_payment_id)).toMatchObject({
      status: "captured",
      captured: true,
      amount: 250000,
      method: "upi",
      order_id: order.id,
    });
    expect(events()).toEqual(["payment.captured", "order.paid"]);
    for (const d of received) {
      expect(sb.gateway.verifyWebhookSignature(d.rawBody, d.headers["x-razorpay-signature"])).toBe(true);
      expect(verifyRazorpayWebhookSignature(SANDBOX_RAZORPAY_WEBHOOK_SECRET, d.rawBody, d.headers["x-razorpay-signature"])).toBe(true);
      expect(d.headers["x-razorpay-event-id"]).toMatch(/^evt_/);
    }
    const orderPaid = JSON.parse(received[1]!.rawBody) as RazorpayWebhookEvent;
    expect(orderPaid.contains).toEqual(["payment", "order"]);
    expect(orderPaid.payload.order?.entity).toMatchObject({ id: order.id, status: "paid" });
    // A paid order takes no second payment.
    const again = await sb.pay({ keyId: SANDBOX_RAZORPAY_KEY_ID, orderId: order.id, method: "card", succeed: true });
    expect(again.ok).toBe(false);
  });

  it("a failed attempt sends payment.failed, leaves the order attempted and can be retried", async () => {
    const { sb, received, events } = sandbox();
    const order = await sb.gateway.createOrder({ amountPaise: 10000, receipt: "r1" });
    const failed = await sb.pay({ keyId: SANDBOX_RAZORPAY_KEY_ID, orderId: order.id, method: "card", succeed: false });
    if (failed.ok) throw new Error("expected a failure");
    expect(failed.error).toMatchObject({ code: "BAD_REQUEST_ERROR", reason: "payment_failed", metadata: { order_id: order.id } });
    expect(events()).toEqual(["payment.failed"]);
    expect(sb.gateway.verifyWebhookSignature(received[0]!.rawBody, received[0]!.headers["x-razorpay-signature"])).toBe(true);
    expect(await sb.gateway.fetchOrder(order.id)).toMatchObject({ status: "attempted", attempts: 1, amount_paid: 0 });
    expect((await sb.gateway.fetchPayment(failed.error.metadata!.payment_id!)).status).toBe("failed");
    expect((await sb.pay({ keyId: SANDBOX_RAZORPAY_KEY_ID, orderId: order.id, method: "upi", succeed: true })).ok).toBe(true);
    expect((await sb.gateway.fetchOrderPayments(order.id)).map((p) => p.status).sort()).toEqual(["captured", "failed"]);
  });

  it("delivers webhooks twice with one event id, out of order, or not at all when asked", async () => {
    const { sb, received, events } = sandbox();
    const twice = await sb.gateway.createOrder({ amountPaise: 10000, receipt: "r1" });
    await sb.pay({ keyId: SANDBOX_RAZORPAY_KEY_ID, orderId: twice.id, method: "upi", succeed: true, webhooks: "duplicate" });
    expect(events()).toEqual(["payment.captured", "payment.captured", "order.paid", "order.paid"]);
    expect(received[0]!.headers["x-razorpay-event-id"]).toBe(received[1]!.headers["x-razorpay-event-id"]);
    expect(received[0]!.rawBody).toBe(received[1]!.rawBody);
    received.length = 0;
    const reversed = await sb.gateway.createOrder({ amountPaise: 10000, receipt: "r2" });
    await sb.pay({ keyId: SANDBOX_RAZORPAY_KEY_ID, orderId: reversed.id, method: "upi", succeed: true, webhooks: "reversed" });
    expect(events()).toEqual(["order.paid", "payment.captured"]);
    received.length = 0;
    const none = await sb.gateway.createOrder({ amountPaise: 10000, receipt: "r3" });
    await sb.pay({ keyId: SANDBOX_RAZORPAY_KEY_ID, orderId: none.id, method: "upi", succeed: true, webhooks: "none" });
    expect(received).toHaveLength(0);
  });

  it("a receiver that throws does not fail the checkout", async () => {
    const sb = createSandboxRazorpay({ origin: "http://localhost:3302" });
    sb.setWebhookReceiver(async () => {
      throw new Error("database down");
    });
    const order = await sb.gateway.createOrder({ amountPaise: 10000, receipt: "r1" });
    expect((await sb.pay({ keyId: SANDBOX_RAZORPAY_KEY_ID, orderId: order.id, method: "upi", succeed: true })).ok).toBe(true);
  });

  it("refuses wrong API keys and bad orders like Razorpay", async () => {
    const { sb } = sandbox();
    const wrongKey = await sb.routes.request("/v1/orders", {
      method: "POST",
      headers: { Authorization: `Basic ${Buffer.from(`${SANDBOX_RAZORPAY_KEY_ID}:nope`).toString("base64")}`, "Content-Type": "application/json" },
      body: JSON.stringify({ amount: 1000, currency: "INR", receipt: "r" }),
    });
    expect(wrongKey.status).toBe(401);
    const auth = {
      Authorization: `Basic ${Buffer.from(`${SANDBOX_RAZORPAY_KEY_ID}:sandbox-razorpay-key-secret`).toString("base64")}`,
      "Content-Type": "application/json",
    };
    const rupees = await sb.routes.request("/v1/orders", {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ amount: 10.5, currency: "INR", receipt: "r" }),
    });
    expect(rupees.status).toBe(400);
    expect(((await rupees.json()) as { error: { code: string } }).error.code).toBe("BAD_REQUEST_ERROR");
    const notJson = await sb.routes.request("/v1/orders", { method: "POST", headers: auth, body: "{" });
    expect(notJson.status).toBe(400);
    await expect(sb.gateway.fetchOrder("order_DOESNOTEXIST00")).rejects.toMatchObject({ code: "not_found" });
  });

  it("serves checkout.js and the overlay's calls: order summary, then a signed payment for the handler", async () => {
    const { sb } = sandbox();
    const script = await sb.routes.request("/checkout.js");
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    const source = await script.text();
    expect(() => new Script(source)).not.toThrow();
    expect(source).toContain("window.Razorpay = Razorpay");
    // It must run under our CSP: no inline handlers or injected markup.
    expect(source).not.toMatch(/innerHTML|onclick=|eval\(|new Function/);

    const order = await sb.gateway.createOrder({ amountPaise: 123456, receipt: "r1" });
    const summary = await sb.routes.request(`/checkout/orders/${order.id}?key_id=${SANDBOX_RAZORPAY_KEY_ID}`);
    expect(await summary.json()).toEqual({ id: order.id, amount: 123456, currency: "INR", status: "created" });
    expect((await sb.routes.request(`/checkout/orders/${order.id}?key_id=rzp_test_other`)).status).toBe(400);

    const bad = await sb.routes.request("/checkout/payments", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ order_id: order.id, key_id: SANDBOX_RAZORPAY_KEY_ID, method: "cash" }),
    });
    expect(bad.status).toBe(400);
    const paid = await sb.routes.request("/checkout/payments", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ order_id: order.id, key_id: SANDBOX_RAZORPAY_KEY_ID, method: "netbanking", outcome: "success" }),
    });
    const result = (await paid.json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
    expect(sb.gateway.verifyPaymentSignature({ orderId: order.id, paymentId: result.razorpay_payment_id, signature: result.razorpay_signature })).toBe(true);
  });
});
