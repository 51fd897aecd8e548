// Issue 31: a loan's terms come from its terms row only. The product is changed after the loan was
// taken (2% a day instead of 1%, 7 days' cooling-off instead of 3, a shortest tenure of 10 days instead
// of 7): the earlier loan's sanction letter, KFS, statement, dashboard figures and payout minimum still
// say what its own KFS fixed. Every figure below is worked out by hand.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNEY_CONTROLLER } from "../../../core/contract/index.ts";
import { formatProposalNumber, kfsItems } from "../../../core/kfs.ts";
import { PRODUCT, type ProductConfig } from "../../../core/product.ts";
import { leads, loanQuotes } from "../../db/schema/index.ts";
import { termsOf } from "../loans/loans.service.ts";
import { pdfText } from "../../test-support/pdf-text.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { selectLeads } from "../loans/loan-account.service.ts";

const changed: ProductConfig = {
  ...PRODUCT,
  singleLoan: { ...PRODUCT.singleLoan, interestPercentPerDay: 2, coolingOffDays: 7, tenureDays: { ...PRODUCT.singleLoan.tenureDays, min: 10 } },
};

type T = Awaited<ReturnType<typeof createTestApp>>;
let t: T;
let loan: { leadId: string; profileId: string; token: string };
beforeAll(async () => {
  t = await createTestApp({ product: changed });
  const mobile = randomMobile();
  // The demo loan was taken before the change: ₹20,000 for 25 days at 1% a day, 3 days' cooling-off.
  const demo = await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT" });
  const [lead] = await selectLeads(t.services.db).where(eq(leads.id, demo.activeLoanId!));
  const proposal = formatProposalNumber(lead.disbursalDate!, "QRSTUVWX");
  await t.services.db.insert(loanQuotes).values({
    leadId: lead.id,
    profileId: lead.profileId,
    proposalNumber: proposal,
    issuedOn: lead.disbursalDate!,
    principal: 20_000,
    tenureDays: 25,
    purposeId: 2,
    repaymentDate: lead.repaymentDate!,
    showLoanTenure: 0,
    kfsAcknowledgedAt: new Date(),
    acceptedAt: new Date(),
  });
  await t.services.db
    .update(leads)
    .set({ sanctionedAt: new Date(`${lead.disbursalDate}T05:00:00Z`), proposalNumber: proposal })
    .where(eq(leads.id, lead.id));
  loan = { leadId: lead.id, profileId: lead.profileId, token: (await t.signIn(mobile)).token };
});
afterAll(() => t.close());

async function download(name: string) {
  const response = await t.app.request(`${JOURNEY_CONTROLLER}/${name}?lead_id=${loan.leadId}`, { headers: { "auth-token": loan.token } });
  expect(response.status).toBe(200);
  return (await pdfText(new Uint8Array(await response.arrayBuffer()))).text.replace(/\s+/g, " ");
}

describe("a change of product leaves an earlier loan's documents as they were (issue 31)", () => {
  it("the KFS states 1% a day and 3 days, with the figures of 1%: interest ₹5,000, total ₹25,000", async () => {
    const kfs = await t.services.quotes.acceptedKfs(loan.profileId, loan.leadId);
    const items = kfsItems(kfs);
    expect(kfs.interestPercentPerDay).toBe(1);
    expect(kfs.coolingOffDays).toBe(3);
    expect(items.interest_rate).toBe("1% of the loan amount per day, flat (fixed rate)");
    // 25 days × 1% × ₹20,000 = ₹5,000; fee 10% = ₹2,000; GST 18% of it = ₹360; net ₹17,640.
    expect(items.interest_amount).toBe("₹5,000");
    expect(items.total_payable).toBe("₹25,000");
    expect(items.processing_fee).toBe("₹2,000");
    expect(items.gst).toBe("₹360");
    expect(items.net_disbursed).toBe("₹17,640");
    expect(items.cooling_off).toMatch(/^3 days/);
  });

  it("the sanction letter prints 365% a year (1% × 365) and 3 days' cooling-off from the payout", async () => {
    const text = await download("getSanctionLetter");
    expect(text).toContain("365% a year, flat, on the loan amount (1% a day × 365 days)");
    expect(text).toContain("3 days from the payout on");
    expect(text).toContain("₹25,000");
    expect(text).not.toContain("730%");
    expect(text).not.toContain("7 days from the payout");
  });

  it("the statement shows the loan's ₹20,000 and the ₹17,640 paid out, and interest at ₹200 a day", async () => {
    const text = await download("getLoanStatement");
    expect(text).toContain("₹20,000.00");
    expect(text).toContain("Loan amount paid to your bank account: ₹17,640.00");
    // Paid out 10 days ago (the demo's default): 10 × 1% × ₹20,000 = ₹2,000 (the changed 2% would be ₹4,000).
    expect((await t.services.ledger.balances(loan.leadId)).interest_income).toBe(200_000);
  });

  it("the dashboard reads the loan's ₹20,000 at 1% a day from its terms row, and its payout minimum stays 7 days", async () => {
    const dash = await t.post({}, { path: `${JOURNEY_CONTROLLER}/getDashboardData`, headers: { "auth-token": loan.token } });
    expect(dash.body.Data.active_loan_details).toMatchObject({ loan_recommended: 20_000, roi: 1 });
    // The payout check's shortest tenure is the one the product allowed at the KFS, not today's 10 days.
    expect((await termsOf(t.services.db, loan.leadId))!.minTenureDays).toBe(7);
  });
});
