// Issue 14: after submission the dashboard data says where the application is, what happens next,
// who the credit manager is and which documents can be downloaded (each download owner-checked).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loanAccounts } from "../../db/schema/index.ts";
import { completeBankingAndEsign, customerAtBanking } from "../../test-support/banking.ts";
import { apiReply } from "../../test-support/contract.ts";
import { createOnboardingApp, onboard, type TestApp } from "../../test-support/onboarding.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createOnboardingApp();
});
afterAll(() => t.close());

const BASE = "/Api/Website/RepeatInstantJourneyController";

async function dashboard(c: { profileId: string; headers: Record<string, string> }) {
  const reply = await t.post({ profile_id: c.profileId }, { path: `${BASE}/getDashboardData`, headers: c.headers });
  return apiReply("getDashboardData", reply.body);
}

describe("the application's status on the dashboard data", () => {
  it("a signed application is submitted, with its credit manager, KFS and signed agreement", async () => {
    const c = await customerAtBanking(t);
    expect((await dashboard(c)).lead_details).toMatchObject({ application_stage: "in_process", agreement_available: 0 });
    await completeBankingAndEsign(t, c);

    const data = await dashboard(c);
    expect(data.lead_details).toMatchObject({
      lead_id: c.leadId,
      status: "SUBMITTED",
      status_label: "Submitted",
      application_stage: "submitted",
      application_stage_label: "Submitted",
      kfs_available: 1,
      agreement_available: 1,
    });
    expect(data.lead_details!.next_text).toContain("credit manager");
    expect(data.lead_details!.next_when).toMatch(/^Decision expected by \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(data.excutive_details).toMatchObject({ name: expect.any(String), mobile: expect.any(String), email: expect.any(String) });
    // A plain name, as the customer reads it (issue 21: no "(sample)" tag).
    expect(["Rohan Mehta", "Priya Nair", "Imran Shaikh"]).toContain(data.excutive_details!.name);

    const detail = await t.post({ lead_id: c.leadId }, { path: `${BASE}/getLeadDetail`, headers: c.headers });
    expect(apiReply("getLeadDetail", detail.body).data[0]).toMatchObject({ agreement_available: 1, kfs_available: 1 });

    // The documents it links to: the owner gets them, another customer gets Status 4 and nothing.
    const own = await t.app.request(`${BASE}/getSignedAgreement?lead_id=${c.leadId}`, { headers: c.headers });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-disposition")).toMatch(/attachment/);
    const stranger = await onboard(t, { steps: 0 });
    for (const path of [`getSignedAgreement?lead_id=${c.leadId}`, `downloadKfs?lead_id=${c.leadId}`]) {
      const other = await t.app.request(`${BASE}/${path}`, { headers: stranger.headers });
      expect(other.status).toBe(401);
      expect(((await other.json()) as { Status: number }).Status).toBe(4);
    }
  });

  it("a rejection by credit says why, with no date to wait for", async () => {
    const c = await customerAtBanking(t);
    await completeBankingAndEsign(t, c);
    await t.services.db.update(loanAccounts).set({ status: "REJECTED", rejectionReason: "BUREAU_RISK" }).where(eq(loanAccounts.leadId, c.leadId));
    const data = await dashboard(c);
    expect(data.lead_details).toMatchObject({ application_stage: "rejected", status_label: "Rejected", next_when: "" });
    expect(data.lead_details!.next_text).toContain("credit history");
  });

  it("a sanctioned application is paid out within the hour; a disbursed one names the repayment date", async () => {
    const c = await customerAtBanking(t);
    await completeBankingAndEsign(t, c);
    await t.services.db.update(loanAccounts).set({ status: "SANCTIONED" }).where(eq(loanAccounts.leadId, c.leadId));
    expect((await dashboard(c)).lead_details).toMatchObject({
      application_stage: "sanctioned",
      next_when: "Paid out usually within 10 minutes, within 1 hour at most",
    });
    await t.services.db
      .update(loanAccounts)
      .set({ status: "DISBURSED", loanNo: `SOT2611${String(Date.now()).slice(-6)}` })
      .where(eq(loanAccounts.leadId, c.leadId));
    const data = await dashboard(c);
    expect(data.lead_details).toMatchObject({ application_stage: "disbursed" });
    expect(data.lead_details!.next_when).toMatch(/^Repay by \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  });
});
