// Period close (decision 44) on the real services and database. A loan paid out on 13 Oct 2026 is charged
// day by day to 3 Nov; accounts closes October (months in order, only once ended, never with journals
// pending in it, never twice, never undone). Then a back-dated journal and a direct post dated in October
// are refused by the service and by the trigger; and a ₹5,000 bank transfer received on 20 Oct, approved on
// 3 Nov, is posted on 1 Nov with a memo naming 20 Oct, while the loan's dues count it from 20 Oct and the
// books check agrees as of 3 Nov and as of 31 Oct.
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { auditLog, ledgerClosedMonths, ledgerEntries, payments } from "../../db/schema/index.ts";
import { createClock, createTestApp, randomMobile } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { InvalidInput, Refused } from "../domain-errors.ts";
import { ledgerKeys, PeriodClosed } from "../ledger/ledger.service.ts";
import { JOURNAL_MESSAGES } from "./journal-input.ts";
import { PERIOD_MESSAGES } from "./period-close.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
let clock: ReturnType<typeof createClock>;
let loanId: string;
let loanNo: string;
const maker: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a1", role: "accounts", email: "maker@salaryontime.test" };
const checker: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a2", role: "accounts", email: "checker@salaryontime.test" };

/** The bank's statement line of a transfer clears it (issue 29); a line of a closed month clears on the first open day. */
async function clearByStatement(reference: string, rupees: string, on: string) {
  const text = ["Date,Value Date,Narration,Chq/Ref No,Debit,Credit,Balance", `${on},${on},NEFT CR ${reference},${reference},,"${rupees}","${rupees}"`].join(
    "\n",
  );
  const imported = await t.services.bankStatementDesk.importStatement(checker, {
    format: "csv",
    fileName: `${reference}.csv`,
    text,
    accountNo: "50200012345678",
  });
  expect(imported.matched.bank_transfer).toBe(1);
}
const auditor: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000d1", role: "auditor", email: "auditor@salaryontime.test" };
const collector: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000c1", role: "collections", email: "collector@salaryontime.test" };
const DAY = 86_400_000;

const today = () => todayInIndia(t.services.now());
const periods = () => t.services.journals.desk;
const entriesIn = async (from: IsoDate, to: IsoDate) =>
  (
    await t.services.db
      .select({ n: sql<string>`count(*)::text` })
      .from(ledgerEntries)
      .where(and(gte(ledgerEntries.effectiveOn, from), lt(ledgerEntries.effectiveOn, to)))
  )[0].n;

beforeAll(async () => {
  // 20 Oct 2026, 11:30 in India. The loan was paid out 7 days ago (13 Oct): ₹20,000 for 25 days at 1% a day.
  clock = createClock(Date.UTC(2026, 9, 20, 6, 0, 0));
  t = await createTestApp({ clock });
  const demo = await createDemoCustomer(t.services, { mobile: randomMobile(), userType: "UNPAID-REPEAT", paidOutDaysAgo: 7 });
  loanId = demo.activeLoanId!;
  loanNo = (await t.services.loans.byId(loanId))!.loanNo!;
  // The daily accrual, 21 Oct to 3 Nov.
  for (let i = 0; i < 14; i++) {
    clock.advance(DAY);
    await t.services.payments.accrue(loanId, today());
  }
});
afterAll(() => t?.close());

describe("period close: closing a month, and what it then refuses", () => {
  it("closes months in order, only once ended, not with journals pending in them; audited and never undone", async () => {
    expect(today()).toBe("2026-11-03");
    const view = await periods().periods(auditor);
    expect(view.next).toEqual({ month: "2026-10-01", label: "Oct 2026", refused: null });
    expect(view.months.map((m) => [m.month, m.closed])).toEqual([
      ["2026-11-01", null],
      ["2026-10-01", null],
    ]);
    expect(view.firstOpenDay).toBeNull();

    await expect(periods().closeMonth(maker, { month: "2026-11-01" })).rejects.toThrow(PERIOD_MESSAGES.outOfOrder("Oct 2026"));
    await expect(periods().closeMonth(maker, { month: "2026-09-01" })).rejects.toThrow(PERIOD_MESSAGES.outOfOrder("Oct 2026"));
    await expect(periods().closeMonth(maker, { month: "2026-10-15" })).rejects.toBeInstanceOf(InvalidInput);
    await expect(periods().closeMonth(auditor, { month: "2026-10-01" })).rejects.toThrow("Your role cannot do this.");

    // A journal dated in October waits for approval: the month cannot close under it.
    const funding = await periods().enter(maker, {
      effectiveOn: "2026-10-30",
      reason: "Share capital subscribed",
      lines: [
        { account: "bank", side: "debit", amountRupees: "50,00,000" },
        { account: "capital", side: "credit", amountRupees: "50,00,000" },
      ],
    });
    await expect(periods().closeMonth(checker, { month: "2026-10-01" })).rejects.toThrow(PERIOD_MESSAGES.pendingJournals("Oct 2026", 1));
    await periods().approve(checker, { id: funding.id });

    expect(await periods().closeMonth(checker, { month: "2026-10-01" })).toEqual({ month: "2026-10-01" });
    await expect(periods().closeMonth(checker, { month: "2026-10-01" })).rejects.toThrow(PERIOD_MESSAGES.alreadyClosed("Oct 2026"));
    const [audit] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "period.close"), eq(auditLog.targetId, "2026-10-01")));
    expect(audit).toMatchObject({ actorId: checker.staffId, actorRole: "accounts" });
    // The disbursal (13 Oct), the accruals of 20-31 Oct and the journal of 30 Oct: 14 entries.
    expect(audit.after).toEqual({ status: "closed", entries: 14 });
    const after = await periods().periods(auditor);
    expect(after.months[1]).toMatchObject({ month: "2026-10-01", entries: 14, closed: { byEmail: checker.email } });
    expect(after.firstOpenDay).toBe("2026-11-01");
    expect(after.next).toEqual({ month: "2026-11-01", label: "Nov 2026", refused: "Nov 2026 has not ended yet; it can be closed from 2026-12-01." });
    // Not undone, even by hand.
    const reopened = await t.services.db
      .delete(ledgerClosedMonths)
      .then(() => null)
      .catch((e: Error & { cause?: Error }) => e.cause?.message);
    expect(reopened).toBe("a closed period is never reopened (DELETE on ledger_closed_months)");
    expect(await t.services.db.select().from(ledgerClosedMonths)).toHaveLength(1);
  });

  it("refuses an entry dated in the closed month: a journal, a direct post, and a raw insert (the trigger)", async () => {
    const october = await entriesIn("2026-10-01", "2026-11-01");
    const bad = periods().enter(maker, {
      effectiveOn: "2026-10-31",
      reason: "Bank charges for October",
      lines: [
        { account: "finance_cost", side: "debit", amountRupees: "500" },
        { account: "bank", side: "credit", amountRupees: "500" },
      ],
    });
    await expect(bad).rejects.toThrow(JOURNAL_MESSAGES.closed("2026-11-01"));
    await expect(
      t.services.ledger.post(t.services.db, {
        idempotencyKey: "test:closed-month",
        kind: "journal",
        loanId: null,
        effectiveOn: "2026-10-31",
        postings: [
          { account: "finance_cost", side: "debit", amount: 50_000 },
          { account: "bank", side: "credit", amount: 50_000 },
        ],
      }),
    ).rejects.toThrow(new PeriodClosed("The books are closed to the end of Oct 2026: an entry cannot be dated 2026-10-31. Date it on or after 2026-11-01."));
    const raw = await t.services.db
      .execute(sql`insert into ledger_entries (idempotency_key, kind, effective_on, occurred_at) values ('test:raw-closed', 'journal', '2026-10-31', now())`)
      .catch((e: Error & { cause?: Error }) => e);
    expect(String((raw as Error & { cause?: Error }).cause?.message)).toBe(
      "ledger entry test:raw-closed is dated 2026-10-31, in a closed period (the books are closed to the end of Oct 2026)",
    );
    expect(await entriesIn("2026-10-01", "2026-11-01")).toBe(october);
    // An entry posted before the close, posted again (a retried event), is the same entry: nothing new, no error.
    const payout = (await t.services.ledger.entryByKey(ledgerKeys.payout(loanId)))!;
    const again = await t.services.ledger.post(t.services.db, {
      idempotencyKey: payout.idempotencyKey,
      kind: "disbursal",
      loanId,
      effectiveOn: "2026-10-13",
      postings: payout.postings as never,
    });
    expect(again).toEqual({ posted: false, entryId: payout.id });
    // The open period takes entries as before.
    const posted = await t.services.ledger.post(t.services.db, {
      idempotencyKey: "test:open-month",
      kind: "journal",
      loanId: null,
      effectiveOn: "2026-11-01",
      postings: [
        { account: "finance_cost", side: "debit", amount: 50_000 },
        { account: "bank", side: "credit", amount: 50_000 },
      ],
    });
    expect(posted.posted).toBe(true);
  });
});

describe("period close: a bank transfer for the closed month", () => {
  it("a bank transfer received in the closed month posts on 1 Nov, naming 20 Oct; the dues count it from 20 Oct; the books agree", async () => {
    const october = await entriesIn("2026-10-01", "2026-11-01");
    const transfers = t.services.bankTransfers.desk;
    const entered = await transfers.enter(collector, { loanNo, amountRupees: "5000", bankReference: "UTRCLOSED0001", receivedOn: "2026-10-20" });
    await transfers.approve(maker, { id: entered.id });
    await clearByStatement("UTRCLOSED0001", "5,000.00", "2026-10-20");

    const entry = (await t.services.ledger.entryByKey(ledgerKeys.bankTransfer(entered.id)))!;
    expect(entry.effectiveOn).toBe("2026-11-01");
    expect(entry.memo).toBe("bank transfer UTRCLOSED0001; corrects 2026-10-20 (Oct 2026 is closed)");
    // Interest for 20 Oct (7 days × ₹200 = ₹1,400) first, then ₹3,600 of principal.
    expect(entry.postings).toEqual([
      { account: "clearing_bank_transfer", side: "debit", amount: 500_000 },
      { account: "interest_receivable", side: "credit", amount: 140_000 },
      { account: "principal_receivable", side: "credit", amount: 360_000 },
    ]);
    // The same correction posted again (a retried event) is the entry already moved: nothing new.
    const again = await t.services.ledger.post(
      t.services.db,
      { idempotencyKey: entry.idempotencyKey, kind: "repayment", loanId, effectiveOn: "2026-10-20", postings: entry.postings as never },
      { ifClosed: "first_open_day" },
    );
    expect(again).toEqual({ posted: false, entryId: entry.id });
    // Nothing new is dated in October; the reversal of 21 Oct's charge moved to 1 Nov, naming its day.
    expect(await entriesIn("2026-10-01", "2026-11-01")).toBe(october);
    const reversed21 = (await t.services.ledger.entryByKey(`reversal:${ledgerKeys.interestAccrual(loanId, "2026-10-21")}`))!;
    expect(reversed21.effectiveOn).toBe("2026-11-01");
    expect(reversed21.memo).toContain("corrects 2026-10-21 (Oct 2026 is closed)");

    // The payment counts from 20 Oct (decision 36): principal ₹16,400; interest 21 Oct-3 Nov 14 days × ₹164 = ₹2,296.
    const [row] = await t.services.db.select().from(payments).where(eq(payments.leadId, loanId));
    expect(row.receivedOn).toBe("2026-10-20");
    const lead = (await t.services.loans.byId(loanId))!;
    const d = (await t.services.payments.duesOn(lead, "2026-11-03"))!;
    expect([d.principalOutstanding, d.interestOutstanding, d.interestToDate, d.totalDue]).toEqual([1_640_000, 229_600, 369_600, 1_869_600]);
    const held = await t.services.ledger.balances(loanId);
    expect([held.principal_receivable, held.interest_receivable, held.interest_income]).toEqual([1_640_000, 229_600, 369_600]);

    // The books agree today, and as they stood at the close (the payment not yet known on 31 Oct).
    const now = await t.services.booksCheck.run("2026-11-03");
    expect(now.problems).toEqual([]);
    const closed = await t.services.booksCheck.run("2026-10-31");
    expect(closed.problems).toEqual([]);
    const oct31 = await t.services.db.execute(sql`select coalesce(sum(case when p.side = 'debit' then p.amount else -p.amount end), 0)::text as net
      from ledger_postings p join ledger_entries e on e.id = p.entry_id
      where p.loan_id = ${loanId} and p.account = 'principal_receivable' and e.effective_on <= '2026-10-31'`);
    // As closed: the whole ₹20,000 principal was still receivable on 31 Oct.
    expect((oct31 as unknown as { rows: { net: string }[] }).rows[0].net).toBe("2000000");
  });

  it("a second transfer for the closed month (25 Oct, ₹2,000) is worked out again over the first one's corrections; the books still agree", async () => {
    const october = await entriesIn("2026-10-01", "2026-11-01");
    const transfers = t.services.bankTransfers.desk;
    const entered = await transfers.enter(collector, { loanNo, amountRupees: "2000", bankReference: "UTRCLOSED0002", receivedOn: "2026-10-25" });
    await transfers.approve(maker, { id: entered.id });
    await clearByStatement("UTRCLOSED0002", "2,000.00", "2026-10-25");
    const entry = (await t.services.ledger.entryByKey(ledgerKeys.bankTransfer(entered.id)))!;
    expect(entry.effectiveOn).toBe("2026-11-01");
    // 21-25 Oct: 5 days × ₹164 = ₹820 interest, then ₹1,180 principal.
    expect(entry.postings).toEqual([
      { account: "clearing_bank_transfer", side: "debit", amount: 200_000 },
      { account: "interest_receivable", side: "credit", amount: 82_000 },
      { account: "principal_receivable", side: "credit", amount: 118_000 },
    ]);
    expect(await entriesIn("2026-10-01", "2026-11-01")).toBe(october);
    // Principal ₹15,220; 26 Oct-3 Nov 9 days × ₹152.20 = ₹1,369.80; interest charged ₹1,400 + ₹820 + ₹1,369.80.
    const d = (await t.services.payments.duesOn((await t.services.loans.byId(loanId))!, "2026-11-03"))!;
    expect([d.principalOutstanding, d.interestOutstanding, d.interestToDate, d.totalDue]).toEqual([1_522_000, 136_980, 358_980, 1_658_980]);
    const held = await t.services.ledger.balances(loanId);
    expect([held.principal_receivable, held.interest_receivable, held.interest_income]).toEqual([1_522_000, 136_980, 358_980]);
    for (const asOf of ["2026-10-31", "2026-11-01", "2026-11-02", "2026-11-03"]) expect((await t.services.booksCheck.run(asOf)).problems, asOf).toEqual([]);
  });

  it("a month not ended cannot close, and the message says from when", async () => {
    await expect(periods().closeMonth(maker, { month: "2026-11-01" })).rejects.toThrow(
      new Refused("Nov 2026 has not ended yet; it can be closed from 2026-12-01."),
    );
  });

  it("on the first open day, a transfer for the closed month is charged to that day as well, so the books agree before the day's accrual", async () => {
    clock.advance(28 * DAY);
    expect(today()).toBe("2026-12-01");
    await periods().closeMonth(checker, { month: "2026-11-01" });
    const november = await entriesIn("2026-11-01", "2026-12-01");
    const transfers = t.services.bankTransfers.desk;
    const entered = await transfers.enter(collector, { loanNo, amountRupees: "1000", bankReference: "UTRCLOSED0003", receivedOn: "2026-11-20" });
    await transfers.approve(maker, { id: entered.id });
    const entry = (await t.services.ledger.entryByKey(ledgerKeys.bankTransfer(entered.id)))!;
    expect([entry.effectiveOn, entry.memo]).toEqual(["2026-12-01", "bank transfer UTRCLOSED0003; corrects 2026-11-20 (Nov 2026 is closed)"]);
    expect(await entriesIn("2026-11-01", "2026-12-01")).toBe(november);
    for (const asOf of ["2026-11-30", "2026-12-01"]) expect((await t.services.booksCheck.run(asOf)).problems, asOf).toEqual([]);
  });
});
