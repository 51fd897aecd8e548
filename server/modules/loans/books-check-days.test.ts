// `ledger:check` proves every date, not only the one asked (issue 29): each entry balances (so the
// trial balance does on every day), and the provision matched the class at each day-end. The demo loan:
// ₹20,000 from 12 Nov 2026, checked on 22 Nov; standard 0.25% of 2,000,000 paise is 5,000 paise.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IsoDate } from "../../../core/calendar.ts";
import type { Account } from "../ledger/accounts.ts";
import { createClock, createTestApp, randomMobile } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { returnPaidPayout } from "../../test-support/payout.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";

const accountant: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a1", role: "accounts", email: "accounts@salaryontime.test" };

describe("ledger:check on every date", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let leadId: string;
  beforeAll(async () => {
    // 11:30 India time on 22 Nov 2026: the day-end classifies 12 to 21 Nov.
    t = await createTestApp({ clock: createClock(Date.UTC(2026, 10, 22, 6, 0, 0)) });
    leadId = (await createDemoCustomer(t.services, { mobile: randomMobile(), userType: "UNPAID-REPEAT" })).activeLoanId!;
    await t.services.assetClassification.runDayEnd();
  });
  afterAll(() => t.close());

  const problemsOn = async (asOf: "2026-11-21") => (await t.services.booksCheck.run(asOf)).problems.map((p) => p.problem);

  it("finds a provision wrong on a middle day-end though the last day-end is right", async () => {
    expect((await t.services.ledger.balances(leadId)).loan_loss_provision).toBe(5_000);
    expect(await problemsOn("2026-11-21")).toEqual([]);
    // ₹10 too much provision on 15 Nov, taken back on 16 Nov: 21 Nov still holds 5,000.
    const wrong = (key: string, effectiveOn: IsoDate, debit: Account, credit: Account) =>
      t.services.ledger.post(t.services.db, {
        idempotencyKey: key,
        kind: "provision",
        loanId: leadId,
        effectiveOn,
        memo: "test: a provision posted wrong",
        postings: [
          { account: debit, side: "debit", amount: 1_000 },
          { account: credit, side: "credit", amount: 1_000 },
        ],
      });
    await wrong("test:provision-up", "2026-11-15", "provision_expense", "loan_loss_provision");
    await wrong("test:provision-back", "2026-11-16", "loan_loss_provision", "provision_expense");
    expect((await t.services.ledger.balances(leadId)).loan_loss_provision).toBe(5_000);
    // (Only the provision's problems: the test's entries also move the day the check takes charges to.)
    expect((await problemsOn("2026-11-21")).filter((p) => p.startsWith("loan_loss_provision"))).toEqual([
      "loan_loss_provision is 6000 paise at the day-end of 2026-11-15; a STANDARD loan needed 5000.",
    ]);
  });

  it("a payout reversed after its month closed: the closed month's books still carry the loan, and are no alarm", async () => {
    // Paid out 23 Oct; October closed; the bank returns the payout on 22 Nov, so the reversal is dated 1 Nov.
    const s = t.services;
    const oct = (await createDemoCustomer(s, { mobile: randomMobile(), userType: "UNPAID-REPEAT", paidOutDaysAgo: 30 })).activeLoanId!;
    expect((await s.loans.byId(oct))!.disbursalDate).toBe("2026-10-23");
    await s.journals.desk.closeMonth(accountant, { month: "2026-10-01" });
    const out = await returnPaidPayout(s, oct, { providerReference: "pout_closed_1", utr: "UTRCLOSED1" });
    expect(out.applied).toBe(true);
    expect((await s.ledger.entryByKey(`reversal:${(await s.ledger.entries(oct)).find((e) => e.kind === "disbursal")!.idempotencyKey}`))!.effectiveOn).toBe(
      "2026-11-01",
    );
    // 31 Oct (closed): the loan's ₹20,000 principal is still receivable as closed; 21 Nov: nothing is.
    expect((await s.ledger.balances(oct, undefined, "2026-10-31")).principal_receivable).toBe(2_000_000);
    expect((await s.ledger.balances(oct)).principal_receivable).toBe(0);
    const problemsOf = async (asOf: IsoDate) => (await s.booksCheck.run(asOf)).problems.filter((p) => p.loanId === oct);
    expect(await problemsOf("2026-10-31")).toEqual([]);
    expect(await problemsOf("2026-11-21")).toEqual([]);
  });

  it("names each entry that does not balance, though the trial balance on the day asked does", async () => {
    // Only a writer that bypasses the ledger could do this: the database refuses it unless its check is switched off.
    await t.services.db.execute(sql`alter table ledger_entries disable trigger ledger_entries_balanced`);
    await t.services.db.execute(sql`alter table ledger_postings disable trigger ledger_postings_balanced`);
    for (const [key, on, side] of [
      ["test:unbalanced-debit", "2026-11-20", "debit"],
      ["test:unbalanced-credit", "2026-11-21", "credit"],
    ])
      await t.services.db.execute(sql`with e as (
          insert into ledger_entries (idempotency_key, kind, effective_on, occurred_at, memo)
          values (${key}, 'journal', ${on}, now(), 'test') returning id)
        insert into ledger_postings (entry_id, line_no, account, side, amount) select id, 1, 'bank', ${side}, 25000 from e`);
    await t.services.db.execute(sql`alter table ledger_entries enable trigger ledger_entries_balanced`);
    await t.services.db.execute(sql`alter table ledger_postings enable trigger ledger_postings_balanced`);
    const report = await t.services.booksCheck.run("2026-11-21");
    // Debits equal credits over everything up to 21 Nov; on 20 Nov they were 25,000 paise apart.
    expect(report.debits).toBe(report.credits);
    expect(report.problems.filter((p) => p.problem.startsWith("Entry ")).map((p) => p.problem)).toEqual([
      "Entry test:unbalanced-debit of 2026-11-20 is not balanced: debits 25000 ≠ credits 0 paise, so the trial balance is off from that day.",
      "Entry test:unbalanced-credit of 2026-11-21 is not balanced: debits 0 ≠ credits 25000 paise, so the trial balance is off from that day.",
    ]);
    expect(report.ok).toBe(false);
  });
});
