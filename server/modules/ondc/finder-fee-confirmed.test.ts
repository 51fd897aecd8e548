// Issue 32, point 9: the finder fee agreed at the contract is the one kept (docs/decisions/money.md, "The ONDC buyer
// app's finder fee in the books"). A transaction confirmed at 1 % stores what on_confirm stated with the order; a
// later search in the same transaction naming 2 % changes nothing: a confirm again, the status, the payout's
// accrual and report, the update all state the confirmed fee, and ledger:check holds the books to it.
// The figures: ₹15,000 for 9 days at 1 % a year = 1,500,000 × 1/100 × 9/365 = 369.86 paise → ₹3.70; at 2 % it
// would be 739.73 paise → ₹7.40.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { todayInIndia } from "../../../core/calendar.ts";
import { creditManagers, leads, loanAccounts, ondcFinderFees, ondcOrders, payouts } from "../../db/schema/index.ts";
import { createSandboxPayout } from "../../providers/payout/sandbox.ts";
import { sandboxPayoutDesks } from "../../test-support/desks.ts";
import { ondcFormsHarness } from "../../test-support/ondc-forms.ts";
import { searchRequest } from "../dev/ondc-buyer-app/buyer-requests.ts";
import { ledgerKeys } from "../ledger/ledger.service.ts";
import { selectLeads } from "../loans/loan-account.service.ts";

const h = ondcFormsHarness();
const s = () => h.t.services;
const today = () => todayInIndia(s().now());
const noAudit = { record: async () => undefined };

/** The buyer app's search in the transaction, naming its finder fee a year. */
async function search(transactionId: string, finderFeePercentage: string) {
  const { message } = searchRequest({
    transactionId,
    messageId: randomUUID(),
    at: h.t.clock.now(),
    bapId: "unused",
    bapUri: "https://buyer.example.test/ondc",
    origin: "https://buyer.example.test",
    finderFeePercentage,
  });
  await h.request("search", transactionId, message);
}

/** The confirm quoting the signed agreement, stating the finder fee the buyer app expects (rupees). */
const confirm = (transactionId: string, f06Id: string, settlementAmount: string) =>
  h.request("confirm", transactionId, {
    order: {
      provider: { id: "salaryontime" },
      items: [{ id: "salary-day-loan", xinput: { form: { id: "F06" }, form_response: { status: "SUCCESS", submission_id: f06Id } } }],
      payments: [
        {
          collected_by: "BPP",
          type: "ON_ORDER",
          status: "NOT-PAID",
          tags: [{ descriptor: { code: "SETTLEMENT_TERMS" }, list: [{ descriptor: { code: "SETTLEMENT_AMOUNT" }, value: settlementAmount }] }],
        },
      ],
    },
  });

/** What an order callback states of the finder fee: its percentage and SETTLEMENT_AMOUNT. */
function feeStated(order: { payments: { tags?: unknown }[] }) {
  const tags = order.payments.find((p) => p.tags)!.tags as Parameters<typeof h.tagList>[0];
  return {
    percentage: h.tagList(tags, "BUYER_FINDER_FEES").BUYER_FINDER_FEES_PERCENTAGE,
    amount: h.tagList(tags, "SETTLEMENT_TERMS").SETTLEMENT_AMOUNT,
  };
}

/** Recommended, sanctioned and paid out by our desks. */
async function payOut(leadId: string) {
  const sandbox = createSandboxPayout({ failAccount: "666666666666" });
  const { credit, disbursal } = sandboxPayoutDesks(s(), sandbox, noAudit);
  const [lead] = await selectLeads(s().db).where(eq(leads.id, leadId));
  const [manager] = await s().db.select().from(creditManagers).where(eq(creditManagers.id, lead.creditManagerId!));
  await credit.recommend(
    { staffId: "cm", role: "credit_manager", email: manager.email },
    { leadId, outcome: "SANCTION", reasonCode: "POLICY_MET", note: "Salary credits regular" },
  );
  await credit.decide({ staffId: "head", role: "credit_head" }, { leadId, outcome: "SANCTION", reasonCode: "POLICY_MET" });
  await disbursal.desk.disburse({ staffId: "pay", role: "disbursal" }, { leadId });
  const [payout] = await s().db.select().from(payouts).where(eq(payouts.loanId, leadId));
  await sandbox.settled(payout.providerReference!);
  const [account] = await s().db.select().from(loanAccounts).where(eq(loanAccounts.leadId, leadId));
  expect(account.status).toBe("DISBURSED");
  return account;
}

describe("the finder fee agreed at the contract", () => {
  let first: { transactionId: string; stored: typeof ondcOrders.$inferSelect };

  it("is stored with the order at on_confirm, and a later search naming another percentage changes nothing", async () => {
    const { transactionId, f06Id } = await h.throughF06();
    const f06 = (await h.submissionsOf(transactionId)).find((x) => x.formId === "F06")!;
    const leadId = f06.leadId!;
    await search(transactionId, "1");

    const confirmed = await confirm(transactionId, f06Id, "3.70");
    expect(feeStated(confirmed.message.order)).toEqual({ percentage: "1", amount: "3.70" });
    const [stored, ...more] = await s().db.select().from(ondcOrders).where(eq(ondcOrders.transactionId, transactionId));
    expect(more).toEqual([]);
    expect(stored).toMatchObject({
      f06SubmissionId: f06Id,
      orderId: confirmed.message.order.id,
      leadId,
      bapId: confirmed.context.bap_id,
      finderFeePercentage: "1",
      finderFeePaise: 370,
      confirmMessageId: confirmed.context.message_id,
    });

    // The buyer app searches again in the same transaction, now at 2 % (₹7.40 for this loan, if it counted).
    await search(transactionId, "2");
    const again = await confirm(transactionId, f06Id, "7.40");
    expect(again.error).toMatchObject({ code: "80216" });
    expect(again.error.message).toContain("SETTLEMENT_AMOUNT for this loan is 3.70: 1 % a year");
    expect(feeStated((await confirm(transactionId, f06Id, "3.70")).message.order)).toEqual({ percentage: "1", amount: "3.70" });
    // A confirm again keeps the first record.
    expect(await s().db.select().from(ondcOrders).where(eq(ondcOrders.transactionId, transactionId))).toEqual([stored]);
    const status = await h.request("status", transactionId, { ref_id: transactionId });
    expect(feeStated(status.message.order)).toEqual({ percentage: "1", amount: "3.70" });

    // Paid out: the job accrues ₹3.70 as on_confirm stated it, and reports the payout stating ₹3.70.
    const account = await payOut(leadId);
    const reportsBefore = h.received.length;
    await s().jobHandlers["ondc-callbacks"]();
    await s().ondcOutbox!.idle();
    const [accrual, ...others] = await s().db.select().from(ondcFinderFees).where(eq(ondcFinderFees.leadId, leadId));
    expect(others).toEqual([]);
    expect(accrual).toMatchObject({ kind: "accrual", feePaise: 370, feeFrom: "on_confirm", bapId: confirmed.context.bap_id, effectiveOn: today() });
    const entry = await s().ledger.entryByKey(ledgerKeys.finderFee(leadId, accrual.statusChangeId));
    expect(entry!.postings).toEqual([
      { account: "buyer_app_fee_expense", side: "debit", amount: 370 },
      { account: "buyer_app_payable", side: "credit", amount: 370 },
    ]);
    // Each change reported (sanctioned, then paid out) states ₹3.70.
    const reports = h.received
      .slice(reportsBefore)
      .map((r) => JSON.parse(r.text))
      .filter((b) => b.context.action === "on_status" && b.context.transaction_id === transactionId);
    expect(reports.map((b) => b.message.order.fulfillments[0].state.descriptor.code)).toEqual(["SANCTIONED", "DISBURSED"]);
    for (const report of reports) expect(feeStated(report.message.order)).toEqual({ percentage: "1", amount: "3.70" });

    // Later status and update answers state ₹3.70 too.
    const later = await h.request("status", transactionId, { ref_id: transactionId });
    expect(feeStated(later.message.order)).toEqual({ percentage: "1", amount: "3.70" });
    const update = await h.request("update", transactionId, { update_target: "fulfillments", order: { id: confirmed.message.order.id } });
    expect(update.context.action).toBe("on_update");
    expect(feeStated(update.message.order)).toEqual({ percentage: "1", amount: "3.70" });
    const foreclosure = await h.request("update", transactionId, {
      update_target: "payments",
      order: { id: confirmed.message.order.id, payments: [{ time: { label: "FORECLOSURE" } }] },
    });
    expect(feeStated(foreclosure.message.order)).toEqual({ percentage: "1", amount: "3.70" });

    // ledger:check agrees with the stored ₹3.70, and holds the books to it: a stored figure of ₹3.71 is named.
    expect(await s().finderFees.problems(today())).toEqual([]);
    expect((await s().booksCheck.run(today())).problems).toEqual([]);
    await s().db.execute(sql`update ondc_orders set finder_fee_paise = 371 where f06_submission_id = ${f06Id}`);
    expect(await s().finderFees.problems(today())).toEqual([`The finder fee of loan ${account.loanNo} is ₹3.70 but ₹3.71 was agreed for it.`]);
    await s().db.execute(sql`update ondc_orders set finder_fee_paise = 370 where f06_submission_id = ${f06Id}`);
    expect(await s().finderFees.problems(today())).toEqual([]);
    first = { transactionId, stored };
  });

  it("is read back by migration 1750 from the on_confirm sent, for a transaction confirmed before it", async () => {
    const migration = readFileSync(new URL("../../db/migrations/1750_ondc_orders.sql", import.meta.url), "utf8");
    // As before the migration: no order stored (the on_confirms sent are in the outbox).
    await s().db.delete(ondcOrders).where(eq(ondcOrders.transactionId, first.transactionId));
    await h.t.database.execScript(migration);
    // The first on_confirm that stated an order (₹3.70 at 1 %), not the refusal of ₹7.40; once, however often it runs.
    await h.t.database.execScript(migration);
    expect(await s().db.select().from(ondcOrders).where(eq(ondcOrders.transactionId, first.transactionId))).toEqual([first.stored]);
    expect(await s().finderFees.problems(today())).toEqual([]);
  });
});
