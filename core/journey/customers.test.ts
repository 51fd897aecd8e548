import { describe, expect, it } from "vitest";
import { canTransitionLead, isActiveLoan, isRepeatCustomer, journeyFor, stepAfter, userTypeFor, type LeadStatus } from "./customers.ts";
import { COMPANY_TYPES, DEPARTMENTS, LOAN_PURPOSES, SALARY_MODES, idsOf, labelFor } from "./masters.ts";

describe("user types (decision 10)", () => {
  it("classifies by closed and open loans", () => {
    expect(userTypeFor({ closedLoans: 0, openLoans: 0 })).toBe("NEW");
    expect(userTypeFor({ closedLoans: 0, openLoans: 1 })).toBe("NEW");
    expect(userTypeFor({ closedLoans: 2, openLoans: 0 })).toBe("REPEAT");
    expect(userTypeFor({ closedLoans: 1, openLoans: 1 })).toBe("UNPAID-REPEAT");
  });

  it("treats REPEAT and UNPAID-REPEAT as repeat customers", () => {
    expect(isRepeatCustomer("REPEAT")).toBe(true);
    expect(isRepeatCustomer("UNPAID-REPEAT")).toBe(true);
    expect(isRepeatCustomer("NEW")).toBe(false);
    expect(isRepeatCustomer(undefined)).toBe(false);
  });

  it("skips employment for repeat customers only", () => {
    expect(journeyFor("NEW")).toContain("employment_details");
    expect(journeyFor("REPEAT")).not.toContain("employment_details");
    expect(stepAfter("loan_quotation_decision", "NEW")).toBe("employment_details");
    expect(stepAfter("loan_quotation_decision", "REPEAT")).toBe("ekyc_initiated");
    expect(stepAfter("employment_details", "REPEAT")).toBe("ekyc_initiated");
    expect(stepAfter("selfie_upload", "NEW")).toBe("register_now");
    expect(stepAfter("completed", "NEW")).toBeNull();
    expect(stepAfter("nope", "NEW")).toBeNull();
  });
});

describe("lead statuses (decision 11)", () => {
  it("allows exactly these moves, over every pair of statuses (issue 20: the loan's transition table)", () => {
    // Written out by hand: from → the statuses it may move to.
    const allowed: Record<string, string[]> = {
      IN_PROCESS: ["SUBMITTED", "REJECTED"],
      SUBMITTED: ["SANCTIONED", "REJECTED"],
      // Back to SUBMITTED when the KFS no longer holds at payout (decision 35).
      SANCTIONED: ["DISBURSED", "REJECTED", "SUBMITTED"],
      // Back to SANCTIONED when the bank returns the payout (decision 36).
      DISBURSED: ["CLOSED", "SANCTIONED"],
      // Back to SANCTIONED when the payout of a loan repaid meanwhile is returned (issue 29).
      CLOSED: ["SANCTIONED"],
      REJECTED: [],
    };
    const statuses = Object.keys(allowed) as LeadStatus[];
    for (const from of statuses) {
      for (const to of statuses) expect(canTransitionLead(from, to), `${from} → ${to}`).toBe(allowed[from].includes(to));
    }
  });

  it("moves forward one status at a time", () => {
    expect(canTransitionLead("IN_PROCESS", "SUBMITTED")).toBe(true);
    expect(canTransitionLead("SUBMITTED", "SANCTIONED")).toBe(true);
    expect(canTransitionLead("SANCTIONED", "DISBURSED")).toBe(true);
    expect(canTransitionLead("DISBURSED", "CLOSED")).toBe(true);
    expect(canTransitionLead("IN_PROCESS", "DISBURSED")).toBe(false);
    expect(canTransitionLead("CLOSED", "IN_PROCESS")).toBe(false);
  });

  it("allows REJECTED only before DISBURSED", () => {
    expect(canTransitionLead("IN_PROCESS", "REJECTED")).toBe(true);
    expect(canTransitionLead("SANCTIONED", "REJECTED")).toBe(true);
    expect(canTransitionLead("DISBURSED", "REJECTED")).toBe(false);
    expect(canTransitionLead("REJECTED", "SUBMITTED")).toBe(false);
  });

  it("treats DISBURSED as the active loan", () => {
    expect(isActiveLoan("DISBURSED")).toBe(true);
    expect(isActiveLoan("CLOSED")).toBe(false);
  });
});

describe("master lists (spec section 3)", () => {
  it("holds loan purposes 1 Travel to 7 Others", () => {
    expect(LOAN_PURPOSES.map((p) => `${p.id} ${p.label}`)).toEqual([
      "1 Travel",
      "2 Medical",
      "3 Shopping",
      "4 Academics",
      "5 Obligation",
      "6 Festival",
      "7 Others",
    ]);
  });

  it("holds company types 1-9, departments and salary modes", () => {
    expect(idsOf(COMPANY_TYPES)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(labelFor(COMPANY_TYPES, 9)).toBe("NBFC");
    expect(DEPARTMENTS).toHaveLength(9);
    expect(DEPARTMENTS).toContain("HUMAN RESOURCES");
    expect(labelFor(SALARY_MODES, 1)).toBe("Bank");
    expect(labelFor(SALARY_MODES, 4)).toBeUndefined();
  });
});
