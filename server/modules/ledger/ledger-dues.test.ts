// Decision 27: "a cached figure, if any, is checked against the postings by a test". The loan's
// figures from core dues() and the balances of its postings must agree after every day's events.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../core/calendar.ts";
import { dues, type LoanPayment } from "../../../core/loan-math/index.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import type { Gateway } from "./accounts.ts";
import { ledgerKeys, repaymentEntry } from "./postings.ts";
import { disbursalEntry, newLoanId } from "../../test-support/ledger.ts";

// Decision 28's rates, written out: 1% interest a day, 0.5% penal a day capped at 25%, 3 days' cooling-off.
const RATES = { interestBpsPerDay: 100, penalBpsPerDay: 50, penalCapBps: 2_500, coolingOffDays: 3 };

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("ledger balances agree with dues()", () => {
  it("day by day through a part payment, the due date, overdue charges, an overpayment and a late payment", async () => {
    const ledger = t.services.ledger;
    const loanId = await newLoanId(t);
    const disbursal = "2026-11-01";
    const facts = { principal: 2_000_000, disbursalDate: disbursal, repaymentDate: addDays(disbursal, 30), rates: RATES };
    // Day 10 part payment (Razorpay), day 35 overdue part payment (PayU), day 45 everything due
    // plus ₹50 (PhonePe), day 50 a late payment after closure (bank transfer): all excess.
    const events: { day: number; amount: number | "close+5000"; via: Gateway | "bank_transfer"; id: string }[] = [
      { day: 10, amount: 500_000, via: "razorpay", id: "pay_A" },
      { day: 35, amount: 1_000_000, via: "payu", id: "payu_B" },
      { day: 45, amount: "close+5000", via: "phonepe", id: "pp_C" },
      { day: 50, amount: 30_000, via: "bank_transfer", id: "bt_D" },
    ];
    await ledger.post(t.services.db, disbursalEntry({ loanId, principalRupees: 20_000, tenureDays: 30, disbursedOn: disbursal }));
    const payments: LoanPayment[] = [];
    const received: Record<string, number> = {};
    for (let n = 0; n <= 55; n++) {
      const on = addDays(disbursal, n);
      await t.services.db.transaction(async (tx) => {
        for (const e of events.filter((x) => x.day === n)) {
          const amount = e.amount === "close+5000" ? dues({ ...facts, payments }, on).closeToday + 5_000 : e.amount;
          payments.push({ on, amount });
          // Charges of the day first (what the payment pays for), then the payment as dues() split it.
          await ledger.accrueTo(tx, { loanId, facts: { ...facts, payments }, on });
          const split = dues({ ...facts, payments }, on).allocations.at(-1)!;
          const key = e.via === "bank_transfer" ? ledgerKeys.bankTransfer(e.id) : ledgerKeys.gatewayPayment(e.via, e.id);
          const into = e.via === "bank_transfer" ? ("clearing_bank_transfer" as const) : { gateway: e.via };
          await ledger.post(tx, repaymentEntry({ loanId, idempotencyKey: key, receivedOn: on, into, allocation: split }));
          const account = e.via === "bank_transfer" ? "clearing_bank_transfer" : `clearing_${e.via}`;
          received[account] = (received[account] ?? 0) + amount;
        }
        // End of day: the accrual job.
        await ledger.accrueTo(tx, { loanId, facts: { ...facts, payments }, on });
      });
      const d = dues({ ...facts, payments }, on);
      const b = await ledger.balances(loanId);
      expect({ day: n, ...pick(b) }).toEqual({
        day: n,
        principal_receivable: d.principalOutstanding,
        interest_receivable: d.interestOutstanding,
        penal_receivable: d.penalOutstanding,
        interest_income: d.interestToDate,
        penal_income: d.penalToDate,
        customer_excess: d.excess,
      });
      expect(b.principal_receivable + b.interest_receivable + b.penal_receivable).toBe(d.totalDue);
    }
    // Running the accrual again changes nothing (same keys, nothing new to charge).
    expect(await ledger.accrueTo(t.services.db, { loanId, facts: { ...facts, payments }, on: addDays(disbursal, 55) })).toEqual({ interest: 0, penal: 0 });

    const final = dues({ ...facts, payments }, addDays(disbursal, 55));
    expect(final.settled).toBe(true);
    // ₹50 over on day 45, and the ₹300 late payment: 5,000 + 30,000 paise of excess.
    expect(final.excess).toBe(35_000);
    for (const [account, amount] of Object.entries(received)) expect(await ledger.accountBalance(account)).toBe(amount);
    // One interest and one penal entry at most per day, each with its own key.
    const statement = await ledger.entries(loanId);
    const keys = statement.map((e) => e.idempotencyKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(statement[0].kind).toBe("disbursal");
  });

  it("a cooling-off exit on day 0 charges one day and closes the loan", async () => {
    const ledger = t.services.ledger;
    const loanId = await newLoanId(t);
    const facts = { principal: 1_000_000, disbursalDate: "2026-11-01", repaymentDate: "2026-11-21", rates: RATES };
    await ledger.post(t.services.db, disbursalEntry({ loanId, principalRupees: 10_000, tenureDays: 20, disbursedOn: facts.disbursalDate }));
    // 10,00,000 + one day at 1% = 10,10,000.
    const amount = dues(facts, facts.disbursalDate).closeToday;
    expect(amount).toBe(1_010_000);
    const payments = [{ on: facts.disbursalDate, amount }];
    await t.services.db.transaction(async (tx) => {
      await ledger.accrueTo(tx, { loanId, facts: { ...facts, payments }, on: facts.disbursalDate });
      const split = dues({ ...facts, payments }, facts.disbursalDate).allocations[0];
      await ledger.post(
        tx,
        repaymentEntry({
          loanId,
          idempotencyKey: ledgerKeys.gatewayPayment("razorpay", "pay_day0"),
          receivedOn: facts.disbursalDate,
          into: { gateway: "razorpay" },
          allocation: split,
        }),
      );
    });
    for (const n of [1, 2, 3]) await ledger.accrueTo(t.services.db, { loanId, facts: { ...facts, payments }, on: addDays(facts.disbursalDate, n) });
    expect(await ledger.balances(loanId)).toMatchObject({
      principal_receivable: 0,
      interest_receivable: 0,
      interest_income: 10_000,
      customer_excess: 0,
      fee_income: 100_000,
      gst_payable: 18_000,
    });
  });
});

function pick(b: Record<string, number>) {
  const { principal_receivable, interest_receivable, penal_receivable, interest_income, penal_income, customer_excess } = b;
  return { principal_receivable, interest_receivable, penal_receivable, interest_income, penal_income, customer_excess };
}
