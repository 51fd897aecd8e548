// The next debit date the screens show (issue 24).
import { describe, expect, it } from "vitest";
import { mandateHistory, nextDebitOn, shownMandateState } from "./mandates.ts";

describe("nextDebitOn", () => {
  const due = "2026-12-07";
  it("is the repayment date for an active mandate before any debit, and none for any other state", () => {
    expect(nextDebitOn("ACTIVE", due, [])).toBe("2026-12-07");
    for (const status of ["PENDING", "FAILED", "CANCELLED"]) expect(nextDebitOn(status, due, [])).toBeNull();
    expect(nextDebitOn("ACTIVE", null, [])).toBeNull();
  });
  it("follows the debits: the noticed day, the retry after a failed first debit, then none", () => {
    expect(nextDebitOn("ACTIVE", due, [{ attempt: 1, status: "NOTIFIED", debitOn: due }])).toBe("2026-12-07");
    expect(nextDebitOn("ACTIVE", due, [{ attempt: 1, status: "FAILED", debitOn: due }])).toBe("2026-12-08");
    const both = [
      { attempt: 2, status: "FAILED", debitOn: "2026-12-08" },
      { attempt: 1, status: "FAILED", debitOn: due },
    ];
    expect(nextDebitOn("ACTIVE", due, both)).toBeNull();
    expect(nextDebitOn("ACTIVE", due, [{ attempt: 1, status: "SUCCESS", debitOn: due }])).toBeNull();
    expect(nextDebitOn("ACTIVE", due, [{ attempt: 1, status: "SKIPPED", debitOn: due }])).toBeNull();
  });
});

// Issue 30: the AutoPay screen's history and state.
describe("mandateHistory", () => {
  const at = (iso: string) => new Date(iso);
  const mandate = {
    method: "upi" as const,
    status: "CANCELLED",
    maxAmountPaise: 2_470_000,
    accountLast4: "2468",
    failureReason: null,
    cancelReason: "loan_closed" as const,
    createdAt: at("2026-11-20T05:00:00Z"),
    updatedAt: at("2026-12-07T04:30:00Z"),
    activatedAt: at("2026-11-20T05:02:00Z"),
    cancelledAt: at("2026-12-07T04:30:00Z"),
  };
  const failureOf = (reason: string | null) => (reason?.includes("insufficient") ? ("no_funds" as const) : ("declined" as const));

  it("a loan closed by its debit: registered, approved, the notice, the debit, then the end (same instant: the debit first)", () => {
    const debits = [
      {
        status: "SUCCESS",
        debitOn: "2026-12-07",
        noticeAmountPaise: 2_420_000,
        amountPaise: 2_420_000,
        failureReason: null,
        notifiedAt: at("2026-12-06T04:30:00Z"),
        finishedAt: at("2026-12-07T04:30:00Z"),
      },
    ];
    expect(mandateHistory([mandate], debits, failureOf, false)).toEqual([
      { kind: "registered", at: "2026-11-20T05:00:00.000Z", method: "upi", max_amount_paise: 2_470_000, account_last4: "2468" },
      { kind: "activated", at: "2026-11-20T05:02:00.000Z" },
      { kind: "notice", at: "2026-12-06T04:30:00.000Z", amount_paise: 2_420_000, debit_on: "2026-12-07" },
      { kind: "debited", at: "2026-12-07T04:30:00.000Z", amount_paise: 2_420_000, debit_on: "2026-12-07" },
      { kind: "cancelled", at: "2026-12-07T04:30:00.000Z", reason: "loan_closed" },
    ]);
  });

  it("a failed debit with the bank's reason named by kind, and a skipped one", () => {
    const active = { ...mandate, status: "ACTIVE", cancelReason: null, cancelledAt: null };
    const debits = [
      {
        status: "FAILED",
        debitOn: "2026-12-07",
        noticeAmountPaise: 2_420_000,
        amountPaise: 2_420_000,
        failureReason: "Payment failed due to insufficient balance in the account.",
        notifiedAt: at("2026-12-06T04:30:00Z"),
        finishedAt: at("2026-12-07T04:31:00Z"),
      },
      {
        status: "SKIPPED",
        debitOn: "2026-12-08",
        noticeAmountPaise: 2_440_000,
        amountPaise: null,
        failureReason: null,
        notifiedAt: at("2026-12-07T04:31:00Z"),
        finishedAt: at("2026-12-08T04:30:00Z"),
      },
    ];
    expect(mandateHistory([active], debits, failureOf, false).slice(2)).toEqual([
      { kind: "notice", at: "2026-12-06T04:30:00.000Z", amount_paise: 2_420_000, debit_on: "2026-12-07" },
      { kind: "debit_failed", at: "2026-12-07T04:31:00.000Z", amount_paise: 2_420_000, debit_on: "2026-12-07", reason: "no_funds" },
      { kind: "notice", at: "2026-12-07T04:31:00.000Z", amount_paise: 2_440_000, debit_on: "2026-12-08" },
      { kind: "debit_skipped", at: "2026-12-08T04:30:00.000Z", debit_on: "2026-12-08" },
    ]);
  });

  it("a declined registration, and one left pending past the step, are 'not set up' with their reason", () => {
    const declined = {
      ...mandate,
      status: "FAILED",
      failureReason: "You declined the AutoPay mandate. You can try again or skip it.",
      activatedAt: null,
      cancelReason: null,
      cancelledAt: null,
    };
    expect(mandateHistory([declined], [], failureOf, true).map((e) => e.kind === "not_set_up" && e.reason)).toEqual([false, "declined"]);
    const pending = { ...declined, status: "PENDING", failureReason: null };
    expect(mandateHistory([pending], [], failureOf, false).at(-1)).toMatchObject({ kind: "not_set_up", reason: "abandoned" });
    expect(mandateHistory([pending], [], failureOf, true)).toHaveLength(1);
  });

  it("shownMandateState: a PENDING registration is pending only at the AutoPay step", () => {
    expect(shownMandateState("PENDING", true)).toBe("PENDING");
    expect(shownMandateState("PENDING", false)).toBe("LAPSED");
    expect(shownMandateState("CANCELLED", false)).toBe("CANCELLED");
  });
});
