// Razorpay refunds (Refunds API): the request the production adapter sends and the refund entity it
// reads, from Razorpay's documented examples; the sandbox's answers in the same shapes.
import { describe, expect, it } from "vitest";
import { PaymentGatewayError } from "../shared.ts";
import { createRazorpayGateway } from "./razorpay.ts";
import { createSandboxRazorpay, SANDBOX_RAZORPAY_KEY_ID } from "./sandbox.ts";

// "Create a normal refund" response, as Razorpay documents it (ids from its example).
const REFUND_CREATED = {
  id: "rfnd_FP8QHiV938haTz",
  entity: "refund",
  amount: 500100,
  receipt: "Receipt No. 31",
  currency: "INR",
  payment_id: "pay_29QQoUBi66xm2f",
  notes: [],
  acquirer_data: { arn: null },
  created_at: 1597078866,
  batch_id: null,
  status: "pending",
  speed_processed: "normal",
  speed_requested: "normal",
};
// "Fetch multiple refunds for a payment": a collection of refund entities.
const REFUND_LIST = {
  entity: "collection",
  count: 1,
  items: [{ ...REFUND_CREATED, status: "processed", acquirer_data: { arn: "10000000000000" } }],
};
const BAD_AMOUNT = {
  error: {
    code: "BAD_REQUEST_ERROR",
    description: "The refund amount provided is greater than amount captured",
    source: "business",
    step: "payment_initiation",
    reason: "input_validation_failed",
    metadata: {},
    field: "amount",
  },
};

function recording(reply: () => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return reply();
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

const gateway = (fetch: typeof globalThis.fetch) =>
  createRazorpayGateway({ apiUrl: "https://api.razorpay.com", keyId: "rzp_live_K", keySecret: "S", webhookSecret: "W", fetch });

describe("production Razorpay refunds", () => {
  it("posts a normal refund with the idempotency header and reads the refund entity", async () => {
    const r = recording(() => Response.json(REFUND_CREATED));
    const refund = await gateway(r.fetch).refund({
      paymentId: "pay_29QQoUBi66xm2f",
      amountPaise: 500100,
      receipt: "Receipt No. 31",
      idempotencyKey: "refund_550e8400-e29b-41d4-a716-446655440000",
      notes: { refund_id: "550e8400" },
    });
    expect(refund).toMatchObject({ id: "rfnd_FP8QHiV938haTz", status: "pending", amount: 500100 });
    const [call] = r.calls;
    expect(call.url).toBe("https://api.razorpay.com/v1/payments/pay_29QQoUBi66xm2f/refund");
    expect(call.init.method).toBe("POST");
    const headers = call.init.headers as Record<string, string>;
    expect(headers["X-Refund-Idempotency"]).toBe("refund_550e8400-e29b-41d4-a716-446655440000");
    expect(headers.Authorization).toBe(`Basic ${Buffer.from("rzp_live_K:S").toString("base64")}`);
    expect(JSON.parse(String(call.init.body))).toEqual({ amount: 500100, speed: "normal", receipt: "Receipt No. 31", notes: { refund_id: "550e8400" } });
  });

  it("finds our refund among the payment's by its receipt, or answers null", async () => {
    const r = recording(() => Response.json(REFUND_LIST));
    const g = gateway(r.fetch);
    expect(await g.refundStatus({ paymentId: "pay_29QQoUBi66xm2f", receipt: "Receipt No. 31" })).toMatchObject({ status: "processed" });
    expect(await g.refundStatus({ paymentId: "pay_29QQoUBi66xm2f", receipt: "another" })).toBeNull();
    expect(r.calls[0].url).toBe("https://api.razorpay.com/v1/payments/pay_29QQoUBi66xm2f/refunds?count=100");
  });

  it("reads Razorpay's refusal as invalid_request, and refuses bad input before sending", async () => {
    const r = recording(() => Response.json(BAD_AMOUNT, { status: 400 }));
    const g = gateway(r.fetch);
    const refused = await g
      .refund({ paymentId: "pay_29QQoUBi66xm2f", amountPaise: 900000, receipt: "rf1", idempotencyKey: "refund_0123456789" })
      .catch((e) => e);
    expect(refused).toBeInstanceOf(PaymentGatewayError);
    expect(refused.code).toBe("invalid_request");
    expect(refused.message).not.toContain("pay_29QQoUBi66xm2f");
    await expect(g.refund({ paymentId: "pay_1", amountPaise: 99, receipt: "r", idempotencyKey: "refund_0123456789" })).rejects.toThrow(/at least 100 paise/);
    await expect(g.refund({ paymentId: "pay_1", amountPaise: 100, receipt: "r", idempotencyKey: "refund:1" })).rejects.toThrow(/idempotency/);
    await expect(g.refund({ paymentId: "order_1", amountPaise: 100, receipt: "r", idempotencyKey: "refund_0123456789" })).rejects.toThrow(
      "Not a Razorpay pay id",
    );
    expect(r.calls).toHaveLength(1);
  });
});

describe("sandbox Razorpay refunds", () => {
  async function capturedPayment() {
    const sandbox = createSandboxRazorpay({ origin: "http://localhost" });
    const order = await sandbox.gateway.createOrder({ amountPaise: 2_320_000, receipt: "r1" });
    const paid = await sandbox.pay({ keyId: SANDBOX_RAZORPAY_KEY_ID, orderId: order.id, method: "upi", succeed: true, webhooks: "none" });
    if (!paid.ok) throw new Error("not paid");
    return { gateway: sandbox.gateway, paymentId: paid.result.razorpay_payment_id };
  }

  it("is pending when made, processed by the next look; the same key answers the same refund", async () => {
    const { gateway: g, paymentId } = await capturedPayment();
    const input = { paymentId, amountPaise: 98_000, receipt: "rfabc", idempotencyKey: "refund_abc_0000001" };
    const first = await g.refund(input);
    expect(first).toMatchObject({ entity: "refund", status: "pending", amount: 98_000, payment_id: paymentId, receipt: "rfabc" });
    expect((await g.refund(input)).id).toBe(first.id);
    expect(await g.refundStatus({ paymentId, receipt: "rfabc" })).toMatchObject({ id: first.id, status: "processed" });
    // The same key with another body is refused, as Razorpay does.
    await expect(g.refund({ ...input, amountPaise: 97_000 })).rejects.toThrow(/HTTP 400/);
  });

  it("never refunds more than was captured", async () => {
    const { gateway: g, paymentId } = await capturedPayment();
    await g.refund({ paymentId, amountPaise: 2_000_000, receipt: "a", idempotencyKey: "refund_a_00000001" });
    const over = await g.refund({ paymentId, amountPaise: 320_001, receipt: "b", idempotencyKey: "refund_b_00000001" }).catch((e) => e);
    expect(over).toBeInstanceOf(PaymentGatewayError);
    expect(over.code).toBe("invalid_request");
  });
});
