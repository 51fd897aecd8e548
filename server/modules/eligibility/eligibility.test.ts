import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInIndia } from "../../../core/calendar.ts";
import { ELIGIBILITY_REASONS as R, MESSAGES } from "../../../core/validation/index.ts";
import { customerProfiles, leads } from "../../db/schema/index.ts";
import { apiReply } from "../../test-support/contract.ts";
import { createOnboardingApp, onboard, payloads, randomPan, type TestApp } from "../../test-support/onboarding.ts";
import { selectLeads } from "../loans/loan-account.service.ts";
import { insertLead } from "../../test-support/loan.ts";
import type { LeadStatus } from "../../../core/journey/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createOnboardingApp();
});
afterAll(() => t.close());

const registerNow = { event_name: "register_now" };
const profileRow = async (id: string) => (await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, id)))[0];
const recorded = async (profileId: string) => {
  const latest = await t.services.eligibility.latestResults(profileId);
  return Object.fromEntries(latest!.rules.map((r) => [r.rule, { passed: r.passed, reason: r.reason, observed: r.observed }]));
};

describe("register_now: eligible", () => {
  it("records every rule as passed, opens an IN_PROCESS lead with the attribution and moves to the quote", async () => {
    const user = await t.signIn();
    await t.services.db
      .update(customerProfiles)
      .set({ utmSource: "google", utmTerm: "salary loan", clickId: "abc123" })
      .where(eq(customerProfiles.id, user.profileId));
    // Attribution from sign-in is on the profile; walk this customer's steps by hand.
    const send = (body: unknown) => t.post(body, { headers: { "auth-token": user.token } });
    for (const body of [
      payloads.pan(randomPan("4321")),
      payloads.personal(),
      payloads.residence(),
      payloads.income({ monthly_income: "60000" }),
      payloads.selfie(),
    ]) {
      expect((await send(body)).body.Status).toBe(1);
    }
    const reply = await send(registerNow);
    expect(reply.body).toMatchObject({
      Status: 1,
      Message: "Congratulations! You are eligible for a loan of up to ₹24,000.",
      Data: { next_step: "generate_loan_quote", eligibility_status: 1, min_loan_amount: 10000, max_loan_amount: 24000 },
    });
    const rules = await recorded(user.profileId);
    expect(Object.keys(rules).sort()).toEqual(["age", "bureauScore", "incomeType", "minIncome", "offer", "panVerified", "salaryMode", "serviceArea"]);
    expect(Object.values(rules).every((r) => r.passed && r.reason === null)).toBe(true);
    expect(rules.age.observed).toBe("36 years");
    expect(rules.bureauScore.observed).toBe(String(600 + (4321 % 301)));
    const [lead] = await selectLeads(t.services.db).where(eq(leads.profileId, user.profileId));
    expect(lead).toMatchObject({
      id: reply.body.Data.lead_id,
      status: "IN_PROCESS",
      userType: "NEW",
      monthlyIncome: 60000,
      offerMinAmount: 10000,
      offerMaxAmount: 24000,
      utmSource: "google",
      utmTerm: "salary loan",
      clickId: "abc123",
      loanNo: null,
    });
    expect(await profileRow(user.profileId)).toMatchObject({ eligibilityStatus: 1, nextStep: "generate_loan_quote" });
    // A second press changes nothing and opens no second lead.
    expect((await send(registerNow)).body).toMatchObject({ Status: 2, Message: MESSAGES.stepNotAvailable });
    expect(await selectLeads(t.services.db).where(eq(leads.profileId, user.profileId))).toHaveLength(1);
  });

  it("passes a customer with no bureau history (new to credit)", async () => {
    const c = await onboard(t, { pan: randomPan("0042") });
    expect((await c.send(registerNow)).body.Status).toBe(1);
    expect((await recorded(c.profileId)).bureauScore).toEqual({ passed: true, reason: null, observed: "no history" });
  });
});

describe("register_now: each rule failing, with its recorded reason", () => {
  const cases: [string, Parameters<typeof onboard>[1], string][] = [
    ["age under 21", { personal: { dob: "2006-01-01" } }, R.age(21, 60)],
    ["age over 60", { personal: { dob: "1960-01-01" } }, R.age(21, 60)],
    ["self-employed", { income: { income_type_id: 2 } }, R.incomeType()],
    ["income below ₹30,000", { income: { monthly_income: "20000" } }, R.minIncome("₹30,000")],
    ["salary paid in cash", { income: { salary_mode_id: 3 } }, R.salaryMode()],
    ["PIN code outside the service area", { residence: { residence_pincode: "799001" } }, R.serviceArea()],
    ["bureau score below 600", { pan: randomPan("0500") }, R.bureauScore(600)],
  ];
  const ruleOf: Record<string, string> = {
    [R.age(21, 60)]: "age",
    [R.incomeType()]: "incomeType",
    [R.minIncome("₹30,000")]: "minIncome",
    [R.salaryMode()]: "salaryMode",
    [R.serviceArea()]: "serviceArea",
    [R.bureauScore(600)]: "bureauScore",
  };

  it.each(cases)("%s: Status 2 with a plain message, reason recorded, data kept", async (_name, options, reason) => {
    const c = await onboard(t, options);
    const before = await profileRow(c.profileId);
    const reply = await c.send(registerNow);
    expect(reply.status).toBe(400);
    expect(reply.body.Status).toBe(2);
    expect(reply.body.Message).toBe(`Sorry, you are not eligible for a loan right now. ${reason} Your details are saved.`);
    const rule = ruleOf[reason];
    expect(reply.body.errors).toEqual({ [rule]: reason });
    const rules = await recorded(c.profileId);
    expect(rules[rule]).toMatchObject({ passed: false, reason });
    // An income under ₹25,000 also makes the offer fall below ₹10,000 (decision 7): recorded, not repeated to the customer.
    const failing = rule === "minIncome" ? ["minIncome", "offer"] : [rule];
    expect(
      Object.entries(rules)
        .filter(([, r]) => !r.passed)
        .map(([name]) => name)
        .sort(),
    ).toEqual(failing);
    // Nothing the customer entered is lost, and no lead is opened.
    expect(await profileRow(c.profileId)).toEqual(before);
    expect(await selectLeads(t.services.db).where(eq(leads.profileId, c.profileId))).toEqual([]);
  });

  it("PAN not verified fails its rule", async () => {
    const c = await onboard(t);
    await t.services.db.update(customerProfiles).set({ pancardVerifiedStatus: 0 }).where(eq(customerProfiles.id, c.profileId));
    const reply = await c.send(registerNow);
    expect(reply.body.errors).toEqual({ panVerified: R.panVerified() });
    expect((await recorded(c.profileId)).panVerified).toMatchObject({ passed: false, reason: R.panVerified(), observed: "0" });
  });

  it("lists every failing reason at once, and a fixed profile passes on retry", async () => {
    const c = await onboard(t, { income: { monthly_income: "20000", salary_mode_id: 2 } });
    const reply = await c.send(registerNow);
    expect(Object.keys(reply.body.errors!)).toEqual(["minIncome", "salaryMode"]);
    expect((await c.send(payloads.income({ monthly_income: "45000" }))).body.Data.next_step).toBe("register_now");
    t.clock.advance(60_000);
    expect((await c.send(registerNow)).body).toMatchObject({ Status: 1, Data: { max_loan_amount: 18000 } });
  });
});

describe("register_now: repeat customers (decision 10)", () => {
  async function withLoans(statuses: string[]) {
    const c = await onboard(t);
    for (const status of statuses) {
      await insertLead(t.services.db, {
        profileId: c.profileId,
        status: status as LeadStatus,
        userType: "NEW",
        monthlyIncome: 50000,
        offerMinAmount: 10000,
        offerMaxAmount: 20000,
      });
    }
    return c;
  }

  it("an UNPAID-REPEAT customer is asked to repay first, and nothing changes", async () => {
    const c = await withLoans(["CLOSED", "DISBURSED"]);
    const reply = await c.send(registerNow);
    expect(reply.body).toMatchObject({ Status: 2, Message: "Please repay your current loan first." });
    expect(await profileRow(c.profileId)).toMatchObject({ eligibilityStatus: 0, nextStep: "register_now" });
  });

  it("a REPEAT customer gets a new lead marked REPEAT", async () => {
    const c = await withLoans(["CLOSED"]);
    const reply = await c.send(registerNow);
    expect(reply.body.Status).toBe(1);
    const [lead] = await selectLeads(t.services.db).where(eq(leads.id, reply.body.Data.lead_id));
    expect(lead.userType).toBe("REPEAT");
  });
});

describe("a declined customer on the dashboard (issue 21)", () => {
  const dashboard = async (c: { profileId: string; headers: Record<string, string> }) => {
    const reply = await t.post({ profile_id: c.profileId }, { path: "/Api/Website/RepeatInstantJourneyController/getDashboardData", headers: c.headers });
    return apiReply("getDashboardData", reply.body);
  };

  it("is told the one rule that decides and when to apply again; a later pass clears it", async () => {
    // Income ₹20,000 paid by cheque: two rules fail; the first in the engine's order decides.
    const c = await onboard(t, { income: { monthly_income: "20000", salary_mode_id: 2 } });
    expect((await dashboard(c)).eligibility_decline).toBeNull();
    const reply = await c.send(registerNow);
    expect(reply.body.Message).toBe("Sorry, you are not eligible for a loan right now. Your monthly income must be at least ₹30,000. Your details are saved.");
    expect((await dashboard(c)).eligibility_decline).toEqual({
      rule: "minIncome",
      reason: "Your monthly income must be at least ₹30,000.",
      checked_on: todayInIndia(t.clock.now()),
      apply_again_on: null,
      apply_again_text: "You can apply again once your monthly income is at least ₹30,000: update your Income Details, then check again.",
    });
    await c.send(payloads.income({ monthly_income: "45000", salary_mode_id: 1 }));
    t.clock.advance(60_000);
    expect((await c.send(registerNow)).body.Status).toBe(1);
    expect((await dashboard(c)).eligibility_decline).toBeNull();
  });

  it("a low bureau score: from the day the bureau is asked again, 30 days after the check", async () => {
    const c = await onboard(t, { pan: randomPan("0500") });
    await c.send(registerNow);
    const checkedOn = todayInIndia(t.clock.now());
    expect((await dashboard(c)).eligibility_decline).toMatchObject({
      rule: "bureauScore",
      reason: "Your credit score must be at least 600.",
      apply_again_on: addDays(checkedOn, 30),
    });
  });
});
