// A loan run through its life on an injected clock (issue 13): disbursed, then day by day past its
// repayment date. The daily jobs' handlers run as the job runner would call them; the test checks the
// reminders go exactly per schedule and hours (decision 31), the penal entries are posted once a day
// and capped, the fairness cap stops everything (decision 28), and what the customer sees agrees.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, daysBetween, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { customerProfiles, loanReminders } from "../../db/schema/index.ts";
import { createClock, createTestApp, randomMobile, type TestClock } from "../../test-support/test-app.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
const DAY = 86_400_000;
const HOUR = 3_600_000;

describe("a loan's life on the job clock", () => {
  let t: T;
  let clock: TestClock;
  beforeAll(async () => {
    // 11:30 India time on the first day.
    clock = createClock(Date.UTC(2026, 10, 22, 6, 0, 0));
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  it("sends each reminder once on its day within hours, posts penal charges daily up to the caps, and the dashboard agrees", async () => {
    const mobile = randomMobile();
    // A ₹20,000 loan for 25 days, disbursed 10 days ago (the demo customer's open loan).
    const demo = await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT" });
    const leadId = demo.activeLoanId!;
    await t.services.db.update(customerProfiles).set({ personalEmail: "asha.borrower@example.com" }).where(eq(customerProfiles.mobile, mobile));
    const lead = (await t.services.loans.byId(leadId))!;
    const due = lead.repaymentDate as IsoDate;
    const profileId = lead.profileId;
    const smsTo = async () => (await t.services.outbox!.outbox(1000)).filter((m) => m.to === mobile);
    const mails = async () => (await t.services.emailOutbox!.outbox(1000)).filter((m) => m.to === "asha.borrower@example.com");
    const smsBefore = (await smsTo()).length;
    const { servicing, ledger, payments } = t.services;

    const sentOn = new Map<IsoDate, string[]>();
    let lastPenal = 0;
    const start = todayInIndia(clock.now());
    const days = daysBetween(start, due) + 80; // past the penal cap (50 days overdue) and the fairness cap (75)
    for (let i = 0; i <= days; i++) {
      const today = todayInIndia(clock.now());
      // 07:30 India time: outside contact hours, so nothing goes; the accrual runs at any hour.
      clock.advance(-4 * HOUR);
      await servicing.runAccrual();
      expect((await servicing.runReminders()).outsideHours).toBe(true);
      clock.advance(4 * HOUR);
      const before = (await smsTo()).length;
      // Both ticks of the day (and a repeat, as a second instance would) send at most one reminder.
      await servicing.runReminders();
      await servicing.runReminders();
      await servicing.runAccrual();
      const texts = (await smsTo()).slice(0, (await smsTo()).length - before).map((m) => m.text);
      if (texts.length) sentOn.set(today, texts);

      // The ledger's penal postings equal what dues() charges; one entry a day at most.
      const d = (await payments.duesOn(lead, today))!;
      const held = await ledger.balances(leadId);
      expect(held.penal_income).toBe(d.penalToDate);
      expect(held.interest_income).toBe(d.interestToDate);
      expect(d.penalToDate - lastPenal).toBeLessThanOrEqual(10_000); // 0.5% of ₹20,000 a day
      lastPenal = d.penalToDate;
      clock.advance(DAY);
    }

    // Reminders: 3 and 1 days before, on the date, 1, 3 and 7 days after; nothing else.
    expect([...sentOn.keys()]).toEqual([-3, -1, 0, 1, 3, 7].map((o) => addDays(due, o)));
    expect([...sentOn.values()].every((texts) => texts.length === 1)).toBe(true);
    const text = (o: number) => sentOn.get(addDays(due, o))![0];
    expect(text(-3)).toContain("Amount due: ₹25,000");
    expect(text(0)).toMatch(/is due today\. Amount due: ₹25,000/);
    // 1 day overdue: interest ₹200 + penal ₹100 more; the penal charge and the Pay Now link are quoted.
    expect(text(1)).toContain("1 day(s) overdue. Amount due: ₹25,300, including penal charges of ₹100. Pay now: http");
    expect(text(7)).toContain("7 day(s) overdue. Amount due: ₹27,100, including penal charges of ₹700.");
    expect((await smsTo()).length - smsBefore).toBe(6);
    const reminderRows = await t.services.db.select().from(loanReminders).where(eq(loanReminders.leadId, leadId));
    expect(reminderRows.map((r) => r.kind).sort()).toEqual(["due_in_1", "due_in_3", "due_today", "overdue_1", "overdue_3", "overdue_7"]);
    expect(reminderRows.every((r) => r.byEmail)).toBe(true);
    const emails = await mails();
    expect(emails).toHaveLength(6);
    expect(emails.find((m) => m.subject.includes("overdue"))!.text).toContain("penal charges so far of ₹700");

    // Penal charges: their own entries, one per overdue day until the 25% cap (₹5,000 after 50 days).
    const entries = await ledger.entries(leadId);
    const penal = entries.filter((e) => e.kind === "penal_accrual");
    expect(penal).toHaveLength(50);
    expect(new Set(penal.map((e) => e.idempotencyKey)).size).toBe(50);
    expect(penal.every((e) => e.postings.every((p) => p.account.startsWith("penal_")))).toBe(true);
    expect(penal.at(-1)!.effectiveOn).toBe(addDays(due, 50));
    const held = await ledger.balances(leadId);
    expect(held.penal_income).toBe(500_000);
    // Fairness cap: post-due interest (₹15,000 over 75 days) + penal (₹5,000) = the principal; nothing after.
    expect(held.interest_income).toBe(500_000 + 1_500_000);
    const lastInterest = entries.filter((e) => e.kind === "interest_accrual").at(-1)!;
    expect(lastInterest.effectiveOn).toBe(addDays(due, 75));

    // The customer's view (dashboard and Pay Now) shows the same figures.
    const details = await payments.repaymentDetails(profileId);
    expect(details.repayment).toMatchObject({ total_due_amount: 45_000, penal_charges: 5_000, real_interest: 20_000, close_today_amount: 45_000 });
    expect(await payments.totalDueToday(lead)).toBe(45_000);
  });
});
