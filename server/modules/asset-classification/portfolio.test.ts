// The portfolio (issue 22): counts and amounts per asset class as on any date, from the class history
// where the day-end job has run and computed where it has not; its CSV; who may see it; bad dates.
// Demo loans are ₹20,000 for 25 days, disbursed 10 days before they are created, 1% interest a day
// (₹200) and 0.5% penal a day (₹100) after the repayment date.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PORTFOLIO_MESSAGES } from "../../../core/admin/portfolio-desk.ts";
import { STAFF_ROLES, type StaffRole } from "../../../core/staff.ts";
import { assetClassHistory } from "../../db/schema/index.ts";
import { createClock, createTestApp, randomMobile, type TestClock } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";

const DAY = 86_400_000;
const actor = (role: StaffRole): StaffActor => ({
  staffId: `00000000-0000-4000-8000-${String(STAFF_ROLES.indexOf(role) + 1).padStart(12, "0")}`,
  role,
  email: `${role}@salaryontime.test`,
});
const collector = actor("collections");
const accountant = actor("accounts");
const paise = (rupees: number) => rupees * 100;

describe("the portfolio by asset class", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let clock: TestClock;
  const ids: Record<"a" | "b" | "c", string> = { a: "", b: "", c: "" };
  const newLoan = async () => (await createDemoCustomer(t.services, { mobile: randomMobile(), userType: "UNPAID-REPEAT" })).activeLoanId!;

  beforeAll(async () => {
    // 11:30 India time, 22 Nov 2026: loans A and B are on day 10 (disbursed 12 Nov, due 7 Dec).
    clock = createClock(Date.UTC(2026, 10, 22, 6, 0, 0));
    t = await createTestApp({ clock });
    ids.a = await newLoan();
    ids.b = await newLoan();
    await t.services.assetClassification.runDayEnd();
    // 7 Dec (the repayment date): B pays its ₹25,000 and closes.
    clock.advance(15 * DAY);
    await t.services.servicing.runAccrual();
    const b = (await t.services.loans.byId(ids.b))!;
    const entered = await t.services.bankTransfers.desk.enter(collector, {
      loanNo: b.loanNo!,
      amountRupees: "25,000",
      bankReference: "UTRPORTB1",
      receivedOn: "2026-12-07",
    });
    expect(await t.services.bankTransfers.desk.approve(accountant, { id: entered.id })).toMatchObject({ loanClosed: true });
    // 7 Jan 2027: A is 31 days past due; C is new (disbursed 28 Dec, day 10). The job runs through 6 Jan.
    clock.advance(31 * DAY);
    ids.c = await newLoan();
    expect(await t.services.assetClassification.runDayEnd()).toMatchObject({ through: "2027-01-06" });
  }, 60_000);
  afterAll(() => t.close());

  const summary = (date?: string, who: StaffActor | null = accountant) => t.services.assetClassification.desk.summary(who, { date });
  const line = (s: Awaited<ReturnType<typeof summary>>) =>
    Object.fromEntries(s.rows.map((r) => [r.assetClass, [r.loans, r.outstandingPaise / 100, r.overduePaise / 100]]));

  it("counts each loan open at the end of the date once, in its class, with what it owes and what is overdue", async () => {
    // 6 Jan (classified by the job): A is SMA-0 at 30 days (₹25,000 + ₹6,000 + ₹3,000); C owes ₹20,000 + 9 × ₹200; B has closed.
    const jan6 = await summary("2027-01-06");
    expect(line(jan6)).toEqual({ STANDARD: [1, 21_800, 0], "SMA-0": [1, 34_000, 34_000], "SMA-1": [0, 0, 0], "SMA-2": [0, 0, 0], NPA: [0, 0, 0] });
    expect(jan6.total).toEqual({ loans: 2, outstandingPaise: paise(55_800), overduePaise: paise(34_000) });
    // Today (7 Jan, not yet classified by the job): computed the same way, A is SMA-1 at 31 days.
    const today = await summary("");
    expect(today.asOn).toBe("2027-01-07");
    expect(line(today)).toEqual({ STANDARD: [1, 22_000, 0], "SMA-0": [0, 0, 0], "SMA-1": [1, 34_300, 34_300], "SMA-2": [0, 0, 0], NPA: [0, 0, 0] });
    // 1 Dec: A and B on day 19 (₹20,000 + 19 × ₹200 each); C not yet disbursed.
    expect(line(await summary("2026-12-01")).STANDARD).toEqual([2, 47_600, 0]);
    // 7 Dec: B closed that day, so only A is open at its end, due but not yet overdue.
    expect((await summary("2026-12-07")).total).toEqual({ loans: 1, outstandingPaise: paise(25_000), overduePaise: 0 });
    expect((await summary("2026-12-06")).total).toEqual({ loans: 2, outstandingPaise: paise(2 * 24_800), overduePaise: 0 });
    // Before any loan: all zero.
    expect((await summary("2026-01-01")).total).toEqual({ loans: 0, outstandingPaise: 0, overduePaise: 0 });
  });

  it("keeps B's history ended at its closure and A's current period open", async () => {
    const rows = async (id: string) =>
      (await t.services.db.select().from(assetClassHistory).where(eq(assetClassHistory.leadId, id)).orderBy(assetClassHistory.fromDate)).map((r) => [
        r.assetClass,
        r.fromDate,
        r.toDate,
      ]);
    expect(await rows(ids.b)).toEqual([["STANDARD", "2026-11-12", "2026-12-07"]]);
    expect(await rows(ids.a)).toEqual([
      ["STANDARD", "2026-11-12", "2026-12-07"],
      ["SMA-0", "2026-12-08", null],
    ]);
    expect(await rows(ids.c)).toEqual([["STANDARD", "2026-12-28", null]]);
  });

  it("exports the same figures as CSV, one line per class and a total", async () => {
    const csv = await t.services.assetClassification.desk.csv(actor("auditor"), { date: "2027-01-06" });
    expect(csv.filename).toBe("portfolio-2027-01-06.csv");
    expect(csv.text).toBe(
      [
        "as_on,asset_class,loans,outstanding_rupees,overdue_rupees",
        "2027-01-06,Standard,1,21800.00,0.00",
        "2027-01-06,SMA-0,1,34000.00,34000.00",
        "2027-01-06,SMA-1,0,0.00,0.00",
        "2027-01-06,SMA-2,0,0.00,0.00",
        "2027-01-06,NPA,0,0.00,0.00",
        "2027-01-06,Total,2,55800.00,34000.00",
        "",
      ].join("\r\n"),
    );
  });

  it("shows the portfolio to admin, credit head, accounts and the auditor only; a loan's class also to disbursal and collections", async () => {
    const desk = t.services.assetClassification.desk;
    for (const role of STAFF_ROLES) {
      const allowed = ["admin", "credit_head", "accounts", "auditor"].includes(role);
      if (allowed) expect((await desk.summary(actor(role), {})).asOn).toBe("2027-01-07");
      else await expect(desk.summary(actor(role), {})).rejects.toMatchObject({ kind: "forbidden" });
      if (!allowed) await expect(desk.csv(actor(role), {})).rejects.toMatchObject({ kind: "forbidden" });
      const seesLoan = allowed || role === "disbursal" || role === "collections";
      if (seesLoan) expect((await desk.loanClass(actor(role), ids.a)).today).toMatchObject({ assetClass: "SMA-1", daysPastDue: 31 });
      else await expect(desk.loanClass(actor(role), ids.a)).rejects.toMatchObject({ kind: "forbidden" });
    }
    await expect(desk.summary(null, {})).rejects.toMatchObject({ kind: "not-authenticated" });
    await expect(desk.csv(null, {})).rejects.toMatchObject({ kind: "not-authenticated" });
  });

  it("shows a loan's class today and its history; the collections queue shows the class", async () => {
    const view = await t.services.assetClassification.desk.loanClass(actor("credit_head"), ids.a.toUpperCase());
    expect(view.today).toEqual({ assetClass: "SMA-1", daysPastDue: 31, overduePaise: paise(34_300), outstandingPaise: paise(34_300), asOn: "2027-01-07" });
    expect(view.history.map((h) => [h.assetClass, h.fromDate, h.toDate, h.asOf, h.daysPastDue])).toEqual([
      ["STANDARD", "2026-11-12", "2026-12-07", "2026-12-07", 0],
      ["SMA-0", "2026-12-08", null, "2027-01-06", 30],
    ]);
    const queue = await t.services.servicing.desk.queue(collector);
    expect(queue.rows.find((r) => r.leadId === ids.a)).toMatchObject({ daysPastDue: 31, assetClass: "SMA-1" });
  });

  it("refuses a bad date or loan with a clear message and changes nothing", async () => {
    const before = await t.services.db.select().from(assetClassHistory);
    const desk = t.services.assetClassification.desk;
    for (const date of ["2027-02-30", "07/01/2027", "yesterday", "2027-1-7", "<script>"]) {
      await expect(desk.summary(accountant, { date })).rejects.toMatchObject({ kind: "invalid-input", message: PORTFOLIO_MESSAGES.date });
      await expect(desk.csv(accountant, { date })).rejects.toMatchObject({ kind: "invalid-input", message: PORTFOLIO_MESSAGES.date });
    }
    await expect(desk.summary(accountant, { date: "2027-01-08" })).rejects.toMatchObject({ kind: "invalid-input", message: PORTFOLIO_MESSAGES.future });
    // A non-string date (a crafted request) is today's, never a crash.
    expect((await desk.summary(accountant, { date: 42 as unknown as string })).asOn).toBe("2027-01-07");
    for (const id of ["nope", "", "00000000-0000-4000-8000-000000000000"]) {
      await expect(desk.loanClass(accountant, id)).rejects.toMatchObject({ kind: "not-found", message: PORTFOLIO_MESSAGES.notFound });
    }
    expect(await t.services.db.select().from(assetClassHistory)).toEqual(before);
  });
});
