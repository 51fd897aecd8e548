// Issue 29, finding 12: recommendation, sanction and payout refuse unless KYC is done, the bank account
// is verified and the credit policy's documents are there, naming each gap; nothing is written when
// refused. On the real services and database; the lead walks the sandbox journey to SUBMITTED.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aadhaarKyc, bankAccounts, creditManagers, leadDocuments, leads } from "../../db/schema/index.ts";
import { completeBankingAndEsign, customerAtBanking } from "../../test-support/banking.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import type { StaffActor } from "./credit.service.ts";
import { selectLeads } from "../loans/loan-account.service.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
const head: StaffActor = { staffId: "00000000-0000-4000-8000-000000002901", role: "credit_head" };
const payer: StaffActor = { staffId: "00000000-0000-4000-8000-000000002902", role: "disbursal" };
const KYC = "KYC is not done: the Aadhaar is not verified by DigiLocker eKYC (and there is no approved video KYC).";

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function submitted() {
  const user = await customerAtBanking(t);
  await completeBankingAndEsign(t, user);
  const [lead] = await selectLeads(t.services.db).where(eq(leads.id, user.leadId));
  const [manager] = await t.services.db.select().from(creditManagers).where(eq(creditManagers.id, lead.creditManagerId!));
  const cm: StaffActor = { staffId: "00000000-0000-4000-8000-000000002903", role: "credit_manager", email: manager.email };
  return { lead, cm };
}

const desk = () => t.services.credit.desk;
const sanction = { outcome: "SANCTION" as const, reasonCode: "POLICY_MET" };

describe("sanction requires what the rules require (issue 29)", () => {
  it("recommendation is refused without KYC and a bank statement, saying exactly what is missing; nothing is written; a rejection may still be recommended", async () => {
    const { lead, cm } = await submitted();
    expect((await desk().review(cm, lead.id)).missingForSanction).toEqual([]);
    const [kyc] = await t.services.db.delete(aadhaarKyc).where(eq(aadhaarKyc.profileId, lead.profileId)).returning();
    const [statement] = await t.services.db
      .delete(leadDocuments)
      .where(and(eq(leadDocuments.leadId, lead.id), eq(leadDocuments.docType, "bank_statement")))
      .returning();
    // Without DigiLocker the Aadhaar photos are needed too; this lead has them, so: KYC and the statement.
    expect((await desk().review(cm, lead.id)).missingForSanction).toEqual([KYC, "Missing document: Bank statement (last six months)."]);
    await expect(desk().recommend(cm, { leadId: lead.id, ...sanction })).rejects.toMatchObject({
      kind: "refused",
      message: `This loan cannot be recommended for sanction yet. ${KYC} Missing document: Bank statement (last six months).`,
    });
    const [after] = await selectLeads(t.services.db).where(eq(leads.id, lead.id));
    expect(after.recommendation).toBeNull();

    // Put right, it goes through.
    await t.services.db.insert(aadhaarKyc).values(kyc);
    await t.services.db.insert(leadDocuments).values(statement);
    expect(await desk().recommend(cm, { leadId: lead.id, ...sanction })).toEqual({ leadId: lead.id, recommendation: "SANCTION" });
  });

  it("sanction is refused when the bank account is no longer verified or KYC went; payout when a document went", async () => {
    const { lead, cm } = await submitted();
    await desk().recommend(cm, { leadId: lead.id, ...sanction });
    await t.services.db.update(bankAccounts).set({ verificationStatus: "SKIPPED" }).where(eq(bankAccounts.leadId, lead.id));
    await expect(desk().decide(head, { leadId: lead.id, ...sanction })).rejects.toThrow(
      "This loan cannot be sanctioned yet. The bank account is not verified (penny drop).",
    );
    expect((await selectLeads(t.services.db).where(eq(leads.id, lead.id)))[0].status).toBe("SUBMITTED");
    await t.services.db.update(bankAccounts).set({ verificationStatus: "VERIFIED" }).where(eq(bankAccounts.leadId, lead.id));
    expect(await desk().decide(head, { leadId: lead.id, ...sanction })).toEqual({ outcome: "SANCTIONED", leadId: lead.id });

    await t.services.db.delete(leadDocuments).where(and(eq(leadDocuments.leadId, lead.id), eq(leadDocuments.docType, "salary_slip")));
    await expect(t.services.disbursal.desk.disburse(payer, { leadId: lead.id })).rejects.toThrow(
      "This loan cannot be paid out yet. Missing document: Salary slip.",
    );
    expect((await selectLeads(t.services.db).where(eq(leads.id, lead.id)))[0].status).toBe("SANCTIONED");
  });

  it("a credit head may still reject a lead that lacks them", async () => {
    const { lead, cm } = await submitted();
    await t.services.db.delete(aadhaarKyc).where(eq(aadhaarKyc.profileId, lead.profileId));
    await desk().recommend(cm, { leadId: lead.id, outcome: "REJECT", reasonCode: "POLICY_OTHER", note: "KYC not done" });
    expect(await desk().decide(head, { leadId: lead.id, outcome: "REJECT", reasonCode: "POLICY_OTHER", note: "KYC not done" })).toEqual({
      outcome: "REJECTED",
      leadId: lead.id,
    });
  });
});
