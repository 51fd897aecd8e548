import { describe, expect, it } from "vitest";
import type { WebhookDelivery } from "../shared.ts";
import { createPhonepeGateway } from "./phonepe.ts";
import { parsePhonepeWebhook, phonepeTransactionStatus, phonepeWebhookAuthorization, verifyPhonepeWebhookAuthorization } from "./port.ts";
import { createSandboxPhonepe, SANDBOX_PHONEPE_WEBHOOK_PASSWORD, SANDBOX_PHONEPE_WEBHOOK_USERNAME } from "./sandbox.ts";

// integrations.md gives the formula without a vector; this one was computed with coreutils:
// echo -n "salaryontime:s3cret-pass" | sha256sum
const AUTH_VECTOR = { username: "salaryontime", password: "s3cret-pass", header: "bfbb92546c3328df1f53d089637b8bcb9f6adbafb8955e7834e9d44f119e82ee" };

describe("PhonePe webhook authorization and status mapping", () => {
  it("the Authorization header is hex(SHA256(username:password)), compared in constant time", () => {
    const v = AUTH_VECTOR;
    expect(phonepeWebhookAuthorization(v.username, v.password)).toBe(v.header);
    expect(verifyPhonepeWebhookAuthorization(v.username, v.password, v.header)).toBe(true);
    expect(verifyPhonepeWebhookAuthorization(v.username, v.password, `SHA256 ${v.header}`)).toBe(true);
    expect(verifyPhonepeWebhookAuthorization(v.username, v.password, v.header.replace(/^b/, "c"))).toBe(false);
    expect(verifyPhonepeWebhookAuthorization(v.username, "other", v.header)).toBe(false);
    expect(verifyPhonepeWebhookAuthorization(v.username, v.password, `${v.header}zz`)).toBe(false);
    expect(verifyPhonepeWebhookAuthorization(v.username, v.password, undefined)).toBe(false);
    expect(verifyPhonepeWebhookAuthorization(v.username, v.password, `Basic ${Buffer.from("salaryontime:s3cret-pass").toString("base64")}`)).toBe(false);
  });

  it("maps COMPLETED to 'Completed' for the repay-status call, and nothing else", () => {
    expect(phonepeTransactionStatus("COMPLETED")).toBe("Completed");
    expect(phonepeTransactionStatus("PENDING")).toBe("Pending");
    expect(phonepeTransactionStatus("FAILED")).toBe("Failed");
  });

  it("reads only order events with a known state from a webhook body", () => {
    expect(
      parsePhonepeWebhook(
        JSON.stringify({ event: "checkout.order.completed", payload: { merchantOrderId: "M1", orderId: "OMO1", state: "COMPLETED", amount: 10000 } }),
      ),
    ).toEqual({
      event: "checkout.order.completed",
      merchantOrderId: "M1",
      orderId: "OMO1",
      state: "COMPLETED",
      amountPaise: 10000,
    });
    expect(parsePhonepeWebhook(JSON.stringify({ event: "x", payload: { merchantOrderId: "M1", state: "PAID" } }))).toBeNull();
    expect(parsePhonepeWebhook("{not json")).toBeNull();
  });
});

function fakePhonepe(nowMs: () => number = () => 1_800_000_000_000) {
  const calls: { url: string; init: RequestInit }[] = [];
  let tokenNo = 0;
  let rejectNextWith401 = false;
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (url.endsWith("/v1/oauth/token"))
      return Response.json({ access_token: `tok${++tokenNo}`, expires_at: Math.floor(nowMs() / 1000) + 3600, token_type: "O-Bearer" });
    if (rejectNextWith401) {
      rejectNextWith401 = false;
      return Response.json({ code: "AUTHORIZATION_FAILED" }, { status: 401 });
    }
    if (url.endsWith("/checkout/v2/pay"))
      return Response.json({
        orderId: "OMO123",
        state: "PENDING",
        expireAt: 1_800_001_200_000,
        redirectUrl: "https://mercury-t2.phonepe.com/transact/pg?token=abc",
      });
    if (url.includes("/NOPE/")) return Response.json({ code: "ORDER_NOT_FOUND", message: "x" }, { status: 404 });
    return Response.json({
      orderId: "OMO123",
      state: "COMPLETED",
      amount: 150000,
      expireAt: 1,
      metaInfo: { udf1: "42" },
      paymentDetails: [{ transactionId: "OM9", paymentMode: "UPI_INTENT", state: "COMPLETED", amount: 150000, timestamp: 5, splitInstruments: [] }],
    });
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch, rejectOnce: () => void (rejectNextWith401 = true) };
}

describe("production PhonePe adapter", () => {
  let clock = 1_800_000_000_000;
  const make = (fetch: typeof globalThis.fetch) =>
    createPhonepeGateway({
      authUrl: "https://api.phonepe.com/apis/identity-manager/",
      baseUrl: "https://api.phonepe.com/apis/pg",
      clientId: "CID",
      clientSecret: "CSECRET",
      clientVersion: "1",
      webhookUsername: "u",
      webhookPassword: "p",
      fetch,
      now: () => clock,
    });

  it("gets a token with client credentials, then creates a PG_CHECKOUT order in paise with O-Bearer", async () => {
    const f = fakePhonepe();
    const pp = make(f.fetch);
    const created = await pp.createOrder({
      merchantOrderId: "SOT-42-a1",
      amountPaise: 150000,
      redirectUrl: "https://www.salaryontime.in/thank-you/SOT-42-a1",
      metaInfo: { udf1: "42" },
      expireAfterSeconds: 1200,
    });
    expect(created).toEqual({
      orderId: "OMO123",
      state: "PENDING",
      redirectUrl: "https://mercury-t2.phonepe.com/transact/pg?token=abc",
      expireAt: 1_800_001_200_000,
    });
    expect(f.calls[0]!.url).toBe("https://api.phonepe.com/apis/identity-manager/v1/oauth/token");
    expect((f.calls[0]!.init.headers as Record<string, string>)["Content-Type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(String(f.calls[0]!.init.body)))).toEqual({
      client_id: "CID",
      client_version: "1",
      client_secret: "CSECRET",
      grant_type: "client_credentials",
    });
    expect(f.calls[1]!.url).toBe("https://api.phonepe.com/apis/pg/checkout/v2/pay");
    expect((f.calls[1]!.init.headers as Record<string, string>).Authorization).toBe("O-Bearer tok1");
    expect(JSON.parse(String(f.calls[1]!.init.body))).toEqual({
      merchantOrderId: "SOT-42-a1",
      amount: 150000,
      expireAfter: 1200,
      metaInfo: { udf1: "42" },
      paymentFlow: { type: "PG_CHECKOUT", merchantUrls: { redirectUrl: "https://www.salaryontime.in/thank-you/SOT-42-a1" } },
    });
  });

  it("reuses the token until a minute before expires_at, and fetches a new one once on a 401", async () => {
    const f = fakePhonepe(() => clock);
    const pp = make(f.fetch);
    await pp.orderStatus("SOT-1");
    await pp.orderStatus("SOT-1");
    expect(f.calls.filter((c) => c.url.endsWith("/oauth/token"))).toHaveLength(1);
    clock += 3600_000 - 30_000;
    await pp.orderStatus("SOT-1");
    expect(f.calls.filter((c) => c.url.endsWith("/oauth/token"))).toHaveLength(2);
    f.rejectOnce();
    const status = await pp.orderStatus("SOT-1");
    expect(status.state).toBe("COMPLETED");
    expect(f.calls.filter((c) => c.url.endsWith("/oauth/token"))).toHaveLength(3);
    expect((f.calls.at(-1)!.init.headers as Record<string, string>).Authorization).toBe("O-Bearer tok3");
  });

  it("reads the status API: state, amount in paise and the payment attempts", async () => {
    const f = fakePhonepe();
    const status = await make(f.fetch).orderStatus("SOT-42-a1");
    expect(f.calls[1]!.url).toBe("https://api.phonepe.com/apis/pg/checkout/v2/order/SOT-42-a1/status");
    expect(f.calls[1]!.init.method).toBe("GET");
    expect(status).toEqual({
      orderId: "OMO123",
      state: "COMPLETED",
      amountPaise: 150000,
      expireAt: 1,
      metaInfo: { udf1: "42" },
      paymentDetails: [{ transactionId: "OM9", paymentMode: "UPI_INTENT", state: "COMPLETED", amount: 150000, timestamp: 5 }],
    });
    expect(phonepeTransactionStatus(status.state)).toBe("Completed");
  });

  it("refuses bad input without a call, and maps an unknown order to not_found", async () => {
    const f = fakePhonepe();
    const pp = make(f.fetch);
    await expect(pp.createOrder({ merchantOrderId: "bad id!", amountPaise: 10000, redirectUrl: "https://x.in/r" })).rejects.toMatchObject({
      code: "invalid_request",
    });
    await expect(pp.createOrder({ merchantOrderId: "M1", amountPaise: 99, redirectUrl: "https://x.in/r" })).rejects.toMatchObject({ code: "invalid_request" });
    await expect(pp.createOrder({ merchantOrderId: "M1", amountPaise: 1000, redirectUrl: "/relative" })).rejects.toMatchObject({ code: "invalid_request" });
    await expect(pp.orderStatus("../../v1/oauth/token")).rejects.toMatchObject({ code: "invalid_request" });
    expect(f.calls).toHaveLength(0);
    const missing = await pp.orderStatus("NOPE").catch((e: Error) => e);
    expect(missing).toMatchObject({ code: "not_found", message: "PhonePe answered HTTP 404 (ORDER_NOT_FOUND) for GET /checkout/v2/order/:id/status" });
  });
});

describe("sandbox PhonePe", () => {
  const start = Date.UTC(2026, 10, 22, 6, 0, 0);
  function sandbox() {
    let t = start;
    const sb = createSandboxPhonepe({ origin: "http://localhost:3302", now: () => new Date(t) });
    const received: WebhookDelivery[] = [];
    sb.setWebhookReceiver(async (d) => void received.push(d));
    return { sb, received, advance: (ms: number) => void (t += ms) };
  }
  const order = { merchantOrderId: "SOT-42-a1", amountPaise: 150000, redirectUrl: "http://localhost:3302/thank-you/SOT-42-a1", metaInfo: { udf1: "42" } };

  it("token, order, hosted page, redirect back, webhook with the right Authorization, and COMPLETED from the status API", async () => {
    const { sb, received } = sandbox();
    const created = await sb.gateway.createOrder(order);
    expect(created.state).toBe("PENDING");
    expect(created.redirectUrl).toMatch(/^http:\/\/localhost:3302\/sandbox\/phonepe\/pay\/OMO[A-Za-z0-9]{22}$/);
    const path = new URL(created.redirectUrl).pathname.replace("/sandbox/phonepe", "");
    const page = await sb.routes.request(path);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<h1>Pay with PhonePe</h1>");
    expect(html).toContain("<legend>Result to simulate</legend>");
    expect(html).toContain("₹1,500.00");
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self' http://localhost:3302");
    expect((await sb.gateway.orderStatus("SOT-42-a1")).state).toBe("PENDING");

    const back = await sb.routes.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "result=COMPLETED&mode=CARD",
    });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(order.redirectUrl);
    expect(received).toHaveLength(1);
    expect(sb.gateway.verifyWebhook(received[0]!.headers.authorization)).toBe(true);
    expect(verifyPhonepeWebhookAuthorization(SANDBOX_PHONEPE_WEBHOOK_USERNAME, SANDBOX_PHONEPE_WEBHOOK_PASSWORD, received[0]!.headers.authorization)).toBe(
      true,
    );
    expect(parsePhonepeWebhook(received[0]!.rawBody)).toMatchObject({
      event: "checkout.order.completed",
      merchantOrderId: "SOT-42-a1",
      state: "COMPLETED",
      amountPaise: 150000,
    });
    const status = await sb.gateway.orderStatus("SOT-42-a1");
    expect(status).toMatchObject({ state: "COMPLETED", amountPaise: 150000, metaInfo: { udf1: "42" } });
    expect(status.paymentDetails).toHaveLength(1);
    expect(status.paymentDetails[0]).toMatchObject({ state: "COMPLETED", paymentMode: "CARD", amount: 150000 });
    expect(phonepeTransactionStatus(status.state)).toBe("Completed");
    // The link is used: the page and a second answer are refused.
    expect((await sb.routes.request(path)).status).toBe(400);
    expect(
      (await sb.routes.request(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "result=FAILED" })).status,
    ).toBe(400);
  });

  it("a failure sends checkout.order.failed; leaving without paying stays PENDING without a webhook", async () => {
    const { sb, received } = sandbox();
    const failed = await sb.gateway.createOrder(order);
    await sb.complete(failed.orderId, "FAILED");
    expect(parsePhonepeWebhook(received[0]!.rawBody)).toMatchObject({ event: "checkout.order.failed", state: "FAILED" });
    expect(await sb.gateway.orderStatus(order.merchantOrderId)).toMatchObject({ state: "FAILED", errorCode: "PAYMENT_ERROR" });

    const left = await sb.gateway.createOrder({ ...order, merchantOrderId: "SOT-42-a2" });
    const path = new URL(left.redirectUrl).pathname.replace("/sandbox/phonepe", "");
    const back = await sb.routes.request(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "result=PENDING" });
    expect(back.headers.get("location")).toBe(order.redirectUrl);
    expect(received).toHaveLength(1);
    expect((await sb.gateway.orderStatus("SOT-42-a2")).state).toBe("PENDING");
    expect(phonepeTransactionStatus("PENDING")).not.toBe("Completed");
  });

  it("an unpaid order fails after its expiry, and its page closes", async () => {
    const { sb, advance } = sandbox();
    const created = await sb.gateway.createOrder({ ...order, expireAfterSeconds: 300 });
    advance(301_000);
    expect((await sb.gateway.orderStatus(order.merchantOrderId)).state).toBe("FAILED");
    expect((await sb.routes.request(new URL(created.redirectUrl).pathname.replace("/sandbox/phonepe", ""))).status).toBe(400);
  });

  it("refuses bad credentials, missing tokens and a reused merchantOrderId", async () => {
    const { sb } = sandbox();
    const token = await sb.routes.request("/v1/oauth/token", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: "x", client_secret: "y", client_version: "1", grant_type: "client_credentials" }).toString(),
    });
    expect(token.status).toBe(401);
    expect((await sb.routes.request("/checkout/v2/order/SOT-1/status")).status).toBe(401);
    expect((await sb.routes.request("/checkout/v2/order/SOT-1/status", { headers: { Authorization: "O-Bearer forged" } })).status).toBe(401);
    await sb.gateway.createOrder(order);
    await expect(sb.gateway.createOrder(order)).rejects.toMatchObject({ code: "invalid_request" });
    await expect(sb.gateway.orderStatus("SOT-unknown")).rejects.toMatchObject({ code: "not_found" });
  });
});
