// The refunds and settlement tests' loans and their payments at the sandbox gateways, as the browser
// makes them: the demo loan owing ₹22,000, PhonePe orders, and a PayU order paid on the sandbox's page.
import { PAYMENT_CALLBACKS, REPAY_CONTROLLER } from "../../core/contract/index.ts";
import { createDemoCustomer } from "../modules/dev/demo-customers.ts";
import type { TestApp } from "./onboarding.ts";
import { randomMobile } from "./test-app.ts";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** The demo loan: ₹20,000 for 10 days at 1% a day, paid out 10 days ago, so it owes ₹22,000 today. */
export async function loanOwing22000(t: TestApp) {
  const mobile = randomMobile();
  const demo = await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT" });
  const lead = (await t.services.loans.byId(demo.activeLoanId!))!;
  return { mobile, leadId: lead.id, loanNo: lead.loanNo! };
}

/** Places PhonePe orders for the loan as its signed-in customer; each answers the sandbox's order id. */
export function phonepeOrders(t: TestApp, leadId: string, authToken: string) {
  return async (amount: string) => {
    const reply = await t.post({ amount, leadId }, { path: `${REPAY_CONTROLLER}/phonepeOrder`, headers: { "auth-token": authToken } });
    return (reply.body.Data.data.url as string).split("/").pop()!;
  };
}

/** The loan owing ₹22,000 paid in full at PhonePe, then a ₹980 order placed before that is paid too: ₹980.00 excess. */
export async function overpaidByPhonepe(t: TestApp) {
  const loan = await loanOwing22000(t);
  const { token } = await t.signIn(loan.mobile);
  const order = phonepeOrders(t, loan.leadId, token);
  const early = await order("980");
  const full = await order("");
  const phonepe = t.services.paymentGateways.sandbox!.phonepe;
  await phonepe.complete(full, "COMPLETED");
  await phonepe.complete(early, "COMPLETED");
  return loan;
}

/** A PayU order for the loan (the form PayU's page receives). */
export async function payuOrder(t: TestApp, leadId: string, authToken: string, amount: string) {
  const order = await t.post(
    { amount, productinfo: "Loan repayment", firstname: "Demo", email: "demo@example.com", udf5: leadId },
    { path: `${REPAY_CONTROLLER}/payuOrder`, headers: { "auth-token": authToken } },
  );
  if (order.body.Status !== 1) throw new Error(`payuOrder: ${order.body.Message}`);
  return order.body.Data as { action: string; parameters: Record<string, string> };
}

/** The customer pays on the PayU sandbox's page: the start's answer, and the fields of PayU's answer for our return address. */
export async function payOnPayuPage(t: TestApp, { action, parameters }: { action: string; parameters: Record<string, string> }) {
  const start = await t.app.request(new URL(action).pathname, { method: "POST", headers: FORM, body: new URLSearchParams(parameters).toString() });
  const hosted = new URL(start.headers.get("location")!, "http://x").pathname;
  const html = await (await t.app.request(hosted, { method: "POST", headers: FORM, body: "outcome=success&mode=UPI" })).text();
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1],
      m[2].replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))),
    ]),
  );
  return { start, fields };
}

/** The browser posts PayU's answer back to us. */
export const postPayuReturn = (t: TestApp, fields: Record<string, string>) =>
  t.app.request(`${PAYMENT_CALLBACKS}/payu/return`, {
    method: "POST",
    headers: { ...FORM, origin: "https://test.payu.in" },
    body: new URLSearchParams(fields).toString(),
  });
