// The dashboard reads every module's part in one statement (profile-view.ts). These pin that it
// reads what the separate reads read, on whichever database the tests run (PGlite or TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, getTableColumns, sql } from "drizzle-orm";
import { JOURNEY_CONTROLLER } from "../../../core/contract/index.ts";
import type { PgTable } from "drizzle-orm/pg-core";
import { rowText } from "../../db/row-text.ts";
import {
  bankAccounts,
  customerEmploymentDetails,
  customerProfiles,
  eligibilityChecks,
  eligibilityRuleResults,
  esignRequests,
  leads,
  payments,
} from "../../db/schema/index.ts";
import { createOnboardingApp, onboard, payloads, type TestApp } from "../../test-support/onboarding.ts";
import { seedDemoCustomers } from "../dev/demo-customers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createOnboardingApp();
  await seedDemoCustomers(t.services);
  // Eligibility checks to read: one declined (income paid by cheque, under the minimum), one passed.
  const declined = await onboard(t, { income: { monthly_income: "20000", salary_mode_id: 2 } });
  expect((await declined.send({ event_name: "register_now" })).body.Status).not.toBe(1);
  const passed = await onboard(t);
  expect((await passed.send({ event_name: "register_now" })).body.Status).toBe(1);
});
afterAll(() => t.close());

describe("the dashboard's one statement", () => {
  it("decodes every row of the tables it reads exactly as a plain select does", async () => {
    const { db } = t.database;
    const tables: [string, PgTable][] = [
      ["leads", leads],
      ["bank_accounts", bankAccounts],
      ["esign_requests", esignRequests],
      ["customer_employment_details", customerEmploymentDetails],
      ["payments", payments],
      ["eligibility_checks", eligibilityChecks],
      ["eligibility_rule_results", eligibilityRuleResults],
    ];
    let compared = 0;
    for (const [name, table] of tables) {
      const text = rowText(table);
      const key = Object.values(getTableColumns(table))[0];
      const plain = await db.select().from(table).orderBy(key);
      const viaText = await db
        .select({ row: sql`${text.sql}` })
        .from(table)
        .orderBy(key);
      expect(
        viaText.map((r) => text.decode(r.row)),
        name,
      ).toEqual(plain);
      compared += plain.length;
    }
    // Demo customers have leads (closed and disbursed) and verified bank accounts; two checks' rules at least.
    expect(compared).toBeGreaterThan(3 + 2 * 2);
  });

  it("answers what the separate reads of each module answer, for the demo customers", async () => {
    const profileIds = (await t.database.db.selectDistinct({ id: leads.profileId }).from(leads)).map((r) => r.id);
    expect(profileIds.length).toBeGreaterThanOrEqual(2);
    for (const profileId of profileIds) {
      const dashboard = await t.services.profileViews.dashboard(profileId);
      const profile = await t.services.profiles.load(profileId);
      const summary = await t.services.leads.summaryOf(profileId);
      const latest = summary.open ?? summary.latest;
      const banking = await t.services.banking.details(profileId);
      expect(dashboard.next_event_name).toBe(profile.nextStep);
      expect(dashboard.profile_details.user_type).toBe(summary.userType);
      expect(dashboard.customer_employment_details).toEqual(await t.services.employment.view(profileId));
      expect(dashboard.customer_banking_details).toEqual(banking.customer_banking_details);
      expect(dashboard.lead_details?.lead_id).toBe(latest?.id);
      const manager = latest?.creditManagerId ? await t.services.leads.creditManagerOf(latest) : null;
      expect(dashboard.excutive_details).toEqual(manager ? { name: manager.name, mobile: manager.mobile, email: manager.email } : null);
      if (summary.open?.status === "DISBURSED") {
        const loan = await t.services.loans.byId(summary.open.id);
        expect(dashboard.active_loan_details?.total_due).toBe(await t.services.payments.totalDueToday(loan!));
        expect(dashboard.active_loan_details?.total_due).toBeGreaterThan(0);
      }
    }
  });
});

describe("the dashboard's reads and the writes before them", () => {
  const dashboard = (user: { headers: Record<string, string> }) =>
    t.post({}, { path: `${JOURNEY_CONTROLLER}/getDashboardData`, headers: user.headers }).then((r) => r.body.Data);

  it("shows each write in the read right after it, also once its statements are prepared (PGlite) or pooled (PostgreSQL)", async () => {
    const user = await onboard(t, { steps: 5 });
    // Read often enough that every statement of the read runs prepared.
    for (let i = 0; i < 6; i++) expect((await dashboard(user)).profile_details.personal_email).toBe("asha@example.com");
    for (const email of ["first@example.com", "second@example.com", "third@example.com"]) {
      expect((await user.send(payloads.personal({ personal_email: email }))).body.Status).toBe(1);
      expect((await dashboard(user)).profile_details.personal_email).toBe(email);
    }
    // A write outside the journey's events (as a job or the back office makes one) is read at once too.
    await t.database.db.update(customerProfiles).set({ residenceCity: "Pune" }).where(eq(customerProfiles.id, user.profileId));
    expect((await dashboard(user)).profile_details.residence_city).toBe("Pune");
  });
});
