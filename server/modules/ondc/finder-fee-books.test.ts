// Issue 32, point 9: the buyer app's finder fee in our books (docs/decisions/money.md, "The ONDC buyer app's finder
// fee in the books"). An ONDC loan paid out through the real credit and payout desks owes its buyer app the fee
// agreed at the contract, accrued once by the ondc-callbacks job however often it runs; a payout the bank returns
// takes it back; accounts records what the bank paid, never more than is owed; ledger:check agrees, and says so
// when a payout's fee is missing or the payable holds what its sub-ledger does not.
// The figures: ₹15,000 at the buyer app's 1 % a year for 9 days = 1,500,000 × 1/100 × 9/365 = 369.86 paise → ₹3.70.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { auditLog, creditManagers, leads, loanAccounts, ondcFinderFees, ondcFormSubmissions, payouts } from "../../db/schema/index.ts";
import { createSandboxPayout } from "../../providers/payout/sandbox.ts";
import { sandboxPayoutDesks } from "../../test-support/desks.ts";
import { ondcFormsHarness } from "../../test-support/ondc-forms.ts";
import { bankReturns } from "../../test-support/payout.ts";
import { searchRequest } from "../dev/ondc-buyer-app/buyer-requests.ts";
import { Forbidden, InvalidInput, Refused } from "../domain-errors.ts";
import { ledgerKeys } from "../ledger/ledger.service.ts";
import { selectLeads } from "../loans/loan-account.service.ts";

const h = ondcFormsHarness();
const accounts = { staffId: randomUUID(), role: "accounts" as const, email: "accounts@example.test" };
const auditor = { staffId: randomUUID(), role: "auditor" as const };
const noAudit = { record: async () => undefined };

/** ₹15,000 for 9 days at 1 % a year: 369.86 paise, rounded half up. */
const FEE = 370;

const s = () => h.t.services;
const today = () => todayInIndia(s().now());
const runJob = () => s().jobHandlers["ondc-callbacks"]();
const desk = () => s().finderFees.desk;
const payable = () => s().ledger.accountBalance("buyer_app_payable");
const expense = () => s().ledger.accountBalance("buyer_app_fee_expense");

/** The buyer app's search in the transaction, naming a finder fee of 1 % a year. */
async function search(transactionId: string) {
  const { message } = searchRequest({
    transactionId,
    messageId: randomUUID(),
    at: h.t.clock.now(),
    bapId: "unused",
    bapUri: "https://buyer.example.test/ondc",
    origin: "https://buyer.example.test",
    finderFeePercentage: "1",
  });
  await h.request("search", transactionId, message);
}

/** An ONDC loan signed through the buyer app (its search at 1 %), recommended, sanctioned and paid out by our desks. */
async function paidOutOndcLoan() {
  const { transactionId } = await h.throughF06();
  await search(transactionId);
  const [f06] = await s()
    .db.select()
    .from(ondcFormSubmissions)
    .where(and(eq(ondcFormSubmissions.transactionId, transactionId), eq(ondcFormSubmissions.formId, "F06")));
  const leadId = f06.leadId!;
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
  return { transactionId, leadId, loanNo: account.loanNo!, payout };
}

const rowsOf = (leadId: string) => s().db.select().from(ondcFinderFees).where(eq(ondcFinderFees.leadId, leadId));

describe("the buyer app's finder fee in the books", () => {
  let first: Awaited<ReturnType<typeof paidOutOndcLoan>>;

  it("accrues the agreed fee once when the loan is paid out, dated the payout's day, however often the job runs", async () => {
    first = await paidOutOndcLoan();
    expect(await rowsOf(first.leadId)).toEqual([]);
    await runJob();
    await runJob();
    const [row, ...more] = await rowsOf(first.leadId);
    expect(more).toEqual([]);
    // No confirm in this walk: the fee is worked out from the search, and the row says so.
    expect(row).toMatchObject({ kind: "accrual", feePaise: FEE, effectiveOn: today(), transactionId: first.transactionId, feeFrom: "search" });
    const entry = await s().ledger.entryByKey(ledgerKeys.finderFee(first.leadId, row.statusChangeId));
    expect(entry).toMatchObject({ kind: "finder_fee", loanId: null, effectiveOn: today() });
    expect(entry!.postings).toEqual([
      { account: "buyer_app_fee_expense", side: "debit", amount: 370 },
      { account: "buyer_app_payable", side: "credit", amount: 370 },
    ]);
    expect(entry!.memo).toContain(first.loanNo);
    expect(await payable()).toBe(370);
    expect(await expense()).toBe(370);
    // The fee is the lender's cost: the borrower's own entries do not show it.
    expect((await s().ledger.entries(first.leadId)).map((e) => e.kind)).not.toContain("finder_fee");

    const { buyerApps, totalOutstandingPaise } = await desk().list(auditor);
    expect(totalOutstandingPaise).toBe(370);
    expect(buyerApps).toHaveLength(1);
    expect(buyerApps[0]).toMatchObject({ accruedPaise: 370, reversedPaise: 0, settledPaise: 0, outstandingPaise: 370, oldestUnpaidOn: today() });
    expect(buyerApps[0].bapId).toBe(row.bapId);
    expect(buyerApps[0].loans).toEqual([
      { loanNo: first.loanNo, customer: expect.stringMatching(/^\S+ \S\.$|^\S+$/), paidOutOn: today(), feePaise: 370, feeFrom: "search", reversedOn: null },
    ]);

    const report = await s().booksCheck.run(today());
    expect(report.problems).toEqual([]);
  });

  it("records a settlement paid by bank, refusing more than is owed, bad input, a UTR used before and any role but accounts", async () => {
    const [{ bapId: buyer }] = (await desk().list(auditor)).buyerApps;
    const good = { bapId: buyer, amountRupees: "3.70", bankReference: "UTRFEE0001", paidOn: today(), invoiceNo: "BA/2026/17" };

    // ₹3.71 is a paisa more than the ₹3.70 owed: refused by the amount, nothing written.
    const over = await desk()
      .settle(accounts, { ...good, amountRupees: "3.71" })
      .catch((e: unknown) => e);
    expect(over).toBeInstanceOf(InvalidInput);
    expect((over as InvalidInput).errors?.amountRupees).toContain("₹3.70");
    const bad = await desk()
      .settle(accounts, { bapId: buyer, amountRupees: "3.7.0", bankReference: "x!", paidOn: "2999-01-01", invoiceNo: "" })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(InvalidInput);
    expect(Object.keys((bad as InvalidInput).errors ?? {}).sort()).toEqual(["amountRupees", "bankReference", "invoiceNo", "paidOn"]);
    const unknown = await desk()
      .settle(accounts, { ...good, bapId: "no-such-buyer-app.example" })
      .catch((e: unknown) => e);
    expect((unknown as InvalidInput).errors?.bapId).toBeTruthy();
    await expect(desk().settle(auditor, good)).rejects.toBeInstanceOf(Forbidden);
    await expect(desk().list({ staffId: "col", role: "collections" })).rejects.toBeInstanceOf(Forbidden);
    expect(await payable()).toBe(370);

    const done = await desk().settle(accounts, good);
    expect(done).toEqual({ bapId: buyer, amountPaise: 370, outstandingPaise: 0 });
    const entry = await s().ledger.entryByKey(ledgerKeys.finderFeePayment("UTRFEE0001"));
    expect(entry).toMatchObject({ kind: "finder_fee_payment", effectiveOn: today() });
    expect(entry!.postings).toEqual([
      { account: "buyer_app_payable", side: "debit", amount: 370 },
      { account: "bank", side: "credit", amount: 370 },
    ]);
    expect(await payable()).toBe(0);
    const [audited] = await s().db.select().from(auditLog).where(eq(auditLog.action, "finder_fee.settle"));
    expect(audited).toMatchObject({ targetKind: "buyer_app", targetId: buyer });

    // The same UTR again, and anything more now nothing is owed: refused.
    await expect(desk().settle(accounts, { ...good, amountRupees: "0.01" })).rejects.toBeInstanceOf(Refused);
    const more = await desk()
      .settle(accounts, { ...good, amountRupees: "0.01", bankReference: "UTRFEE0002" })
      .catch((e: unknown) => e);
    expect((more as InvalidInput).errors?.amountRupees).toContain("₹0");
    const [book] = (await desk().list(accounts)).buyerApps;
    expect(book).toMatchObject({ accruedPaise: 370, settledPaise: 370, outstandingPaise: 0, oldestUnpaidOn: null });
    expect(book.settlements).toEqual([
      { paidOn: today(), amountPaise: 370, bankReference: "UTRFEE0001", invoiceNo: "BA/2026/17", enteredByEmail: "accounts@example.test" },
    ]);
    expect((await s().booksCheck.run(today())).problems).toEqual([]);

    // A manual journal may not touch the payable: it moves only by its buyer apps' events.
    const journal = await s()
      .journals.desk.enter(accounts, {
        effectiveOn: today(),
        reason: "Pay a buyer app by journal",
        lines: [
          { account: "buyer_app_payable", side: "debit", amountRupees: "1" },
          { account: "bank", side: "credit", amountRupees: "1" },
        ],
      })
      .catch((e: unknown) => e);
    expect((journal as InvalidInput).errors?.line1).toContain("sub-ledger");
  });

  it("takes the fee back by a reversing entry when the bank returns the payout", async () => {
    const second = await paidOutOndcLoan();
    await runJob();
    // Owed: the second loan's ₹3.70 (the first is paid).
    expect(await payable()).toBe(370);
    const [accrual] = await rowsOf(second.leadId);

    expect(await bankReturns(s(), second.leadId, { providerReference: second.payout.providerReference!, utr: second.payout.utr ?? "UTRRET1" })).toEqual({
      applied: true,
    });
    await runJob();
    await runJob();
    const rows = await rowsOf(second.leadId);
    expect(rows.map((r) => r.kind).sort()).toEqual(["accrual", "reversal"]);
    const reversal = rows.find((r) => r.kind === "reversal")!;
    expect(reversal).toMatchObject({ reverses: accrual.statusChangeId, feePaise: 370, effectiveOn: accrual.effectiveOn });
    const entry = await s().ledger.entryByKey(ledgerKeys.reversal(ledgerKeys.finderFee(second.leadId, accrual.statusChangeId)));
    expect(entry).toMatchObject({ kind: "reversal", effectiveOn: accrual.effectiveOn });
    expect(entry!.postings).toEqual([
      { account: "buyer_app_fee_expense", side: "credit", amount: 370 },
      { account: "buyer_app_payable", side: "debit", amount: 370 },
    ]);
    // ₹3.70 + ₹3.70 accrued − ₹3.70 taken back − ₹3.70 paid = 0 owed; the expense is the first loan's ₹3.70 only.
    expect(await payable()).toBe(0);
    expect(await expense()).toBe(370);
    const [book] = (await desk().list(auditor)).buyerApps;
    expect(book).toMatchObject({ accruedPaise: 740, reversedPaise: 370, settledPaise: 370, outstandingPaise: 0 });
    expect(book.loans.find((l) => l.loanNo === second.loanNo)).toMatchObject({ feePaise: 370, reversedOn: accrual.effectiveOn });
    expect((await s().booksCheck.run(today())).problems).toEqual([]);
  });
});

// After the loans above (the first paid, the second's payout returned), so the payable starts at nothing owed.
describe("ledger:check of the buyer apps' finder fees", () => {
  it("names a payout whose fee is missing, and a payable the sub-ledger does not explain", async () => {
    const third = await paidOutOndcLoan();
    // Within the job's minute nothing is missing yet; ten minutes on, the payout without its fee is named.
    expect(await s().finderFees.problems(today())).toEqual([]);
    h.t.clock.advance(11 * 60 * 1000);
    expect(await s().finderFees.problems(today())).toEqual([
      `Loan ${third.loanNo} was paid out on ${today()} through an ONDC buyer app but its finder fee is not in the books.`,
    ]);
    expect((await s().booksCheck.run(today())).ok).toBe(false);
    await runJob();
    expect((await s().booksCheck.run(today())).problems).toEqual([]);
    // Owed: the third loan's ₹3.70.
    expect(await payable()).toBe(370);

    // A posting on the payable from outside its sub-ledger (the database refuses nothing here: the check must).
    await s().db.transaction((tx) =>
      s().ledger.post(tx, {
        idempotencyKey: "stray:buyer-app-payable",
        kind: "journal",
        loanId: null,
        effectiveOn: today() as IsoDate,
        postings: [
          { account: "bank", side: "debit", amount: 100 },
          { account: "buyer_app_payable", side: "credit", amount: 100 },
        ],
      }),
    );
    const problems = await s().finderFees.problems(today());
    // ₹3.70 owed + the stray ₹1.00 = 470 paise held, against 370 in the sub-ledger.
    expect(problems).toEqual([
      "buyer_app_payable holds 470 paise but its sub-ledger (accrued − reversed − settled, by buyer app) says 370 paise.",
      `Entry stray:buyer-app-payable of ${today()} posts to a buyer app account but is no accrual, reversal or settlement of the sub-ledger.`,
    ]);
    expect((await s().booksCheck.run(today())).ok).toBe(false);
  });
});
