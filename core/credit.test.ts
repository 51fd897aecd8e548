import { describe, expect, it } from "vitest";
import { addWorkingDays, creditReasonLabel, formatLoanNo, isKfsExpired, kfsValidUntil, rejectionText } from "./credit.ts";

describe("KFS validity (decision 26: 3 working days)", () => {
  it("skips weekends", () => {
    // 2026-11-20 is a Friday.
    expect(addWorkingDays("2026-11-20", 1)).toBe("2026-11-23");
    expect(kfsValidUntil("2026-11-20")).toBe("2026-11-25");
    expect(kfsValidUntil("2026-11-23")).toBe("2026-11-26");
    expect(kfsValidUntil("2026-11-22")).toBe("2026-11-25");
  });
  it("expires the day after the third working day", () => {
    expect(isKfsExpired("2026-11-20", "2026-11-25")).toBe(false);
    expect(isKfsExpired("2026-11-20", "2026-11-26")).toBe(true);
  });
});

describe("loan number", () => {
  it("is SOT + yymm + six digits", () => {
    expect(formatLoanNo("2026-11-22", 123)).toBe("SOT2611000123");
    expect(() => formatLoanNo("2026-11-22", 1_000_000)).toThrow(RangeError);
  });
});

describe("rejection wording", () => {
  it("gives plain words for credit reasons only", () => {
    expect(rejectionText("BUREAU_RISK")).toMatch(/credit history/);
    expect(rejectionText("CUSTOMER_DECLINED")).toBeNull();
  });
});

describe("reason codes in staff's words (issue 21)", () => {
  it("names sanction and rejection codes, and leaves others as they are", () => {
    expect(creditReasonLabel("POLICY_MET")).toBe("All policy checks met");
    expect(creditReasonLabel("BUREAU_RISK")).toBe("Credit history risk");
    expect(creditReasonLabel("CUSTOMER_DECLINED")).toBe("CUSTOMER_DECLINED");
    expect(creditReasonLabel(null)).toBeNull();
  });
});
