import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOnboardingApp, type TestApp } from "../../test-support/onboarding.ts";
import { CONTROLLER } from "../../test-support/loan.ts";
import { seedDemoCustomers } from "./demo-customers.ts";
import { dues } from "../../../core/loan-math/index.ts";
import { ledgerEntries } from "../../db/schema/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createOnboardingApp();
});
afterAll(() => t.close());

describe("demo customers", () => {
  it("creates a REPEAT customer who re-loans without employment, and an UNPAID-REPEAT one told to repay first; re-running replaces them", async () => {
    await seedDemoCustomers(t.services);
    const created = await seedDemoCustomers(t.services);
    expect(created.map((c) => [c.mobile, c.userType])).toEqual([
      ["9000000001", "REPEAT"],
      ["9000000002", "UNPAID-REPEAT"],
    ]);

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

  it("posts the UNPAID-REPEAT customer's disbursal through the ledger once per loan, with interest to today; re-running replaces it", async () => {
    const [, first] = await seedDemoCustomers(t.services);
    const [, second] = await seedDemoCustomers(t.services);
    const ledger = t.services.ledger;
    // The first run's loan is gone with its entries; the new loan has its own.
    expect(await ledger.entries(first.activeLoanId!)).toEqual([]);
    const loanId = second.activeLoanId!;
    const statement = await ledger.entries(loanId);
    // ₹20,000 disbursed 10 days before today (2026-11-22 on the test clock), 25 days.
    expect(statement.map((e) => [e.kind, e.idempotencyKey, e.effectiveOn])).toEqual([
      ["disbursal", `payout:${loanId}`, "2026-11-12"],
      ["interest_accrual", `interest:${loanId}:2026-11-22`, "2026-11-22"],
    ]);
    expect(statement[0].postings).toEqual([
      { account: "principal_receivable", side: "debit", amount: 2_000_000 },
      { account: "bank", side: "credit", amount: 1_764_000 },
      { account: "fee_income", side: "credit", amount: 200_000 },
      { account: "gst_payable", side: "credit", amount: 36_000 },
    ]);
    // 10 days at 1% of 20,00,000 paise = 2,00,000 paise.
    const b = await ledger.balances(loanId);
    expect(b).toMatchObject({ principal_receivable: 2_000_000, interest_receivable: 200_000, fee_income: 200_000, gst_payable: 36_000 });
    const owed = dues(
      {
        principal: 2_000_000,
        disbursalDate: "2026-11-12",
        repaymentDate: "2026-12-07",
        rates: { interestBpsPerDay: 100, penalBpsPerDay: 50, penalCapBps: 2_500, coolingOffDays: 3 },
      },
      "2026-11-22",
    );
    expect(b.principal_receivable + b.interest_receivable + b.penal_receivable).toBe(owed.totalDue);
    // The closed loans post nothing (demo history from before the ledger): every entry is the active loan's.
    const all = await t.services.db.select({ loanId: ledgerEntries.loanId }).from(ledgerEntries);
    expect(all.map((e) => e.loanId)).toEqual([loanId, loanId]);
  });
});
