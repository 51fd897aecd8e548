import { describe, expect, it } from "vitest";
import { razorpayWebhookSignature } from "./port.ts";
import { createRazorpayGateway } from "./razorpay.ts";
import { razorpayPaymentGateway } from "./razorpay-gateway.ts";

// Recorded in the shapes Razorpay documents (Orders API, Payments API, webhook payloads).
const ORDER = {
  id: "order_IluGWxBm9U8zJ8",
  entity: "order",
  amount: 150000,
  amount_paid: 0,
  amount_due: 150000,
  currency: "INR",
  receipt: "SOTR0011223344556677",
  offer_id: null,
  status: "created",
  attempts: 0,
  notes: { lead_id: "7b0d7e56-7c1b-4d8a-9c3c-2f9c1a7c9e01" },
  created_at: 1642662092,
};
const payment = (over: Record<string, unknown>) => ({
  id: "pay_29QQoUBi66xm2f",
  entity: "payment",
  amount: 150000,
  currency: "INR",
  status: "captured",
  order_id: "order_IluGWxBm9U8zJ8",
  invoice_id: null,
  international: false,
  method: "upi",
  amount_refunded: 0,
  refund_status: null,
  captured: true,
  description: null,
  vpa: "gaurav.kumar@exampleupi",
  email: "gaurav.kumar@example.com",
  contact: "+919000090000",
  fee: 3540,
  tax: 540,
  error_code: null,
  error_description: null,
  created_at: 1765131012,
  ...over,
});

function gatewayWith(reply: (url: string) => unknown) {
  const urls: string[] = [];
  const fetch = (async (url: string) => {
    urls.push(url);
    return Response.json(reply(url));
  }) as unknown as typeof globalThis.fetch;
  const adapter = createRazorpayGateway({ apiUrl: "https://api.razorpay.com", keyId: "rzp_live_k", keySecret: "s3cret", webhookSecret: "whsec", fetch });
  return { gateway: razorpayPaymentGateway(adapter), urls };
}

const ORDER_REF = { orderId: "SOTR0011223344556677", gatewayOrderId: "order_IluGWxBm9U8zJ8" };

describe("Razorpay behind the PaymentGateway port", () => {
  it("creates an order and tells the browser the checkout key and script", async () => {
    const { gateway, urls } = gatewayWith(() => ORDER);
    const created = await gateway.createCheckout({
      orderId: "SOTR0011223344556677",
      amountPaise: 150000,
      leadId: "7b0d7e56-7c1b-4d8a-9c3c-2f9c1a7c9e01",
      payer: { name: "Asha Rao", email: "asha@example.com", mobile: "9000090000" },
      description: "",
      returnUrl: "https://www.salaryontime.in/payments/razorpay/return",
    });
    expect(urls).toEqual(["https://api.razorpay.com/v1/orders"]);
    expect(created).toEqual({
      gatewayOrderId: "order_IluGWxBm9U8zJ8",
      browser: { kind: "script_checkout", global: "Razorpay", keyId: "rzp_live_k", scriptUrl: "https://checkout.razorpay.com/v1/checkout.js" },
    });
  });

  it("a captured payment of the order is paid, from its created_at (2025-12-07 23:40:12 India time)", async () => {
    const { gateway, urls } = gatewayWith(() => ({
      entity: "collection",
      count: 2,
      items: [payment({ id: "pay_F1", status: "failed", captured: false }), payment({})],
    }));
    expect(await gateway.confirm(ORDER_REF)).toEqual({
      state: "paid",
      paymentId: "pay_29QQoUBi66xm2f",
      amountPaise: 150000,
      capturedAt: new Date("2025-12-07T18:10:12Z"),
    });
    expect(urls).toEqual(["https://api.razorpay.com/v1/orders/order_IluGWxBm9U8zJ8/payments"]);
  });

  it("every attempt failed is failed; no attempt yet, or one authorized, is pending", async () => {
    const failed = gatewayWith(() => ({
      entity: "collection",
      count: 1,
      items: [payment({ status: "failed", captured: false, error_code: "BAD_REQUEST_ERROR" })],
    }));
    expect(await failed.gateway.confirm(ORDER_REF)).toEqual({ state: "failed" });
    const none = gatewayWith(() => ({ entity: "collection", count: 0, items: [] }));
    expect(await none.gateway.confirm(ORDER_REF)).toEqual({ state: "pending" });
    const authorized = gatewayWith(() => ({ entity: "collection", count: 1, items: [payment({ status: "authorized", captured: false })] }));
    expect(await authorized.gateway.confirm(ORDER_REF)).toEqual({ state: "pending" });
  });

  it("reads a signed payment.captured webhook as 'confirm the order', keyed by the event id header", () => {
    const { gateway } = gatewayWith(() => ({}));
    const rawBody = JSON.stringify({
      entity: "event",
      account_id: "acc_BFQ7uQEaa7j2z7",
      event: "payment.captured",
      contains: ["payment"],
      payload: { payment: { entity: payment({}) } },
      created_at: 1765131015,
    });
    const headers = { "x-razorpay-signature": razorpayWebhookSignature("whsec", rawBody), "x-razorpay-event-id": "KK7NnSqw7RlGnP" };
    expect(gateway.parseNotification({ rawBody, headers })).toEqual({
      kind: "event",
      event: { deliveryId: "KK7NnSqw7RlGnP", name: "payment.captured", order: { by: "gatewayOrderId", id: "order_IluGWxBm9U8zJ8" }, asks: "confirm" },
    });
  });

  it("payment.failed is one failed attempt; other events ask nothing; without the id header the event and payment name the delivery", () => {
    const { gateway } = gatewayWith(() => ({}));
    const read = (event: string) => {
      const rawBody = JSON.stringify({ entity: "event", event, contains: ["payment"], payload: { payment: { entity: payment({ status: "failed" }) } } });
      return gateway.parseNotification({ rawBody, headers: { "x-razorpay-signature": razorpayWebhookSignature("whsec", rawBody) } });
    };
    expect(read("payment.failed")).toMatchObject({ kind: "event", event: { deliveryId: "payment.failed:pay_29QQoUBi66xm2f", asks: "attempt_failed" } });
    expect(read("payment.authorized")).toMatchObject({ kind: "event", event: { asks: "nothing" } });
  });

  it("refuses a delivery whose signature is not over these bytes, and says when a signed body is not JSON", () => {
    const { gateway } = gatewayWith(() => ({}));
    const rawBody = JSON.stringify({ event: "payment.captured" });
    expect(gateway.parseNotification({ rawBody: `${rawBody} `, headers: { "x-razorpay-signature": razorpayWebhookSignature("whsec", rawBody) } })).toEqual({
      kind: "unverified",
      message: "Signature mismatch.",
    });
    expect(gateway.parseNotification({ rawBody: "not json", headers: { "x-razorpay-signature": razorpayWebhookSignature("whsec", "not json") } })).toEqual({
      kind: "malformed",
      message: "The body is not JSON.",
    });
  });
});
