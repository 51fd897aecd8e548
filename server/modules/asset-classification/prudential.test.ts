// IRACP's income and provisions at the day-end (issue 29 findings 6 and 7, decision 44), walked on the
// job clock with the books check after each step. The demo loan: ₹20,000 from 12 Nov 2026, repayment
// date 7 Dec 2026, interest 1% a day (₹200), penal 0.5% a day on the overdue principal. ₹23,000 paid on
// the repayment date clears the ₹5,000 interest and ₹18,000 of principal, leaving ₹2,000: from then on
// interest is ₹20 and penal ₹10 a day, so both still run when the loan becomes NPA (91 days past due).
// Provisions (Base Layer): 0.25% standard and SMA, 10% sub-standard, on receivables less suspense.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, type IsoDate } from "../../../core/calendar.ts";
import { assetClassHistory } from "../../db/schema/index.ts";
import { approvedTransfer, moveClockTo, openDayEndApp } from "../../test-support/day-end.ts";
import { createClock, createTestApp, randomMobile, type TestClock } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { eq } from "drizzle-orm";

const collector: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000c2", role: "collections", email: "collector@salaryontime.test" };
const accountant: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a2", role: "accounts", email: "accounts@salaryontime.test" };
const DUE = "2026-12-07";
const dpd = (n: number) => addDays(DUE, n);

describe("income on NPAs, provisions and overdue charges at the day-end", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let clock: TestClock;
  let utr = 0;
  openDayEndApp((app, c) => ((t = app), (clock = c)));

  const moveTo = (day: IsoDate, hh: number, mm: number) => moveClockTo(clock, day, hh, mm);

  async function bankTransfer(loanNo: string, rupees: string, receivedOn: IsoDate) {
    const reference = `UTRPN${++utr}X`;
    const approved = await approvedTransfer(t.services, { collector, accountant }, { loanNo, amountRupees: rupees, bankReference: reference, receivedOn });
    // The bank's statement line clears the transfer (issue 29), so the books check weeks later finds nothing waiting.
    const amount = `"${rupees}.00"`;
    const statement = [
      "Date,Value Date,Narration,Chq/Ref No,Debit,Credit,Balance",
      `${receivedOn},${receivedOn},NEFT CR ${reference},${reference},,${amount},${amount}`,
    ];
    const imported = await t.services.bankStatementDesk.importStatement(accountant, {
      format: "csv",
      fileName: `statement-${reference}.csv`,
      text: statement.join("\n"),
      accountNo: "50200012345678",
    });
    expect(imported.matched.bank_transfer).toBe(1);
    return approved;
  }

  it("keeps an NPA's unpaid charges in suspense, realises them when paid, provides by class, and upgrades only when penal charges are paid too", async () => {
    const demo = await createDemoCustomer(t.services, { mobile: randomMobile(), userType: "UNPAID-REPEAT" });
    const leadId = demo.activeLoanId!;
    const lead = (await t.services.loans.byId(leadId))!;
    expect(lead).toMatchObject({ disbursalDate: "2026-11-12", repaymentDate: DUE });
    const { assetClassification: ac, ledger, booksCheck } = t.services;
    const held = async () => {
      const b = await ledger.balances(leadId);
      return {
        interest: [b.interest_receivable, b.interest_income, b.interest_suspense],
        penal: [b.penal_receivable, b.penal_income, b.penal_suspense],
        provision: b.loan_loss_provision,
        expense: b.provision_expense,
      };
    };
    const lastClass = async () => {
      const rows = await t.services.db.select().from(assetClassHistory).where(eq(assetClassHistory.leadId, leadId)).orderBy(assetClassHistory.fromDate);
      const row = rows.at(-1)!;
      return [row.assetClass, row.asOf, row.daysPastDue, row.toDate];
    };
    const booksAgree = async (on: IsoDate) => expect(await booksCheck.run(on)).toMatchObject({ problems: [], ok: true });

    // 22 Nov: the first day-end classifies 12 to 21 Nov. The books hold ₹20,000 of principal by 21 Nov
    // (the ₹2,000 of interest to 22 Nov is dated 22 Nov): 0.25% is ₹50.00.
    await ac.runDayEnd();
    expect(await held()).toEqual({ interest: [200_000, 200_000, 0], penal: [0, 0, 0], provision: 5_000, expense: 5_000 });
    await booksAgree("2026-11-22");

    // The repayment date: ₹25,000 owed; ₹23,000 paid leaves ₹2,000 of principal. Its day-end: ₹2,000 × 0.25% = ₹5.00.
    moveTo(DUE, 11, 30);
    await t.services.servicing.runAccrual();
    expect(await bankTransfer(lead.loanNo!, "23,000", DUE)).toMatchObject({ loanClosed: false });
    moveTo(dpd(1), 0, 20);
    await ac.runDayEnd();
    expect(await lastClass()).toEqual(["STANDARD", DUE, 0, null]);
    // ₹50.00 on 12 Nov, ₹55.00 on 22 Nov (₹22,000), ₹5.00 on 7 Dec: the expense is what is held.
    expect(await held()).toEqual({ interest: [0, 500_000, 0], penal: [0, 0, 0], provision: 500, expense: 500 });
    await booksAgree(dpd(1));

    // 90 days past due (SMA-2): ₹1,800 interest and ₹900 penal unpaid, in income. ₹4,700 × 0.25% = ₹11.75.
    moveTo(dpd(90), 11, 30);
    await t.services.servicing.runAccrual();
    moveTo(dpd(91), 0, 20);
    await ac.runDayEnd();
    expect(await lastClass()).toEqual(["SMA-2", dpd(90), 90, null]);
    expect(await held()).toEqual({ interest: [180_000, 680_000, 0], penal: [90_000, 90_000, 0], provision: 1_175, expense: 1_175 });
    await booksAgree(dpd(91));

    // 91 days past due: the day's ₹20 and ₹10 are charged to income, then its day-end makes the loan NPA
    // and moves the unpaid ₹1,820 and ₹910 out of income. Sub-standard: 10% of the net book value,
    // ₹2,000 + ₹1,820 + ₹910 less ₹2,730 in suspense, is ₹200.
    moveTo(dpd(91), 11, 30);
    await t.services.servicing.runAccrual();
    expect(await held()).toMatchObject({ interest: [182_000, 682_000, 0], penal: [91_000, 91_000, 0] });
    moveTo(dpd(92), 0, 20);
    await ac.runDayEnd();
    expect(await lastClass()).toEqual(["NPA", dpd(91), 91, null]);
    expect(await held()).toEqual({ interest: [182_000, 500_000, 182_000], penal: [91_000, 0, 91_000], provision: 20_000, expense: 20_000 });
    expect(await ledger.entryByKey(`npa:${leadId}:${dpd(91)}`)).toMatchObject({ kind: "income_suspense", effectiveOn: dpd(91) });
    await booksAgree(dpd(92));
    // The day-end run again changes nothing.
    expect(await ac.runDayEnd()).toMatchObject({ days: 0 });

    // While NPA the daily charges are owed but kept in suspense: 92 to 95 days past due add ₹80 and ₹40.
    moveTo(dpd(95), 11, 30);
    await t.services.servicing.runAccrual();
    expect(await held()).toMatchObject({ interest: [190_000, 500_000, 190_000], penal: [95_000, 0, 95_000] });
    // ₹1,000 paid goes to interest first (decision 28) and realises that much: income ₹6,000, suspense ₹900.
    expect(await bankTransfer(lead.loanNo!, "1,000", dpd(95))).toMatchObject({ loanClosed: false });
    expect(await held()).toMatchObject({ interest: [90_000, 600_000, 90_000], penal: [95_000, 0, 95_000] });
    await booksAgree(dpd(95));

    // 97 days past due: ₹40 and ₹20 more in suspense; then ₹500 received on 80 days past due (before
    // the NPA) is entered. It paid interest that was income then, so less was unpaid at the NPA: the
    // charges are worked out again and the suspense follows. Interest charged ₹6,940, paid ₹6,500 (all
    // income: ₹5,000 before the due date, ₹500 before the NPA, ₹1,000 realised); ₹440 unpaid in suspense.
    moveTo(dpd(97), 11, 30);
    await t.services.servicing.runAccrual();
    expect(await held()).toMatchObject({ interest: [94_000, 600_000, 94_000], penal: [97_000, 0, 97_000] });
    expect(await bankTransfer(lead.loanNo!, "500", dpd(80))).toMatchObject({ loanClosed: false });
    expect(await held()).toMatchObject({ interest: [44_000, 650_000, 44_000], penal: [97_000, 0, 97_000] });
    moveTo(dpd(98), 0, 20);
    await ac.runDayEnd();
    expect(await lastClass()).toEqual(["NPA", dpd(97), 97, null]);
    // Net book value is still the ₹2,000 principal: ₹200 held.
    expect(await held()).toMatchObject({ provision: 20_000, expense: 20_000 });
    await booksAgree(dpd(98));

    // 100 days past due: ₹500 interest, ₹2,000 principal and ₹1,000 penal owed. ₹2,500 pays interest and
    // principal; the ₹1,000 penal charge is still overdue, so the loan stays NPA (IRACP: overdue counts
    // charges). Net book value ₹1,000 − ₹1,000 in suspense = 0: the provision is released.
    moveTo(dpd(100), 11, 30);
    await t.services.servicing.runAccrual();
    expect(await bankTransfer(lead.loanNo!, "2,500", dpd(100))).toMatchObject({ loanClosed: false });
    expect(await held()).toMatchObject({ interest: [0, 700_000, 0], penal: [100_000, 0, 100_000] });
    moveTo(dpd(101), 0, 20);
    await ac.runDayEnd();
    expect(await lastClass()).toEqual(["NPA", dpd(100), 100, null]);
    expect(await held()).toMatchObject({ provision: 0, expense: 0 });
    await booksAgree(dpd(101));

    // The penal ₹1,000 paid: realised, the loan closes, and its day-end upgrades it to standard and ends its history.
    moveTo(dpd(101), 11, 30);
    expect(await bankTransfer(lead.loanNo!, "1,000", dpd(101))).toMatchObject({ loanClosed: true });
    moveTo(dpd(102), 0, 20);
    await ac.runDayEnd();
    expect(await lastClass()).toEqual(["STANDARD", dpd(101), 0, dpd(101)]);
    expect(await held()).toEqual({ interest: [0, 700_000, 0], penal: [0, 100_000, 0], provision: 0, expense: 0 });
    await booksAgree(dpd(102));
  }, 120_000);
});

describe("an NPA whose charges were posted ahead of the day-end (the job missed nights)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let clock: TestClock;
  beforeAll(async () => {
    clock = createClock(Date.UTC(2026, 10, 22, 6, 0, 0));
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  it("moves every unpaid charge to suspense, and provides on the books as they stood each day", async () => {
    const demo = await createDemoCustomer(t.services, { mobile: randomMobile(), userType: "UNPAID-REPEAT" });
    const leadId = demo.activeLoanId!;
    // 95 days past due, 11:30: the accrual brings the charges to their caps in one entry dated that day
    // (₹18,000 more interest, ₹5,000 penal), before any day-end has run since 22 Nov.
    clock.advance(Date.parse(`${dpd(95)}T11:30:00+05:30`) - clock.now().getTime());
    await t.services.servicing.runAccrual();
    const run = await t.services.assetClassification.runDayEnd();
    expect(run.through).toBe(dpd(94));
    const b = await t.services.ledger.balances(leadId);
    // All ₹20,000 of interest and ₹5,000 of penal are unpaid: all in suspense, none in income.
    expect([b.interest_receivable, b.interest_income, b.interest_suspense]).toEqual([2_000_000, 0, 2_000_000]);
    expect([b.penal_receivable, b.penal_income, b.penal_suspense]).toEqual([500_000, 0, 500_000]);
    // By 94 days past due the books held ₹20,000 principal and ₹2,000 interest (in suspense): 10% of ₹20,000.
    expect(b.loan_loss_provision).toBe(200_000);
    expect(await t.services.booksCheck.run(dpd(95))).toMatchObject({ problems: [], ok: true });
  }, 60_000);
});
