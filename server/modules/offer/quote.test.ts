import { PDFDocument } from "pdf-lib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quoteSingle } from "../../../core/loan-math/index.ts";
import { customerEmploymentDetails, customerProfiles, leads, loanQuotes, loanTerms } from "../../db/schema/index.ts";
import { createOnboardingApp, type TestApp } from "../../test-support/onboarding.ts";
import { pdfText } from "../../test-support/pdf-text.ts";
import { CONTROLLER, addPastLoan, eligibleCustomer, employmentPayload } from "../../test-support/loan.ts";
import { selectLeads } from "../loans/loan-account.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createOnboardingApp();
});
afterAll(() => t.close());

// The test clock is 2026-11-22 (India); the onboarding salary date 2026-11-01 makes the next
// salary date 2026-12-01, 9 days away; income ₹50,000 → offer up to ₹20,000 (decision 7).
const accept = (over: Record<string, unknown> = {}) => ({
  event_name: "loan_quotation_decision",
  amount: 15_000,
  tenure: 9,
  purpose_id: 2,
  accepted_id: 1,
  kfs_acknowledged: 1,
  ...over,
});

async function quoted(options: { repeat?: boolean } = {}) {
  const c = await eligibleCustomer(t, options);
  const quote = await c.send({ event_name: "generate_loan_quote" });
  expect(quote.body.Status).toBe(1);
  return { ...c, quote: quote.body.Data };
}

const profileOf = async (id: string) => (await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, id)))[0];
const leadOf = async (id: string) => (await selectLeads(t.services.db).where(eq(leads.id, id)))[0];

describe("generate_loan_quote", () => {
  it("answers every field of spec 3 'Loan quote' from the product and the offer, with a proposal number", async () => {
    const c = await quoted();
    expect(c.quote).toMatchObject({
      min_loan_amount: 10_000,
      max_loan_amount: 20_000,
      min_loan_tenure: 9,
      max_loan_tenure: 9,
      tenure: 9,
      tenure_text: "9 days",
      repayment_date: "2026-12-01",
      show_loan_tenure: 0,
      amount_step: 100,
      purpose_id: 1,
      loan_amount: 20_000,
      next_step: "loan_quotation_decision",
      lead_id: c.leadId,
      issued_on: "2026-11-22",
    });
    expect(c.quote.show_loan_text).toContain("1 Dec 2026");
    expect(c.quote.proposal_number).toMatch(/^SOT-20261122-[A-Z2-7]{8}$/);
    // A reload asks again: the same proposal, and the step does not move.
    const again = await c.send({ event_name: "generate_loan_quote" });
    expect(again.body.Data.proposal_number).toBe(c.quote.proposal_number);
    const other = await quoted();
    expect(other.quote.proposal_number).not.toBe(c.quote.proposal_number);
  });

  it("is refused before eligibility, with nothing changed", async () => {
    const { onboard } = await import("../../test-support/onboarding.ts");
    const c = await onboard(t);
    const reply = await c.send({ event_name: "generate_loan_quote" });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ Status: 2, Message: "This step is not available now." });
    expect((await profileOf(c.profileId)).nextStep).toBe("register_now");
  });

  it("refuses another customer's profile_id with Status 4", async () => {
    const a = await eligibleCustomer(t);
    const b = await eligibleCustomer(t);
    const reply = await a.send({ event_name: "generate_loan_quote", profile_id: b.profileId });
    expect(reply.status).toBe(401);
    expect(reply.body.Status).toBe(4);
    expect((await leadOf(b.leadId)).proposalNumber).toBeNull();
    expect((await leadOf(a.leadId)).proposalNumber).toBeNull();
  });
});

describe("loan_quotation_decision", () => {
  it("accepts: the server's own figures stored with the KFS acknowledgement time; NEW goes to employment", async () => {
    const c = await quoted();
    const expected = quoteSingle({ principal: 15_000, tenureDays: 9 });
    const reply = await c.send(
      accept({ proposal_number: c.quote.proposal_number, figures: { apr: expected.apr, net_disbursal: expected.netDisbursalPaise / 100 } }),
    );
    expect(reply.body).toMatchObject({
      Status: 1,
      Message: "Loan quote accepted.",
      Data: {
        next_step: "employment_details",
        loan_amount: 15_000,
        tenure: 9,
        processing_fee: 1_500,
        gst: 270,
        net_disbursal: 13_230,
        interest: 1_350,
        total_repayable: 16_350,
        apr: expected.apr,
        repayment_date: "2026-12-01",
      },
    });
    const [stored] = await t.services.db.select().from(loanQuotes).where(eq(loanQuotes.leadId, c.leadId));
    expect(stored).toMatchObject({
      principal: 15_000,
      tenureDays: 9,
      purposeId: 2,
      proposalNumber: c.quote.proposal_number,
    });
    // The figures are the loan's terms row's, in paise and basis points (issue 31).
    const [terms] = await t.services.db.select().from(loanTerms).where(eq(loanTerms.leadId, c.leadId));
    expect(terms).toMatchObject({ principalPaise: 1_500_000, netDisbursalPaise: 1_323_000, interestPaise: 135_000, aprBps: Math.round(expected.apr * 100) });
    expect(stored.kfsAcknowledgedAt.toISOString()).toBe(t.clock.now().toISOString());
    expect(await leadOf(c.leadId)).toMatchObject({ quoteDecision: "ACCEPTED", loanRecommended: 15_000, repaymentAmountPaise: 1_635_000, status: "IN_PROCESS" });
    expect((await profileOf(c.profileId)).nextStep).toBe("employment_details");
    // Once decided, a second decision is out of order.
    const twice = await c.send(accept());
    expect(twice.body).toMatchObject({ Status: 2, Message: "This step is not available now." });
  });

  it.each([
    ["an amount above the offer", { amount: 20_500 }, "amount", "Please choose a loan amount between ₹10,000 and ₹20,000, in steps of ₹100."],
    ["an amount below the minimum", { amount: 9_900 }, "amount", "Loan Amount must be between ₹10,000 and ₹1,00,000."],
    ["an amount off the slider step", { amount: 15_050 }, "amount", "Please choose a loan amount between ₹10,000 and ₹20,000, in steps of ₹100."],
    ["a tenure other than the salary date's", { tenure: 30 }, "tenure", "The tenure is fixed at 9 days, up to your next salary date."],
    ["no KFS acknowledgement", { kfs_acknowledged: 0 }, "kfs_acknowledged", "Please read the Key Fact Statement and tick the box to confirm."],
    ["tampered figures", { figures: { net_disbursal: 15_000 } }, "figures", "The loan figures have changed. Please review the updated quote and accept again."],
    ["a tampered APR", { figures: { apr: 35 } }, "figures", "The loan figures have changed. Please review the updated quote and accept again."],
    [
      "another proposal number",
      { proposal_number: "SOT-20261122-AAAAAAAA" },
      "proposal_number",
      "This quote is no longer current. Please review the updated quote and accept again.",
    ],
  ])("refuses %s with a clear message and changes nothing", async (_name, over, field, message) => {
    const c = await quoted();
    const reply = await c.send(accept(over));
    expect(reply.body.Status).toBe(2);
    expect(reply.body.Message).toBe(message);
    expect(reply.body.errors?.[field]).toBe(message);
    expect(await t.services.db.select().from(loanQuotes).where(eq(loanQuotes.leadId, c.leadId))).toEqual([]);
    expect((await leadOf(c.leadId)).quoteDecision).toBeNull();
    expect((await profileOf(c.profileId)).nextStep).toBe("loan_quotation_decision");
  });

  it("declines: the lead is REJECTED as the customer's choice and the dashboard says so", async () => {
    const c = await quoted();
    const reply = await c.send(accept({ accepted_id: 2 }));
    expect(reply.body).toMatchObject({ Status: 1, Message: "You have declined the loan offer.", Data: { next_step: "register_now", eligibility_status: 0 } });
    expect(await leadOf(c.leadId)).toMatchObject({ status: "REJECTED", rejectionReason: "CUSTOMER_DECLINED", quoteDecision: "DECLINED" });
    const dash = await t.post({}, { path: `${CONTROLLER}/getDashboardData`, headers: c.headers });
    expect(dash.body.Data).toMatchObject({
      next_event_name: "register_now",
      show_eligibility_btn: 1,
      lead_details: { lead_id: c.leadId, status: "REJECTED", quote_decision: "DECLINED" },
    });
    // The customer may ask again: a new lead and a new proposal number.
    const again = await c.send({ event_name: "register_now" });
    expect(again.body.Status).toBe(1);
    expect(again.body.Data.lead_id).not.toBe(c.leadId);
  });

  it("is refused before the quote was generated", async () => {
    const c = await eligibleCustomer(t);
    const reply = await c.send(accept());
    expect(reply.body).toMatchObject({ Status: 2, Message: "Please open your loan quote first." });
    expect((await leadOf(c.leadId)).quoteDecision).toBeNull();
  });

  it("refuses another customer's profile_id with Status 4 and changes nothing", async () => {
    const a = await quoted();
    const b = await quoted();
    const reply = await a.send(accept({ profile_id: b.profileId }));
    expect(reply.body.Status).toBe(4);
    expect((await leadOf(a.leadId)).quoteDecision).toBeNull();
    expect((await leadOf(b.leadId)).quoteDecision).toBeNull();
  });

  it("sends a REPEAT customer straight to eKYC, and employment is then out of order", async () => {
    const c = await quoted({ repeat: true });
    expect((await profileOf(c.profileId)).userType).toBe("REPEAT");
    const reply = await c.send(accept());
    expect(reply.body.Data.next_step).toBe("ekyc_initiated");
    const employment = await c.send(employmentPayload());
    expect(employment.body).toMatchObject({ Status: 2, Message: "This step is not available now." });
    expect(await t.services.db.select().from(customerEmploymentDetails).where(eq(customerEmploymentDetails.profileId, c.profileId))).toEqual([]);
  });
});

describe("employment_details", () => {
  it("saves the spec 5 fields and moves to eKYC; the dashboard shows them", async () => {
    const c = await quoted();
    await c.send(accept());
    const reply = await c.send(employmentPayload());
    expect(reply.body).toMatchObject({ Status: 1, Message: "Employment details saved successfully.", Data: { next_step: "ekyc_initiated" } });
    const dash = await t.post({}, { path: `${CONTROLLER}/getDashboardData`, headers: c.headers });
    expect(dash.body.Data.customer_employment_details).toMatchObject({
      emp_work_mode: "WFO",
      employer_name: "Acme Software Pvt Ltd",
      emp_department: "TECHNOLOGY",
      companyid: 1,
      emp_designation: "Engineer",
      emp_house: "Tower B, Tech Park",
      emp_street: "Sector 62",
      emp_pincode: "201301",
      emp_city: "Noida",
    });
  });

  it.each([
    [{ work_mode: "HYBRID" }, "work_mode"],
    [{ company_name: "" }, "company_name"],
    [{ department: "MARKETING" }, "department"],
    [{ company_type_id: 10 }, "company_type_id"],
    [{ designation: "" }, "designation"],
    [{ emp_since: "2026-11-23" }, "emp_since", "Date cannot be in the future."],
    [{ address_1: "" }, "address_1"],
    [{ pincode: "12345" }, "pincode", "Pin code invalid!"],
    [{ office_email: "not-an-email" }, "office_email", "Please enter a valid email address."],
  ])("refuses %o with the field's message, nothing saved", async (over, field, message?: string) => {
    const c = await quoted();
    await c.send(accept());
    const reply = await c.send(employmentPayload(over));
    expect(reply.status).toBe(422);
    expect(reply.body.Status).toBe(2);
    expect(reply.body.errors?.[field]).toBeTruthy();
    if (message) expect(reply.body.errors?.[field]).toBe(message);
    expect((await profileOf(c.profileId)).nextStep).toBe("employment_details");
  });

  it("is out of order before the quote is accepted", async () => {
    const c = await quoted();
    const reply = await c.send(employmentPayload());
    expect(reply.body).toMatchObject({ Status: 2, Message: "This step is not available now." });
  });
});

describe("KFS download", () => {
  it("gives the owner a PDF and refuses anyone else with Status 4", async () => {
    const a = await quoted();
    const b = await quoted();
    const before = await t.app.request(`${CONTROLLER}/downloadKfs?lead_id=${a.leadId}`, { headers: a.headers });
    expect(before.status).toBe(404);
    expect((await before.json()).Message).toBe("The Key Fact Statement is available once you accept a loan quote.");
    await a.send(accept());
    const own = await t.app.request(`${CONTROLLER}/downloadKfs?lead_id=${a.leadId}`, { headers: a.headers });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(own.headers.get("content-disposition")).toBe(`attachment; filename="KFS-${a.quote.proposal_number}.pdf"`);
    const pdf = await PDFDocument.load(new Uint8Array(await own.arrayBuffer()));
    expect(pdf.getTitle()).toBe(`Key Fact Statement ${a.quote.proposal_number}`);
    const foreign = await t.app.request(`${CONTROLLER}/downloadKfs?lead_id=${a.leadId}`, { headers: b.headers });
    expect(foreign.status).toBe(401);
    expect((await foreign.json()).Status).toBe(4);
    const anonymous = await t.app.request(`${CONTROLLER}/downloadKfs?lead_id=${a.leadId}`);
    expect(anonymous.status).toBe(401);
    // The eSign step reads the same KFS and an agreement built from it.
    const { kfs, agreement } = await t.services.quotes.agreementFor(a.profileId, a.leadId, { bankAccountMasked: "XXXXXX7890", ifsc: "HDFC0000001" });
    expect(agreement.proposalNumber).toBe(kfs.proposalNumber);
    expect(agreement.parties[1]).toContain(`PAN XXXXXX${a.pan.slice(-4)}`);
    expect(agreement.clauses.map((c) => c.text).join(" ")).toContain("XXXXXX7890 (IFSC HDFC0000001)");
    await expect(t.services.quotes.agreementFor(b.profileId, a.leadId)).rejects.toMatchObject({ status: 4 });
  });

  it("gives a customer who prefers Hindi the KFS and the agreement in Hindi, with the same figures", async () => {
    const a = await quoted();
    await a.send(accept());
    const english = await pdfText(
      new Uint8Array(await (await t.app.request(`${CONTROLLER}/downloadKfs?lead_id=${a.leadId}`, { headers: a.headers })).arrayBuffer()),
    );
    await t.services.db.update(customerProfiles).set({ preferredLanguage: "hi" }).where(eq(customerProfiles.id, a.profileId));
    const own = await t.app.request(`${CONTROLLER}/downloadKfs?lead_id=${a.leadId}`, { headers: a.headers });
    expect(own.status).toBe(200);
    const hindi = await pdfText(new Uint8Array(await own.arrayBuffer()));
    expect(hindi.text).toContain("मुख्य तथ्य विवरण (KFS)");
    expect(hindi.text).toContain(`प्रस्ताव संख्या ${a.quote.proposal_number}`);
    const figures = (text: string) => [...text.matchAll(/₹[\d,]+(?:\.\d+)?|\d+(?:\.\d+)?%/g)].map((m) => m[0]).sort();
    expect(figures(hindi.text)).toEqual(figures(english.text));
    // The eSign documents are made in the same language.
    const { agreement } = await t.services.quotes.agreementFor(a.profileId, a.leadId);
    expect(agreement.language).toBe("hi");
    expect(agreement.clauses[0].heading).toBe("1. लोन");
    // The quote screen's KFS (its own screen words) stays as it was.
    expect((await t.services.quotes.acceptedKfs(a.profileId, a.leadId)).language).toBe("en");
  });
});

describe("loan history", () => {
  it("lists only the session's own leads whatever PAN is sent, and says when there are none", async () => {
    const { onboard } = await import("../../test-support/onboarding.ts");
    const empty = await onboard(t, { steps: 0 });
    const none = await t.post({}, { path: `${CONTROLLER}/getLeadList`, headers: empty.headers });
    expect(none.body).toMatchObject({ Status: 1, Data: { lead_list: [] } });

    const a = await quoted({ repeat: true });
    const b = await quoted();
    const reply = await t.post({ pancard: b.pan }, { path: `${CONTROLLER}/getLeadList`, headers: a.headers });
    const list = reply.body.Data.lead_list as { lead_id: string; status: string }[];
    expect(list.map((l) => l.status)).toEqual(["IN_PROCESS", "CLOSED"]);
    expect(list.some((l) => l.lead_id === b.leadId)).toBe(false);
    expect(list[0]).toMatchObject({ lead_id: a.leadId, loan_amount: null, status_label: "In progress" });
    expect(list[0]).toHaveProperty("lead_entry_date");
    const foreign = await t.post({ profile_id: b.profileId }, { path: `${CONTROLLER}/getLeadList`, headers: a.headers });
    expect(foreign.body.Status).toBe(4);
  });

  it("details a lead: application, credit manager once assigned, status; another's lead_id is Status 4", async () => {
    const a = await quoted();
    const b = await quoted();
    await a.send(accept());
    const detail = await t.post({ lead_id: a.leadId }, { path: `${CONTROLLER}/getLeadDetail`, headers: a.headers });
    expect(detail.body.Status).toBe(1);
    expect(detail.body.Data.data[0]).toMatchObject({
      lead_id: a.leadId,
      loan_amount: 15_000,
      tenure: 9,
      purpose: "Medical",
      mobile: a.mobile,
      email: "asha@example.com",
      status: "IN_PROCESS",
      pancard: `XXXXXX${a.pan.slice(-4)}`,
      m_city_name: "Noida",
      m_state_name: "Uttar Pradesh",
      monthly_salary_amount: 50_000,
      kfs_available: 1,
      net_disbursal: 13_230,
    });
    expect(detail.body.Data.collection).toEqual([]);
    expect(JSON.stringify(detail.body)).not.toContain(a.pan);

    const manager = await t.services.leads.assignCreditManager(a.leadId);
    const again = await t.services.leads.assignCreditManager(a.leadId);
    expect(again.id).toBe(manager.id);
    const withManager = await t.post({ lead_id: a.leadId }, { path: `${CONTROLLER}/getLeadDetail`, headers: a.headers });
    expect(withManager.body.Data.collection).toEqual([{ name: manager.name, mobile: manager.mobile, email: manager.email }]);
    const dash = await t.post({}, { path: `${CONTROLLER}/getDashboardData`, headers: a.headers });
    expect(dash.body.Data.excutive_details).toEqual({ name: manager.name, mobile: manager.mobile, email: manager.email });
    // Managers are spread: the next lead gets someone with fewer leads.
    const next = await t.services.leads.assignCreditManager(b.leadId);
    expect(next.id).not.toBe(manager.id);

    const foreign = await t.post({ lead_id: a.leadId }, { path: `${CONTROLLER}/getLeadDetail`, headers: b.headers });
    expect(foreign.status).toBe(401);
    expect(foreign.body.Status).toBe(4);
    const missing = await t.post({}, { path: `${CONTROLLER}/getLeadDetail`, headers: a.headers });
    expect(missing.body).toMatchObject({ Status: 2, Message: "lead_id is required." });
  });

  it("shows an UNPAID-REPEAT customer's active loan on the dashboard", async () => {
    const { onboard } = await import("../../test-support/onboarding.ts");
    const c = await onboard(t);
    await addPastLoan(t, c.profileId, "CLOSED");
    const active = await addPastLoan(t, c.profileId, "DISBURSED");
    const dash = await t.post({}, { path: `${CONTROLLER}/getDashboardData`, headers: c.headers });
    expect(dash.body.Data.profile_details.user_type).toBe("UNPAID-REPEAT");
    expect(dash.body.Data.active_loan_details).toMatchObject({ lead_id: active.id, loan_recommended: 15_000, repayment_amount: 19_500 });
  });
});
