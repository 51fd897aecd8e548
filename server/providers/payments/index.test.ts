import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv, productionOnly } from "../../env.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { createPaymentGateways, type WebhookDelivery } from "./index.ts";
import { parsePhonepeWebhook } from "./phonepe/port.ts";

const productionEnv = () =>
  loadEnv({
    ...Object.fromEntries(
      productionOnly.map((k) => [
        k,
        k === "DATABASE_URL"
          ? "postgres://x/y"
          : k.endsWith("_URL")
            ? "https://p.invalid"
            : /^(ENCRYPTION|HASH)_KEY$/.test(k)
              ? "33".repeat(32)
              : `${k.toLowerCase()}-value`,
      ]),
    ),
    APP_MODE: "production",
    PAYU_PAYMENT_URL: "https://test.payu.in/_payment",
    DATA_DIR: "./data/test-unused",
  });

describe("createPaymentGateways", () => {
  it("gives the production adapters, configured from env, in production mode", async () => {
    const calls: string[] = [];
    const gateways = createPaymentGateways({
      env: productionEnv(),
      fetch: (async (url: string) => {
        calls.push(url);
        return Response.json({ id: "order_X", amount: 10000, status: "created" });
      }) as unknown as typeof fetch,
    });
    expect(gateways.sandbox).toBeNull();
    const order = {
      orderId: "T1",
      amountPaise: 10000,
      leadId: "42",
      payer: { name: "F", email: "a@b.in", mobile: "9123456780" },
      description: "p",
      returnUrl: "https://s.in/s",
    };
    expect(await gateways.of("payu").createCheckout(order)).toMatchObject({
      browser: { kind: "form_post", action: "https://test.payu.in/_payment", fields: { key: "payu_key-value", amount: "100.00" } },
    });
    expect(calls).toEqual([]);
    expect(await gateways.of("razorpay").createCheckout(order)).toEqual({
      gatewayOrderId: "order_X",
      browser: { kind: "script_checkout", global: "Razorpay", keyId: "razorpay_key_id-value", scriptUrl: "https://checkout.razorpay.com/v1/checkout.js" },
    });
    expect(calls).toEqual(["https://api.razorpay.com/v1/orders"]);
    expect([gateways.of("razorpay").provider, gateways.of("payu").provider, gateways.of("phonepe").provider]).toEqual(["razorpay", "payu", "phonepe"]);
  });

  it("gives sandbox adapters with mountable routes outside production mode", () => {
    const gateways = createPaymentGateways({
      env: loadEnv({ DATA_DIR: "./data/test-unused", ENCRYPTION_KEY: "11".repeat(32), HASH_KEY: "22".repeat(32), PORT: "3302" }),
    });
    expect([gateways.of("razorpay").provider, gateways.of("payu").provider, gateways.of("phonepe").provider]).toEqual(["sandbox", "sandbox", "sandbox"]);
    expect(gateways.sandbox?.mounts.map((m) => m.path)).toEqual(["/sandbox/razorpay", "/sandbox/payu", "/sandbox/phonepe"]);
    expect(gateways.sandbox!.razorpay.gateway.checkout.scriptUrl).toBe("/sandbox/razorpay/checkout.js");
  });
});

describe("payment sandboxes mounted in the app (sandbox mode)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_ORIGIN: "http://localhost:3302" } });
  });
  afterAll(() => t.close());

  it("serves checkout.js from our origin as a script", async () => {
    const script = await t.app.request("/sandbox/razorpay/checkout.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("window.Razorpay");
  });

  it("runs a PayU checkout through the app: the hosted page keeps its own CSP, allowing the post back to surl", async () => {
    const payu = t.services.paymentGateways.sandbox!.payu.gateway;
    const form = payu.paymentForm({
      txnid: "SOTAPP1",
      amountPaise: 50000,
      productinfo: "Repayment",
      firstname: "Meera",
      email: "m@example.com",
      phone: "9123456780",
      surl: "http://localhost:3302/payu/success",
      furl: "http://localhost:3302/payu/failure",
      udf5: "42",
    });
    const action = new URL(form.action);
    const posted = await t.app.request(action.pathname, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form.fields).toString(),
    });
    expect(posted.status).toBe(303);
    const page = posted.headers.get("location")!;
    expect((await t.app.request(page)).status).toBe(200);
    const done = await t.app.request(page, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "outcome=success&mode=UPI",
    });
    expect(done.headers.get("content-security-policy")).toMatch(/script-src 'self';.*form-action 'self' http:\/\/localhost:3302/);
    expect(await payu.verifyPayment("SOTAPP1")).toMatchObject({ status: "success", amountPaise: 50000, udf5: "42" });
  });

  it("delivers PhonePe's webhook to the registered receiver, with an Authorization the gateway accepts", async () => {
    const received: WebhookDelivery[] = [];
    t.services.paymentGateways.sandbox!.setWebhookReceiver("phonepe", async (d) => void received.push(d));
    const phonepe = t.services.paymentGateways.sandbox!.phonepe.gateway;
    const created = await phonepe.createOrder({ merchantOrderId: "SOT-APP-1", amountPaise: 20000, redirectUrl: "http://localhost:3302/thank-you/SOT-APP-1" });
    const back = await t.app.request(new URL(created.redirectUrl).pathname, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "result=COMPLETED",
    });
    expect(back.headers.get("location")).toBe("http://localhost:3302/thank-you/SOT-APP-1");
    expect(phonepe.verifyWebhook(received[0]!.headers.authorization)).toBe(true);
    expect(parsePhonepeWebhook(received[0]!.rawBody)?.state).toBe("COMPLETED");
    expect((await phonepe.orderStatus("SOT-APP-1")).state).toBe("COMPLETED");
  });
});
