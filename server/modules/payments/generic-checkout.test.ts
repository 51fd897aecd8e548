// Decision 55: the generic checkout a gateway added later uses (/Api/RepayLoanApi/checkout/:gateway,
// /payments/:gateway/return and /webhook). Each gateway of the list answers with its browser step by
// kind; the page's script result, a return and a notification post once, as the spec's own calls do.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_CALLBACKS, REPAY_CONTROLLER } from "../../../core/contract/index.ts";
import { payments } from "../../db/schema/index.ts";
import { SANDBOX_RAZORPAY_KEY_ID } from "../../providers/payments/test-kit.ts";
import { loanCustomer, payNowSession } from "../../test-support/repayment.ts";
import { createTestApp } from "../../test-support/test-app.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
let t: T;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const checkout = (gateway: string) => `${REPAY_CONTROLLER}/checkout/${gateway}`;
const postedFor = (leadId: string) => t.services.db.select().from(payments).where(eq(payments.leadId, leadId));

describe("the generic checkout (decision 55)", () => {
  it("answers each gateway's browser step by kind, and 404 for a name not on the list", async () => {
    const c = await loanCustomer(t);
    const { cookie } = await payNowSession(t, c);
    const headers = { cookie };
    const payu = await t.post({ lead_id: c.leadId, amount: "1500" }, { path: checkout("payu"), headers });
    expect(payu.body.Status).toBe(1);
    expect(payu.body.Data).toMatchObject({ gateway: "payu", browser: { kind: "form_post", fields: { amount: "1500.00", udf5: c.leadId } } });
    // The description the page used to send, now written by the server from the loan number.
    expect(payu.body.Data.browser.fields.productinfo).toMatch(/^Repayment /);
    expect(payu.body.Data.browser.fields.surl).toMatch(/\/payments\/payu\/return$/);
    const phonepe = await t.post({ lead_id: c.leadId, amount: "" }, { path: checkout("phonepe"), headers });
    expect(phonepe.body.Data.browser).toMatchObject({ kind: "redirect", url: expect.stringContaining("/sandbox/phonepe/pay/") });
    const razorpay = await t.post({ lead_id: c.leadId, amount: "1500" }, { path: checkout("razorpay"), headers });
    expect(razorpay.body.Data.browser).toMatchObject({
      kind: "script_checkout",
      global: "Razorpay",
      options: { key: SANDBOX_RAZORPAY_KEY_ID, amount: 150_000, currency: "INR", name: "SalaryOnTime" },
    });
    const unknown = await t.post({ lead_id: c.leadId, amount: "" }, { path: checkout("paytm"), headers });
    expect(unknown.status).toBe(404);
    // Another loan's Pay Now cookie may not order for this one.
    const other = await loanCustomer(t);
    expect((await t.post({ lead_id: other.leadId, amount: "" }, { path: checkout("payu"), headers })).body.Status).toBe(4);
  });

  it("posts a script checkout's signed result once, and refuses a tampered one with the payment it named", async () => {
    const c = await loanCustomer(t);
    const { cookie } = await payNowSession(t, c);
    const started = await t.post({ lead_id: c.leadId, amount: "1500" }, { path: checkout("razorpay"), headers: { cookie } });
    const orderId = started.body.Data.browser.options.order_id as string;
    const paid = await t.services.paymentGateways.sandbox!.razorpay.pay({
      keyId: SANDBOX_RAZORPAY_KEY_ID,
      orderId,
      method: "upi",
      succeed: true,
      webhooks: "none",
    });
    if (!paid.ok) throw new Error("sandbox payment failed");
    const verify = (fields: Record<string, string>) => t.post(fields, { path: `${checkout("razorpay")}/verify` });
    const tampered = await verify({ ...paid.result, razorpay_signature: "0".repeat(64) });
    expect(tampered.body).toMatchObject({ Status: 2, Data: { status: "FAILED", txnId: paid.result.razorpay_payment_id } });
    expect(await postedFor(c.leadId)).toHaveLength(0);
    const genuine = await verify({ ...paid.result });
    expect(genuine.body).toMatchObject({
      Status: 1,
      Data: { status: "SUCCESS", txnId: paid.result.razorpay_payment_id, order_id: started.body.Data.order_id },
    });
    expect((await verify({ ...paid.result })).body.Status).toBe(1);
    const posted = await postedFor(c.leadId);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ gateway: "razorpay", amountPaise: 150_000 });
  });

  it("takes the browser back at /payments/:gateway/return and asks the gateway", async () => {
    const c = await loanCustomer(t);
    const { cookie } = await payNowSession(t, c);
    const started = await t.post({ lead_id: c.leadId, amount: "" }, { path: checkout("phonepe"), headers: { cookie } });
    const ourOrder = started.body.Data.order_id as string;
    const gatewayOrderId = (started.body.Data.browser.url as string).split("/").pop()!;
    await t.services.paymentGateways.sandbox!.phonepe.complete(gatewayOrderId, "COMPLETED");
    const back = await t.app.request(`${PAYMENT_CALLBACKS}/phonepe/return?order_id=${ourOrder}`);
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toMatch(new RegExp(`^/thank-you/${ourOrder}/`));
    expect(await postedFor(c.leadId)).toHaveLength(1);
    // A return we cannot place goes to the status page of "unknown"; an unknown gateway is not a route.
    const unplaced = await t.app.request(`${PAYMENT_CALLBACKS}/razorpay/return?order_id=nothing`);
    expect(unplaced.headers.get("location")).toBe("/thank-you/unknown/unknown");
    expect((await t.app.request(`${PAYMENT_CALLBACKS}/paytm/return`)).status).toBe(404);
  });

  it("refuses an unsigned notification at /payments/:gateway/webhook", async () => {
    const res = await t.app.request(`${PAYMENT_CALLBACKS}/payu/webhook`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "txnid=SOTRX&status=success&hash=00",
    });
    expect(res.status).toBe(401);
    expect((await t.app.request(`${PAYMENT_CALLBACKS}/paytm/webhook`, { method: "POST", body: "{}" })).status).toBe(404);
  });
});
