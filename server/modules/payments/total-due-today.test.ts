// Issue 29 finding 8: one "total due today" on every screen, SMS and the checkout. On payout day
// Loan Details said ₹20,000 while Repayment and the checkout asked ₹20,200 (decision 28: a prepayment
// costs at least one day), and paying what Loan Details said did not close the loan.
//
// The demo loan, by hand: ₹20,000 for 25 days at 1% (₹200) a day, paid out today (22 Nov 2026).
// Day 0 and day 1: ₹20,200 (one day's interest at least); day 2: ₹20,400; day 3: ₹20,600;
// on the repayment date (day 25): ₹25,000; a day late: + ₹200 interest + ₹100 penal = ₹25,300.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNEY_CONTROLLER, REPAY_CONTROLLER } from "../../../core/contract/index.ts";
import { leads, loanAccounts } from "../../db/schema/index.ts";
import { SANDBOX_RAZORPAY_KEY_ID } from "../../providers/payments/test-kit.ts";
import { loanCustomer, payNowSession } from "../../test-support/repayment.ts";
import { createClock, createTestApp, type TestClock } from "../../test-support/test-app.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
const DAY = 86_400_000;
const journey = (name: string) => `${JOURNEY_CONTROLLER}/${name}`;
const repay = (name: string) => `${REPAY_CONTROLLER}/${name}`;

let t: T;
let clock: TestClock;
beforeAll(async () => {
  // 11:30 India time, 22 Nov 2026: inside the reminders' contact hours.
  clock = createClock(Date.UTC(2026, 10, 22, 6, 0, 0));
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

type Customer = Awaited<ReturnType<typeof loanCustomer>>;

/** Every place that shows or charges "total due today", in rupees, read as each screen reads it. */
async function everyFigure(c: Customer) {
  const { token } = await t.signIn(c.mobile);
  const signedIn = { "auth-token": token };
  // The dashboard's active loan card and Loan Details (details.tsx shows active_loan_details.total_due).
  const dashboard = (await t.post({}, { path: journey("getDashboardData"), headers: signedIn })).body.Data.active_loan_details;
  // The Repayment screen: its summary, lines and Pay button.
  const repayment = (await t.post({}, { path: journey("getRepaymentDetails"), headers: signedIn })).body.Data.repayment_data;
  // Pay Now (by PAN): the same repayment_data after the code.
  const { cookie, verify } = await payNowSession(t, c);
  const payNow = verify.body.Data.repayment_data;
  // The checkout, signed in and by Pay Now, with the amount left blank: paise.
  const order = async (headers: Record<string, string>) => {
    const reply = await t.post({ lead_id: c.leadId }, { path: journey("generateRazorpayorderId"), headers });
    expect(reply.body.Status).toBe(1);
    return reply.body.Data as { order_id: string; amount: number };
  };
  const checkout = await order(signedIn);
  const payNowCheckout = await order({ cookie });
  return {
    figures: {
      dashboard: dashboard.total_due,
      repaymentTotal: repayment.total_due_amount,
      repaymentCloseToday: repayment.close_today_amount,
      repaymentLines: repayment.repayment_lines.total,
      payNowTotal: payNow.total_due_amount,
      payNowCloseToday: payNow.close_today_amount,
      payNowLines: payNow.repayment_lines.total,
      checkout: checkout.amount / 100,
      payNowCheckout: payNowCheckout.amount / 100,
    },
    checkout,
    signedIn,
  };
}

const all = (rupees: number) => ({
  dashboard: rupees,
  repaymentTotal: rupees,
  repaymentCloseToday: rupees,
  repaymentLines: rupees,
  payNowTotal: rupees,
  payNowCloseToday: rupees,
  payNowLines: rupees,
  checkout: rupees,
  payNowCheckout: rupees,
});

async function pay(orderId: string) {
  const outcome = await t.services.paymentGateways.sandbox!.razorpay.pay({
    keyId: SANDBOX_RAZORPAY_KEY_ID,
    orderId,
    method: "upi",
    succeed: true,
    webhooks: "normal",
  });
  if (!outcome.ok) throw new Error("sandbox payment failed");
  expect((await t.post(outcome.result, { path: repay("razorpayVerify") })).body.Status).toBe(1);
}

const statusOf = async (leadId: string) =>
  (
    await t.services.db
      .select({ status: loanAccounts.status })
      .from(leads)
      .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
      .where(eq(leads.id, leadId))
  )[0].status;
const smsTo = async (mobile: string) => (await t.services.outbox!.outbox(1000)).filter((m) => m.to === mobile).map((m) => m.text);

describe('one "total due today" (issue 29)', () => {
  it("every screen, Pay Now, the checkout and the reminders agree from payout day to closure", async () => {
    const c = await loanCustomer(t, { paidOutDaysAgo: 0 });

    // Payout day: one day's interest at least, everywhere.
    expect((await everyFigure(c)).figures).toEqual(all(20_200));
    clock.advance(DAY);
    expect((await everyFigure(c)).figures).toEqual(all(20_200));
    clock.advance(DAY);
    expect((await everyFigure(c)).figures).toEqual(all(20_400));
    clock.advance(DAY);
    expect((await everyFigure(c)).figures).toEqual(all(20_600));

    // The repayment date (day 25): the screens and the day's reminder say ₹25,000.
    clock.advance(22 * DAY);
    expect((await everyFigure(c)).figures).toEqual(all(25_000));
    await t.services.servicing.runReminders();
    expect((await smsTo(c.mobile)).find((s) => s.includes("is due today"))).toContain("Amount due: ₹25,000.");

    // A day late: ₹25,300 on every screen and in the overdue reminder; paying the checkout's figure closes the loan.
    clock.advance(DAY);
    const late = await everyFigure(c);
    expect(late.figures).toEqual(all(25_300));
    await t.services.servicing.runReminders();
    expect((await smsTo(c.mobile)).find((s) => s.includes("overdue"))).toContain("Amount due: ₹25,300, including penal charges of ₹100.");
    await pay(late.checkout.order_id);
    expect(await statusOf(c.leadId)).toBe("CLOSED");
    expect((await t.post({}, { path: journey("getDashboardData"), headers: late.signedIn })).body.Data.active_loan_details).toBeNull();
    expect((await t.post({}, { path: journey("getRepaymentDetails"), headers: late.signedIn })).body.Data.repayment_data).toBeNull();
  });

  it("on payout day, paying the amount Loan Details shows closes the loan", async () => {
    const c = await loanCustomer(t, { paidOutDaysAgo: 0 });
    const { figures, signedIn } = await everyFigure(c);
    expect(figures.dashboard).toBe(20_200);
    const reply = await t.post({ lead_id: c.leadId, rzp_amount: String(figures.dashboard) }, { path: journey("generateRazorpayorderId"), headers: signedIn });
    expect(reply.body.Data.amount).toBe(2_020_000);
    await pay(reply.body.Data.order_id);
    expect(await statusOf(c.leadId)).toBe("CLOSED");
    // Nothing paid above what was due: ₹20,000 principal and ₹200 interest.
    const b = await t.services.ledger.balances(c.leadId);
    expect(b.principal_receivable + b.interest_receivable + b.penal_receivable).toBe(0);
    expect(b.customer_excess).toBe(0);
  });
});
