// PhonePe refunds (Standard Checkout v2): POST /payments/v2/refund and GET /payments/v2/refund/{id}/status
// with the O-Bearer token, answers in PhonePe's documented shapes; the sandbox alike.
import { describe, expect, it } from "vitest";
import { createPhonepeGateway } from "./phonepe.ts";
import { createSandboxPhonepe } from "./sandbox.ts";
import { isPhonepeRefundEvent, parsePhonepeRefundWebhook } from "./port.ts";

// PhonePe's documented answers: refund initiated, and the status of a completed refund.
const INITIATED = { refundId: "OMR7896789", amount: 98000, state: "PENDING" };
const COMPLETED = {
  originalMerchantOrderId: "SOTR0011",
  amount: 98000,
  state: "COMPLETED",
  timestamp: 1706629419799,
  refundId: "OMR7896789",
  splitInstruments: [{ amount: 98000, rail: { type: "UPI", upiTransactionId: "upi12313", vpa: "12****78@ybl" } }],
};

function recording(reply: (url: string) => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (url.endsWith("/v1/oauth/token")) return Response.json({ access_token: "tok1", expires_at: 4_000_000_000, token_type: "O-Bearer" });
    return reply(url);
  }) as unknown as typeof globalThis.fetch;
  const gateway = createPhonepeGateway({
    authUrl: "https://api.phonepe.com/apis/identity-manager",
    baseUrl: "https://api.phonepe.com/apis/pg",
    clientId: "C",
    clientSecret: "S",
    clientVersion: "1",
    webhookUsername: "u",
    webhookPassword: "p",
    fetch,
  });
  return { calls, gateway };
}

describe("production PhonePe refunds", () => {
  it("posts the refund with our merchantRefundId and reads PENDING", async () => {
    const r = recording(() => Response.json(INITIATED));
    expect(await r.gateway.refund({ merchantRefundId: "rfabc", originalMerchantOrderId: "SOTR0011", amountPaise: 98000 })).toEqual({
      refundId: "OMR7896789",
      amountPaise: 98000,
      state: "PENDING",
    });
    const call = r.calls.find((c) => c.url.endsWith("/payments/v2/refund"))!;
    expect(call.url).toBe("https://api.phonepe.com/apis/pg/payments/v2/refund");
    expect(call.init.method).toBe("POST");
    expect((call.init.headers as Record<string, string>).Authorization).toBe("O-Bearer tok1");
    expect(JSON.parse(String(call.init.body))).toEqual({ merchantRefundId: "rfabc", originalMerchantOrderId: "SOTR0011", amount: 98000 });
  });

  it("reads the status, and an unknown refund id as null", async () => {
    const r = recording((url) => (url.includes("/rfnone/") ? Response.json({ code: "NOT_FOUND", message: "x" }, { status: 404 }) : Response.json(COMPLETED)));
    expect(await r.gateway.refundStatus("rfabc")).toEqual({ refundId: "OMR7896789", amountPaise: 98000, state: "COMPLETED" });
    expect(r.calls.at(-1)!.url).toBe("https://api.phonepe.com/apis/pg/payments/v2/refund/rfabc/status");
    expect(await r.gateway.refundStatus("rfnone")).toBeNull();
    await expect(r.gateway.refundStatus("bad id!")).rejects.toMatchObject({ code: "invalid_request" });
  });

  it("reads a refusal as invalid_request", async () => {
    const r = recording(() => Response.json({ success: false, code: "BAD_REQUEST", message: "Refund amount is more" }, { status: 400 }));
    await expect(r.gateway.refund({ merchantRefundId: "rfabc", originalMerchantOrderId: "SOTR0011", amountPaise: 98000 })).rejects.toMatchObject({
      code: "invalid_request",
    });
    await expect(r.gateway.refund({ merchantRefundId: "rfabc", originalMerchantOrderId: "SOTR0011", amountPaise: 99 })).rejects.toThrow(/100 paise/);
  });
});

describe("sandbox PhonePe refunds", () => {
  it("refunds a completed order once per merchantRefundId, never more than was paid, COMPLETED by the next look", async () => {
    const sb = createSandboxPhonepe({ origin: "http://localhost:3302" });
    const created = await sb.gateway.createOrder({
      merchantOrderId: "SOTR0011",
      amountPaise: 2_320_000,
      redirectUrl: "http://localhost:3302/thank-you/SOTR0011",
    });
    // Not paid yet: nothing to refund.
    await expect(sb.gateway.refund({ merchantRefundId: "rf0", originalMerchantOrderId: "SOTR0011", amountPaise: 100 })).rejects.toMatchObject({
      code: "not_found",
    });
    await sb.complete(created.orderId, "COMPLETED");
    const first = await sb.gateway.refund({ merchantRefundId: "rfabc", originalMerchantOrderId: "SOTR0011", amountPaise: 98_000 });
    expect(first).toMatchObject({ state: "PENDING", amountPaise: 98_000 });
    await expect(sb.gateway.refund({ merchantRefundId: "rfabc", originalMerchantOrderId: "SOTR0011", amountPaise: 98_000 })).rejects.toMatchObject({
      code: "invalid_request",
    });
    expect(await sb.gateway.refundStatus("rfabc")).toEqual({ refundId: first.refundId, amountPaise: 98_000, state: "COMPLETED" });
    expect(await sb.gateway.refundStatus("rfnone")).toBeNull();
    await expect(sb.gateway.refund({ merchantRefundId: "rfdef", originalMerchantOrderId: "SOTR0011", amountPaise: 2_222_001 })).rejects.toMatchObject({
      code: "invalid_request",
    });
  });
});

describe("PhonePe's refund webhook body (issue 30)", () => {
  it("reads pg.refund.failed: our merchantRefundId, PhonePe's refundId, paise, state and error code", () => {
    const body = JSON.stringify({
      event: "pg.refund.failed",
      payload: {
        merchantRefundId: "rfabc-2",
        originalMerchantOrderId: "SOTR0011",
        refundId: "OMR42",
        amount: 98_000,
        state: "FAILED",
        errorCode: "BANK_DECLINED",
      },
    });
    expect(isPhonepeRefundEvent(body)).toBe(true);
    expect(parsePhonepeRefundWebhook(body)).toEqual({
      event: "pg.refund.failed",
      merchantRefundId: "rfabc-2",
      originalMerchantOrderId: "SOTR0011",
      refundId: "OMR42",
      amountPaise: 98_000,
      state: "FAILED",
      errorCode: "BANK_DECLINED",
    });
  });

  it("takes the older type PG_REFUND_COMPLETED; an order event or an unknown state is not a refund event", () => {
    const legacy = JSON.stringify({ type: "PG_REFUND_COMPLETED", payload: { merchantRefundId: "rfa", refundId: "OMR1", amount: 100, state: "COMPLETED" } });
    expect(parsePhonepeRefundWebhook(legacy)).toMatchObject({ event: "PG_REFUND_COMPLETED", state: "COMPLETED", amountPaise: 100, errorCode: null });
    const order = JSON.stringify({ event: "checkout.order.completed", payload: { merchantOrderId: "SOTR1", state: "COMPLETED" } });
    expect(isPhonepeRefundEvent(order)).toBe(false);
    expect(parsePhonepeRefundWebhook(order)).toBeNull();
    expect(parsePhonepeRefundWebhook(JSON.stringify({ event: "pg.refund.completed", payload: { merchantRefundId: "rfa", state: "DONE" } }))).toBeNull();
    expect(isPhonepeRefundEvent("not json")).toBe(false);
  });
});
