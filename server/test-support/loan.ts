// Helpers for quote, employment and loan-history tests.
import { leads } from "../db/schema/index.ts";
import { onboard, type TestApp } from "./onboarding.ts";

export const CONTROLLER = "/Api/Website/RepeatInstantJourneyController";

/** A loan the customer took and repaid earlier, so they become REPEAT (or UNPAID-REPEAT with `status: 'DISBURSED'`). */
export async function addPastLoan(t: TestApp, profileId: string, status: "CLOSED" | "DISBURSED" = "CLOSED") {
  const at = new Date(t.clock.now().getTime() - 90 * 86_400_000);
  const [lead] = await t.services.db
    .insert(leads)
    .values({
      profileId,
      status,
      userType: "NEW",
      monthlyIncome: 50_000,
      offerMinAmount: 10_000,
      offerMaxAmount: 20_000,
      loanRecommended: 15_000,
      tenureDays: 30,
      purposeId: 1,
      repaymentAmountPaise: 1_950_000,
      statusChangedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return lead;
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
