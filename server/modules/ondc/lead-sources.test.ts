// Issue 32: the source "ONDC" on every desk. A loan taken through the buyer app (our forms F01 to F06) and one
// taken on the website, each through the desks that list or show it: the credit queue (with its filter by
// source), the sanction queue, the disbursal queue, the application review, the loan's account and collections.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditManagers, leads, ondcFormSubmissions, payouts } from "../../db/schema/index.ts";
import { completeBankingAndEsign, customerAtBanking } from "../../test-support/banking.ts";
import { ondcFormsHarness } from "../../test-support/ondc-forms.ts";
import { sandboxBuyerSigner } from "../../test-support/ondc-buyer.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { selectLeads } from "../loans/loan-account.service.ts";
import { createLeadSources } from "./lead-sources.service.ts";

const h = ondcFormsHarness();
// The real audit log keeps staff ids as uuids.
const head: StaffActor = { staffId: randomUUID(), role: "credit_head" };
const payer: StaffActor = { staffId: randomUUID(), role: "disbursal" };
const accounts: StaffActor = { staffId: randomUUID(), role: "accounts" };
const collector: StaffActor = { staffId: randomUUID(), role: "collections" };

/** The credit manager a submitted lead is assigned to, as staff. */
async function managerOf(leadId: string): Promise<StaffActor> {
  const [lead] = await selectLeads(h.t.services.db).where(eq(leads.id, leadId));
  const [manager] = await h.t.services.db.select().from(creditManagers).where(eq(creditManagers.id, lead.creditManagerId!));
  return { staffId: randomUUID(), role: "credit_manager", email: manager.email };
}

/** A loan signed through the buyer app (F06): SUBMITTED, with its transaction. */
async function ondcLead() {
  const { transactionId } = await h.throughF06();
  const f06 = (await h.submissionsOf(transactionId)).find((s) => s.formId === "F06")!;
  return { leadId: f06.leadId!, transactionId };
}

/** A loan signed on the website: SUBMITTED. */
async function websiteLead() {
  const user = await customerAtBanking(h.t);
  await completeBankingAndEsign(h.t, user);
  return { leadId: user.leadId };
}

describe("the source on every desk", () => {
  it("says website for a lead whose every ONDC form was refused, and answers a set of leads at once", async () => {
    const sources = createLeadSources({ db: h.t.services.db });
    const ondc = await ondcLead();
    const web = await websiteLead();
    // A buyer app's F01 for this lead that our rules refused: not a loan through ONDC.
    const [lead] = await selectLeads(h.t.services.db).where(eq(leads.id, web.leadId));
    await h.t.services.db.insert(ondcFormSubmissions).values({
      submissionId: randomUUID(),
      formId: "F01",
      transactionId: randomUUID(),
      profileId: lead.profileId,
      leadId: web.leadId,
      outcome: "not_eligible",
      reason: "test",
      createdAt: h.t.clock.now(),
    });
    const found = await sources.of([ondc.leadId, web.leadId, ondc.leadId]);
    expect([...found.keys()]).toEqual([ondc.leadId]);
    expect(await sources.of([])).toEqual(new Map());
  });

  it("marks an ONDC loan with its buyer app and transaction, and a website loan as the website, from the queue to collections", async () => {
    const credit = h.t.services.credit.desk;
    const ondc = await ondcLead();
    const web = await websiteLead();
    const bapId = sandboxBuyerSigner(h.t.services).subscriberId;
    const ondcSource = { kind: "ondc", bapId, transactionId: ondc.transactionId };

    // The credit queue: each row says its source; the filter keeps one source or the other.
    const queue = await credit.queue(head, { pageSize: 100 });
    expect(queue.items.find((i) => i.leadId === ondc.leadId)?.source).toEqual(ondcSource);
    expect(queue.items.find((i) => i.leadId === web.leadId)?.source).toEqual({ kind: "website" });
    const onlyOndc = (await credit.queue(head, { pageSize: 100, source: "ondc" })).items.map((i) => i.leadId);
    expect(onlyOndc).toContain(ondc.leadId);
    expect(onlyOndc).not.toContain(web.leadId);
    const onlyWeb = (await credit.queue(head, { pageSize: 100, source: "website" })).items.map((i) => i.leadId);
    expect(onlyWeb).toContain(web.leadId);
    expect(onlyWeb).not.toContain(ondc.leadId);
    // The credit manager's own queue says it too.
    const manager = await managerOf(ondc.leadId);
    expect((await credit.queue(manager, { pageSize: 100 })).items.find((i) => i.leadId === ondc.leadId)?.source).toEqual(ondcSource);

    // The application review.
    expect((await credit.review(head, ondc.leadId)).lead.source).toEqual(ondcSource);
    expect((await credit.review(head, web.leadId)).lead.source).toEqual({ kind: "website" });

    // Four eyes as for any loan: the manager recommends, the head sanctions; both queues say ONDC.
    await credit.recommend(manager, { leadId: ondc.leadId, outcome: "SANCTION", reasonCode: "POLICY_MET", note: "Salary credits regular" });
    const sanction = await credit.sanctionQueue(head, { pageSize: 100, source: "ondc" });
    expect(sanction.items.find((i) => i.leadId === ondc.leadId)?.source).toEqual(ondcSource);
    expect((await credit.sanctionQueue(head, { pageSize: 100, source: "website" })).items.map((i) => i.leadId)).not.toContain(ondc.leadId);
    await credit.decide(head, { leadId: ondc.leadId, outcome: "SANCTION", reasonCode: "POLICY_MET" });
    const waiting = await credit.disbursalQueue(payer, { pageSize: 100 });
    expect(waiting.items.find((i) => i.leadId === ondc.leadId)?.source).toEqual(ondcSource);

    // Paid out: the loan's account says ONDC.
    const paid = await h.t.services.disbursal.desk.disburse(payer, { leadId: ondc.leadId });
    const [payout] = await h.t.services.db.select().from(payouts).where(eq(payouts.id, paid.payoutId));
    await h.t.services.sandboxPayout!.settled(payout.providerReference!);
    expect((await h.t.services.booksReports.desk.loanAccount(accounts, ondc.leadId)).source).toEqual(ondcSource);

    // Past its repayment date (₹15,000 for 9 days), collections lists it as ONDC (last: the clock stays moved).
    h.t.clock.advance(10 * 24 * 60 * 60 * 1000);
    const overdue = await h.t.services.servicing.desk.queue(collector);
    expect(overdue.rows.find((r) => r.leadId === ondc.leadId)?.source).toEqual(ondcSource);
  });
});
