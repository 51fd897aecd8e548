// The PayU and PhonePe sandboxes keep a refund back from the next day's settlement as a refund line
// (issue 29), in each gateway's report format, and the settlement job posts it: a loan owing ₹22,000
// is paid in full, ₹2,000 more arrives after it closed, ₹1,500 of that is refunded to the payment.
// The next day's settlement: ₹22,000 and ₹2,000 in, ₹1,500 kept back, 2% fee and 18% GST (the
// sandboxes' price). Figures by hand.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInIndia } from "../../../core/calendar.ts";
import { loanOwing22000, payOnPayuPage, payuOrder, phonepeOrders, postPayuReturn } from "../../test-support/gateway-payments.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { createClearingCheck } from "./clearing-check.service.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
const DAY = 24 * 60 * 60_000;
const collector: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000c1", role: "collections", email: "collector@salaryontime.test" };
const accountant: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a1", role: "accounts", email: "accounts@salaryontime.test" };

/** The demo loan owing ₹22,000 (the refunds tests' set-up), and its customer signed in. */
async function signedInLoan(t: T) {
  const loan = await loanOwing22000(t);
  const { token } = await t.signIn(loan.mobile);
  return { leadId: loan.leadId, token };
}

/** Refunds ₹1,500 of the ₹2,000 paid after closure to the original payment; the gateway pays it by the next look. */
async function refund1500(t: T, leadId: string) {
  const requested = await t.services.refunds.desk.request(collector, { leadId, route: "gateway", amountRupees: "1500" });
  expect((await t.services.refunds.desk.approve(accountant, { id: requested.id })).status).toBe("SENT");
  await t.services.refunds.refreshOpen();
  const entry = await t.services.ledger.entryByKey(`refund:${requested.id}`);
  expect(entry?.postings.map((p) => p.amount)).toEqual([1_50_000, 1_50_000]);
}

async function payByPhonepe(t: T) {
  const { leadId, token } = await signedInLoan(t);
  const order = phonepeOrders(t, leadId, token);
  const after = await order("2000");
  const full = await order("");
  const phonepe = t.services.paymentGateways.sandbox!.phonepe;
  await phonepe.complete(full, "COMPLETED");
  await phonepe.complete(after, "COMPLETED");
  return leadId;
}

async function payByPayu(t: T) {
  const { leadId, token } = await signedInLoan(t);
  const order = (amount: string) => payuOrder(t, leadId, token, amount);
  // The customer pays on the sandbox's page and the browser posts PayU's answer back to us.
  const pay = async (placed: { action: string; parameters: Record<string, string> }) => {
    await postPayuReturn(t, (await payOnPayuPage(t, placed)).fields);
  };
  const after = await order("2000");
  await pay(await order("22000"));
  await pay(after);
  return leadId;
}

describe.each([
  { gateway: "phonepe" as const, pay: payByPhonepe },
  { gateway: "payu" as const, pay: payByPayu },
])("a $gateway refund kept back from the next day's settlement", ({ gateway, pay }) => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const balance = (account: string) => t.services.ledger.accountBalance(account);
  const clearing = `clearing_${gateway}`;

  it("posts both payments and the refund line: the clearing account reaches zero, the bank moves by the net, nothing is late a week on", async () => {
    const paidOn = todayInIndia(t.clock.now());
    const leadId = await pay(t);
    const loan = await t.services.loans.byId(leadId);
    expect(loan!.status).toBe("CLOSED");
    expect((await t.services.ledger.balances(leadId)).customer_excess).toBe(2_00_000);
    await refund1500(t, leadId);
    // ₹22,000 + ₹2,000 in, ₹1,500 refunded: the gateway owes ₹22,500.00 until it settles.
    expect(await balance(clearing)).toBe(22_50_000);
    const bankBefore = await balance("bank");
    const feeBefore = await balance("gateway_fee_expense");
    const gstBefore = await balance("gst_input_credit");

    // The next day at 11:30 India time the day before's captures and refunds are settled.
    t.clock.advance(DAY);
    const settledOn = addDays(paidOn, 1);
    const [report] = await t.services.paymentGateways.of(gateway).settlementReport(settledOn);
    expect(report!.lines.filter((l) => l.type === "refund").map((l) => [l.grossPaise, l.feePaise, l.taxPaise, l.netPaise])).toEqual([
      [-1_50_000, 0, 0, -1_50_000],
    ]);
    // The daily job reads the days before today: the next morning it posts that settlement.
    t.clock.advance(DAY);
    const run = await t.services.settlement.runSettlements();
    expect(run).toMatchObject({ settlements: 1, posted: 1, unmatchedLines: 0, errors: 0 });

    // Fee 2%: ₹440.00 + ₹40.00 = ₹480.00; GST 18% on it: ₹79.20 + ₹7.20 = ₹86.40;
    // net ₹21,480.80 + ₹1,952.80 − ₹1,500.00 = ₹21,933.60 to the bank.
    expect(await balance("bank")).toBe(bankBefore + 21_93_360);
    expect(await balance("gateway_fee_expense")).toBe(feeBefore + 48_000);
    expect(await balance("gst_input_credit")).toBe(gstBefore + 8_640);
    expect(await balance(clearing)).toBe(0);
    // Read again, the same settlement posts nothing twice.
    expect(await t.services.settlement.runSettlements()).toMatchObject({ posted: 0 });
    expect(await balance(clearing)).toBe(0);

    // A week later no clearing item is past its window, and the books check agrees.
    const weekLater = addDays(paidOn, 7);
    expect(await createClearingCheck({ db: t.services.db }).run(weekLater)).toEqual([]);
    t.clock.advance(5 * DAY);
    expect(await t.services.booksCheck.run(weekLater)).toMatchObject({ ok: true, problems: [] });
  });
});
