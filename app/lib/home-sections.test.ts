// Issue 30, item 8: a closed customer's dashboard home shows the closed loan and Re-Loan, not a second
// card "Loan application 0%" with every step locked, nor the credit bureau notice before Re-Loan is pressed.
import { describe, expect, it } from "vitest";
import { homeSections } from "./home-sections.ts";
import type { DashboardData } from "./dashboard-data.ts";

const lead = (stage: string) => ({ application_stage: stage }) as unknown as NonNullable<DashboardData["lead_details"]>;
const home = (next: string, stage: string | null, decline: DashboardData["eligibility_decline"] = null) =>
  homeSections({ next_event_name: next, lead_details: stage ? lead(stage) : null, eligibility_decline: decline });

describe("the dashboard home's sections", () => {
  it("a closed loan, no new application started: no steps, no banners, the bureau notice on Re-Loan's press", () => {
    expect(home("register_now", "closed")).toEqual({ steps: false, banners: false, noticeOnRequest: true });
  });

  it("a new customer at eligibility: the steps and the notice with its box, as before", () => {
    expect(home("register_now", null)).toEqual({ steps: true, banners: false, noticeOnRequest: false });
  });

  it("a repeat customer who has started the new application: its steps", () => {
    expect(home("generate_loan_quote", "closed")).toMatchObject({ steps: true, noticeOnRequest: false });
  });

  it("an application submitted or a loan paid out: the banners, no steps", () => {
    expect(home("completed", "disbursed")).toEqual({ steps: false, banners: true, noticeOnRequest: false });
  });
});
