// Issue 29, finding 1: no money is stranded when a payout is returned by the bank. Every order of
// payout (P), payout reversal (R), payment by gateway (G) or bank transfer (B), closure (C: a payment
// of everything due), refund (F) and a second payout (P2) leaves the loan's accounts at the figures
// below, worked by hand, and the books check finds nothing. The demo loan is ₹20,000 paid out today:
// on its payout day it owes ₹20,200 (one day's minimum interest at 1%), so a ₹1,000 payment is
// ₹200 of interest and ₹800 of principal while the loan stands.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { applicationStatus } from "../../../core/application-status.ts";
import { loanAccounts, paymentOrders, payments, payouts, refunds } from "../../db/schema/index.ts";
import { createClock, createTestApp, randomMobile } from "../../test-support/test-app.ts";
import type { AuditEntry, StaffActor } from "../credit/credit.service.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { BANK_TRANSFER_MESSAGES } from "../payments/bank-transfers.service.ts";
import { createPayoutSettlement } from "./payout-settlement.ts";

const clock = createClock();
let t: Awaited<ReturnType<typeof createTestApp>>;
const collector: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000c1", role: "collections", email: "collector@salaryontime.test" };
const accountant: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a1", role: "accounts", email: "accounts@salaryontime.test" };
const accountant2: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a2", role: "accounts", email: "accounts2@salaryontime.test" };
const audited: AuditEntry[] = [];
let seq = 0;
let settlement: ReturnType<typeof createPayoutSettlement>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const s = t.services;
  settlement = createPayoutSettlement({
    db: s.db,
    ledger: s.ledger,
    sms: s.outbox!,
    email: s.email,
    publicOrigin: s.env.PUBLIC_ORIGIN,
    audit: { record: async (_tx: unknown, entry: AuditEntry) => void audited.push(entry) },
    now: s.now,
    logger: s.logger,
  });
});
afterAll(() => t?.close());

const today = () => todayInIndia(clock.now());
const DAY = 86_400_000;

type Loan = { leadId: string; loanNo: string; profileId: string; attempt: number; orders: string[] };

/** P: a ₹20,000 loan paid out today, with its payout attempt recorded as the provider paid it. */
async function paidOut(): Promise<Loan> {
  const demo = await createDemoCustomer(t.services, { mobile: randomMobile(), userType: "UNPAID-REPEAT", paidOutDaysAgo: 0 });
  const lead = (await t.services.loans.byId(demo.activeLoanId!))!;
  await t.services.db.insert(payouts).values({
    loanId: lead.id,
    attempt: 1,
    idempotencyKey: lead.id,
    provider: "sandbox",
    providerReference: `pout_rev_${++seq}`,
    amountPaise: 1_800_000,
    status: "SUCCESS",
    utr: `UTR${seq}`,
    requestedBy: "pay-1",
  });
  return { leadId: lead.id, loanNo: lead.loanNo!, profileId: lead.profileId, attempt: 1, orders: [] };
}

/** R: the bank returns the live payout (the provider's payout.reversed). */
async function reverse(loan: Loan) {
  const [row] = await t.services.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.loanId, loan.leadId), eq(payouts.attempt, loan.attempt)));
  const out = await settlement.settle({
    providerReference: row.providerReference!,
    reference: row.idempotencyKey,
    loanId: loan.leadId,
    status: "REVERSED",
    utr: row.utr,
    failureReason: "Beneficiary account closed",
  });
  expect(out.applied).toBe(true);
}

/** P2: the lead is paid out again (a new attempt under a new key). */
async function paidAgain(loan: Loan) {
  loan.attempt += 1;
  const key = `${loan.leadId}:${loan.attempt}`;
  await t.services.db.insert(payouts).values({
    loanId: loan.leadId,
    attempt: loan.attempt,
    idempotencyKey: key,
    provider: "sandbox",
    providerReference: `pout_rev_${++seq}`,
    amountPaise: 1_800_000,
    status: "PENDING",
    requestedBy: "pay-1",
  });
  const out = await settlement.settle({
    providerReference: `pout_rev_${seq}`,
    reference: key,
    loanId: loan.leadId,
    status: "SUCCESS",
    utr: `UTR${seq}`,
    failureReason: null,
  });
  expect(out.applied).toBe(true);
}

/** B: collections enters a transfer, accounts approves it (steps split so a reversal can come between). */
async function enterTransfer(loan: Loan, rupees: string, receivedOn: IsoDate = today()) {
  return t.services.bankTransfers.desk.enter(collector, { loanNo: loan.loanNo, amountRupees: rupees, bankReference: `UTRREV${++seq}`, receivedOn });
}
const approveTransfer = (id: string) => t.services.bankTransfers.desk.approve(accountant, { id });
const transfer = async (loan: Loan, rupees: string) => approveTransfer((await enterTransfer(loan, rupees)).id);

/** G: a Razorpay order made while the loan was open, captured when the test says. */
async function orderFor(loan: Loan, paise: number) {
  const at = clock.now();
  const [order] = await t.services.db
    .insert(paymentOrders)
    .values({ orderId: `ORD-REV-${++seq}`, gateway: "razorpay", leadId: loan.leadId, amountPaise: paise, createdAt: at, updatedAt: at })
    .returning();
  return order;
}
const capture = (order: Awaited<ReturnType<typeof orderFor>>) =>
  t.services.payments.settle(order, "razorpay", `pay_rev_${++seq}`, Number(order.amountPaise), clock.now());

/** F: a refund of excess to the verified bank account, requested, approved and paid. */
async function refund(loan: Loan, rupees: string) {
  const requested = await t.services.refunds.desk.request(collector, { leadId: loan.leadId, route: "bank", amountRupees: rupees });
  await t.services.refunds.desk.approve(accountant2, { id: requested.id });
  const [row] = await t.services.db.select().from(refunds).where(eq(refunds.id, requested.id));
  await t.services.sandboxPayout!.settled(row.providerReference!);
  const [done] = await t.services.db.select().from(refunds).where(eq(refunds.id, requested.id));
  expect(done.status).toBe("PROCESSED");
}

/** The loan's accounts (paise), zeros dropped; -0 read as 0. */
async function accounts(loan: Loan) {
  const b = await t.services.ledger.balances(loan.leadId);
  return Object.fromEntries(Object.entries(b).filter(([, v]) => v !== 0));
}
async function booksProblems(loan: Loan) {
  return (await t.services.booksCheck.run(today())).problems.filter((p) => p.loanId === loan.leadId);
}
const statusOf = async (loan: Loan) => (await t.services.loans.byId(loan.leadId))!.status;
const heldOnDesk = async (loan: Loan) => (await t.services.refunds.desk.excessHeld(accountant)).find((r) => r.leadId === loan.leadId)?.heldPaise ?? 0;
const customerHeld = async (loan: Loan) => (await t.services.refunds.customerView(loan.profileId, loan.leadId)).excessHeldPaise;

// The loan's fee and GST as its KFS fixed them (₹20,000 × 10% fee; 18% GST on it) and the payout's
// rounding: what a loan standing at payout holds besides receivables.
const OPEN_LOAN_FEES = { fee_income: 200_000, gst_payable: 36_000 };

describe("payout, reversal, payments, refunds and closure in every order (issue 29)", () => {
  it("P B R: a ₹1,000 transfer just before the bank returns the payout is the customer's ₹1,000, shown on the refunds desk and to the customer", async () => {
    const loan = await paidOut();
    const approved = await transfer(loan, "1,000");
    expect(approved).toMatchObject({ loanClosed: false, excessPaise: 0 });
    // While the loan stands: ₹200 interest, ₹800 principal.
    expect(await accounts(loan)).toEqual({ ...OPEN_LOAN_FEES, principal_receivable: 1_920_000, interest_income: 20_000 });
    await reverse(loan);
    expect(await accounts(loan)).toEqual({ customer_excess: 100_000 });
    expect(await statusOf(loan)).toBe("SANCTIONED");
    const [paid] = await t.services.db.select().from(payments).where(eq(payments.leadId, loan.leadId));
    expect(paid).toMatchObject({ amountPaise: 100_000, appliedToLoan: false, excessPaise: 100_000, refundStatus: "due" });
    expect(await heldOnDesk(loan)).toBe(100_000);
    expect(await customerHeld(loan)).toBe(100_000);
    expect(await booksProblems(loan)).toEqual([]);
    // The same event again changes nothing.
    const again = await settlement.settle({
      providerReference: `pout_rev_${seq - 1}`,
      loanId: loan.leadId,
      status: "REVERSED",
      utr: null,
      failureReason: null,
    });
    expect(again.applied).toBe(false);
    expect(await accounts(loan)).toEqual({ customer_excess: 100_000 });
  });

  it("P R B: a transfer entered before the return and approved after it, and one entered after it, are held whole", async () => {
    const loan = await paidOut();
    const before = await enterTransfer(loan, "1000");
    await reverse(loan);
    expect(await approveTransfer(before.id)).toMatchObject({ loanClosed: false, excessPaise: 100_000 });
    // Collections can still enter money the customer sent to the returned loan's number.
    await transfer(loan, "250");
    expect(await accounts(loan)).toEqual({ customer_excess: 125_000 });
    expect(await heldOnDesk(loan)).toBe(125_000);
    expect(await booksProblems(loan)).toEqual([]);
  });

  it("P G R and P R G: a Razorpay payment before or after the return is held whole, in clearing_razorpay", async () => {
    const loan = await paidOut();
    const first = await orderFor(loan, 100_000);
    const second = await orderFor(loan, 50_000);
    await capture(first);
    expect(await accounts(loan)).toEqual({ ...OPEN_LOAN_FEES, principal_receivable: 1_920_000, interest_income: 20_000 });
    await reverse(loan);
    await capture(second);
    expect(await accounts(loan)).toEqual({ customer_excess: 150_000 });
    const rows = await t.services.db.select().from(payments).where(eq(payments.leadId, loan.leadId));
    expect(rows.map((r) => [Number(r.amountPaise), r.appliedToLoan, Number(r.excessPaise), r.refundStatus]).sort()).toEqual(
      [
        [100_000, false, 100_000, "due"],
        [50_000, false, 50_000, "due"],
      ].sort(),
    );
    expect((await t.services.refunds.desk.excessHeld(accountant)).find((r) => r.leadId === loan.leadId)?.gatewayPayment).toMatch(/^Razorpay payment of/);
    expect(await booksProblems(loan)).toEqual([]);
  });

  it("P C R: a loan repaid in full (closed) before the return is SANCTIONED again and the ₹20,200 is held", async () => {
    const loan = await paidOut();
    expect(await transfer(loan, "20,200")).toMatchObject({ loanClosed: true, excessPaise: 0 });
    expect(await statusOf(loan)).toBe("CLOSED");
    await reverse(loan);
    expect(await statusOf(loan)).toBe("SANCTIONED");
    expect(await accounts(loan)).toEqual({ customer_excess: 2_020_000 });
    expect(await heldOnDesk(loan)).toBe(2_020_000);
    expect(await booksProblems(loan)).toEqual([]);
  });

  it("P C F R: overpaid by ₹500, the ₹500 refunded, then the return: ₹20,200 held", async () => {
    const loan = await paidOut();
    expect(await transfer(loan, "20,700")).toMatchObject({ loanClosed: true, excessPaise: 50_000 });
    await refund(loan, "500");
    expect(await accounts(loan)).toEqual({ ...OPEN_LOAN_FEES, interest_income: 20_000 });
    await reverse(loan);
    expect(await accounts(loan)).toEqual({ customer_excess: 2_020_000 });
    expect(await customerHeld(loan)).toBe(2_020_000);
    expect(await booksProblems(loan)).toEqual([]);
  });

  it("P B R F: the held ₹1,000 refunded leaves nothing held and nothing on the desk", async () => {
    const loan = await paidOut();
    await transfer(loan, "1000");
    await reverse(loan);
    await refund(loan, "1000");
    expect(await accounts(loan)).toEqual({});
    expect(await heldOnDesk(loan)).toBe(0);
    const [paid] = await t.services.db.select().from(payments).where(eq(payments.leadId, loan.leadId));
    expect(paid.refundStatus).toBe("refunded");
    expect(await booksProblems(loan)).toEqual([]);
  });

  it("P B R P2 B: paid out again, the new loan owes its own ₹20,200 and the first ₹1,000 stays held", async () => {
    const loan = await paidOut();
    await transfer(loan, "1000");
    await reverse(loan);
    await paidAgain(loan);
    expect(await statusOf(loan)).toBe("DISBURSED");
    expect(await transfer(loan, "20,200")).toMatchObject({ loanClosed: true, excessPaise: 0 });
    expect(await accounts(loan)).toEqual({ ...OPEN_LOAN_FEES, interest_income: 20_000, customer_excess: 100_000 });
    expect(await booksProblems(loan)).toEqual([]);
  });

  it("P B(value dated) R over days: charges worked again from the transfer's date, then all undone; ₹1,000 held", async () => {
    const loan = await paidOut();
    const received = today();
    const entered = await enterTransfer(loan, "1000", received);
    // Two days of the accrual job before accounts approves it.
    for (const n of [1, 2]) {
      clock.advance(DAY);
      await t.services.payments.accrue(loan.leadId, addDays(received, n));
    }
    expect(await approveTransfer(entered.id)).toMatchObject({ loanClosed: false });
    // Two days' interest by day 2: the first (the payout day's minimum) ₹200 on ₹20,000, paid by the
    // transfer with ₹800 of principal; the second 1% of ₹19,200 = ₹192, still owed.
    expect(await accounts(loan)).toEqual({ ...OPEN_LOAN_FEES, principal_receivable: 1_920_000, interest_receivable: 19_200, interest_income: 39_200 });
    await reverse(loan);
    expect(await accounts(loan)).toEqual({ customer_excess: 100_000 });
    expect(await booksProblems(loan)).toEqual([]);
  });

  it("P R, then the sanction cancelled: a transfer is still taken in and held", async () => {
    const loan = await paidOut();
    await reverse(loan);
    await t.services.db.update(loanAccounts).set({ status: "REJECTED" }).where(eq(loanAccounts.leadId, loan.leadId));
    await transfer(loan, "300");
    expect(await accounts(loan)).toEqual({ customer_excess: 30_000 });
    expect(await booksProblems(loan)).toEqual([]);
  });

  it("a number that was never paid out is still refused", async () => {
    await expect(enterTransfer({ leadId: "", loanNo: "SOT000NONE", profileId: "", attempt: 1, orders: [] }, "100")).rejects.toThrow(
      BANK_TRANSFER_MESSAGES.loanNo,
    );
  });
});

describe("the dashboard after a returned payout (issue 29)", () => {
  const facts = {
    quoteDecision: "ACCEPTED",
    rejectionReason: null,
    statusDay: "2026-11-22" as IsoDate,
    recommended: true,
    requoteRequested: false,
    quoteIssuedOn: "2026-11-20" as IsoDate,
    repaymentDate: null,
    repaymentAmount: null,
  };
  it("a sanctioned lead with a loan number had its payout returned: no 'Paid out usually within 10 minutes'", () => {
    const said = applicationStatus({ ...facts, status: "SANCTIONED", loanNo: "SOT2611220001" });
    expect(said.stage).toBe("sanctioned");
    expect(said.when).toBe("");
    expect(said.next).toBe(
      "Your bank returned the money we paid for loan SOT2611220001, so the loan is not active and you owe nothing. Any payment you made for it is held for you and refunded; see Loan Details. We will contact you before paying it out again.",
    );
    expect(`${said.next} ${said.when}`).not.toContain("10 minutes");
  });
  it("a sanctioned lead never paid out still says when it is paid", () => {
    expect(applicationStatus({ ...facts, status: "SANCTIONED", loanNo: null }).when).toBe("Paid out usually within 10 minutes, within 1 hour at most");
  });
});
