// Gateway settlements with refunds (issue 29, finding 3) and settlements of any past day (finding 4),
// on the real services: a loan owing ₹22,000 is paid ₹22,000 and ₹980 through Razorpay, the ₹980
// is refunded; the recorded settlement report (tests/fixtures/settlements) carries both payments and
// the refund line, and the clearing account reaches zero. Figures by hand.
import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInIndia } from "../../../core/calendar.ts";
import { JOURNEY_CONTROLLER, REPAY_CONTROLLER } from "../../../core/contract/index.ts";
import { customerProfiles, ledgerEntries, payments, reconciliationExceptions, refunds } from "../../db/schema/index.ts";
import { razorpaySettlementsFromRecon, SANDBOX_RAZORPAY_KEY_ID } from "../../providers/payments/test-kit.ts";
import { keyedHash } from "../../security/crypto.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
const DAY = 24 * 60 * 60_000;
const HASH_KEY = "22".repeat(32);
const collector: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000c1", role: "collections", email: "collector@salaryontime.test" };
const accountant: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a1", role: "accounts", email: "accounts@salaryontime.test" };
const auditor: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a8", role: "auditor", email: "auditor@salaryontime.test" };
let seq = 0;

const RECON = readFileSync(new URL("../../../tests/fixtures/settlements/razorpay-recon-refund.json", import.meta.url), "utf8");

/** The demo loan (₹20,000, 10 days at 1% a day: owes ₹22,000) paid ₹980 early and then in full through Razorpay: ₹980 excess. */
async function overpaidByRazorpay(t: T) {
  const mobile = randomMobile();
  const demo = await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT" });
  const leadId = demo.activeLoanId!;
  const pan = `RFQS${"ABCDEFGHJKLMNPQRSTUV"[++seq % 20]}${3000 + seq}Z`;
  await t.services.db
    .update(customerProfiles)
    .set({ pancardHash: keyedHash(HASH_KEY, "pan", pan) })
    .where(eq(customerProfiles.mobile, mobile));
  const ip = t.freshIp();
  const sent = await t.post({ pancard: pan }, { path: `${REPAY_CONTROLLER}/sendOtp`, headers: { "x-forwarded-for": ip } });
  const code = await t.latestCode(mobile);
  const verify = await t.post(
    { panNumber: pan, otp: code, otp_ref: sent.body.Data.otp_ref },
    { path: `${REPAY_CONTROLLER}/verifyOtp`, headers: { "x-forwarded-for": ip } },
  );
  const cookie = verify.headers.get("set-cookie")!.split(";")[0];
  const order = async (rzp_amount?: string) =>
    (await t.post({ lead_id: leadId, ...(rzp_amount ? { rzp_amount } : {}) }, { path: `${JOURNEY_CONTROLLER}/generateRazorpayorderId`, headers: { cookie } }))
      .body.Data as { order_id: string };
  const early = await order("980");
  const full = await order();
  for (const o of [full, early]) {
    const paid = await t.services.paymentGateways.sandbox!.razorpay.pay({
      keyId: SANDBOX_RAZORPAY_KEY_ID,
      orderId: o.order_id,
      method: "upi",
      succeed: true,
      webhooks: "normal",
    });
    if (!paid.ok) throw new Error("sandbox payment failed");
  }
  return leadId;
}

describe("a Razorpay settlement with a refund line", () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const balance = (account: string) => t.services.ledger.accountBalance(account);

  it("posts payments, the refund kept back, the fee and its GST as input credit: clearing_razorpay reaches zero, once", async () => {
    const leadId = await overpaidByRazorpay(t);
    const paid = await t.services.db.select().from(payments).where(eq(payments.leadId, leadId));
    const full = paid.find((p) => Number(p.amountPaise) === 22_00_000)!;
    const early = paid.find((p) => Number(p.amountPaise) === 98_000)!;
    const requested = await t.services.refunds.desk.request(collector, { leadId, route: "gateway", amountRupees: "980" });
    await t.services.refunds.desk.approve(accountant, { id: requested.id });
    await t.services.refunds.refreshOpen();
    const [refund] = await t.services.db.select().from(refunds).where(eq(refunds.id, requested.id));
    expect(refund!.status).toBe("PROCESSED");
    // ₹22,000 + ₹980 in, ₹980 refunded: the gateway owes ₹22,000.00 until it settles.
    expect(await balance("clearing_razorpay")).toBe(22_00_000);
    const bankBefore = await balance("bank");

    // The recorded report, with this test's ids: two payments and the refund line.
    const text = RECON.replaceAll("pay_FULL00000000001", full.gatewayPaymentId)
      .replaceAll("pay_EARLY0000000001", early.gatewayPaymentId)
      .replaceAll("rfnd_ONE0000000001", refund!.providerReference!);
    const [settlement] = razorpaySettlementsFromRecon(JSON.parse(text).items);
    const outcome = await t.services.settlement.postSettlement("razorpay", settlement!);
    expect(outcome).toEqual({ posted: true, matched: 3, unmatched: 0 });

    const entry = await t.services.ledger.entryByKey("settlement:razorpay:setl_REFUNDDAY0001");
    // Payments ₹22,980.00 gross; refund ₹980.00 kept back; fee ₹440.00 + ₹19.60 = ₹459.60; GST ₹79.20 + ₹3.53 = ₹82.73;
    // net to the bank ₹21,480.80 + ₹956.87 − ₹980.00 = ₹21,457.67.
    expect(entry!.postings.map((p) => [p.account, p.side, p.amount])).toEqual([
      ["bank", "debit", 21_45_767],
      ["gateway_fee_expense", "debit", 45_960],
      ["gst_input_credit", "debit", 8_273],
      ["clearing_razorpay", "debit", 98_000],
      ["clearing_razorpay", "credit", 22_98_000],
    ]);
    expect(entry!.effectiveOn).toBe("2026-11-23");
    expect(await balance("clearing_razorpay")).toBe(0);
    expect(await balance("bank")).toBe(bankBefore + 21_45_767);

    // The same report again changes nothing.
    expect(await t.services.settlement.postSettlement("razorpay", settlement!)).toEqual({ posted: false, matched: 0, unmatched: 0 });
    expect(await balance("clearing_razorpay")).toBe(0);
    expect(await balance("gateway_fee_gst_expense")).toBe(0);
    // Every clearing account holds only its open items: the books check agrees.
    expect(await t.services.booksCheck.run(todayInIndia(t.clock.now()))).toMatchObject({ ok: true, problems: [] });
  });

  it("a refund line we have no refund for is listed, not posted; a chargeback is posted and listed for accounts", async () => {
    const settledOn = todayInIndia(t.clock.now());
    const clearingBefore = await balance("clearing_razorpay");
    const [somePayment] = await t.services.db.select().from(payments).where(eq(payments.gateway, "razorpay"));
    const outcome = await t.services.settlement.postSettlement("razorpay", {
      settlementId: "setl_ODDLINES00001",
      utr: "UTRODD0001",
      settledOn,
      lines: [
        { type: "refund", paymentId: "rfnd_NOTOURS000001", parentPaymentId: "pay_X", grossPaise: -50_000, feePaise: 0, taxPaise: 0, netPaise: -50_000 },
        {
          type: "chargeback",
          paymentId: "disp_ONE0000001",
          parentPaymentId: somePayment!.gatewayPaymentId,
          grossPaise: -98_000,
          feePaise: 0,
          taxPaise: 0,
          netPaise: -98_000,
        },
      ],
    });
    expect(outcome).toEqual({ posted: true, matched: 1, unmatched: 1 });
    // The chargeback of ₹980.00 left the clearing account (Dr) and the bank (Cr) until accounts acts on it.
    expect(await balance("clearing_razorpay")).toBe(clearingBefore + 98_000);
    const listed = await t.services.db.select().from(reconciliationExceptions).where(eq(reconciliationExceptions.settlementId, "setl_ODDLINES00001"));
    expect(listed.map((e) => e.kind).sort()).toEqual(["chargeback", "unknown_refund"]);
  });
});

describe("the books check names a negative receivable", () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("₹30,000 credited to a ₹20,000 principal leaves it at −₹10,000.00: a problem", async () => {
    const demo = await createDemoCustomer(t.services, { mobile: randomMobile(), userType: "UNPAID-REPEAT" });
    const loanId = demo.activeLoanId!;
    const on = todayInIndia(t.clock.now());
    await t.services.db.transaction((tx) =>
      t.services.ledger.post(tx, {
        idempotencyKey: `test-overcredit:${loanId}`,
        kind: "repayment",
        loanId,
        effectiveOn: on,
        postings: [
          { account: "bank", side: "debit", amount: 30_00_000 },
          { account: "principal_receivable", side: "credit", amount: 30_00_000 },
        ],
      }),
    );
    const report = await t.services.booksCheck.run(on);
    expect(report.problems.map((p) => p.problem)).toContain(`principal_receivable is negative (-1000000 paise) as of ${on}.`);
  });
});

describe("settlements of any past day, read again by accounts", () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("a payment missed by the job is settled by reading its day again; a rerun posts nothing twice; bad ranges refused", async () => {
    const leadId = await overpaidByRazorpay(t);
    const paidOn = todayInIndia(t.clock.now());
    // The job does not run for 40 days: even reading back to the oldest unsettled payment (31 days at most) misses it.
    t.clock.advance(40 * DAY);
    expect((await t.services.settlement.runSettlements()).settlements).toBe(0);
    // The books check names the two payments past their window (T+3 working days): ₹22,980.00 not settled.
    const today0 = todayInIndia(t.clock.now());
    const before = await t.services.booksCheck.run(today0);
    expect(before.problems.map((p) => p.problem)).toEqual([expect.stringMatching(/^clearing_razorpay: 2 item\(s\) past their window, ₹22980\.00: payment /)]);
    const desk = t.services.reconciliationDesk;
    await expect(desk.settleRange(auditor, { from: paidOn, to: addDays(paidOn, 2) })).rejects.toMatchObject({ kind: "forbidden" });
    const today = todayInIndia(t.clock.now());
    await expect(desk.settleRange(accountant, { from: addDays(paidOn, 2), to: paidOn })).rejects.toMatchObject({ kind: "invalid-input" });
    await expect(desk.settleRange(accountant, { from: paidOn, to: today })).rejects.toMatchObject({ kind: "invalid-input" });
    await expect(desk.settleRange(accountant, { from: addDays(today, -40), to: addDays(today, -1) })).rejects.toMatchObject({ kind: "invalid-input" });
    await expect(desk.settleRange(accountant, { from: "01/11/2026", to: paidOn })).rejects.toMatchObject({ kind: "invalid-input" });

    const first = await desk.settleRange(accountant, { from: paidOn, to: addDays(paidOn, 2) });
    expect(first).toMatchObject({ settlements: 1, posted: 1, unmatchedLines: 0, errors: 0 });
    // ₹22,000 and ₹980 settled: 2% fee ₹440.00 + ₹19.60, GST ₹79.20 + ₹3.53 (sandbox price); clearing empty.
    expect(await t.services.ledger.accountBalance("clearing_razorpay")).toBe(0);
    expect(await t.services.ledger.accountBalance("gst_input_credit")).toBe(7_920 + 353);
    expect(await t.services.booksCheck.run(today0)).toMatchObject({ ok: true, problems: [] });
    const again = await desk.settleRange(accountant, { from: paidOn, to: addDays(paidOn, 2) });
    expect(again).toMatchObject({ settlements: 1, posted: 0 });
    const settlementsPosted = await t.services.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, "settlement")));
    expect(settlementsPosted).toHaveLength(1);
    expect(leadId).toBeTruthy();
  });
});

describe("the daily job catches up by itself", () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("after 10 days without a run it reads back to the oldest unsettled payment, with the sandbox's refund line: clearing empty", async () => {
    const leadId = await overpaidByRazorpay(t);
    const requested = await t.services.refunds.desk.request(collector, { leadId, route: "gateway", amountRupees: "980" });
    await t.services.refunds.desk.approve(accountant, { id: requested.id });
    await t.services.refunds.refreshOpen();
    const bankBefore = await t.services.ledger.accountBalance("bank");
    t.clock.advance(10 * DAY);
    const run = await t.services.settlement.runSettlements();
    expect(run).toMatchObject({ settlements: 1, posted: 1, unmatchedLines: 0, errors: 0 });
    // As the recorded report: ₹21,480.80 + ₹956.87 − ₹980.00 refunded = ₹21,457.67 to the bank.
    expect(await t.services.ledger.accountBalance("bank")).toBe(bankBefore + 21_45_767);
    expect(await t.services.ledger.accountBalance("clearing_razorpay")).toBe(0);
    expect(await t.services.booksCheck.run(todayInIndia(t.clock.now()))).toMatchObject({ ok: true, problems: [] });
  });
});
