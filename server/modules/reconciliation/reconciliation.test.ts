// Reconciliation with the gateways (issue 20): a PayU payment whose tab was closed and whose
// notification was lost is recorded by the job; PayU's notification is verified and posts once with
// the return; an amount that differs is listed, not posted; settlements post clearing → bank with the
// fee and its GST, once; lines that do not match are listed. Figures are written by hand.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInIndia } from "../../../core/calendar.ts";
import { PAYMENT_CALLBACKS, REPAY_CONTROLLER } from "../../../core/contract/index.ts";
import {
  auditLog,
  gatewaySettlementLines,
  gatewaySettlements,
  ledgerEntries,
  ledgerPostings,
  paymentOrders,
  payments,
  reconciliationExceptions,
} from "../../db/schema/index.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const accountant: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a7", role: "accounts", email: "accounts@salaryontime.test" };
const auditor: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a8", role: "auditor", email: "auditor@salaryontime.test" };

const unescape = (v: string) => v.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
const hiddenFields = (html: string) =>
  Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], unescape(m[2])]));
const form = (body: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(body).toString(),
});

// One app for the describes below.
let t: T;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function loanCustomer() {
  const mobile = randomMobile();
  const demo = await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT" });
  const { token } = await t.signIn(mobile);
  return { mobile, token, leadId: demo.activeLoanId! };
}

/** A PayU order for ₹amount, not yet at PayU. */
async function payuOrder(c: { token: string; leadId: string }, amount: string) {
  const order = await t.post(
    { amount, productinfo: "Loan repayment", firstname: "Demo", email: "demo@example.com", mobile: "9999999999", udf5: c.leadId },
    { path: `${REPAY_CONTROLLER}/payuOrder`, headers: { "auth-token": c.token } },
  );
  expect(order.body.Status).toBe(1);
  return order.body.Data as { action: string; parameters: Record<string, string> };
}

/** The form posted to the sandbox PayU and its hosted page answered with `outcome`. */
async function atPayu(order: { action: string; parameters: Record<string, string> }, outcome: string) {
  const start = await t.app.request(new URL(order.action).pathname, form(order.parameters));
  const hosted = new URL(start.headers.get("location")!, "http://x").pathname;
  const page = await t.app.request(hosted, form({ outcome, mode: "UPI" }));
  return { txnid: order.parameters.txnid!, html: await page.text(), status: page.status };
}

const payuPay = async (c: { token: string; leadId: string }, amount: string, outcome: string) => atPayu(await payuOrder(c, amount), outcome);

const postedFor = (leadId: string) => t.services.db.select().from(payments).where(eq(payments.leadId, leadId));
const orderRow = async (orderId: string) => (await t.services.db.select().from(paymentOrders).where(eq(paymentOrders.orderId, orderId)))[0]!;

describe("reconciliation with the gateways: payments and orders the browser never brought back", () => {
  it("records a PayU payment whose tab was closed and whose notification was lost, through the job only, once", async () => {
    const c = await loanCustomer();
    const paid = await payuPay(c, "1500", "close_tab_lost");
    expect(paid.status).toBe(200);
    expect(paid.html).toContain("You may close this tab");
    expect(paid.html).not.toContain("<form"); // no return to the merchant
    expect(await postedFor(c.leadId)).toHaveLength(0);

    // Before 15 minutes the order is not asked about (the customer may still be paying).
    await t.services.reconciliation.runReconciliation();
    expect(await postedFor(c.leadId)).toHaveLength(0);

    t.clock.advance(15 * MINUTE + 1000);
    const run = await t.services.reconciliation.runReconciliation();
    expect(run.paid).toBeGreaterThanOrEqual(1);
    const posted = await postedFor(c.leadId);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ gateway: "payu", amountPaise: 1500_00 });
    expect((await orderRow(paid.txnid)).status).toBe("paid");

    // A second run finds nothing open for this order and posts nothing again.
    await t.services.reconciliation.runReconciliation();
    expect(await postedFor(c.leadId)).toHaveLength(1);
  });

  it("PayU notification: a bad hash is refused and changes nothing; a good one posts once, with the return", async () => {
    const c = await loanCustomer();
    const paid = await payuPay(c, "1200", "success");
    const fields = hiddenFields(paid.html);
    expect(fields.status).toBe("success");
    const notify = (body: Record<string, string>) => t.app.request(`${PAYMENT_CALLBACKS}/payu/notify`, form(body));

    const forged = await notify({ ...fields, hash: "0".repeat(128) });
    expect(forged.status).toBe(401);
    const tampered = await notify({ ...fields, amount: "1.00" });
    expect(tampered.status).toBe(401);
    expect(await postedFor(c.leadId)).toHaveLength(0);

    expect((await notify(fields)).status).toBe(200);
    expect(await postedFor(c.leadId)).toHaveLength(1);
    const back = await t.app.request(`${PAYMENT_CALLBACKS}/payu/return`, form(fields));
    expect(back.status).toBe(303);
    expect((await notify(fields)).status).toBe(200); // PayU's retry
    const posted = await postedFor(c.leadId);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ gateway: "payu", gatewayPaymentId: fields.mihpayid, amountPaise: 1200_00 });
    const seen = (await t.services.payments.webhookEventsSeen("payu")).filter((e) => e.eventId === `${fields.mihpayid}:success`);
    expect(seen).toHaveLength(1);
  });

  it("PayU 'Pay, then close the tab': the sandbox's notification posts the payment with no browser return", async () => {
    const c = await loanCustomer();
    const paid = await payuPay(c, "800", "close_tab");
    expect(paid.html).toContain("You may close this tab");
    const posted = await postedFor(c.leadId);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.amountPaise).toBe(800_00);
  });

  it("lists a paid amount that differs from the order for accounts, never posts it, and lists it once", async () => {
    const c = await loanCustomer();
    const paid = await payuPay(c, "1000", "close_tab_lost");
    // Our order says ₹1,001.00; the gateway took ₹1,000.00.
    await t.services.db.update(paymentOrders).set({ amountPaise: 1001_00 }).where(eq(paymentOrders.orderId, paid.txnid));
    t.clock.advance(16 * MINUTE);
    await t.services.reconciliation.runReconciliation();
    await t.services.reconciliation.runReconciliation();
    expect(await postedFor(c.leadId)).toHaveLength(0);
    const listed = await t.services.db
      .select()
      .from(reconciliationExceptions)
      .where(and(eq(reconciliationExceptions.kind, "amount_mismatch"), eq(reconciliationExceptions.orderId, paid.txnid)));
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ gateway: "payu", orderedPaise: 1001_00, paidPaise: 1000_00 });
    expect(listed[0]!.gatewayPaymentId).toMatch(/^\d+$/);
    expect((await orderRow(paid.txnid)).status).toBe("created");
  });

  it("asks once more about an order past 3 days: a payment is recorded; no answer is listed once and not asked again", async () => {
    const c = await loanCustomer();
    const age = (orderId: string) =>
      t.services.db.execute(sql`update payment_orders set created_at = created_at - interval '3 days 1 minute' where order_id = ${orderId}`);
    // Paid, and nothing told us: the job had not run for 3 days. The last ask records it.
    const silent = await payuPay(c, "700", "close_tab_lost");
    await age(silent.txnid);
    await t.services.reconciliation.runReconciliation();
    expect((await orderRow(silent.txnid)).status).toBe("paid");
    expect((await postedFor(c.leadId)).map((p) => Number(p.amountPaise))).toEqual([700_00]);

    // Never reached PayU: verify_payment does not know it. Listed for accounts, once.
    const order = await payuOrder(c, "300");
    await age(order.parameters.txnid!);
    await t.services.reconciliation.runReconciliation();
    await t.services.reconciliation.runReconciliation();
    const listed = () =>
      t.services.db
        .select()
        .from(reconciliationExceptions)
        .where(and(eq(reconciliationExceptions.kind, "unanswered_order"), eq(reconciliationExceptions.orderId, order.parameters.txnid!)));
    expect(await listed()).toHaveLength(1);
    expect((await listed())[0]).toMatchObject({ gateway: "payu", orderedPaise: 300_00, paidPaise: null });
    // Paid at PayU afterwards: the job no longer asks (accounts has it; the settlement would list it too).
    await atPayu(order, "close_tab_lost");
    await t.services.reconciliation.runReconciliation();
    expect((await orderRow(order.parameters.txnid!)).status).toBe("created");
    expect(await postedFor(c.leadId)).toHaveLength(1);
    expect(await listed()).toHaveLength(1);
  });
});

describe("reconciliation with the gateways: settlements and their exceptions", () => {
  it("posts a gateway settlement by hand-checked figures, once, and lists lines that do not match", async () => {
    t.clock.advance(DAY); // a day of its own: the settlement of that day has only this payment
    const c = await loanCustomer();
    await payuPay(c, "1000", "close_tab");
    const [payment] = await postedFor(c.leadId);
    expect(payment!.amountPaise).toBe(1000_00);
    const balance = (account: string) => t.services.ledger.accountBalance(account);

    t.clock.advance(2 * DAY); // the report of the day after is out (T+1 at 11:00 India time)
    const first = await t.services.settlement.runSettlements();
    expect(first.errors).toBe(0);
    const [line] = await t.services.db.select().from(gatewaySettlementLines).where(eq(gatewaySettlementLines.paymentId, payment!.id));
    // ₹1,000.00 gross, 2% fee ₹20.00, 18% GST on it ₹3.60, net ₹976.40.
    expect(line).toMatchObject({ grossPaise: 1_00_000, feePaise: 2_000, taxPaise: 360, netPaise: 97_640 });
    const [row] = await t.services.db.select().from(gatewaySettlements).where(eq(gatewaySettlements.id, line!.settlementRowId));
    expect(row).toMatchObject({ gateway: "payu", grossPaise: 1_00_000, feePaise: 2_000, taxPaise: 360, netPaise: 97_640, unmatchedCount: 0 });
    const [entry] = await t.services.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, row!.ledgerEntryId!));
    expect(entry).toMatchObject({ kind: "settlement", idempotencyKey: `settlement:payu:${row!.settlementId}`, loanId: null });
    const postings = await t.services.db.select().from(ledgerPostings).where(eq(ledgerPostings.entryId, entry!.id));
    const lines = postings.map((p) => [p.account, p.side, Number(p.amount)]).sort();
    expect(lines).toEqual(
      [
        ["bank", "debit", 97_640],
        ["clearing_payu", "credit", 1_00_000],
        ["gateway_fee_expense", "debit", 2_000],
        ["gst_input_credit", "debit", 360],
      ].sort(),
    );
    // (The same run also settled the earlier tests' payments, each in its own day's settlement.)
    const bankAfterFirst = await balance("bank");
    const clearingAfterFirst = await balance("clearing_payu");

    // Running again (the same reports) posts nothing twice.
    const entriesBefore = (
      await t.services.db
        .select({ n: sql<string>`count(*)` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.kind, "settlement"))
    )[0]!.n;
    const again = await t.services.settlement.runSettlements();
    expect(again.posted).toBe(0);
    const entriesAfter = (
      await t.services.db
        .select({ n: sql<string>`count(*)` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.kind, "settlement"))
    )[0]!.n;
    expect(entriesAfter).toBe(entriesBefore);
    expect(await balance("bank")).toBe(bankAfterFirst);
    expect(await balance("clearing_payu")).toBe(clearingAfterFirst);

    // A report with a payment we never recorded and one whose amount differs: both listed, neither posted.
    const odd = await t.services.settlement.postSettlement("payu", {
      settlementId: "SETL-ODD-1",
      utr: "UTRODD1",
      settledOn: row!.settledOn,
      lines: [
        { paymentId: "999999999999", grossPaise: 50_000, feePaise: 1_000, taxPaise: 180, netPaise: 48_820 },
        { paymentId: payment!.gatewayPaymentId, grossPaise: 90_000, feePaise: 1_800, taxPaise: 324, netPaise: 87_876 },
      ],
    });
    expect(odd).toMatchObject({ posted: false, matched: 0, unmatched: 2 });
    const listed = await t.services.db.select().from(reconciliationExceptions).where(eq(reconciliationExceptions.settlementId, "SETL-ODD-1"));
    expect(listed.map((e) => [e.kind, e.gatewayPaymentId, e.orderedPaise === null ? null : Number(e.orderedPaise), Number(e.paidPaise)]).sort()).toEqual(
      [
        ["settlement_amount", payment!.gatewayPaymentId, 1_00_000, 90_000],
        ["unknown_payment", "999999999999", null, 50_000],
      ].sort(),
    );
    expect(await balance("bank")).toBe(bankAfterFirst);
    // The books still add up: every loan against dues(), and the trial balance with the settlements in it.
    expect(await t.services.booksCheck.run(todayInIndia(t.clock.now()))).toMatchObject({ ok: true, problems: [] });
  });

  it("lists a payment with no settlement after 4 days", async () => {
    const c = await loanCustomer();
    await payuPay(c, "600", "close_tab");
    const [payment] = await postedFor(c.leadId);
    // Drop the sandbox's record of the capture, so no report ever carries it.
    await t.services.db.execute(sql`delete from sandbox_records where kind = 'payu-captured-on'`);
    t.clock.advance(5 * DAY);
    await t.services.settlement.runSettlements();
    const listed = await t.services.db
      .select()
      .from(reconciliationExceptions)
      .where(and(eq(reconciliationExceptions.kind, "not_settled"), eq(reconciliationExceptions.gatewayPaymentId, payment!.gatewayPaymentId)));
    expect(listed).toHaveLength(1);
    expect(Number(listed[0]!.paidPaise)).toBe(600_00);
  });

  it("accounts marks an exception as dealt with, with a note, audited; the auditor reads only; bad input changes nothing", async () => {
    const desk = t.services.reconciliationDesk;
    const overview = await desk.overview(auditor);
    const open = overview.exceptions.find((e) => e.kind === "amount_mismatch")!;
    expect(open).toBeTruthy();
    await expect(desk.resolve(auditor, { id: open.id, note: "Looked at it" })).rejects.toMatchObject({ kind: "forbidden" });
    await expect(desk.resolve(accountant, { id: open.id, note: "ok" })).rejects.toMatchObject({ kind: "invalid-input" });
    await expect(desk.resolve(accountant, { id: "not-a-uuid", note: "Refund raised with PayU" })).rejects.toMatchObject({ kind: "not-found" });
    await desk.resolve(accountant, { id: open.id, note: "Refund of ₹1,000.00 raised with PayU" });
    await expect(desk.resolve(accountant, { id: open.id, note: "Again, twice" })).rejects.toMatchObject({ kind: "refused" });
    const resolved = await desk.overview(accountant, { show: "resolved" });
    expect(resolved.exceptions.find((e) => e.id === open.id)).toMatchObject({
      resolutionNote: "Refund of ₹1,000.00 raised with PayU",
      resolvedByEmail: accountant.email,
    });
    const audited = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "reconciliation.resolve"), eq(auditLog.targetId, open.id)));
    expect(audited).toHaveLength(1);
    const settled = await desk.settlements(auditor);
    expect(settled.rows.some((r) => r.gateway === "payu" && r.netPaise === 97_640)).toBe(true);
    expect(settled.unmatched.some((e) => e.settlementId === "SETL-ODD-1")).toBe(true);
  });
});
