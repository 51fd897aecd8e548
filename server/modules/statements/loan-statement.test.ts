import { describe, expect, it } from "vitest";
import { customerStatement, periodLabel } from "./loan-statement.ts";
import type { StatementEntry } from "../ledger/ledger.service.ts";
import { repaymentEntry, reversalEntry } from "../ledger/ledger.service.ts";
import { disbursalEntry } from "../../test-support/ledger.ts";

let n = 0;
const asStatement = (e: { kind: string; effectiveOn: string; postings: StatementEntry["postings"]; idempotencyKey: string }): StatementEntry => ({
  id: String(++n),
  idempotencyKey: e.idempotencyKey,
  kind: e.kind,
  loanId: "L",
  effectiveOn: e.effectiveOn,
  occurredAt: new Date(),
  memo: null,
  postings: e.postings,
});
const accrual = (kind: "interest_accrual" | "penal_accrual", on: string, amount: number) =>
  asStatement({
    kind,
    effectiveOn: on,
    idempotencyKey: `${kind}:${on}`,
    postings: [
      { account: kind === "interest_accrual" ? "interest_receivable" : "penal_receivable", side: "debit", amount },
      { account: kind === "interest_accrual" ? "interest_income" : "penal_income", side: "credit", amount },
    ],
  });

describe("customer statement", () => {
  it("labels periods in words", () => {
    expect(periodLabel("2026-12-01", "2026-12-15")).toBe("1–15 Dec");
    expect(periodLabel("2026-11-28", "2026-12-03")).toBe("28 Nov – 3 Dec");
    expect(periodLabel("2026-12-15", "2026-12-15")).toBe("15 Dec");
  });

  it("turns every ledger entry into a line a customer reads, with the running balance and totals", () => {
    const entries = [
      asStatement(disbursalEntry({ loanId: "L", principalRupees: 10_000, tenureDays: 15, disbursedOn: "2026-11-30" })),
      accrual("interest_accrual", "2026-12-10", 10 * 100_00),
      accrual("interest_accrual", "2026-12-15", 5 * 100_00),
      accrual("interest_accrual", "2026-12-17", 2 * 100_00),
      accrual("penal_accrual", "2026-12-17", 2 * 50_00),
      asStatement(
        repaymentEntry({
          loanId: "L",
          idempotencyKey: "razorpay:pay_1",
          receivedOn: "2026-12-17",
          into: { gateway: "razorpay" },
          allocation: { interest: 1_700_00, principal: 10_000_00, penal: 100_00, excess: 500_00 },
        }),
      ),
    ];
    const { lines, totals } = customerStatement(entries, { disbursalDate: "2026-11-30", repaymentDate: "2026-12-15" });
    expect(lines.map((l) => l.description)).toEqual([
      "Loan amount",
      "Processing fee ₹1,000.00 and GST on it ₹180.00, kept from the loan amount",
      "Loan amount paid to your bank account: ₹8,820.00",
      "Interest for 1–10 Dec",
      "Interest for 11–15 Dec",
      "Interest for 16–17 Dec",
      "Penal charge for late payment, 16–17 Dec",
      "Payment received online (Razorpay) — thank you",
      "₹500.00 of this was more than was due; we hold it to refund to you",
    ]);
    expect(lines.map((l) => l.balance)).toEqual([10_000_00, 10_000_00, 10_000_00, 11_000_00, 11_500_00, 11_700_00, 11_800_00, -500_00, -500_00]);
    expect(lines[7]).toMatchObject({ added: 0, paid: 12_300_00 });
    expect(lines.filter((l) => l.note)).toHaveLength(3);
    expect(totals).toEqual({
      loanAmount: 10_000_00,
      interest: 1_700_00,
      penal: 100_00,
      feeAndGst: 1_180_00,
      paidOut: 8_820_00,
      paid: 12_300_00,
      refunded: 0,
      balance: -500_00,
    });
  });

  it("names a bank transfer", () => {
    const entry = asStatement(
      repaymentEntry({
        loanId: "L",
        idempotencyKey: "bank-transfer:1",
        receivedOn: "2026-12-01",
        into: "clearing_bank_transfer",
        allocation: { interest: 100_00, principal: 0, penal: 0, excess: 0 },
      }),
    );
    expect(customerStatement([entry], { disbursalDate: "2026-11-30", repaymentDate: "2026-12-15" }).lines[0].description).toBe(
      "Payment received by bank transfer — thank you",
    );
  });
});

describe("customer statement: corrections (decision 36)", () => {
  it("says in plain words what a reversal takes back, and the totals count it once", () => {
    const charge = accrual("penal_accrual", "2026-12-10", 10_000);
    const interest = accrual("interest_accrual", "2026-12-10", 20_000);
    const entries = [
      interest,
      charge,
      asStatement(reversalEntry(interest, { effectiveOn: "2026-12-10", memo: "m" })),
      asStatement(reversalEntry(charge, { effectiveOn: "2026-12-10", memo: "m" })),
    ];
    const { lines, totals } = customerStatement(entries, { disbursalDate: "2026-11-15", repaymentDate: "2026-12-09" });
    expect(lines.map((l) => [l.description, l.added, l.paid, l.balance])).toEqual([
      ["Interest for 16 Nov – 10 Dec", 20_000, 0, 20_000],
      ["Penal charge for late payment, 10 Dec", 10_000, 0, 30_000],
      // The reversal names the days its charge covered (issue 29), not only the day it is dated.
      ["Interest for 16 Nov – 10 Dec taken back: a payment that reached us earlier counts from the day it arrived", 0, 20_000, 10_000],
      ["Penal charge for 10 Dec taken back: a payment that reached us earlier counts from the day it arrived", 0, 10_000, 0],
    ]);
    expect(totals).toMatchObject({ interest: 0, penal: 0, balance: 0 });
  });

  it("after value dating, each reversal and each charge made again names the days it covers (issue 29)", () => {
    // ₹10,000 paid out 30 Nov at 1% (₹100) a day. The job posted 1–10 Dec in one entry (₹1,000). A ₹5,000 payment
    // received 6 Dec is recorded on 11 Dec: the 1–10 Dec charge is taken back, 1–6 Dec is charged again (₹600), the
    // payment pays ₹600 interest and ₹4,400 principal, and 7–10 Dec is charged on ₹5,600 (₹56 a day, ₹224).
    const original = accrual("interest_accrual", "2026-12-10", 1_000_00);
    const taken = asStatement(reversalEntry(original, { effectiveOn: "2026-12-10", memo: "m" }));
    const firstAgain = asStatement({ ...accrual("interest_accrual", "2026-12-06", 600_00), idempotencyKey: "interest:2026-12-06:v1" });
    const payment = asStatement(
      repaymentEntry({
        loanId: "L",
        idempotencyKey: "bank-transfer:2",
        receivedOn: "2026-12-06",
        into: "clearing_bank_transfer",
        allocation: { interest: 600_00, principal: 4_400_00, penal: 0, excess: 0 },
      }),
    );
    const restAgain = asStatement({ ...accrual("interest_accrual", "2026-12-10", 224_00), idempotencyKey: "interest:2026-12-10:v1" });
    const payout = asStatement(disbursalEntry({ loanId: "L", principalRupees: 10_000, tenureDays: 15, disbursedOn: "2026-11-30" }));
    // Posting order: payout, the original, then the value dating's reversal, re-charges and payment.
    const posted = [payout, original, taken, firstAgain, payment, restAgain].map((e, i) => ({ ...e, seq: i + 1 }));
    // The statement lists them by day (as ledger.entries does): 6 Dec's entries before 10 Dec's.
    const byDay = [posted[0], posted[3], posted[4], posted[1], posted[2], posted[5]];
    const loan = { disbursalDate: "2026-11-30", repaymentDate: "2026-12-15" } as const;
    const { lines, totals } = customerStatement(byDay, loan);
    expect(lines.filter((l) => !l.note).map((l) => [l.date, l.description, l.added, l.paid, l.balance])).toEqual([
      ["2026-11-30", "Loan amount", 10_000_00, 0, 10_000_00],
      ["2026-12-06", "Interest for 1–6 Dec", 600_00, 0, 10_600_00],
      ["2026-12-06", "Payment received by bank transfer — thank you", 0, 5_000_00, 5_600_00],
      ["2026-12-10", "Interest for 1–10 Dec", 1_000_00, 0, 6_600_00],
      ["2026-12-10", "Interest for 1–10 Dec taken back: a payment that reached us earlier counts from the day it arrived", 0, 1_000_00, 5_600_00],
      ["2026-12-10", "Interest for 7–10 Dec", 224_00, 0, 5_824_00],
    ]);
    expect(totals).toMatchObject({ interest: 824_00, paid: 5_000_00, balance: 5_824_00 });
    const hindi = customerStatement(byDay, loan, "hi")
      .lines.filter((l) => !l.note)
      .map((l) => l.description);
    expect(hindi[1]).toBe("1–6 दिसंबर का ब्याज");
    expect(hindi[4]).toBe("1–10 दिसंबर का ब्याज वापस लिया गया: पहले पहुँचा भुगतान उसी दिन से गिना जाता है जिस दिन वह हमें मिला");
    expect(hindi[5]).toBe("7–10 दिसंबर का ब्याज");
  });

  it("a payout returned by the bank cancels the loan amount, fee and GST", () => {
    const payout = asStatement(disbursalEntry({ loanId: "L", principalRupees: 10_000, tenureDays: 15, disbursedOn: "2026-11-30" }));
    const back = reversalEntry(payout, { effectiveOn: "2026-12-01", memo: "payout reversed" });
    const { lines, totals } = customerStatement([payout, asStatement(back)], { disbursalDate: "2026-11-30", repaymentDate: "2026-12-15" });
    expect(lines.at(-1)).toMatchObject({
      description: "Loan payout returned by your bank: the loan is cancelled and nothing is charged",
      paid: 1_000_000,
      balance: 0,
    });
    expect(totals).toMatchObject({ loanAmount: 0, feeAndGst: 0, paidOut: 0, balance: 0 });
  });
});
