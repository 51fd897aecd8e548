// AutoPay debits on the services' clock (issue 24, decision 39), with the sandbox mandate provider: the
// notice the day before, the debit on the repayment date posted once (also when its webhook comes twice),
// the mandate ended at closure; a failed debit told and retried once; a revoked mandate debits nothing.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, type IsoDate } from "../../../core/calendar.ts";
import { JOURNEY_CONTROLLER } from "../../../core/contract/index.ts";
import { leads, mandateDebits, mandates, payments } from "../../db/schema/index.ts";
import { mandateWebhookSignature } from "../../providers/mandates/port.ts";
import { SANDBOX_MANDATE_NO_FUNDS_ACCOUNT, SANDBOX_MANDATE_SECRET, SANDBOX_NO_FUNDS_REASON } from "../../providers/mandates/sandbox.ts";
import { payNowSession } from "../../test-support/repayment.ts";
import { goTo as moveTo, loanWithMandate as fixtureLoanWithMandate, runAutopayJob } from "../../test-support/autopay.ts";
import { SANDBOX_RAZORPAY_KEY_ID } from "../../providers/payments/test-kit.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { customerStatement } from "../statements/loan-statement.ts";
import { selectLeads } from "../loans/loan-account.service.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const collector: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000c1", role: "collections" };
const accountant: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a1", role: "accounts" };
const creditManager: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000b1", role: "credit_manager" };
const leadOf = async (id: string) => (await selectLeads(t.services.db).where(eq(leads.id, id)))[0];
const debitsOf = (leadId: string) => t.services.db.select().from(mandateDebits).where(eq(mandateDebits.leadId, leadId)).orderBy(mandateDebits.attempt);
const paymentsOf = (leadId: string) => t.services.db.select().from(payments).where(eq(payments.leadId, leadId));
const smsTo = async (mobile: string) => (await t.services.outbox!.outbox(500)).filter((m) => m.to === mobile).map((m) => m.text);

const loanWithMandate = (account?: string) => fixtureLoanWithMandate(t, account);
const goTo = (day: IsoDate) => moveTo(t, day);
const runJob = () => runAutopayJob(t);

describe("AutoPay debits: the debit on the repayment date, and how it is named", () => {
  it("notice the day before; the debit on the repayment date closes the loan once, and the mandate ends", async () => {
    const c = await loanWithMandate();
    goTo(c.repaymentDate);
    t.clock.advance(-DAY);
    expect((await runJob()).notified).toBeGreaterThanOrEqual(1);
    const [notice] = await debitsOf(c.leadId);
    expect(notice).toMatchObject({ attempt: 1, status: "NOTIFIED", debitOn: c.repaymentDate });
    // The demo loan owes ₹24,200 on its repayment date (₹20,000 and 21 days at 1%... as dues() says); the notice names it.
    expect((await smsTo(c.mobile)).some((s) => s.includes("AutoPay") && s.includes("ending 9012"))).toBe(true);
    // The same day again: no second notice, no debit before the 25th hour.
    expect((await runJob()).presented).toBe(0);
    expect(await debitsOf(c.leadId)).toHaveLength(1);

    t.clock.advance(DAY);
    await runJob();
    const [debit] = await debitsOf(c.leadId);
    expect(debit.status).toBe("SUCCESS");
    expect(debit.amountPaise).toBe(notice.noticeAmountPaise);
    const paid = await paymentsOf(c.leadId);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ gateway: "razorpay", amountPaise: debit.amountPaise, receivedOn: c.repaymentDate });
    expect((await leadOf(c.leadId)).status).toBe("CLOSED");
    const [m] = await t.services.db.select().from(mandates).where(eq(mandates.leadId, c.leadId));
    expect(m).toMatchObject({ status: "CANCELLED", cancelReason: "loan_closed" });
    // Issue 30: the owner's AutoPay screen has the history: registered, approved, the notice, the debit, the end.
    const details = await t.post(
      { lead_id: c.leadId },
      { headers: { "auth-token": (await t.signIn(c.mobile)).token }, path: `${JOURNEY_CONTROLLER}/getAutopayDetails` },
    );
    const history = details.body.Data.history as { kind: string; amount_paise?: number; debit_on?: string; reason?: string }[];
    expect(history.map((e) => e.kind)).toEqual(["registered", "activated", "notice", "debited", "cancelled"]);
    expect(history[2]).toMatchObject({ amount_paise: notice.noticeAmountPaise, debit_on: c.repaymentDate });
    expect(history[3]).toMatchObject({ amount_paise: debit.amountPaise, debit_on: c.repaymentDate });
    expect(history[4]).toMatchObject({ reason: "loan_closed" });

    // The provider sends the debit's webhook again (same event id), and once more under a new event id: posted once.
    await t.services.sandboxMandates!.redeliver(paid[0].gatewayPaymentId);
    await t.services.sandboxMandates!.settled();
    const listed = await t.services.sandboxMandates!.list();
    const d = listed.debits.find((x) => x.payment_id === paid[0].gatewayPaymentId)!;
    const rawBody = JSON.stringify({
      event: "payment.captured",
      payload: {
        payment: {
          entity: { id: d.payment_id, amount: d.amount_paise, status: "captured", order_id: d.order_id, notes: { debit_id: debit.id }, created_at: 1 },
        },
      },
    });
    const again = await t.app.request("/payments/mandates/webhook", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-razorpay-signature": mandateWebhookSignature(SANDBOX_MANDATE_SECRET, rawBody),
        "x-razorpay-event-id": "evt_other",
      },
      body: rawBody,
    });
    expect(again.status).toBe(200);
    expect(await paymentsOf(c.leadId)).toHaveLength(1);
    expect(listed.debits.filter((x) => x.receipt === debit.id)).toHaveLength(1);
  });

  it("issue 29: the statement and the data export call the debit an AutoPay debit (UPI Autopay), not an online Razorpay payment", async () => {
    const c = await loanWithMandate();
    goTo(c.repaymentDate);
    t.clock.advance(-DAY);
    await runJob();
    t.clock.advance(DAY);
    await runJob();
    expect((await debitsOf(c.leadId))[0].status).toBe("SUCCESS");
    const lead = await leadOf(c.leadId);
    const statement = customerStatement(await t.services.ledger.entries(c.leadId), {
      disbursalDate: lead.disbursalDate as IsoDate,
      repaymentDate: lead.repaymentDate as IsoDate,
    });
    const paidLines = statement.lines.filter((l) => l.description.startsWith("Payment received"));
    expect(paidLines.map((l) => l.description)).toEqual(["Payment received by AutoPay debit (UPI Autopay) — thank you"]);
    const hindi = customerStatement(
      await t.services.ledger.entries(c.leadId),
      { disbursalDate: lead.disbursalDate as IsoDate, repaymentDate: lead.repaymentDate as IsoDate },
      "hi",
    );
    expect(hindi.lines.some((l) => l.description.includes("AutoPay डेबिट (UPI Autopay) से"))).toBe(true);
    const exported = await t.services.dataRights.exportData(c.profileId);
    expect(exported.payments.filter((p) => p.loan_no === lead.loanNo).map((p) => p.method)).toEqual(["AutoPay debit (UPI Autopay)"]);
  });

  it("issue 29: on the repayment date, with the debit due that day, the reminder says AutoPay will debit it and what to do if short; never 'pay today'", async () => {
    // The demo loan: ₹20,000 for 25 days at 1% a day owes ₹25,000 on its repayment date.
    const c = await loanWithMandate();
    goTo(c.repaymentDate);
    t.clock.advance(-DAY);
    await runJob();
    t.clock.advance(DAY);
    const lead = await leadOf(c.leadId);
    expect(await t.services.servicing.runReminders()).toMatchObject({ outsideHours: false });
    const today = (await smsTo(c.mobile)).filter((m) => m.includes("is due today"));
    expect(today).toHaveLength(1);
    expect(today[0]).toBe(
      `SalaryOnTime: Your loan ${lead.loanNo} is due today. AutoPay (UPI Autopay) will debit ₹25,000 today from the account you set it up on, so you need not pay separately. If that account may be short, add the money to it today. If the debit fails, we will tell you at once with a Pay Now link.`,
    );
    expect(today[0]).not.toContain("avoid penal charges");
    // Then the debit closes the loan.
    await runJob();
    expect((await leadOf(c.leadId)).status).toBe("CLOSED");
  });
});

describe("AutoPay debits: a failed debit, a loan already paid, a revoked mandate, and the owner's view", () => {
  it("a failed debit (insufficient funds): told with Pay Now, a fresh notice, one retry the next day, then nothing more", async () => {
    const c = await loanWithMandate(SANDBOX_MANDATE_NO_FUNDS_ACCOUNT);
    goTo(c.repaymentDate);
    t.clock.advance(-DAY);
    await runJob();
    t.clock.advance(DAY);
    await runJob();
    let debits = await debitsOf(c.leadId);
    expect(debits.map((d) => [d.attempt, d.status])).toEqual([
      [1, "FAILED"],
      [2, "NOTIFIED"],
    ]);
    expect(debits[0].failureReason).toBe(SANDBOX_NO_FUNDS_REASON);
    const texts = await smsTo(c.mobile);
    expect(texts.some((s) => s.includes("could not debit") && s.includes("/repayloan"))).toBe(true);
    expect(texts.filter((s) => s.includes("will be debited"))).toHaveLength(2);

    t.clock.advance(DAY);
    await runJob();
    debits = await debitsOf(c.leadId);
    expect(debits.map((d) => d.status)).toEqual(["FAILED", "FAILED"]);
    t.clock.advance(DAY);
    await runJob();
    expect(await debitsOf(c.leadId)).toHaveLength(2);
    expect(await paymentsOf(c.leadId)).toEqual([]);
    expect((await leadOf(c.leadId)).status).toBe("DISBURSED");
  });

  it("a customer who pays by Pay Now the day before: no debit on the date", async () => {
    const c = await loanWithMandate();
    goTo(c.repaymentDate);
    t.clock.advance(-DAY);
    await runJob();
    expect((await debitsOf(c.leadId))[0].status).toBe("NOTIFIED");
    // Pay Now with Razorpay (blank amount: the total due), as repayment tests do.
    const { cookie } = await payNowSession(t, c);
    const order = await t.post({ lead_id: c.leadId }, { path: `${JOURNEY_CONTROLLER}/generateRazorpayorderId`, headers: { cookie } });
    expect(order.body.Status).toBe(1);
    const paid = await t.services.paymentGateways.sandbox!.razorpay.pay({
      keyId: SANDBOX_RAZORPAY_KEY_ID,
      orderId: order.body.Data.order_id,
      method: "upi",
      succeed: true,
      webhooks: "normal",
    });
    if (!paid.ok) throw new Error("sandbox payment failed");
    expect((await t.post(paid.result, { path: "/Api/RepayLoanApi/razorpayVerify" })).body.Status).toBe(1);
    expect((await leadOf(c.leadId)).status).toBe("CLOSED");

    t.clock.advance(DAY);
    await runJob();
    expect((await debitsOf(c.leadId)).map((d) => d.status)).toEqual(["SKIPPED"]);
    expect(await paymentsOf(c.leadId)).toHaveLength(1);
    const skippedId = (await debitsOf(c.leadId))[0].id;
    expect((await t.services.sandboxMandates!.list()).debits.filter((d) => d.receipt === skippedId)).toEqual([]);
    const [m] = await t.services.db.select().from(mandates).where(eq(mandates.leadId, c.leadId));
    expect(m).toMatchObject({ status: "CANCELLED", cancelReason: "loan_closed" });
  });

  it("a mandate the customer revoked debits nothing; another customer cannot revoke it", async () => {
    const c = await loanWithMandate();
    const me = { headers: { "auth-token": (await t.signIn(c.mobile)).token } };
    const stranger = { headers: { "auth-token": (await t.signIn()).token } };
    const refused = await t.post({ lead_id: c.leadId }, { headers: stranger.headers, path: `${JOURNEY_CONTROLLER}/revokeAutopay` });
    expect(refused.body.Status).not.toBe(1);
    const revoked = await t.post({ lead_id: c.leadId }, { headers: me.headers, path: `${JOURNEY_CONTROLLER}/revokeAutopay` });
    expect(revoked.body.Status).toBe(1);
    await t.services.sandboxMandates!.settled();
    const [m] = await t.services.db
      .select()
      .from(mandates)
      .where(and(eq(mandates.leadId, c.leadId)));
    expect(m).toMatchObject({ status: "CANCELLED", cancelReason: "revoked" });
    goTo(c.repaymentDate);
    t.clock.advance(-DAY);
    await runJob();
    t.clock.advance(DAY);
    await runJob();
    expect(await debitsOf(c.leadId)).toEqual([]);
    expect((await t.services.sandboxMandates!.list()).mandates.find((x) => x.token_id === m.tokenId)?.status).toBe("cancelled");
  });

  it("the owner sees the mandate's state and next debit date (the retry day after a failure); another customer gets nothing", async () => {
    const c = await loanWithMandate(SANDBOX_MANDATE_NO_FUNDS_ACCOUNT);
    // Signed in afresh for each read: the test clock moves days on, past a session's life.
    const read = async (mobile?: string) =>
      t.post({ lead_id: c.leadId }, { headers: { "auth-token": (await t.signIn(mobile)).token }, path: `${JOURNEY_CONTROLLER}/getAutopayDetails` });

    let mine = await read(c.mobile);
    expect(mine.body.Data).toMatchObject({ lead_id: c.leadId, next_debit_on: c.repaymentDate, mandate: { status: "ACTIVE" } });
    const theirs = await read();
    expect(theirs.body.Status).not.toBe(1);
    expect(theirs.body.Data?.mandate ?? null).toBeNull();
    expect(JSON.stringify(theirs.body)).not.toContain(c.repaymentDate);

    goTo(c.repaymentDate);
    t.clock.advance(-DAY);
    await runJob();
    t.clock.advance(DAY);
    await runJob();
    mine = await read(c.mobile);
    // The first debit failed on the repayment date: the one retry is the next day.
    expect(mine.body.Data.next_debit_on).toBe(addDays(c.repaymentDate, 1));
    // The collections desk shows the same (exactly these fields: no account digits); a customer (no staff role) is refused.
    const row = (await t.services.servicing.desk.queue(collector)).rows.find((r) => r.leadId === c.leadId)!;
    expect(row.autopay).toEqual({ status: "ACTIVE", method: "upi", nextDebitOn: addDays(c.repaymentDate, 1) });
    await expect(t.services.servicing.desk.queue(null)).rejects.toThrow();
    // Accounts see it on the loan's page; a credit manager (not a loan desk) is refused there.
    const page = await t.services.assetClassification.desk.loanClass(accountant, c.leadId);
    expect(page.autopay).toEqual({ status: "ACTIVE", method: "upi", nextDebitOn: addDays(c.repaymentDate, 1) });
    await expect(t.services.assetClassification.desk.loanClass(creditManager, c.leadId)).rejects.toThrow();
    t.clock.advance(DAY);
    await runJob();
    mine = await read(c.mobile);
    expect(mine.body.Data.next_debit_on).toBeNull();
    expect(mine.body.Data.mandate.status).toBe("ACTIVE");
  });
});
