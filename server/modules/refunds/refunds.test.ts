// Refunds of customer excess (decision 37) on the real services and database, figures by hand:
// the demo loan is ₹20,000 at 1% a day, paid out 10 days ago, so it owes ₹22,000 today.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInIndia } from "../../../core/calendar.ts";
import { JOURNEY_CONTROLLER, REPAY_CONTROLLER } from "../../../core/contract/index.ts";
import { auditLog, customerProfiles, ledgerEntries, payments, refunds } from "../../db/schema/index.ts";
import { SANDBOX_RAZORPAY_KEY_ID } from "../../providers/payments/test-kit.ts";
import type { PayoutPort } from "../../providers/payout/port.ts";
import { createSandboxPayout } from "../../providers/payout/sandbox.ts";
import { keyedHash } from "../../security/crypto.ts";
import { loanOwing22000, overpaidByPhonepe } from "../../test-support/gateway-payments.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { Forbidden, NotFound } from "../domain-errors.ts";
import { customerStatement } from "../statements/loan-statement.ts";
import { REFUND_MESSAGES } from "./refunds.service.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
const HASH_KEY = "22".repeat(32);
const collector: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000c1", role: "collections", email: "collector@salaryontime.test" };
const accountant: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a1", role: "accounts", email: "accounts@salaryontime.test" };
const accountant2: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a2", role: "accounts", email: "accounts2@salaryontime.test" };
let utr = 500000;
let seq = 0;

/** Collections enters a bank transfer, accounts approves it (as the bank-transfers desk does). */
async function bankTransfer(t: T, loanNo: string, rupees: string) {
  const desk = t.services.bankTransfers.desk;
  const entered = await desk.enter(collector, { loanNo, amountRupees: rupees, bankReference: `UTRREF${++utr}`, receivedOn: todayInIndia(t.services.now()) });
  return desk.approve(accountant, { id: entered.id });
}

const refundEntries = (t: T, leadId: string) =>
  t.services.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.loanId, leadId), eq(ledgerEntries.kind, "refund")));
const audits = (t: T, action: string, id: string) =>
  t.services.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, id)));

describe("refunds by payout to the verified bank account", () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const desk = () => t.services.refunds.desk;

  it("a ₹23,200 transfer on a loan owing ₹22,000 holds ₹1,200.00; requested by collections, approved by accounts, paid and posted once", async () => {
    const loan = await loanOwing22000(t);
    const approved = await bankTransfer(t, loan.loanNo, "23,200");
    expect(approved).toMatchObject({ loanClosed: true, excessPaise: 120_000 });
    expect((await t.services.ledger.balances(loan.leadId)).customer_excess).toBe(120_000);
    const held = (await desk().excessHeld(accountant)).find((r) => r.leadId === loan.leadId)!;
    expect(held).toMatchObject({ loanNo: loan.loanNo, heldPaise: 120_000, late: false, gatewayPayment: null });
    expect(held.bankAccount).toMatch(/^ending \d{4}$/);

    // More than is held is refused and nothing is written.
    await expect(desk().request(collector, { leadId: loan.leadId, route: "bank", amountRupees: "1,200.01" })).rejects.toThrow(
      "The refund cannot be more than the excess we hold for this loan (₹1,200.00).",
    );
    const requested = await desk().request(collector, { leadId: loan.leadId, route: "bank", amountRupees: "1200" });
    expect(requested).toMatchObject({ status: "REQUESTED", amountPaise: 120_000, route: "bank", requestedByEmail: collector.email });
    expect(requested.destination).toBe(`to the bank account ${held.bankAccount}`);
    // One refund in flight per loan.
    await expect(desk().request(accountant, { leadId: loan.leadId, route: "bank", amountRupees: "1" })).rejects.toThrow(REFUND_MESSAGES.inFlight);
    // Collections may not approve; the requester may not approve even with accounts' role.
    await expect(desk().approve(collector, { id: requested.id })).rejects.toBeInstanceOf(Forbidden);
    await expect(desk().approve({ ...collector, role: "accounts" }, { id: requested.id })).rejects.toThrow(REFUND_MESSAGES.fourEyes);

    const sent = await desk().approve(accountant, { id: requested.id });
    // Sent. The sandbox pays at once and its webhook may be applied before approve() reads the row back (seen on
    // PostgreSQL), so the answer may already be PROCESSED; either way the outcome below is posted once.
    expect(["SENT", "PROCESSED"]).toContain(sent.status);
    const [row] = await t.services.db.select().from(refunds).where(eq(refunds.id, requested.id));
    expect(row).toMatchObject({ idempotencyKey: `refund:${requested.id}`, approvedBy: accountant.staffId });
    await t.services.sandboxPayout!.settled(row.providerReference!);

    const [after] = await t.services.db.select().from(refunds).where(eq(refunds.id, requested.id));
    expect(after.status).toBe("PROCESSED");
    const entries = await refundEntries(t, loan.leadId);
    expect(entries).toHaveLength(1);
    const entry = await t.services.ledger.entryByKey(`refund:${requested.id}`);
    expect(entry?.postings.map((p) => [p.account, p.side, p.amount])).toEqual([
      ["customer_excess", "debit", 120_000],
      ["bank", "credit", 120_000],
    ]);
    // Nothing held any more (the balance reads -0 when debits equal credits).
    expect((await t.services.ledger.balances(loan.leadId)).customer_excess === 0).toBe(true);
    const paid = await t.services.db.select().from(payments).where(eq(payments.leadId, loan.leadId));
    expect(paid.map((p) => p.refundStatus)).toEqual(["refunded"]);
    const sms = (await t.services.outbox!.outbox(50)).find((m) => m.text.includes("refunded") && m.text.includes(loan.loanNo));
    expect(sms?.text).toBe(
      `SalaryOnTime: We have refunded ₹1,200.00, the extra you paid on loan ${loan.loanNo}, to your bank account ${held.bankAccount}. Your bank may take a few days to show it.`,
    );
    for (const action of ["refund.request", "refund.approve", "refund.processed"]) expect(await audits(t, action, requested.id)).toHaveLength(1);

    // A second approval and a repeated provider event post nothing.
    await expect(desk().approve(accountant2, { id: requested.id })).rejects.toThrow(REFUND_MESSAGES.notRequested);
    await expect(desk().check(accountant, { id: requested.id })).rejects.toThrow(REFUND_MESSAGES.notOpen);
    expect(await refundEntries(t, loan.leadId)).toHaveLength(1);
    expect((await desk().excessHeld(accountant)).find((r) => r.leadId === loan.leadId)).toBeUndefined();

    // The statement, from the loan's real entries, reads the refund in plain words and ends at zero.
    const lead = (await t.services.loans.byId(loan.leadId))!;
    const statement = customerStatement(await t.services.ledger.entries(loan.leadId), { disbursalDate: lead.disbursalDate, repaymentDate: lead.repaymentDate });
    expect(statement.lines.at(-1)).toMatchObject({ description: `Refunded to you ₹1,200.00 (to your bank account ${held.bankAccount})`, balance: 0 });
    expect(statement.totals).toMatchObject({ paid: 2_320_000, refunded: 120_000, balance: 0 });

    // The customer's Loan Details: nothing held now, the refund paid today; another customer gets Status 4.
    const today = todayInIndia(t.services.now());
    const me = await t.signIn(loan.mobile);
    const path = `${JOURNEY_CONTROLLER}/getLeadRefunds`;
    const reply = await t.post({ lead_id: loan.leadId }, { path, headers: { "auth-token": me.token } });
    expect(reply.body.Data).toEqual({
      excess_held: 0,
      refunds: [{ amount: 1200, to: `to your bank account ${held.bankAccount}`, status: "Refunded", requested_on: today, refunded_on: today }],
    });
    const stranger = await t.signIn();
    expect((await t.post({ lead_id: loan.leadId }, { path, headers: { "auth-token": stranger.token } })).body.Status).toBe(4);
    expect((await t.post({ lead_id: "not-a-uuid" }, { path, headers: { "auth-token": me.token } })).body.Status).toBe(4);
  });

  it("a rejection keeps its reason; a malformed or unknown id is 'No such refund.'; wrong roles are refused", async () => {
    const loan = await loanOwing22000(t);
    await bankTransfer(t, loan.loanNo, "22,500");
    const requested = await desk().request(accountant, { leadId: loan.leadId, route: "bank", amountRupees: "500" });
    await expect(desk().reject(accountant2, { id: requested.id, reason: "no" })).rejects.toThrow(REFUND_MESSAGES.reason);
    await expect(desk().reject(accountant, { id: requested.id, reason: "Customer asked to wait" })).rejects.toThrow(REFUND_MESSAGES.fourEyes);
    const rejected = await desk().reject(accountant2, { id: requested.id, reason: "Customer asked to wait" });
    expect(rejected).toMatchObject({ status: "REJECTED", rejectReason: "Customer asked to wait" });
    expect(await audits(t, "refund.reject", requested.id)).toHaveLength(1);
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000", "' or 1=1 --"]) {
      await expect(desk().approve(accountant2, { id })).rejects.toThrow(new NotFound(REFUND_MESSAGES.notFound));
    }
    await expect(desk().request(collector, { leadId: "nope", route: "bank", amountRupees: "5" })).rejects.toThrow(REFUND_MESSAGES.noLoan);
    await expect(desk().request(collector, { leadId: loan.leadId, route: "cash", amountRupees: "5" })).rejects.toThrow(REFUND_MESSAGES.route);
    await expect(desk().request(collector, { leadId: loan.leadId, route: "bank", amountRupees: "abc" })).rejects.toThrow(REFUND_MESSAGES.amount);
    await expect(desk().request(collector, { leadId: loan.leadId, route: "gateway", amountRupees: "5" })).rejects.toThrow(REFUND_MESSAGES.noGatewayPayment);
    await expect(desk().request({ ...collector, role: "disbursal" }, { leadId: loan.leadId, route: "bank", amountRupees: "5" })).rejects.toBeInstanceOf(
      Forbidden,
    );
    // The rejected refund no longer holds the loan: a new request is taken.
    expect((await desk().request(collector, { leadId: loan.leadId, route: "bank", amountRupees: "500" })).status).toBe("REQUESTED");
  });
});

describe("a payout that times out", () => {
  let t: T;
  // The provider takes the payout but the answer never arrives: the first create throws after it is made.
  const inner = createSandboxPayout({ failAccount: "000000000000" });
  const keys: string[] = [];
  let dropNext = true;
  const flaky: PayoutPort = {
    provider: "sandbox",
    async create(request) {
      keys.push(request.idempotencyKey);
      const made = await inner.port.create(request);
      if (dropNext) {
        dropNext = false;
        throw new Error("The operation was aborted due to timeout");
      }
      return made;
    },
    status: (ref) => inner.port.status(ref),
    statusByKey: (key) => inner.port.statusByKey(key),
    parseWebhook: (delivery) => inner.port.parseWebhook(delivery),
  };
  beforeAll(async () => {
    t = await createTestApp({ providers: { payout: flaky } });
  });
  afterAll(() => t.close());

  it("is UNKNOWN, never failed; asking the provider again (same key) finds the one payout and posts it once", async () => {
    const loan = await loanOwing22000(t);
    await bankTransfer(t, loan.loanNo, "22,980");
    const requested = await t.services.refunds.desk.request(collector, { leadId: loan.leadId, route: "bank", amountRupees: "980" });
    const approved = await t.services.refunds.desk.approve(accountant, { id: requested.id });
    expect(approved.status).toBe("UNKNOWN");
    expect(await refundEntries(t, loan.leadId)).toHaveLength(0);
    // Not back in the approval queue: a new approval would be a second payout.
    await expect(t.services.refunds.desk.approve(accountant2, { id: requested.id })).rejects.toThrow(REFUND_MESSAGES.notRequested);

    const checked = await t.services.refunds.desk.check(accountant, { id: requested.id });
    expect(checked.status).toBe("PROCESSED");
    expect(keys).toEqual([`refund:${requested.id}`, `refund:${requested.id}`]);
    const entry = await t.services.ledger.entryByKey(`refund:${requested.id}`);
    expect(entry?.postings.map((p) => [p.account, p.side, p.amount])).toEqual([
      ["customer_excess", "debit", 98_000],
      ["bank", "credit", 98_000],
    ]);
    expect(await t.services.refunds.refreshOpen()).toBe(0);
    expect(await refundEntries(t, loan.leadId)).toHaveLength(1);
  });
});

describe("a payout the provider fails", () => {
  it("returns to REQUESTED with the reason; a fresh approval goes out under a new key (the failure is confirmed)", async () => {
    const inner = createSandboxPayout({ failAccount: "000000000000" });
    let first = true;
    const keys: string[] = [];
    const failing = await createTestApp({
      providers: {
        payout: {
          provider: "sandbox",
          async create(request) {
            keys.push(request.idempotencyKey);
            if (first) {
              first = false;
              return {
                providerReference: "pout_failed0001",
                loanId: request.loanId,
                status: "FAILED",
                utr: null,
                failureReason: "Beneficiary account is closed.",
              };
            }
            return inner.port.create(request);
          },
          status: (ref) => inner.port.status(ref),
          statusByKey: (key) => inner.port.statusByKey(key),
          parseWebhook: (delivery) => inner.port.parseWebhook(delivery),
        },
      },
    });
    try {
      const loan = await loanOwing22000(failing);
      await bankTransfer(failing, loan.loanNo, "22,300");
      const desk = failing.services.refunds.desk;
      const requested = await desk.request(collector, { leadId: loan.leadId, route: "bank", amountRupees: "300" });
      const failed = await desk.approve(accountant, { id: requested.id });
      expect(failed).toMatchObject({ status: "REQUESTED", attempt: 2, failureReason: "Beneficiary account is closed.", approvedByEmail: null });
      expect(await refundEntries(failing, loan.leadId)).toHaveLength(0);
      expect(await audits(failing, "refund.failed", requested.id)).toHaveLength(1);
      const again = await desk.approve(accountant2, { id: requested.id });
      expect(again.status).toBe("SENT");
      expect(keys).toEqual([`refund:${requested.id}`, `refund:${requested.id}:2`]);
      expect(await desk.check(accountant, { id: requested.id })).toMatchObject({ status: "PROCESSED" });
      const entry = await failing.services.ledger.entryByKey(`refund:${requested.id}`);
      expect(entry?.postings.map((p) => [p.account, p.side, p.amount])).toEqual([
        ["customer_excess", "debit", 30_000],
        ["bank", "credit", 30_000],
      ]);
    } finally {
      await failing.close();
    }
  });
});

describe("refunds to the original Razorpay payment", () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Pay Now as the customer does: an early ₹980 order, then the full one; paying both leaves ₹980 excess. */
  async function overpaidByRazorpay() {
    const loan = await loanOwing22000(t);
    const pan = `RFQP${"ABCDEFGHJKLMNPQRSTUV"[++seq % 20]}${2000 + seq}Z`;
    await t.services.db
      .update(customerProfiles)
      .set({ pancardHash: keyedHash(HASH_KEY, "pan", pan) })
      .where(eq(customerProfiles.mobile, loan.mobile));
    const ip = t.freshIp();
    const sent = await t.post({ pancard: pan }, { path: `${REPAY_CONTROLLER}/sendOtp`, headers: { "x-forwarded-for": ip } });
    const code = await t.latestCode(loan.mobile);
    const verify = await t.post(
      { panNumber: pan, otp: code, otp_ref: sent.body.Data.otp_ref },
      { path: `${REPAY_CONTROLLER}/verifyOtp`, headers: { "x-forwarded-for": ip } },
    );
    const cookie = verify.headers.get("set-cookie")!.split(";")[0];
    const order = async (rzp_amount?: string) =>
      (
        await t.post(
          { lead_id: loan.leadId, ...(rzp_amount ? { rzp_amount } : {}) },
          { path: `${JOURNEY_CONTROLLER}/generateRazorpayorderId`, headers: { cookie } },
        )
      ).body.Data as { order_id: string };
    const early = await order("980");
    const full = await order();
    const sandbox = t.services.paymentGateways.sandbox!.razorpay;
    for (const o of [full, early]) {
      const paid = await sandbox.pay({ keyId: SANDBOX_RAZORPAY_KEY_ID, orderId: o.order_id, method: "upi", succeed: true, webhooks: "normal" });
      if (!paid.ok) throw new Error("sandbox payment failed");
    }
    return loan;
  }

  it("refunds ₹980.00 through Razorpay: customer_excess Dr 98,000 / clearing_razorpay Cr 98,000, once", async () => {
    const loan = await overpaidByRazorpay();
    expect((await t.services.ledger.balances(loan.leadId)).customer_excess).toBe(98_000);
    const held = (await t.services.refunds.desk.excessHeld(accountant)).find((r) => r.leadId === loan.leadId)!;
    expect(held.gatewayPayment).toBe("Razorpay payment of ₹980.00");
    const requested = await t.services.refunds.desk.request(collector, { leadId: loan.leadId, route: "gateway", amountRupees: "980" });
    expect(requested.destination).toBe("to the original Razorpay payment");
    const sent = await t.services.refunds.desk.approve(accountant, { id: requested.id });
    // Razorpay's normal refund is pending when created.
    expect(sent.status).toBe("SENT");
    expect(await refundEntries(t, loan.leadId)).toHaveLength(0);
    expect(await t.services.refunds.refreshOpen()).toBe(1);
    const [row] = await t.services.db.select().from(refunds).where(eq(refunds.id, requested.id));
    expect(row.status).toBe("PROCESSED");
    expect(row.providerReference).toMatch(/^rfnd_/);
    const entry = await t.services.ledger.entryByKey(`refund:${requested.id}`);
    expect(entry?.postings.map((p) => [p.account, p.side, p.amount])).toEqual([
      ["customer_excess", "debit", 98_000],
      ["clearing_razorpay", "credit", 98_000],
    ]);
    // Asking again changes nothing.
    expect(await t.services.refunds.refreshOpen()).toBe(0);
    expect(await refundEntries(t, loan.leadId)).toHaveLength(1);
    const view = await t.services.refunds.customerView((await t.services.loans.byId(loan.leadId))!.profileId, loan.leadId);
    expect(view.refunds).toMatchObject([{ amountPaise: 98_000, to: "to your original payment", status: "Refunded" }]);
  });
});

describe("refunds to the original PhonePe payment", () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("refunds ₹980.00 of a PhonePe payment made after closure: clearing_phonepe Cr 98,000, once; then nothing is left to refund", async () => {
    const loan = await overpaidByPhonepe(t);
    expect((await t.services.ledger.balances(loan.leadId)).customer_excess).toBe(98_000);
    const held = (await t.services.refunds.desk.excessHeld(accountant)).find((r) => r.leadId === loan.leadId)!;
    expect(held.gatewayPayment).toBe("PhonePe payment of ₹980.00");
    const requested = await t.services.refunds.desk.request(collector, { leadId: loan.leadId, route: "gateway", amountRupees: "980" });
    expect(requested.destination).toBe("to the original PhonePe payment");
    expect((await t.services.refunds.desk.approve(accountant, { id: requested.id })).status).toBe("SENT");
    expect(await t.services.refunds.refreshOpen()).toBe(1);
    const entry = await t.services.ledger.entryByKey(`refund:${requested.id}`);
    expect(entry?.postings.map((p) => [p.account, p.side, p.amount])).toEqual([
      ["customer_excess", "debit", 98_000],
      ["clearing_phonepe", "credit", 98_000],
    ]);
    await expect(t.services.refunds.desk.request(collector, { leadId: loan.leadId, route: "gateway", amountRupees: "1" })).rejects.toThrow(
      REFUND_MESSAGES.nothingHeld,
    );
    expect(await refundEntries(t, loan.leadId)).toHaveLength(1);
  });
});
