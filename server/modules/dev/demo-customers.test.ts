import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOnboardingApp, type TestApp } from "../../test-support/onboarding.ts";
import { CONTROLLER } from "../../test-support/loan.ts";
import { seedDemoCustomers } from "./demo-customers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createOnboardingApp();
});
afterAll(() => t.close());

describe("demo customers", () => {
  it("creates a REPEAT customer who re-loans without employment, and an UNPAID-REPEAT one told to repay first; re-running replaces them", async () => {
    await seedDemoCustomers(t.services);
    const created = await seedDemoCustomers(t.services);
    expect(created.map((c) => [c.mobile, c.userType])).toEqual([["9000000001", "REPEAT"], ["9000000002", "UNPAID-REPEAT"]]);

    const repeat = await t.signIn("9000000001");
    const headers = { "auth-token": repeat.token };
    const history = await t.post({}, { path: `${CONTROLLER}/getLeadList`, headers });
    expect(history.body.Data.lead_list).toHaveLength(1);
    expect(history.body.Data.lead_list[0]).toMatchObject({ status: "CLOSED", loan_amount: 15_000 });
    const eligible = await t.post({ event_name: "register_now" }, { headers });
    expect(eligible.body.Status).toBe(1);
    await t.post({ event_name: "generate_loan_quote" }, { headers });
    const quote = (await t.post({ event_name: "generate_loan_quote" }, { headers })).body.Data;
    const accepted = await t.post(
      { event_name: "loan_quotation_decision", amount: quote.min_loan_amount, tenure: quote.tenure, purpose_id: 1, accepted_id: 1, kfs_acknowledged: 1 },
      { headers },
    );
    expect(accepted.body.Data.next_step).toBe("ekyc_initiated");

    const unpaid = await t.signIn("9000000002");
    const h2 = { "auth-token": unpaid.token };
    const dash = await t.post({}, { path: `${CONTROLLER}/getDashboardData`, headers: h2 });
    expect(dash.body.Data.profile_details.user_type).toBe("UNPAID-REPEAT");
    expect(dash.body.Data.active_loan_details).toMatchObject({ loan_recommended: 20_000, loan_no: "SOTDEMO22" });
    const refused = await t.post({ event_name: "register_now" }, { headers: h2 });
    expect(refused.body).toMatchObject({ Status: 2, Message: "Please repay your current loan first." });
  });
});
