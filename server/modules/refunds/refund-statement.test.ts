// The refund entry (decision 37) as the statement prints it: in plain words, with where the money went,
// and the balance back to nothing held.
import { describe, expect, it } from "vitest";
import type { StatementEntry } from "../ledger/ledger.service.ts";
import { repaymentEntry } from "../ledger/ledger.service.ts";
import { customerStatement } from "../statements/loan-statement.ts";
import { refundEntry } from "./refund-entry.ts";

const asStatement = (e: ReturnType<typeof refundEntry>, id: string): StatementEntry => ({
  id,
  idempotencyKey: e.idempotencyKey,
  kind: e.kind,
  loanId: e.loanId,
  effectiveOn: e.effectiveOn,
  occurredAt: new Date(0),
  memo: e.memo ?? null,
  postings: e.postings,
});

// Paid ₹980.00 more than was due after the loan closed: all of it excess.
const overpaid = asStatement(
  repaymentEntry({
    loanId: "L",
    idempotencyKey: "razorpay:pay_1",
    receivedOn: "2026-12-15",
    into: { gateway: "razorpay" },
    allocation: { interest: 0, principal: 0, penal: 0, excess: 98_000 },
  }),
  "1",
);

describe("refund entry", () => {
  it("posts customer_excess Dr / clearing_razorpay Cr for a gateway refund, bank Cr for a payout, under refund:<id>", () => {
    const gateway = refundEntry({ refundId: "R1", loanId: "L", amountPaise: 98_000, from: { gateway: "razorpay" }, on: "2026-12-16", memo: "m" });
    expect(gateway).toMatchObject({ idempotencyKey: "refund:R1", kind: "refund", loanId: "L", effectiveOn: "2026-12-16" });
    expect(gateway.postings).toEqual([
      { account: "customer_excess", side: "debit", amount: 98_000 },
      { account: "clearing_razorpay", side: "credit", amount: 98_000 },
    ]);
    const bank = refundEntry({ refundId: "R2", loanId: "L", amountPaise: 98_000, from: "bank", on: "2026-12-16", memo: "m" });
    expect(bank.postings[1]).toEqual({ account: "bank", side: "credit", amount: 98_000 });
  });

  it("reads 'Refunded to you ₹980.00 (to your bank account ending 1234)' and brings the balance to zero", () => {
    const refund = asStatement(
      refundEntry({ refundId: "R2", loanId: "L", amountPaise: 98_000, from: "bank", on: "2026-12-16", memo: "refund to bank account ending 1234" }),
      "2",
    );
    const { lines, totals } = customerStatement([overpaid, refund], { disbursalDate: "2026-11-30", repaymentDate: "2026-12-15" });
    expect(lines.map((l) => [l.description, l.balance])).toEqual([
      ["Payment received online (Razorpay) — thank you", -98_000],
      ["₹980.00 of this was more than was due; we hold it to refund to you", -98_000],
      ["Refunded to you ₹980.00 (to your bank account ending 1234)", 0],
    ]);
    expect(totals).toMatchObject({ paid: 98_000, refunded: 98_000, balance: 0 });
  });

  it("reads 'to your original payment' for a gateway refund", () => {
    const refund = asStatement(
      refundEntry({
        refundId: "R3",
        loanId: "L",
        amountPaise: 98_000,
        from: { gateway: "razorpay" },
        on: "2026-12-16",
        memo: "refund to the original razorpay payment",
      }),
      "3",
    );
    const { lines } = customerStatement([overpaid, refund], { disbursalDate: "2026-11-30", repaymentDate: "2026-12-15" });
    expect(lines[2].description).toBe("Refunded to you ₹980.00 (to your original payment)");
  });
});
