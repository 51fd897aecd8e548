// Issue 34, second step: each service notice on the channel the customer reads. A customer who opted in gets
// a notice with a template on WhatsApp (the sandbox records it, in their language) and no SMS; everyone else
// gets the SMS. A WhatsApp message that fails, or is not delivered in 15 minutes, goes by SMS once, however
// the webhook and the job race. A reminder is one contact whichever channel carried it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysBetween, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { customerProfiles, whatsappMessages } from "../../db/schema/index.ts";
import type { Notice } from "../../providers/sms/port.ts";
import { createClock, createTestApp, randomMobile } from "../../test-support/test-app.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
const MINUTE = 60_000;
const DAY = 86_400_000;

const payout: Notice = {
  kind: "loan_disbursed",
  vars: { amount: "₹10,000", loan_no: "SOT2611000123", total_due: "₹10,900", repayment_date: "10 Dec 2026", cooling_off_until: "25 Nov 2026" },
};
const PAYOUT_EN =
  "Your SalaryOnTime loan SOT2611000123 is paid out: ₹10,000 has been sent to your bank account. The amount to repay is ₹10,900, due on 10 Dec 2026. You may cancel this loan without any penalty until 25 Nov 2026; after that date it continues on its agreed terms.";

function helpers(t: () => T) {
  return {
    smsTo: async (mobile: string) => (await t().services.outbox!.outbox(1000)).filter((m) => m.to === mobile),
    whatsAppTo: async (mobile: string) => (await t().services.whatsapp!.recent(1000)).filter((m) => m.to === mobile),
    /** A signed-in customer who gave the whatsapp_updates consent on My data. */
    async optedIn(mobile = randomMobile()) {
      const { profileId } = await t().signIn(mobile);
      await t().services.consents.grant(profileId, ["whatsapp_updates"], { source: "my_data" });
      return { mobile, profileId };
    },
    send: (mobile: string, notice: Notice = payout, lang: "en" | "hi" = "en") => t().services.noticeDispatcher.sendNotice({ mobile, notice, lang }),
    setMode: (mobile: string, mode: "delivered" | "failed" | "refused" | "timeout" | "held") => t().services.sandboxWhatsApp!.setMode(mobile, mode),
  };
}

describe("the notice dispatcher: channel and fallback (issue 34)", () => {
  let t: T;
  // 11:30 India time.
  const clock = createClock(Date.UTC(2026, 10, 22, 6, 0, 0));
  const { smsTo, whatsAppTo, optedIn, send, setMode } = helpers(() => t);
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  it("sends an opted-in customer's payout notice on WhatsApp, in their language, and no SMS", async () => {
    const { mobile } = await optedIn();
    const smsBefore = (await smsTo(mobile)).length; // the sign-in code
    await send(mobile);
    expect(await whatsAppTo(mobile)).toMatchObject([{ template: "sot_payout_done", lang: "en", status: "delivered", text: PAYOUT_EN }]);
    expect(await smsTo(mobile)).toHaveLength(smsBefore);

    const hindi = await optedIn();
    await send(hindi.mobile, payout, "hi");
    const [message] = await whatsAppTo(hindi.mobile);
    expect(message).toMatchObject({ template: "sot_payout_done", lang: "hi" });
    expect(message.text).toMatch(/^आपका SalaryOnTime लोन SOT2611000123 जारी हो गया है: ₹10,000/);
    // Nothing is owed later: the job sends no SMS for a delivered message.
    clock.advance(20 * MINUTE);
    await t.services.noticeDispatcher.runFallbacks();
    expect(await smsTo(hindi.mobile)).toHaveLength(1);
  });

  it("sends SMS only to a customer who did not opt in, and for a notice without a template", async () => {
    const { mobile } = await t.signIn();
    await send(mobile);
    expect(await whatsAppTo(mobile)).toEqual([]);
    expect((await smsTo(mobile))[0].text).toContain("SOT2611000123");

    const opted = await optedIn();
    await send(opted.mobile, { kind: "loan_closed", vars: { loan_no: "SOT2611000123" } });
    // A notice with an empty value (an account with no last digits on file): Meta would refuse it, the SMS takes it.
    const vars = { amount: "₹25,000", date: "10 Dec 2026", last4: "", pay_link: "https://www.salaryontime.com/repayloan" };
    await send(opted.mobile, { kind: "autopay_notice", vars });
    expect(await whatsAppTo(opted.mobile)).toEqual([]);
    expect(await smsTo(opted.mobile)).toHaveLength(3);
  });

  it("keeps the one-time code on SMS for a customer who opted in", async () => {
    const { mobile } = await optedIn();
    clock.advance(10 * MINUTE); // past the wait before another code
    await t.signIn(mobile); // reads the code from the SMS outbox
    expect((await smsTo(mobile)).filter((m) => /^\d{4}/.test(m.text))).toHaveLength(2);
    expect(await whatsAppTo(mobile)).toEqual([]);
  });

  it("sends the SMS once when the webhook reports the message failed, and the job adds nothing", async () => {
    const { mobile } = await optedIn();
    await setMode(mobile, "failed");
    const before = (await smsTo(mobile)).length;
    await send(mobile);
    expect(await whatsAppTo(mobile)).toMatchObject([{ status: "failed", errorCode: 131026 }]);
    const sms = await smsTo(mobile);
    expect(sms).toHaveLength(before + 1);
    expect(sms[0].text).toContain("SOT2611000123");
    clock.advance(20 * MINUTE);
    expect(await t.services.noticeDispatcher.runFallbacks()).toMatchObject({ sent: 0 });
    expect(await smsTo(mobile)).toHaveLength(before + 1);
    const [row] = await t.services.db.select().from(whatsappMessages).where(eq(whatsappMessages.toMobile, mobile));
    expect(row).toMatchObject({ smsFallback: "failed", notice: { kind: "loan_disbursed", vars: payout.vars } });
  });

  it("sends the SMS once when the API refuses the message at once", async () => {
    const { mobile } = await optedIn();
    await setMode(mobile, "refused");
    const before = (await smsTo(mobile)).length;
    await send(mobile);
    expect(await whatsAppTo(mobile)).toMatchObject([{ status: "failed", errorCode: 130429 }]);
    expect(await smsTo(mobile)).toHaveLength(before + 1);
    await t.services.noticeDispatcher.runFallbacks();
    expect(await smsTo(mobile)).toHaveLength(before + 1);
  });

  it("sends one SMS when a late failed webhook and two jobs race for the same message", async () => {
    const { mobile } = await optedIn();
    await setMode(mobile, "held");
    const before = (await smsTo(mobile)).length;
    await send(mobile);
    const [held] = await whatsAppTo(mobile);
    expect(held.status).toBe("accepted");
    clock.advance(15 * MINUTE);
    const { noticeDispatcher, sandboxWhatsApp } = t.services;
    await Promise.all([noticeDispatcher.runFallbacks(), sandboxWhatsApp!.emitStatus(held.wamid!, mobile, "failed"), noticeDispatcher.runFallbacks()]);
    expect(await smsTo(mobile)).toHaveLength(before + 1);
  });

  it("sends the SMS once for a message not delivered in 15 minutes, and not before; a late delivery changes nothing", async () => {
    const { mobile } = await optedIn();
    await setMode(mobile, "held");
    const before = (await smsTo(mobile)).length;
    await send(mobile);
    clock.advance(14 * MINUTE + 59_000);
    await t.services.noticeDispatcher.runFallbacks();
    expect(await smsTo(mobile)).toHaveLength(before);
    clock.advance(1_000);
    await t.services.noticeDispatcher.runFallbacks();
    await t.services.noticeDispatcher.runFallbacks();
    expect(await smsTo(mobile)).toHaveLength(before + 1);
    const [message] = await whatsAppTo(mobile);
    await t.services.sandboxWhatsApp!.emitStatus(message.wamid!, mobile, "delivered");
    await t.services.noticeDispatcher.runFallbacks();
    expect(await smsTo(mobile)).toHaveLength(before + 1);
    const [row] = await t.services.db.select().from(whatsappMessages).where(eq(whatsappMessages.toMobile, mobile));
    expect(row.smsFallback).toBe("undelivered");
  });

  it("treats an unanswered send (a timeout) as pending, not failed: one SMS after the limit", async () => {
    const { mobile } = await optedIn();
    await setMode(mobile, "timeout");
    const before = (await smsTo(mobile)).length;
    await send(mobile);
    expect(await whatsAppTo(mobile)).toMatchObject([{ status: "unknown", wamid: null }]);
    expect(await smsTo(mobile)).toHaveLength(before);
    clock.advance(15 * MINUTE);
    await Promise.all([t.services.noticeDispatcher.runFallbacks(), t.services.noticeDispatcher.runFallbacks()]);
    expect(await smsTo(mobile)).toHaveLength(before + 1);
  });

  it("a delivered message is not sent by SMS when the job runs before the limit or after the delivery", async () => {
    const { mobile } = await optedIn();
    await setMode(mobile, "held");
    await send(mobile);
    const [message] = await whatsAppTo(mobile);
    await t.services.sandboxWhatsApp!.emitStatus(message.wamid!, mobile, "delivered");
    clock.advance(30 * MINUTE);
    await t.services.noticeDispatcher.runFallbacks();
    expect((await smsTo(mobile)).filter((m) => !/^\d{4}/.test(m.text))).toEqual([]);
  });

  it("after a STOP on WhatsApp, the next notice goes by SMS", async () => {
    const { mobile } = await optedIn();
    await send(mobile);
    await t.app.request("/dev/whatsapp", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action: "reply", mobile, text: "STOP" }),
    });
    const before = (await smsTo(mobile)).length;
    await send(mobile);
    expect(await whatsAppTo(mobile)).toHaveLength(1);
    expect(await smsTo(mobile)).toHaveLength(before + 1);
  });
});

describe("reminders across both channels (issue 34)", () => {
  let t: T;
  const clock = createClock(Date.UTC(2026, 10, 22, 6, 0, 0));
  const { smsTo, whatsAppTo } = helpers(() => t);
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  it("sends an opted-in customer's reminder once, on WhatsApp in Hindi, and none by SMS; others get the SMS", async () => {
    // Two demo customers with a ₹20,000 loan due on the same day; one opted in and reads Hindi.
    const mobile = randomMobile();
    const other = randomMobile();
    const demo = await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT" });
    await createDemoCustomer(t.services, { mobile: other, userType: "UNPAID-REPEAT" });
    const lead = (await t.services.loans.byId(demo.activeLoanId!))!;
    await t.services.db.update(customerProfiles).set({ preferredLanguage: "hi" }).where(eq(customerProfiles.mobile, mobile));
    await t.services.consents.grant(lead.profileId, ["whatsapp_updates"], { source: "my_data" });
    const smsBefore = (await smsTo(mobile)).length;
    const otherBefore = (await smsTo(other)).length;

    // 3 days before the repayment date, 11:30 India time; two ticks and a second instance's.
    clock.advance((daysBetween(todayInIndia(clock.now()), lead.repaymentDate as IsoDate) - 3) * DAY);
    await t.services.servicing.runReminders();
    await t.services.servicing.runReminders();
    await t.services.servicing.runReminders();

    const messages = await whatsAppTo(mobile);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ template: "sot_due_reminder", lang: "hi", status: "delivered" });
    expect(messages[0].text).toContain("₹25,000");
    expect(await smsTo(mobile)).toHaveLength(smsBefore);
    // The customer who did not opt in: the SMS, once, and nothing on WhatsApp.
    expect(await smsTo(other)).toHaveLength(otherBefore + 1);
    expect(await whatsAppTo(other)).toEqual([]);

    // Later that day (and past the fallback's limit): the delivered reminder is not sent again on either channel.
    clock.advance(3 * 60 * MINUTE);
    await t.services.servicing.runReminders();
    await t.services.noticeDispatcher.runFallbacks();
    expect(await whatsAppTo(mobile)).toHaveLength(1);
    expect(await smsTo(mobile)).toHaveLength(smsBefore);
  });

  it("sends an undelivered reminder's SMS in contact hours on its day only; after 19:00 it waits and then expires", async () => {
    const mobile = randomMobile();
    const demo = await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT" });
    const lead = (await t.services.loans.byId(demo.activeLoanId!))!;
    await t.services.consents.grant(lead.profileId, ["whatsapp_updates"], { source: "my_data" });
    await t.services.sandboxWhatsApp!.setMode(mobile, "held");
    const smsBefore = (await smsTo(mobile)).length;
    const notice: Notice = { kind: "reminder_upcoming", vars: { loan_no: lead.loanNo!, total_due: "₹25,000", repayment_date: "10 Dec 2026" } };
    const { noticeDispatcher } = t.services;
    // 18:30 India time: a reminder on WhatsApp, not delivered; at 18:45 its SMS goes.
    const at = clock.now();
    const minutes = (at.getUTCHours() * 60 + at.getUTCMinutes() + 330) % 1440;
    clock.advance((18 * 60 + 30 - minutes) * MINUTE);
    await noticeDispatcher.sendNotice({ mobile, notice, lang: "en" });
    clock.advance(15 * MINUTE);
    expect(await noticeDispatcher.runFallbacks()).toMatchObject({ sent: 1 });
    expect(await smsTo(mobile)).toHaveLength(smsBefore + 1);
    // 18:50: another, whose limit falls at 19:05, outside contact hours: held, then dropped the next morning.
    clock.advance(5 * MINUTE);
    await noticeDispatcher.sendNotice({ mobile, notice, lang: "en" });
    clock.advance(15 * MINUTE);
    expect(await noticeDispatcher.runFallbacks()).toMatchObject({ sent: 0, waiting: 1 });
    clock.advance(13 * 60 * MINUTE); // 08:05
    expect(await noticeDispatcher.runFallbacks()).toMatchObject({ sent: 0, expired: 1 });
    expect(await noticeDispatcher.runFallbacks()).toMatchObject({ sent: 0, expired: 0, waiting: 0 });
    expect(await smsTo(mobile)).toHaveLength(smsBefore + 1);
    expect(await whatsAppTo(mobile)).toHaveLength(2);
  });
});
