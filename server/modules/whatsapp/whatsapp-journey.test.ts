// Issue 34, done when: a customer who opted in gets the payout notice, the reminder, the AutoPay pre-debit notice, the failed
// debit, the overdue notice and the payment received on WhatsApp in their language as the clock moves, while
// one who did not opt in gets each by SMS only. A WhatsApp message that fails goes by SMS exactly once. The
// back office sees each message with its channel and how far it got, on the loan's page and on the desk.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../core/calendar.ts";
import { customerProfiles } from "../../db/schema/index.ts";
import { SANDBOX_MANDATE_NO_FUNDS_ACCOUNT } from "../../providers/mandates/sandbox.ts";
import { goTo, loanWithMandate, runAutopayJob } from "../../test-support/autopay.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { creditManagers, leads, payouts } from "../../db/schema/index.ts";
import { createSandboxPayout } from "../../providers/payout/sandbox.ts";
import { completeBankingAndEsign, customerAtBanking } from "../../test-support/banking.ts";
import { sandboxPayoutDesks } from "../../test-support/desks.ts";
import type { AuditEntry, StaffActor } from "../credit/credit.service.ts";
import { selectLeads } from "../loans/loan-account.service.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
const collector: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000c1", role: "collections", email: "collector@salaryontime.test" };
const accountant: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a1", role: "accounts", email: "accounts@salaryontime.test" };
const creditManager: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000b1", role: "credit_manager" };

/** One number's SMS and WhatsApp messages, oldest first. */
function outboxes(t: () => T) {
  return {
    smsTo: async (mobile: string) => (await t().services.outbox!.outbox(1000)).filter((m) => m.to === mobile).reverse(),
    whatsAppTo: async (mobile: string) => (await t().services.whatsapp!.recent(1000)).filter((m) => m.to === mobile).reverse(),
  };
}

describe("a loan's notices on WhatsApp or SMS, moving the clock (issue 34)", () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { smsTo, whatsAppTo } = outboxes(() => t);

  it("reminder, pre-debit, failed debit, overdue and receipt: on WhatsApp in Hindi for the one who opted in, by SMS for the other", async () => {
    // Two loans of ₹20,000 due on the same day, both with AutoPay on an account that lacks the money.
    const opted = await loanWithMandate(t, SANDBOX_MANDATE_NO_FUNDS_ACCOUNT);
    const other = await loanWithMandate(t, SANDBOX_MANDATE_NO_FUNDS_ACCOUNT);
    // Paid out 10 days before the test clock's 22 Nov 2026, for 25 days.
    expect(opted.repaymentDate).toBe("2026-12-07");
    await t.services.db.update(customerProfiles).set({ preferredLanguage: "hi" }).where(eq(customerProfiles.mobile, opted.mobile));
    await t.services.consents.grant(opted.profileId, ["whatsapp_updates"], { source: "my_data" });
    const smsBefore = (await smsTo(opted.mobile)).length;
    const otherSmsBefore = (await smsTo(other.mobile)).length;

    // Three days before (11:30 India time), the day before (the pre-debit notice), the date (the debit fails).
    goTo(t, addDays(opted.repaymentDate, -3));
    await t.services.servicing.runReminders();
    goTo(t, addDays(opted.repaymentDate, -1));
    await runAutopayJob(t);
    goTo(t, opted.repaymentDate);
    await runAutopayJob(t);
    // The next day: the overdue notice. Meta fails it for the opted-in customer, so it goes by SMS, once.
    await t.services.sandboxWhatsApp!.setMode(opted.mobile, "failed");
    goTo(t, addDays(opted.repaymentDate, 1));
    await t.services.servicing.runReminders();
    await t.services.noticeDispatcher.runFallbacks();
    t.clock.advance(20 * 60_000);
    await t.services.noticeDispatcher.runFallbacks();
    await t.services.sandboxWhatsApp!.setMode(opted.mobile, "delivered");
    // The customer pays ₹1,000 by bank transfer; accounts approves it the same day.
    const desk = t.services.bankTransfers.desk;
    for (const c of [opted, other]) {
      const entered = await desk.enter(collector, {
        loanNo: c.loanNo,
        amountRupees: "1,000",
        bankReference: `UTRWA${c.mobile}`,
        receivedOn: addDays(c.repaymentDate, 1),
      });
      await desk.approve(accountant, { id: entered.id });
    }

    const messages = await whatsAppTo(opted.mobile);
    expect(messages.map((m) => [m.template, m.lang, m.status])).toEqual([
      ["sot_due_reminder", "hi", "delivered"],
      ["sot_autopay_notice", "hi", "delivered"],
      ["sot_debit_failed", "hi", "delivered"],
      // The retry's pre-debit notice: AutoPay tries again the next day.
      ["sot_autopay_notice", "hi", "delivered"],
      ["sot_overdue", "hi", "failed"],
      ["sot_payment_received", "hi", "delivered"],
    ]);
    // Paid on 8 Dec 2026 (the day after the repayment date), its receipt on the repayment page (a transfer has no order).
    expect(messages[5].text).toMatch(
      new RegExp(
        `^SalaryOnTime: लोन ${opted.loanNo} के लिए आपका ₹1,000\\.00 का भुगतान 8 दिसंबर 2026 को हमें मिल गया है। आपकी रसीद https?://\\S+/my-dashboard/repayment पर है, इसे संभालकर रखें।$`,
      ),
    );
    // By SMS only the overdue notice that WhatsApp failed, once (the job ran twice after it).
    const sms = (await smsTo(opted.mobile)).slice(smsBefore);
    expect(sms).toHaveLength(1);
    // ₹20,000 + 26 days' interest at 1% a day (₹5,200) + one day's penal charge (₹100) = ₹25,300.
    expect(sms[0].text).toMatch(
      new RegExp(
        `^SalaryOnTime: आपके लोन ${opted.loanNo} की तारीख को 1 दिन बीत गए हैं। बकाया रकम: ₹25,300, जिसमें ₹100 पेनल चार्ज शामिल है। अभी चुकाएँ: https?://\\S+/repayloan$`,
      ),
    );

    // The other customer: the same six notices by SMS, in English, and nothing on WhatsApp.
    expect(await whatsAppTo(other.mobile)).toEqual([]);
    const otherSms = (await smsTo(other.mobile)).slice(otherSmsBefore);
    expect(otherSms).toHaveLength(6);
    expect(otherSms[5].text).toMatch(new RegExp(`^SalaryOnTime: We have received your payment of ₹1,000\\.00 for loan ${other.loanNo} on 8 Dec 2026\\.`));

    // The loan's page: each message with its channel and status, the failed one with the SMS that replaced it.
    const seen = await t.services.servicing.customerMessages.ofLoan(collector, opted.leadId);
    // The phone channels (the e-mail that goes alongside is recorded by address, and is not what this checks).
    const dues = seen.filter((m) => m.kind === "reminder_overdue" && m.channel !== "email");
    expect(dues.map((m) => [m.channel, m.status, m.smsFallback])).toEqual([
      ["sms", "handed_over", null],
      ["whatsapp", "failed", "failed"],
    ]);
    expect(seen.filter((m) => m.channel === "whatsapp").map((m) => m.kind)).toEqual([
      "payment_received",
      "reminder_overdue",
      "autopay_notice",
      "autopay_failed",
      "autopay_notice",
      "reminder_upcoming",
    ]);
    // The collections desk: the dues notices of the overdue loan and how each reached the customer.
    const { rows } = await t.services.servicing.desk.queue(collector);
    const row = rows.find((r) => r.leadId === opted.leadId)!;
    expect(row.duesMessages?.map((m) => `${m.kind} ${m.channel} ${m.status}`)).toEqual([
      "reminder_overdue sms handed_over",
      "reminder_overdue whatsapp failed",
      "autopay_notice whatsapp delivered",
      "autopay_failed whatsapp delivered",
      "autopay_notice whatsapp delivered",
    ]);
    // Who may not see them, and an id that is no loan's.
    await expect(t.services.servicing.customerMessages.ofLoan(creditManager, opted.leadId)).rejects.toThrow();
    await expect(t.services.servicing.customerMessages.ofLoan(collector, "not-a-loan")).rejects.toThrow("No such loan.");
    await expect(t.services.servicing.customerMessages.ofLoan(collector, crypto.randomUUID())).rejects.toThrow("No such loan.");
  });
});

describe("the payout notice on WhatsApp or SMS (issue 34)", () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { smsTo, whatsAppTo } = outboxes(() => t);

  it("the payout notice, from a real payout, on WhatsApp in Hindi for the one who opted in and by SMS for the other", async () => {
    const audit = { record: async (_tx: unknown, _entry: AuditEntry) => {} };
    const sandbox = createSandboxPayout({ failAccount: "666666666666" });
    // The desks send their notices through the dispatcher, as the composition root's do.
    const { credit, disbursal } = sandboxPayoutDesks(t.services, sandbox, audit, t.services.noticeDispatcher);
    const db = t.services.db;
    async function payOut(lang: "en" | "hi", optIn: boolean) {
      const user = await customerAtBanking(t);
      await completeBankingAndEsign(t, user);
      const [profile] = await db.update(customerProfiles).set({ preferredLanguage: lang }).where(eq(customerProfiles.mobile, user.mobile)).returning();
      if (optIn) await t.services.consents.grant(profile.id, ["whatsapp_updates"], { source: "my_data" });
      const smsBefore = (await smsTo(user.mobile)).length;
      const [lead] = await selectLeads(db).where(eq(leads.id, user.leadId));
      const [manager] = await db.select().from(creditManagers).where(eq(creditManagers.id, lead.creditManagerId!));
      await credit.recommend(
        { staffId: "cm", role: "credit_manager", email: manager.email },
        { leadId: lead.id, outcome: "SANCTION", reasonCode: "POLICY_MET", note: "Salary credits regular" },
      );
      await credit.decide({ staffId: "head", role: "credit_head" }, { leadId: lead.id, outcome: "SANCTION", reasonCode: "POLICY_MET" });
      await disbursal.desk.disburse({ staffId: "pay", role: "disbursal" }, { leadId: lead.id });
      const [row] = await db.select().from(payouts).where(eq(payouts.loanId, lead.id));
      await sandbox.settled(row.providerReference!);
      const [paid] = await selectLeads(db).where(eq(leads.id, lead.id));
      return { mobile: user.mobile, loanNo: paid.loanNo!, smsBefore };
    }
    const hindi = await payOut("hi", true);
    const english = await payOut("en", false);
    // ₹20,000 less the fee and its GST (₹2,360) reaches the account, ₹17,640; with 9 days' interest at 1% a day (₹1,800),
    // ₹21,800 is due on 1 Dec 2026; the cooling-off period ends on 25 Nov 2026 (the test clock's day is 22 Nov 2026).
    const [message] = await whatsAppTo(hindi.mobile);
    expect(message).toMatchObject({ template: "sot_payout_done", lang: "hi", status: "delivered" });
    expect(message.text).toContain(`SalaryOnTime लोन ${hindi.loanNo}`);
    expect(message.text).toContain("₹17,640");
    expect(message.text).toContain("₹21,800");
    expect(message.text).toContain("1 दिसंबर 2026");
    expect(message.text).toContain("25 नवंबर 2026");
    expect(await smsTo(hindi.mobile)).toHaveLength(hindi.smsBefore);
    expect(await whatsAppTo(english.mobile)).toEqual([]);
    expect((await smsTo(english.mobile)).slice(english.smsBefore).map((m) => m.text)).toEqual([
      `SalaryOnTime: ₹17,640 has been paid to your bank account for loan ${english.loanNo}. Please repay ₹21,800 by 1 Dec 2026. You may cancel the loan without penalty until 25 Nov 2026.`,
    ]);
  });
});
