// The payment result page's facts and the receipt (issue 20): the payer only, the figures as paid,
// and one outcome word whichever gateway. The repayment lines of repayment_data add up.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNEY_CONTROLLER, PAYMENT_CALLBACKS, REPAY_CONTROLLER } from "../../../core/contract/index.ts";
import { SANDBOX_RAZORPAY_KEY_ID } from "../../providers/payments/test-kit.ts";
import { pdfText } from "../../test-support/pdf-text.ts";
import { loanCustomer, payNowSession } from "../../test-support/repayment.ts";
import { createTestApp } from "../../test-support/test-app.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
const repay = (name: string) => `${REPAY_CONTROLLER}/${name}`;
const journey = (name: string) => `${JOURNEY_CONTROLLER}/${name}`;

const payNowCookieOf = async (t: T, c: { mobile: string; pan: string }) => (await payNowSession(t, c)).cookie;

async function payRazorpay(t: T, cookie: string, leadId: string, rupees: string) {
  const order = await t.post({ lead_id: leadId, rzp_amount: rupees }, { path: journey("generateRazorpayorderId"), headers: { cookie } });
  const outcome = await t.services.paymentGateways.sandbox!.razorpay.pay({
    keyId: SANDBOX_RAZORPAY_KEY_ID,
    orderId: order.body.Data.order_id,
    method: "upi",
    succeed: true,
    webhooks: "none",
  });
  if (!outcome.ok) throw new Error("sandbox payment failed");
  const verified = await t.post(outcome.result, { path: repay("razorpayVerify") });
  expect(verified.body.Status).toBe(1);
  return { orderId: verified.body.Data.order_id as string, gatewayOrderId: order.body.Data.order_id as string, paymentId: outcome.result.razorpay_payment_id };
}

const receipt = (t: T, orderId: string, headers: Record<string, string>) =>
  t.app.request(`${repay("getPaymentReceipt")}?order_id=${encodeURIComponent(orderId)}`, { headers });

describe("payment result and receipt", () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("repayment_data's lines add up before and after a ₹5,000 part payment", async () => {
    const c = await loanCustomer(t);
    const { token } = await t.signIn(c.mobile);
    const headers = { "auth-token": token };
    const before = (await t.post({}, { path: journey("getRepaymentDetails"), headers })).body.Data.repayment_data;
    // The demo loan: ₹20,000 paid out 10 days ago for 25 days; 10 × ₹200 = ₹2,000 interest, ₹22,000 due.
    expect(before).toMatchObject({ total_due_amount: 22_000, close_today_amount: 22_000 });
    expect(before.repayment_lines).toMatchObject({
      principal: 20_000,
      interest: 2_000,
      one_day_minimum: 0,
      penal: 0,
      payments: [],
      total: 22_000,
      // ₹25,000 on the repayment date against ₹22,000 today.
      pay_early: { today: 22_000, on_repayment_date: 25_000, saving: 3_000 },
    });

    const cookie = await payNowCookieOf(t, c);
    await payRazorpay(t, cookie, c.leadId, "5000");
    const after = (await t.post({}, { path: journey("getRepaymentDetails"), headers })).body.Data.repayment_data;
    // ₹2,000 to interest, ₹3,000 to principal: ₹20,000 + ₹2,000 − ₹5,000 = ₹17,000.
    expect(after.repayment_lines).toMatchObject({
      principal: 20_000,
      interest: 2_000,
      penal: 0,
      payments: [{ amount: 5_000, interest: 2_000, principal: 3_000, penal: 0, excess: 0 }],
      paid: 5_000,
      total: 17_000,
      outstanding: { principal: 17_000, interest: 0, penal: 0 },
      // 15 more days at 1% of ₹17,000 (₹170): ₹19,550 on the repayment date, so ₹2,550 saved.
      pay_early: { today: 17_000, on_repayment_date: 19_550, saving: 2_550 },
    });
    expect(after.close_today_amount).toBe(17_000);
  });

  it("shows the payer the amount, the loan number and what is still due, and gives the receipt to the payer only", async () => {
    const c = await loanCustomer(t);
    const cookie = await payNowCookieOf(t, c);
    const paid = await payRazorpay(t, cookie, c.leadId, "5000");
    const result = await t.post({ order_id: paid.orderId }, { path: repay("paymentResult"), headers: { cookie } });
    expect(result.body.Status).toBe(1);
    const loanNo = result.body.Data.loan_no as string;
    expect(loanNo).toMatch(/^SOTDEMO/);
    expect(result.body.Data).toMatchObject({
      outcome: "success",
      gateway: "razorpay",
      txn_id: paid.paymentId,
      amount: 5_000,
      loan_closed: 0,
      still_due: 17_000,
      receipt_available: 1,
    });
    // Razorpay's checkout only knows its own order id: that finds the same order.
    expect((await t.post({ order_id: paid.gatewayOrderId }, { path: repay("paymentResult"), headers: { cookie } })).body.Data.order_id).toBe(paid.orderId);

    const pdf = await receipt(t, paid.orderId, { cookie });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text;
    expect(text).toContain("Payment Receipt");
    expect(text).toContain(loanNo);
    expect(text).toContain("₹5,000.00");
    expect(text).toContain("₹2,000.00"); // to interest
    expect(text).toContain("₹3,000.00"); // to principal
    expect(text).toContain("₹17,000.00"); // still due

    // Issue 34: the customer is told, once, with the day it counts from (the test clock's 22 Nov 2026) and the result page's receipt.
    const told = (await t.services.outbox!.outbox(200)).filter((m) => m.to === c.mobile && m.text.startsWith("SalaryOnTime: We have received"));
    expect(told).toHaveLength(1);
    const [said, link] = told[0].text.split(" Your receipt: ");
    expect(said).toBe(`SalaryOnTime: We have received your payment of ₹5,000.00 for loan ${loanNo} on 22 Nov 2026.`);
    expect(new URL(link).pathname).toBe(`/thank-you/${paid.orderId}/${paid.paymentId}`);

    // The signed-in owner may read it too; a stranger, or nobody, may not.
    const owner = await t.signIn(c.mobile);
    expect((await receipt(t, paid.orderId, { "auth-token": owner.token })).status).toBe(200);
    const stranger = await t.signIn();
    expect(((await (await receipt(t, paid.orderId, { "auth-token": stranger.token })).json()) as { Status: number }).Status).toBe(4);
    expect(((await (await receipt(t, paid.orderId, {})).json()) as { Status: number }).Status).toBe(4);
    expect((await t.post({ order_id: paid.orderId }, { path: repay("paymentResult"), headers: { "auth-token": stranger.token } })).body.Status).toBe(4);
    // Another loan's Pay Now cookie does not open this one.
    const other = await loanCustomer(t);
    const otherCookie = await payNowCookieOf(t, other);
    expect((await t.post({ order_id: paid.orderId }, { path: repay("paymentResult"), headers: { cookie: otherCookie } })).body.Status).toBe(4);
  });

  it("closing the loan says so; nothing is still due", async () => {
    const c = await loanCustomer(t);
    const cookie = await payNowCookieOf(t, c);
    const paid = await payRazorpay(t, cookie, c.leadId, "22000");
    const result = await t.post({ order_id: paid.orderId }, { path: repay("paymentResult"), headers: { cookie } });
    expect(result.body.Data).toMatchObject({ outcome: "success", amount: 22_000, loan_closed: 1, still_due: 0 });
    const text = (await pdfText(new Uint8Array(await (await receipt(t, paid.orderId, { cookie })).arrayBuffer()))).text;
    expect(text).toContain("Your loan is closed");
  });

  it("a PayU cancel is 'cancelled', an unpaid order has no receipt, and bad ids are refused without a 500", async () => {
    const c = await loanCustomer(t);
    const cookie = await payNowCookieOf(t, c);
    const order = await t.post({ amount: "1500", productinfo: "Loan repayment", udf5: c.leadId }, { path: repay("payuOrder"), headers: { cookie } });
    const { action, parameters } = order.body.Data as { action: string; parameters: Record<string, string> };
    const start = await t.app.request(new URL(action).pathname, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(parameters).toString(),
    });
    const hosted = new URL(start.headers.get("location")!, "http://x").pathname;
    const html = await (
      await t.app.request(hosted, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "outcome=cancel&mode=UPI" })
    ).text();
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
        m[1],
        m[2].replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))),
      ]),
    );
    const back = await t.app.request(`${PAYMENT_CALLBACKS}/payu/return`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://test.payu.in" },
      body: new URLSearchParams(fields).toString(),
    });
    expect(back.status).toBe(303);
    const result = await t.post({ order_id: parameters.txnid }, { path: repay("paymentResult"), headers: { cookie } });
    expect(result.body.Data).toMatchObject({ outcome: "cancelled", gateway: "payu", amount: 1_500, still_due: 22_000, receipt_available: 0 });
    const none = await receipt(t, parameters.txnid, { cookie });
    expect(none.status).not.toBe(500);
    expect(((await none.json()) as { Status: number }).Status).toBe(2);

    expect((await t.post({ order_id: "SOTRDOESNOTEXIST" }, { path: repay("paymentResult"), headers: { cookie } })).body.Status).toBe(2);
    const bad = await t.post({ order_id: "x'; drop" }, { path: repay("paymentResult"), headers: { cookie } });
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.Status).toBe(2);
    expect((await t.post({}, { path: repay("paymentResult"), headers: { cookie } })).status).toBe(422);
    expect((await receipt(t, "", { cookie })).status).toBe(422);
  });
});
