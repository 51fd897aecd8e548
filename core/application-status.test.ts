import { describe, expect, it } from "vitest";
import { applicationStatus, type ApplicationFacts } from "./application-status.ts";

const base: ApplicationFacts = {
  status: "SUBMITTED",
  quoteDecision: "ACCEPTED",
  rejectionReason: null,
  statusDay: "2026-11-20", // a Friday
  recommended: false,
  requoteRequested: false,
  quoteIssuedOn: "2026-11-19",
  repaymentDate: "2026-12-04",
  repaymentAmount: 13000,
  loanNo: null,
};

describe("applicationStatus", () => {
  it("a submitted application waits for its credit manager; the decision is due the next working day", () => {
    const s = applicationStatus(base);
    expect(s).toMatchObject({ stage: "submitted", label: "Submitted", when: "Decision expected by 23 Nov 2026" });
    // KFS issued Thursday 19 Nov: three working days → Tuesday 24 Nov (decision 26).
    expect(s.next).toContain("valid until 24 Nov 2026");
  });
  it("after the credit manager's recommendation it is under review", () => {
    expect(applicationStatus({ ...base, recommended: true }).stage).toBe("under_review");
  });
  it("an expired KFS asks for a fresh quote", () => {
    expect(applicationStatus({ ...base, requoteRequested: true })).toMatchObject({ stage: "requote" });
  });
  it("sanctioned: payout time from decision 5", () => {
    expect(applicationStatus({ ...base, status: "SANCTIONED" })).toMatchObject({
      stage: "sanctioned",
      when: "Paid out usually within 10 minutes, within 1 hour at most",
    });
  });
  it("disbursed: the amount and the repayment date", () => {
    const s = applicationStatus({ ...base, status: "DISBURSED", loanNo: "SOT2611000123" });
    expect(s.stage).toBe("disbursed");
    expect(s.next).toContain("SOT2611000123");
    expect(s.next).toContain("₹13,000");
    expect(s.when).toBe("Repay by 4 Dec 2026");
  });
  it("rejected by credit says why; declined by the customer says so", () => {
    const r = applicationStatus({ ...base, status: "REJECTED", rejectionReason: "BUREAU_RISK" });
    expect(r).toMatchObject({ stage: "rejected", label: "Rejected", when: "" });
    expect(r.next).toContain("credit history");
    expect(applicationStatus({ ...base, status: "REJECTED", quoteDecision: "DECLINED", rejectionReason: "CUSTOMER_DECLINED" })).toMatchObject({
      stage: "declined",
      label: "Declined by you",
    });
  });
  it("closed and in-process leads", () => {
    expect(applicationStatus({ ...base, status: "CLOSED" }).stage).toBe("closed");
    expect(applicationStatus({ ...base, status: "IN_PROCESS" }).stage).toBe("in_process");
  });
});
