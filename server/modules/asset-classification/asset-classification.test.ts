// Asset classification (issue 22): one loan walked day by day on the job clock across every boundary
// (30/31, 60/61, 90/91 days past due), with part payments on the way (class unchanged) and a full
// payment at the end (back to standard, history closed). The demo loan: ₹20,000 for 25 days from
// 12 Nov 2026, repayment date 7 Dec 2026, interest 1% a day (₹200), penal 0.5% a day (₹100) capped at
// 25% (₹5,000, reached 50 days past due); post-due interest + penal stop at the principal (75 days).
// Owed n days past due without payments: 20,000 + 5,000 + 200·min(n,75) + 100·min(n,50) rupees.
import { describe, expect, it } from "vitest";
import { addDays, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { assetClassHistory } from "../../db/schema/index.ts";
import { approvedTransfer, moveClockTo, openDayEndApp } from "../../test-support/day-end.ts";
import { createTestApp, randomMobile, type TestClock } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { eq } from "drizzle-orm";

const collector: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000c1", role: "collections", email: "collector@salaryontime.test" };
const accountant: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a1", role: "accounts", email: "accounts@salaryontime.test" };
const DUE = "2026-12-07";
/** The India date `n` days past due. */
const dpd = (n: number) => addDays(DUE, n);
const paise = (rupees: number) => rupees * 100;

describe("the day-end asset classification of one loan, day by day", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let clock: TestClock;
  let utr = 0;
  openDayEndApp((app, c) => ((t = app), (clock = c)));

  const moveTo = (day: IsoDate, hh: number, mm: number) => moveClockTo(clock, day, hh, mm);

  const bankTransfer = (loanNo: string, rupees: string, receivedOn: IsoDate) =>
    approvedTransfer(t.services, { collector, accountant }, { loanNo, amountRupees: rupees, bankReference: `UTRAC${++utr}X`, receivedOn });

  it("moves Standard → SMA-0 → SMA-1 → SMA-2 → NPA on days 1, 31, 61 and 91; part payments change nothing; the full payment ends the history at Standard", async () => {
    const demo = await createDemoCustomer(t.services, { mobile: randomMobile(), userType: "UNPAID-REPEAT" });
    const leadId = demo.activeLoanId!;
    const lead = (await t.services.loans.byId(leadId))!;
    expect(lead).toMatchObject({ disbursalDate: "2026-11-12", repaymentDate: DUE });
    const { assetClassification: ac } = t.services;
    const history = () => t.services.db.select().from(assetClassHistory).where(eq(assetClassHistory.leadId, leadId)).orderBy(assetClassHistory.fromDate);
    const current = async () => (await history()).find((r) => r.toDate === null);

    // The first run (on 22 Nov) catches up every day since the disbursal: 12 to 21 Nov, all standard (10
    // days). The customer's earlier demo loan, with its terms row since issue 31, is classified too: its 30
    // days and the day it closed on its repayment date (31), standard throughout. 2 loans, 41 days.
    const first = await ac.runDayEnd();
    expect(first).toEqual({ through: "2026-11-21", loans: 2, days: 41, changes: 0 });
    expect(await history()).toMatchObject([
      { assetClass: "STANDARD", fromDate: "2026-11-12", toDate: null, asOf: "2026-11-21", daysPastDue: 0, overduePaise: 0 },
    ]);
    // Twice for one date changes nothing.
    expect(await ac.runDayEnd()).toEqual({ through: "2026-11-21", loans: 0, days: 0, changes: 0 });

    // What each night's run says of the day that ended: [class, days past due, amount overdue in rupees].
    const seen = new Map<IsoDate, [string, number, number]>();
    for (let day: IsoDate = "2026-11-22"; day <= dpd(100); day = addDays(day, 1)) {
      moveTo(day, 11, 30);
      await t.services.servicing.runAccrual();
      // 45 days past due (SMA-1): ₹6,000 pays interest only (₹14,000 of it is unpaid), so the principal stays ₹20,000.
      if (day === dpd(45)) expect(await bankTransfer(lead.loanNo!, "6,000", day)).toMatchObject({ loanClosed: false });
      // 95 days past due (NPA): a ₹1,000 part payment.
      if (day === dpd(95)) expect(await bankTransfer(lead.loanNo!, "1,000", day)).toMatchObject({ loanClosed: false });
      // 100 days past due: everything owed, ₹39,000 − ₹1,000 = ₹38,000, closes the loan.
      if (day === dpd(100)) expect(await bankTransfer(lead.loanNo!, "38,000", day)).toMatchObject({ loanClosed: true });
      // Nights of 20 to 24 days past due are missed (the job did not run); the next night catches up.
      if (day >= dpd(20) && day <= dpd(24)) continue;
      moveTo(addDays(day, 1), 0, 20);
      const run = await ac.runDayEnd();
      expect(run.through).toBe(day);
      expect(run.days).toBe(day === dpd(25) ? 6 : 1);
      const row = (await history()).find((r) => r.fromDate <= day && (r.toDate ?? r.asOf) >= day)!;
      seen.set(day, [row.assetClass, row.daysPastDue, row.overduePaise / 100]);
      // The service method for the bureau file agrees with the history.
      const on = (await ac.classOn(leadId, day))!;
      expect([on.assetClass, on.daysPastDue, on.overduePaise / 100, on.source]).toEqual([row.assetClass, row.daysPastDue, row.overduePaise / 100, "history"]);
    }

    expect(seen.get(DUE)).toEqual(["STANDARD", 0, 0]);
    // Day 1: ₹25,000 + interest ₹200 + penal ₹100.
    expect(seen.get(dpd(1))).toEqual(["SMA-0", 1, 25_300]);
    // The catch-up night wrote the missed days as SMA-0 too.
    expect(seen.get(dpd(25))).toEqual(["SMA-0", 25, 25_000 + 5_000 + 2_500]);
    expect(seen.get(dpd(30))).toEqual(["SMA-0", 30, 25_000 + 6_000 + 3_000]);
    expect(seen.get(dpd(31))).toEqual(["SMA-1", 31, 25_000 + 6_200 + 3_100]);
    // The part payment's day: ₹38,500 owed before it, ₹32,500 after; still SMA-1 and 45 days.
    expect(seen.get(dpd(45))).toEqual(["SMA-1", 45, 32_500]);
    expect(seen.get(dpd(60))).toEqual(["SMA-1", 60, 25_000 + 12_000 + 5_000 - 6_000]);
    expect(seen.get(dpd(61))).toEqual(["SMA-2", 61, 25_000 + 12_200 + 5_000 - 6_000]);
    // From 75 days nothing more is charged: ₹20,000 + ₹5,000 + ₹15,000 + ₹5,000 − ₹6,000 = ₹39,000.
    expect(seen.get(dpd(90))).toEqual(["SMA-2", 90, 39_000]);
    expect(seen.get(dpd(91))).toEqual(["NPA", 91, 39_000]);
    // A part payment does not upgrade an NPA.
    expect(seen.get(dpd(95))).toEqual(["NPA", 95, 38_000]);
    expect(seen.get(dpd(99))).toEqual(["NPA", 99, 38_000]);
    expect(seen.get(dpd(100))).toEqual(["STANDARD", 0, 0]);

    // The history: one period per class, each ending the day before the next starts; the last ends at closure.
    expect((await history()).map((r) => [r.assetClass, r.fromDate, r.toDate, r.asOf, r.daysPastDue, r.overduePaise, r.outstandingPaise])).toEqual([
      ["STANDARD", "2026-11-12", DUE, DUE, 0, 0, paise(25_000)],
      ["SMA-0", dpd(1), dpd(30), dpd(30), 30, paise(34_000), paise(34_000)],
      ["SMA-1", dpd(31), dpd(60), dpd(60), 60, paise(36_000), paise(36_000)],
      ["SMA-2", dpd(61), dpd(90), dpd(90), 90, paise(39_000), paise(39_000)],
      ["NPA", dpd(91), dpd(99), dpd(99), 99, paise(38_000), paise(38_000)],
      ["STANDARD", dpd(100), dpd(100), dpd(100), 0, 0, 0],
    ]);
    expect(await current()).toBeUndefined();
    expect(dpd(100)).toBe("2027-03-17");

    // The closed loan's history is finished: later runs leave it alone.
    moveTo(addDays(dpd(100), 3), 0, 20);
    expect(await ac.runDayEnd()).toMatchObject({ loans: 0, days: 0, changes: 0 });
    expect(await history()).toHaveLength(6);
    // classOn a date between runs reads the history: 50 days past due was SMA-1 (the figures are that day's).
    expect(await ac.classOn(leadId, dpd(50))).toEqual({
      assetClass: "SMA-1",
      daysPastDue: 50,
      overduePaise: paise(25_000 + 10_000 + 5_000 - 6_000),
      outstandingPaise: paise(34_000),
      asOn: dpd(50),
      source: "history",
    });
    // Before the disbursal there is no loan; the job's handler is registered under its name.
    expect(await ac.classOn(leadId, "2026-11-11")).toBeNull();
    expect(await ac.classOn("not-a-loan", dpd(1))).toBeNull();
    expect(Object.keys(t.services.jobHandlers)).toContain("asset-classification");
    expect(todayInIndia(clock.now())).toBe("2027-03-20");
  }, 120_000);
});
