import { describe, expect, it } from "vitest";
import { buildKfs, formatProposalNumber, isProposalNumber, kfsItems, type KfsLender } from "./kfs.ts";
import { buildLoanAgreement } from "./loan-agreement.ts";
import { quoteSingle } from "./loan-math/index.ts";

const lender: KfsLender = {
  legalName: "Lender Pvt Ltd",
  brand: "Brand",
  grievanceOfficer: { name: "Ms. G", email: "g@example.in", phone: "+91-1" },
  ombudsmanAfterDays: 30,
  ombudsmanUrl: "https://cms.rbi.org.in",
  customerCare: { email: "c@example.in", phone: "+91-2" },
};
const input = {
  proposalNumber: "SOT-20261123-ABCDEFGH",
  issuedOn: "2026-11-23",
  principal: 10_000,
  tenureDays: 30,
  repaymentDate: "2026-12-23",
  purposeId: 2,
  lender,
};

describe("Key Fact Statement", () => {
  it("carries every item of regulatory.md, with the figures of the loan math", () => {
    const kfs = buildKfs(input);
    const items = kfsItems(kfs);
    // Decision 4's example: net 8,820, repayable 13,000, APR ≈ 576.6%.
    expect(kfs.quote).toEqual(quoteSingle({ principal: 10_000, tenureDays: 30 }));
    expect(items.proposal_number).toBe("SOT-20261123-ABCDEFGH");
    expect(items.loan_amount).toBe("₹10,000");
    expect(items.tenure).toBe("30 days");
    expect(items.interest_rate).toMatch(/^1% of the loan amount per day/);
    expect(items.interest_amount).toBe("₹3,000");
    expect(items.processing_fee).toBe("₹1,000");
    expect(items.gst).toBe("₹180");
    expect(items.total_charges).toBe("₹1,180");
    expect(items.net_disbursed).toBe("₹8,820");
    expect(items.total_payable).toBe("₹13,000");
    expect(items.repayment_schedule).toBe("One payment of ₹13,000 on 23 Dec 2026");
    expect(items.apr).toMatch(/^576\.61%/);
    expect(items.penal_charges).toMatch(/0\.5% of the overdue loan amount/);
    expect(items.cooling_off).toMatch(/^3 days from the day the loan is paid out to your bank account \(until 26 Nov 2026 if it is paid out on 23 Nov 2026\)/);
    expect(items.grievance_officer).toContain("g@example.in");
    expect(items.grievance_officer).toContain("+91-1");
    expect(items.recovery).toBeTruthy();
    expect(items.purpose).toBe("Medical");
  });

  it("names the purpose and the officer's title in Hindi in the Hindi KFS, with the same figures", () => {
    const withTitle = { ...input, lender: { ...lender, grievanceOfficer: { ...lender.grievanceOfficer, designation: "Grievance Redressal Officer" } } };
    const items = kfsItems(buildKfs(withTitle, undefined, "hi"));
    expect(items.purpose).toBe("इलाज");
    expect(items.grievance_officer).toContain("Ms. G, शिकायत निवारण अधिकारी");
    expect(items.total_payable).toBe("₹13,000");
    expect(kfsItems(buildKfs(withTitle)).grievance_officer).toContain("Ms. G, Grievance Redressal Officer");
  });

  it("makes and checks proposal numbers", () => {
    expect(formatProposalNumber("2026-11-23", "abcdefgh")).toBe("SOT-20261123-ABCDEFGH");
    expect(isProposalNumber("SOT-20261123-ABCDEFG1")).toBe(false);
    expect(() => formatProposalNumber("2026-11-23", "short")).toThrow(RangeError);
  });

  it("builds an agreement that repeats the KFS figures", () => {
    const kfs = buildKfs(input);
    const agreement = buildLoanAgreement({
      kfs,
      lender,
      agreementDate: "2026-11-24",
      borrower: { fullName: "Asha Rao", mobile: "9876543210", panMasked: "XXXXXX234F" },
    });
    const text = agreement.clauses.map((c) => c.text).join("\n");
    expect(agreement.proposalNumber).toBe(kfs.proposalNumber);
    expect(agreement.date).toBe("24 Nov 2026");
    expect(text).toContain("₹8,820");
    expect(text).toContain("₹13,000 in one payment on 23 Dec 2026");
    expect(text).toContain("576.61%");
    expect(agreement.parties[1]).toContain("PAN XXXXXX234F");
  });
});
