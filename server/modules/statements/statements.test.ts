// Loan statement, sanction letter and No Dues Certificate downloads: real PDFs (parsed back with
// pdf-lib and read through the embedded font's ToUnicode map), the ₹ sign from the shipped font,
// owner only, no-store attachments.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOURNEY_CONTROLLER } from "../../../core/contract/index.ts";
import { buildKfs, formatProposalNumber } from "../../../core/kfs.ts";
import { kfsLender } from "../../../core/lender.ts";
import { PRODUCT } from "../../../core/product.ts";
import { quoteSingle } from "../../../core/loan-math/index.ts";
import { customerProfiles, leads, loanQuotes } from "../../db/schema/index.ts";
import { pdfText } from "../../test-support/pdf-text.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { noDuesCertificatePdf } from "../payments/no-dues-certificate.ts";
import { coolingOffText, sanctionLetterPdf } from "./statement-pdfs.ts";
import { selectLeads } from "../loans/loan-account.service.ts";
import { insertLead } from "../../test-support/loan.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
const path = (name: string, leadId: string) => `${JOURNEY_CONTROLLER}/${name}?lead_id=${leadId}`;

async function download(t: T, name: string, leadId: string, token: string) {
  const response = await t.app.request(path(name, leadId), { headers: { "auth-token": token } });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const json = (bytes: Uint8Array) => JSON.parse(Buffer.from(bytes).toString()) as { Status: number; Message: string };

// One app and one customer for the describes below.
let t: T;
let customer: { mobile: string; leadId: string; token: string; fullName: string };
beforeAll(async () => {
  t = await createTestApp();
  const mobile = randomMobile();
  const demo = await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT" });
  const { token } = await t.signIn(mobile);
  customer = { mobile, leadId: demo.activeLoanId!, token, fullName: demo.fullName };
});
afterAll(() => t.close());

describe("loan documents: the statement, and whose loan it is", () => {
  it("gives the owner a statement of every ledger entry in words, with ₹ from the shipped font", async () => {
    const { response, bytes } = await download(t, "getLoanStatement", customer.leadId, customer.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="Loan-Statement-SOT[A-Z0-9]+\.pdf"$/);
    const pdf = await pdfText(bytes);
    const flat = pdf.text.replace(/\n/g, " ");
    const [lead] = await selectLeads(t.services.db).where(eq(leads.id, customer.leadId));
    expect(pdf.fontNames.some((f) => /DejaVuSans/.test(f))).toBe(true);
    expect(pdf.text).toContain("Loan statement");
    expect(pdf.text).toContain(lead.loanNo!);
    expect(pdf.text).toContain(customer.fullName);
    expect(pdf.text).toContain("₹20,000.00");
    expect(flat).toContain("Loan amount paid to your bank account: ₹17,640.00");
    expect(flat).toMatch(/Interest for \d+(–| – )\d+ [A-Z][a-z]{2}/);
    expect(pdf.text).toContain("Balance you owe (as posted)");
    // Every interest posted is on the statement: 10 days held, 1% a day of ₹20,000.
    const entries = await t.services.ledger.entries(customer.leadId);
    expect(entries.filter((e) => e.kind === "interest_accrual").length).toBeGreaterThan(0);
    expect(pdf.text).toContain("Interest charged\n₹2,000.00");
    expect(pdf.text).not.toContain("Rs.");
  });

  it("refuses another customer's loan with Status 4, and an application not paid out with a clear message", async () => {
    const stranger = await t.signIn();
    for (const name of ["getLoanStatement", "getSanctionLetter"]) {
      const { response, bytes } = await download(t, name, customer.leadId, stranger.token);
      expect(response.status).toBe(401);
      expect(json(bytes).Status).toBe(4);
    }
    const anonymous = await t.app.request(path("getLoanStatement", customer.leadId));
    expect(anonymous.status).toBe(401);
    // The demo customer's closed loan has a statement; a lead not yet disbursed has none.
    const open = await insertLead(t.services.db, {
      profileId: stranger.profileId,
      status: "IN_PROCESS",
      userType: "NEW",
      monthlyIncome: 50_000,
      offerMinAmount: 10_000,
      offerMaxAmount: 20_000,
    });
    const early = await download(t, "getLoanStatement", open.id, stranger.token);
    expect(json(early.bytes)).toMatchObject({ Status: 2, Message: "The loan statement is available once your loan is paid out." });
    const unsanctioned = await download(t, "getSanctionLetter", open.id, stranger.token);
    expect(json(unsanctioned.bytes)).toMatchObject({ Status: 2, Message: "The sanction letter is available once your loan is sanctioned." });
  });
});

describe("loan documents: the sanction letter and the No Dues Certificate", () => {
  it("gives the sanction letter of a sanctioned loan: amount, rates, APR, tenure, repayment date, charges", async () => {
    const [lead] = await selectLeads(t.services.db).where(eq(leads.id, customer.leadId));
    const q = quoteSingle({ principal: lead.loanRecommended!, tenureDays: lead.tenureDays! });
    const proposal = formatProposalNumber(lead.disbursalDate!, "ABCDEFGH");
    await t.services.db.insert(loanQuotes).values({
      leadId: lead.id,
      profileId: lead.profileId,
      proposalNumber: proposal,
      issuedOn: lead.disbursalDate!,
      principal: lead.loanRecommended!,
      tenureDays: q.tenureDays,
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

    const { response, bytes } = await download(t, "getSanctionLetter", lead.id, customer.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toContain("no-store");
    const pdf = await pdfText(bytes);
    for (const expected of [
      "Sanction Letter",
      proposal,
      lead.loanNo!,
      customer.fullName,
      "₹20,000",
      "25 days",
      "1% of the loan amount per day",
      "365% a year",
      `${q.apr.toFixed(2)}%`,
      "₹2,000",
      "₹360",
      "₹17,640",
      "₹25,000",
      "Penal charges",
      "Cooling-off",
      // Decision 35: counted from the payout, not from the quote.
      "3 days from the payout on",
      "Grievance redressal officer",
    ]) {
      expect(pdf.text.replace(/\n/g, " ")).toContain(expected);
    }
  });

  it("states the loan's own interest rate and cooling-off days, not today's product (decision 34)", async () => {
    // A loan fixed at 0.5% a day and 5 days' cooling-off: 0.5 × 365 = 182.5% a year; 22 Nov + 5 days = 27 Nov.
    const own = { ...PRODUCT.singleLoan, interestPercentPerDay: 0.5, coolingOffDays: 5 };
    const input = {
      proposalNumber: "SOT-20261122-ABCDEFGH",
      issuedOn: "2026-11-22",
      principal: 20_000,
      tenureDays: 25,
      repaymentDate: "2026-12-17",
      lender: kfsLender,
    };
    const bytes = await sanctionLetterPdf({
      kfs: buildKfs(input, own),
      borrower: "Asha Rao",
      sanctionedOn: "2026-11-22",
      loanNo: null,
      disbursedOn: "2026-11-22",
    });
    const text = (await pdfText(bytes)).text.replace(/\s+/g, " ");
    expect(text).toContain("182.5% a year, flat, on the loan amount (0.5% a day × 365 days)");
    expect(text).toContain("5 days from the payout on 22 Nov 2026, until 27 Nov 2026");
  });

  it("counts the letter's cooling-off from the payout; before payout it says so", () => {
    expect(coolingOffText("2026-11-22", "en", 3)).toMatch(
      /^3 days from the payout on 22 Nov 2026, until 25 Nov 2026: you may exit the loan without any penalty/,
    );
    expect(coolingOffText(null, "en", 3)).toMatch(/^3 days from the day the loan is paid out to your bank account: /);
  });

  it("sets the No Dues Certificate in the shipped font with ₹", async () => {
    const bytes = await noDuesCertificatePdf({
      fullName: "Asha Verma",
      loanNo: "SOT2611000123",
      principalRupees: 20_000,
      disbursalDate: "2026-11-01",
      closedOn: "2026-11-20",
      totalPaidRupees: 23_800,
      issuedOn: "2026-11-24",
    });
    const pdf = await pdfText(bytes);
    expect(pdf.fontNames.every((f) => /DejaVuSans/.test(f))).toBe(true);
    expect(pdf.text).toContain("No Dues Certificate");
    expect(pdf.text).toContain("Total repaid\n₹23,800.00");
    expect(pdf.text).toContain("Asha Verma has repaid in full");
    expect(pdf.text).toContain("Date: 24 Nov 2026");
    expect(pdf.text).toContain("Disbursed on\n1 Nov 2026");
  });
});

describe("loan documents in Hindi", () => {
  it("makes the statement in Hindi for a customer who prefers Hindi: Devanagari font, Hindi headings, the same figures", async () => {
    const english = await pdfText((await download(t, "getLoanStatement", customer.leadId, customer.token)).bytes);
    await t.services.db.update(customerProfiles).set({ preferredLanguage: "hi" }).where(eq(customerProfiles.mobile, customer.mobile));
    try {
      const { response, bytes } = await download(t, "getLoanStatement", customer.leadId, customer.token);
      expect(response.status).toBe(200);
      const hindi = await pdfText(bytes);
      expect(hindi.fontNames.join(" ")).toMatch(/NotoSansDevanagari/);
      for (const heading of ["लोन स्टेटमेंट", "आपके लोन की हर एंट्री", "कुल हिसाब", "आपका बकाया (दर्ज एंट्री के हिसाब से)"]) expect(hindi.text).toContain(heading);
      // ₹20,000 paid out less the 10% fee and its 18% GST: ₹17,640.00, as in English; the interest lines in Hindi.
      expect(hindi.text.replace(/\n/g, " ")).toContain("आपके बैंक खाते में भेजी गई लोन राशि: ₹17,640.00");
      expect(hindi.text).toMatch(/\d+(–| – )\d+ (नवंबर|दिसंबर|जनवरी|अक्टूबर) का ब्याज/);
      expect(hindi.text).toContain(customer.fullName);
      const amounts = (text: string) => [...text.matchAll(/₹[\d,]+\.\d{2}/g)].map((m) => m[0]).sort();
      expect(amounts(hindi.text)).toEqual(amounts(english.text));
      expect(amounts(english.text).length).toBeGreaterThan(8);
    } finally {
      await t.services.db.update(customerProfiles).set({ preferredLanguage: null }).where(eq(customerProfiles.mobile, customer.mobile));
    }
  });

  it("makes the sanction letter in Hindi for a customer who prefers Hindi, with the English letter's figures", async () => {
    // Runs after the sanction letter test above, which accepted a quote and sanctioned the loan.
    const english = await pdfText((await download(t, "getSanctionLetter", customer.leadId, customer.token)).bytes);
    await t.services.db.update(customerProfiles).set({ preferredLanguage: "hi" }).where(eq(customerProfiles.mobile, customer.mobile));
    try {
      const hindi = await pdfText((await download(t, "getSanctionLetter", customer.leadId, customer.token)).bytes);
      const flat = hindi.text.replace(/\n/g, " ");
      for (const heading of ["लोन मंज़ूरी पत्र", "लोन की शर्तें", "सालाना ब्याज दर", "कूलिंग-ऑफ़ अवधि (सोचने का समय)", "शिकायत निवारण अधिकारी"])
        expect(flat).toContain(heading);
      // ₹20,000 for 25 days at 1% a day: ₹5,000 interest, ₹25,000 to repay; 365% a year.
      for (const figure of ["₹20,000", "₹5,000", "₹25,000", "₹17,640", "लोन राशि पर 365% सालाना"]) expect(flat).toContain(figure);
      const figures = (text: string) => [...text.matchAll(/₹[\d,]+(?:\.\d+)?|\d+(?:\.\d+)?%/g)].map((m) => m[0]).sort();
      expect(figures(hindi.text)).toEqual(figures(english.text));
    } finally {
      await t.services.db.update(customerProfiles).set({ preferredLanguage: null }).where(eq(customerProfiles.mobile, customer.mobile));
    }
  });

  it("sets the No Dues Certificate in Hindi when asked, the figures and dates as in English", async () => {
    const facts = {
      fullName: "Asha Verma",
      loanNo: "SOT2611000123",
      principalRupees: 20_000,
      disbursalDate: "2026-11-01",
      closedOn: "2026-11-20",
      totalPaidRupees: 23_800,
      issuedOn: "2026-11-24",
    };
    const pdf = await pdfText(await noDuesCertificatePdf({ ...facts, language: "hi" }));
    expect(pdf.fontNames.join(" ")).toMatch(/NotoSansDevanagari/);
    expect(pdf.text).toContain("नो ड्यूज़ सर्टिफ़िकेट (बकाया नहीं होने का प्रमाणपत्र)");
    expect(pdf.text).toContain("कुल चुकाई गई राशि\n₹23,800.00");
    expect(pdf.text).toContain("तारीख: 24 नवंबर 2026");
    expect(pdf.text).toContain("लोन भेजने की तारीख\n1 नवंबर 2026");
    expect(pdf.text.replace(/\n/g, " ")).toContain("यह प्रमाणित किया जाता है कि Asha Verma ने नीचे दिया गया लोन पूरा चुका दिया है");
  });
});
