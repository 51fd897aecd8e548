import { describe, expect, it } from "vitest";
import { createPhonepeGateway } from "./phonepe.ts";
import { phonepePaymentGateway } from "./phonepe-gateway.ts";
import { phonepeWebhookAuthorization } from "./port.ts";

// Replies in the shapes PhonePe documents (Standard Checkout v2: create order, order status, webhook).
const CREATED = {
  orderId: "OMO2512071850123456789",
  state: "PENDING",
  expireAt: 1_765_132_812_000,
  redirectUrl: "https://mercury-t2.phonepe.com/transact/pg?token=abc",
};
const status = (over: Record<string, unknown>) => ({
  orderId: "OMO2512071850123456789",
  state: "COMPLETED",
  amount: 150000,
  expireAt: 1_765_132_812_000,
  metaInfo: { udf1: "7b0d7e56-7c1b-4d8a-9c3c-2f9c1a7c9e01" },
  paymentDetails: [
    { paymentMode: "UPI_QR", transactionId: "OM2512071850AB", timestamp: 1_765_131_612_000, amount: 150000, state: "COMPLETED", splitInstruments: [] },
  ],
  ...over,
});

function gatewayWith(reply: (url: string) => unknown) {
  const calls: { url: string; body: unknown }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    if (url.endsWith("/v1/oauth/token")) return Response.json({ access_token: "tok", expires_at: 1_900_000_000, token_type: "O-Bearer" });
    calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : null });
    return Response.json(reply(url));
  }) as unknown as typeof globalThis.fetch;
  const adapter = createPhonepeGateway({
    authUrl: "https://api.phonepe.com/apis/identity-manager",
    baseUrl: "https://api.phonepe.com/apis/pg",
    clientId: "CID",
    clientSecret: "CSECRET",
    clientVersion: "1",
    webhookUsername: "salaryontime",
    webhookPassword: "s3cret-pass",
    fetch,
    now: () => 1_765_131_000_000,
  });
  return { gateway: phonepePaymentGateway(adapter), calls };
}

const REF = { orderId: "SOTR0011223344556677", gatewayOrderId: "OMO2512071850123456789" };

describe("PhonePe behind the PaymentGateway port", () => {
  it("creates the order with the lead in udf1 and a redirect that names our order; the browser goes to PhonePe's page", async () => {
    const { gateway, calls } = gatewayWith(() => CREATED);
    const created = await gateway.createCheckout({
      orderId: "SOTR0011223344556677",
      amountPaise: 150000,
      leadId: "7b0d7e56-7c1b-4d8a-9c3c-2f9c1a7c9e01",
      payer: { name: "Asha Rao", email: "asha@example.com", mobile: "9000090000" },
      description: "",
      returnUrl: "https://www.salaryontime.in/payments/phonepe/return",
    });
    expect(created).toEqual({
      gatewayOrderId: "OMO2512071850123456789",
      browser: { kind: "redirect", url: "https://mercury-t2.phonepe.com/transact/pg?token=abc" },
    });
    expect(calls[0]!.body).toMatchObject({
      merchantOrderId: "SOTR0011223344556677",
      amount: 150000,
      metaInfo: { udf1: "7b0d7e56-7c1b-4d8a-9c3c-2f9c1a7c9e01" },
      paymentFlow: { type: "PG_CHECKOUT", merchantUrls: { redirectUrl: "https://www.salaryontime.in/payments/phonepe/return?order_id=SOTR0011223344556677" } },
    });
  });

  it("COMPLETED with a completed payment is paid, from that payment's timestamp (milliseconds)", async () => {
    const { gateway, calls } = gatewayWith(() => status({}));
    expect(await gateway.confirm(REF)).toEqual({ state: "paid", paymentId: "OM2512071850AB", amountPaise: 150000, capturedAt: new Date(1_765_131_612_000) });
    expect(calls[0]!.url).toContain("/checkout/v2/order/SOTR0011223344556677/status");
  });

  it("FAILED is failed; PENDING, or COMPLETED without a completed payment, is pending", async () => {
    expect(
      await gatewayWith(() =>
        status({
          state: "FAILED",
          paymentDetails: [{ transactionId: "OM1", paymentMode: "UPI_INTENT", state: "FAILED", amount: 150000, timestamp: 1, errorCode: "TXN_AUTO_FAILED" }],
        }),
      ).gateway.confirm(REF),
    ).toEqual({ state: "failed" });
    expect(await gatewayWith(() => status({ state: "PENDING", paymentDetails: [] })).gateway.confirm(REF)).toEqual({ state: "pending" });
    expect(await gatewayWith(() => status({ paymentDetails: [] })).gateway.confirm(REF)).toEqual({ state: "pending" });
  });

  it("reads a webhook with the right Authorization as 'confirm our order'; a wrong one is not ours; a body without an order event is malformed", () => {
    const { gateway } = gatewayWith(() => ({}));
    const authorization = phonepeWebhookAuthorization("salaryontime", "s3cret-pass");
    const rawBody = JSON.stringify({
      event: "checkout.order.completed",
      payload: {
        orderId: "OMO2512071850123456789",
        merchantId: "M22",
        merchantOrderId: "SOTR0011223344556677",
        state: "COMPLETED",
        amount: 150000,
        expireAt: 1,
        metaInfo: {},
        paymentDetails: [],
      },
    });
    expect(gateway.parseNotification({ rawBody, headers: { authorization } })).toEqual({
      kind: "event",
      event: {
        deliveryId: "SOTR0011223344556677:COMPLETED",
        name: "checkout.order.completed",
        order: { by: "orderId", id: "SOTR0011223344556677" },
        asks: "confirm",
      },
    });
    expect(gateway.parseNotification({ rawBody, headers: { authorization: phonepeWebhookAuthorization("salaryontime", "other") } })).toEqual({
      kind: "unverified",
      message: "Authorization mismatch.",
    });
    expect(gateway.parseNotification({ rawBody: JSON.stringify({ event: "pg.refund.completed", payload: {} }), headers: { authorization } })).toEqual({
      kind: "malformed",
      message: "The body is not a PhonePe order event.",
    });
  });
});
