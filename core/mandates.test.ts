// The next debit date the screens show (issue 24).
import { describe, expect, it } from "vitest";
import { nextDebitOn } from "./mandates.ts";

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
