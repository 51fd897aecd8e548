// Helpers for quote, employment and loan-history tests.
import { addDays, todayInIndia } from "../../core/calendar.ts";
import { termsOfQuote } from "../../core/loan-math/index.ts";
import { PRODUCT } from "../../core/product.ts";
import { seedLead } from "../modules/loans/loan-account.service.ts";
import { onboard, type TestApp } from "./onboarding.ts";

/** A lead arranged directly with its account (the loans module's seedLead). */
export const insertLead = seedLead;

export const CONTROLLER = "/Api/Website/RepeatInstantJourneyController";

/** A loan the customer took and repaid earlier, so they become REPEAT (or UNPAID-REPEAT with `status: 'DISBURSED'`). */
export async function addPastLoan(t: TestApp, profileId: string, status: "CLOSED" | "DISBURSED" = "CLOSED") {
  const at = new Date(t.clock.now().getTime() - 90 * 86_400_000);
  const lead = await insertLead(t.services.db, {
    profileId,
    status,
    userType: "NEW",
    monthlyIncome: 50_000,
    offerMinAmount: 10_000,
    offerMaxAmount: 20_000,
    purposeId: 1,
    repaymentAmountPaise: 1_950_000,
    statusChangedAt: at,
    createdAt: at,
    updatedAt: at,
  });
  // Every loan has its terms row (issue 31): ₹15,000 for 30 days, as its KFS would have fixed them.
  const issuedOn = todayInIndia(at);
  const terms = termsOfQuote({ principalRupees: 15_000, tenureDays: 30, repaymentDate: addDays(issuedOn, 30), issuedOn }, PRODUCT.singleLoan);
  await t.services.db.transaction((tx) => t.services.loans.fixTerms(tx, lead.id, terms, at));
  return { ...lead, loanRecommended: 15_000, tenureDays: 30, repaymentDate: terms.repaymentDate, roi: 1 };
}

/** Onboards a customer and passes eligibility; with `repeat`, a closed loan comes first. */
export async function eligibleCustomer(t: TestApp, options: { repeat?: boolean; income?: Record<string, unknown> } = {}) {
  const c = await onboard(t, { income: options.income });
  if (options.repeat) await addPastLoan(t, c.profileId);
  const eligible = await c.send({ event_name: "register_now" });
  if (eligible.body.Status !== 1) throw new Error(`register_now failed: ${eligible.body.Message}`);
  return { ...c, leadId: eligible.body.Data.lead_id as string };
}

export const employmentPayload = (over: Record<string, unknown> = {}) => ({
  event_name: "employment_details",
  work_mode: "WFO",
  company_name: "Acme Software Pvt Ltd",
  department: "TECHNOLOGY",
  company_type_id: 1,
  designation: "Engineer",
  emp_since: "2021-04-01",
  address_1: "Tower B, Tech Park",
  address_2: "Sector 62",
  landmark: "",
  pincode: "201301",
  office_email: "asha@acme.example",
  ...over,
});
