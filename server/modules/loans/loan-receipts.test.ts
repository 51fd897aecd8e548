// Value dating (decision 36): a payment counts from the day the money reached the lender. Every case
// uses the demo loan: ₹20,000 (20,00,000 paise) for 25 days, disbursed 12 Nov 2026, repayment date
// 7 Dec 2026, 1% interest a day (20,000 paise), penal 0.5% a day of the overdue principal (10,000).
// Due on the repayment date: 20,00,000 + 25 × 20,000 = 25,00,000 paise.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { todayInIndia } from "../../../core/calendar.ts";
import { payments } from "../../db/schema/index.ts";
import { createClock, createTestApp, randomMobile, type TestClock } from "../../test-support/test-app.ts";
import { SANDBOX_RAZORPAY_KEY_ID } from "../../providers/payments/test-kit.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";

const DAY = 86_400_000;
const MINUTE = 60_000;
const collector: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000c1", role: "collections", email: "collector@salaryontime.test" };
const accountant: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a1", role: "accounts", email: "accounts@salaryontime.test" };

let t: Awaited<ReturnType<typeof createTestApp>>;
let clock: TestClock;
let utr = 0;

// Each case on its own database, its clock at 11:30 India time on 22 Nov 2026 (day 10 of the loan).
beforeEach(async () => {
  clock = createClock(Date.UTC(2026, 10, 22, 6, 0, 0));
  t = await createTestApp({ clock });
});
afterEach(() => t.close());

async function freshLoan() {
  const demo = await createDemoCustomer(t.services, { mobile: randomMobile(), userType: "UNPAID-REPEAT" });
  const lead = (await t.services.loans.byId(demo.activeLoanId!))!;
  expect(lead).toMatchObject({ disbursalDate: "2026-11-12", repaymentDate: "2026-12-07" });
  return { leadId: lead.id, loanNo: lead.loanNo!, profileId: lead.profileId };
}

/** The accrual job once a day, at 11:30 India time, up to and including `lastDay` (India date). */
async function runDaysTo(lastDay: string) {
  while (todayInIndia(clock.now()) < lastDay) {
    clock.advance(DAY);
    await t.services.servicing.runAccrual();
  }
}

async function bankTransfer(loanNo: string, rupees: string, receivedOn: string) {
  const entered = await t.services.bankTransfers.desk.enter(collector, { loanNo, amountRupees: rupees, bankReference: `UTRVD${++utr}`, receivedOn });
  return t.services.bankTransfers.desk.approve(accountant, { id: entered.id });
}

const kindsOf = async (leadId: string) => (await t.services.ledger.entries(leadId)).map((e) => `${e.kind} ${e.effectiveOn}`);

describe("value dating (decision 36): the date a payment was made counts, not when it was approved", () => {
  it("a bank transfer received on the repayment date and approved five days later: no post-due interest or penal charge, and the loan closes", async () => {
    const loan = await freshLoan();
    await runDaysTo("2026-12-12");
    // Five days overdue as posted: post-due interest 5 × 20,000 and penal 5 × 10,000.
    expect(await t.services.ledger.balances(loan.leadId)).toMatchObject({ interest_income: 600_000, penal_income: 50_000 });

    const approved = await bankTransfer(loan.loanNo, "25,000", "2026-12-07");
    expect(approved).toMatchObject({ loanClosed: true, excessPaise: 0 });
    expect(await t.services.ledger.balances(loan.leadId)).toMatchObject({
      interest_income: 500_000,
      penal_income: 0,
      principal_receivable: 0,
      interest_receivable: 0,
      penal_receivable: 0,
      customer_excess: 0,
    });
    const [row] = await t.services.db.select().from(payments).where(eq(payments.leadId, loan.leadId));
    expect(row).toMatchObject({ receivedOn: "2026-12-07", amountPaise: 2_500_000, excessPaise: 0 });
    // The five days' charges are reversed by new entries, never edited: 5 interest + 5 penal reversals.
    const kinds = await kindsOf(loan.leadId);
    expect(kinds.filter((k) => k.startsWith("reversal"))).toHaveLength(10);
    expect(kinds.filter((k) => k.startsWith("penal_accrual"))).toHaveLength(5);
    expect((await t.services.loans.byId(loan.leadId))?.status).toBe("CLOSED");
    // Issue 29: the bank's statement of 7 December clears the transfer from clearing_bank_transfer (past its window by the 12th).
    const statement = [
      "Date,Value Date,Narration,Chq/Ref No,Debit,Credit,Balance",
      `07/12/2026,07/12/2026,NEFT CR UTRVD${utr},UTRVD${utr},,"25,000.00","25,000.00"`,
    ];
    const imported = await t.services.bankStatementDesk.importStatement(accountant, {
      format: "csv",
      fileName: "s.csv",
      text: statement.join("\n"),
      accountNo: "50200012345678",
    });
    expect(imported.matched.bank_transfer).toBe(1);
    expect(await t.services.booksCheck.run("2026-12-12")).toMatchObject({ ok: true, problems: [] });
  });

  it("a part payment back-dated across penal accruals: charges after its date are reversed and charged again on the smaller principal", async () => {
    const loan = await freshLoan();
    await runDaysTo("2026-12-12");
    // ₹10,000 received 9 Dec (day 27), approved 12 Dec. On 9 Dec: interest 27 × 20,000 = 5,40,000, penal 2 × 10,000 = 20,000.
    // It pays interest 5,40,000 and principal 4,60,000 → principal 15,40,000; penal 20,000 stays.
    // 10, 11, 12 Dec: interest 1% of 15,40,000 = 15,400 and penal 0.5% = 7,700 a day.
    await bankTransfer(loan.loanNo, "10,000", "2026-12-09");
    expect(await t.services.ledger.balances(loan.leadId)).toMatchObject({
      principal_receivable: 1_540_000,
      interest_income: 540_000 + 3 * 15_400,
      interest_receivable: 3 * 15_400,
      penal_income: 20_000 + 3 * 7_700,
      penal_receivable: 20_000 + 3 * 7_700,
    });
    // What the customer owes equals the books: 15,40,000 + 46,200 + 43,100.
    const lead = (await t.services.loans.byId(loan.leadId))!;
    expect((await t.services.payments.duesOn(lead, "2026-12-12"))?.totalDue).toBe(1_629_300);
    // Reversed: the 10-12 Dec interest and penal charges (6); the 8 and 9 Dec ones stand.
    const kinds = await kindsOf(loan.leadId);
    expect(kinds.filter((k) => k.startsWith("reversal")).sort()).toEqual([
      "reversal 2026-12-10",
      "reversal 2026-12-10",
      "reversal 2026-12-11",
      "reversal 2026-12-11",
      "reversal 2026-12-12",
      "reversal 2026-12-12",
    ]);
    // The next day's job goes on from the corrected balance: +15,400 and +7,700.
    await runDaysTo("2026-12-13");
    expect(await t.services.ledger.balances(loan.leadId)).toMatchObject({ interest_income: 540_000 + 4 * 15_400, penal_income: 20_000 + 4 * 7_700 });
    expect(await t.services.booksCheck.run("2026-12-13")).toMatchObject({ ok: true, problems: [] });
    // As of 9 Dec the books held what dues() said then: 8 and 9 Dec charged, the payment applied.
    expect(await t.services.booksCheck.run("2026-12-09")).toMatchObject({ ok: true, problems: [] });
  });

  it("a Razorpay payment captured at 23:50 on the repayment date and confirmed at 00:05 is on time", async () => {
    const loan = await freshLoan();
    await runDaysTo("2026-12-07");
    // 23:50 India time on 7 Dec = 18:20 UTC.
    clock.advance(Date.UTC(2026, 11, 7, 18, 20, 0) - clock.now().getTime());
    const order = await t.services.payments.razorpayOrder({ profileId: loan.profileId }, { lead_id: loan.leadId, rzp_amount: null });
    expect(order.amountPaise).toBe(2_500_000);
    const paid = await t.services.paymentGateways.sandbox!.razorpay.pay({
      keyId: SANDBOX_RAZORPAY_KEY_ID,
      orderId: order.gatewayOrderId,
      method: "upi",
      succeed: true,
      webhooks: "none",
    });
    if (!paid.ok) throw new Error("sandbox payment failed");
    // Confirmed 15 minutes later, after midnight, and after the 00:10 accrual job charged 8 Dec's post-due interest and penal.
    clock.advance(20 * MINUTE);
    await t.services.servicing.runAccrual();
    expect(await t.services.ledger.balances(loan.leadId)).toMatchObject({ interest_income: 520_000, penal_income: 10_000 });
    const verified = await t.services.payments.razorpayVerify(paid.result);
    expect(verified.ok).toBe(true);
    const [row] = await t.services.db
      .select()
      .from(payments)
      .where(and(eq(payments.leadId, loan.leadId), eq(payments.gateway, "razorpay")));
    expect(row).toMatchObject({ receivedOn: "2026-12-07", amountPaise: 2_500_000, excessPaise: 0 });
    expect(await t.services.ledger.balances(loan.leadId)).toMatchObject({
      interest_income: 500_000,
      penal_income: 0,
      principal_receivable: 0,
      penal_receivable: 0,
    });
    expect((await t.services.loans.byId(loan.leadId))?.status).toBe("CLOSED");
    expect(await t.services.booksCheck.run("2026-12-08")).toMatchObject({ ok: true, problems: [] });
  });
});

describe("value dating (decision 36): payments out of order, the dashboard and the books check", () => {
  it("a later payment is split again when an earlier-dated one arrives after it; the books still agree", async () => {
    const loan = await freshLoan();
    await runDaysTo("2026-12-10");
    // A ₹5,000 transfer received and approved on 10 Dec:
    // on 10 Dec interest 28 × 20,000 = 5,60,000 and penal 3 × 10,000 = 30,000; ₹5,000 pays interest only → 60,000 interest left.
    await bankTransfer(loan.loanNo, "5,000", "2026-12-10");
    // Then a transfer received 7 Dec (on time) for ₹25,000 is approved: it clears the loan on its date, so
    // 8-10 Dec charge nothing and the later ₹5,000 is all excess, held for refund.
    const approved = await bankTransfer(loan.loanNo, "25,000", "2026-12-07");
    expect(approved).toMatchObject({ loanClosed: true, excessPaise: 0 });
    expect(await t.services.ledger.balances(loan.leadId)).toMatchObject({
      interest_income: 500_000,
      penal_income: 0,
      principal_receivable: 0,
      interest_receivable: 0,
      customer_excess: 500_000,
    });
    const rows = await t.services.db.select().from(payments).where(eq(payments.leadId, loan.leadId));
    expect(rows.find((r) => r.receivedOn === "2026-12-10")).toMatchObject({ excessPaise: 500_000, refundStatus: "due" });
    expect(await t.services.booksCheck.run("2026-12-10")).toMatchObject({ ok: true, problems: [] });
  });

  it("after a part payment the dashboard's 'Repay X on or before the repayment date' quotes what the smaller balance will owe then", async () => {
    const loan = await freshLoan();
    const before = await t.services.profileViews.dashboard(loan.profileId);
    // Untouched: 20,00,000 + 25 × 20,000 = 25,00,000 paise on 7 Dec.
    expect(before.lead_details?.next_text).toContain("Repay ₹25,000 on or before the repayment date");
    // ₹5,000 today (day 10): interest 10 × 20,000 = 2,00,000, principal 3,00,000 → 17,00,000.
    // Days 11-25 charge 1% of 17,00,000 = 17,000 a day: 17,00,000 + 15 × 17,000 = 19,55,000 on 7 Dec.
    await bankTransfer(loan.loanNo, "5,000", "2026-11-22");
    const after = await t.services.profileViews.dashboard(loan.profileId);
    expect(after.lead_details?.next_text).toContain("Repay ₹19,550 on or before the repayment date");
    expect(after.active_loan_details?.total_due).toBe(17_000);
  });

  it("the books check finds a charge the loan does not owe", async () => {
    const loan = await freshLoan();
    await t.services.db.transaction((tx) =>
      t.services.ledger.post(tx, {
        idempotencyKey: `stray:${loan.leadId}`,
        kind: "interest_accrual",
        loanId: loan.leadId,
        effectiveOn: "2026-11-22",
        postings: [
          { account: "interest_receivable", side: "debit", amount: 100 },
          { account: "interest_income", side: "credit", amount: 100 },
        ],
      }),
    );
    const report = await t.services.booksCheck.run("2026-11-22");
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => p.problem)).toContain("interest_income is 200100 paise as posted by 2026-11-22; dues() on 2026-11-22 says 200000.");
  });
});
