// The accountant's desk (issue 29, findings 10 and 11), figures by hand. A ₹20,000 loan for 25 days is
// paid out on 22 Nov 2026: fee 10% = ₹2,000, GST 18% of it = ₹360, net paid out ₹17,640. Interest is 1% a
// day (₹200); day 0 charges nothing. On 25 Nov (day 3) the customer's ₹5,000 bank transfer is approved:
// 3 days' interest (₹600) first, then ₹4,400 of principal, leaving ₹15,600.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKS_MESSAGES } from "../../../core/admin/books-desk.ts";
import { STAFF_ROLES, type StaffRole } from "../../../core/staff.ts";
import { createClock, createTestApp } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { LENDER_ACCOUNTS, LOAN_ACCOUNTS } from "../ledger/accounts.ts";
import { parseXml, type XmlElement } from "./strict-xml.test-support.ts";
import { tallyImportXml, tallyLines } from "../../../core/accounting/tally-xml.ts";
import { tallyLedgerName } from "./tally-ledgers.ts";

const DAY = 86_400_000;
const actor = (role: StaffRole): StaffActor => ({
  staffId: `00000000-0000-4000-8000-${String(STAFF_ROLES.indexOf(role) + 1).padStart(12, "0")}`,
  role,
  email: `${role}@salaryontime.test`,
});
const accountant = actor("accounts");
const auditor = actor("auditor");
const collector = actor("collections");
const rupees = (n: number) => n * 100;
const MOBILE = "9876500001";
const LOAN_NO = `SOTDEMO${MOBILE}2`;

// One app for the desk describes below: they run in order, on one loan and one clock.
let t: Awaited<ReturnType<typeof createTestApp>>;
let loanId = "";
const desk = () => t.services.booksReports.desk;

beforeAll(async () => {
  // 11:30 India time, 22 Nov 2026: the loan is paid out today.
  t = await createTestApp({ clock: createClock(Date.UTC(2026, 10, 22, 6, 0, 0)) });
  loanId = (await createDemoCustomer(t.services, { mobile: MOBILE, userType: "UNPAID-REPEAT", paidOutDaysAgo: 0 })).activeLoanId!;
}, 60_000);
afterAll(() => t.close());

const tbLines = async (date: string) =>
  Object.fromEntries(
    (await desk().trialBalance(accountant, { date })).rows
      .filter((r) => r.debitPaise || r.creditPaise)
      .map((r) => [r.account, [r.debitPaise / 100, r.creditPaise / 100]]),
  );

describe("the accountant's desk on the day of the payout", () => {
  it("after the payout: the trial balance lines by hand, totals that agree, every account of the chart listed", async () => {
    expect(await tbLines("2026-11-22")).toEqual({
      principal_receivable: [20_000, 0],
      fee_income: [0, 2_000],
      gst_payable: [0, 360],
      bank: [0, 17_640],
    });
    const tb = await desk().trialBalance(auditor, { date: "" });
    expect(tb.asOn).toBe("2026-11-22");
    expect(tb.totals).toEqual({ debitPaise: rupees(20_000), creditPaise: rupees(20_000) });
    // The chart is the ledger's own list: an account added there shows here by itself.
    expect(tb.rows.map((r) => r.account)).toEqual([...LOAN_ACCOUNTS, ...LENDER_ACCOUNTS]);
    // The day before the payout: nothing.
    expect(await tbLines("2026-11-21")).toEqual({});
  });

  it("the trial balance CSV balances", async () => {
    const file = await desk().trialBalanceCsv(accountant, { date: "2026-11-22" });
    expect(file.filename).toBe("trial-balance-2026-11-22.csv");
    const lines = file.text.trim().split("\r\n");
    expect(lines[0]).toBe("as_on,account,account_name,debit_rupees,credit_rupees");
    expect(lines).toContain("2026-11-22,principal_receivable,Principal receivable,20000.00,0.00");
    expect(lines).toContain("2026-11-22,bank,Bank,0.00,17640.00");
    expect(lines.at(-1)).toBe("2026-11-22,total,Total,20000.00,20000.00");
  });
});

describe("the accountant's desk after three days' interest and a ₹5,000 bank transfer on 25 Nov", () => {
  beforeAll(async () => {
    t.clock.advance(3 * DAY);
    const entered = await t.services.bankTransfers.desk.enter(collector, {
      loanNo: LOAN_NO,
      amountRupees: "5,000",
      bankReference: "UTRDESK1",
      receivedOn: "2026-11-25",
    });
    await t.services.bankTransfers.desk.approve(accountant, { id: entered.id });
  }, 60_000);

  it("the trial balance on 25 Nov", async () => {
    expect(await tbLines("2026-11-25")).toEqual({
      principal_receivable: [15_600, 0],
      interest_income: [0, 600],
      fee_income: [0, 2_000],
      gst_payable: [0, 360],
      bank: [0, 17_640],
      clearing_bank_transfer: [5_000, 0],
    });
    expect((await desk().trialBalance(accountant, { date: "2026-11-25" })).totals).toEqual({ debitPaise: rupees(20_600), creditPaise: rupees(20_600) });
  });

  it("the general ledger of principal receivable: opening, each entry with its running balance, closing", async () => {
    const gl = await desk().generalLedger(accountant, { account: "principal_receivable", from: "2026-11-01", to: "2026-11-25" });
    expect(gl.openingPaise).toBe(0);
    expect(gl.lines.map((l) => [l.date, l.kind, l.loanNo, l.debitPaise / 100, l.creditPaise / 100, l.balancePaise / 100])).toEqual([
      ["2026-11-22", "disbursal", LOAN_NO, 20_000, 0, 20_000],
      ["2026-11-25", "repayment", LOAN_NO, 0, 4_400, 15_600],
    ]);
    expect(gl.closingPaise).toBe(rupees(15_600));
    // From 23 Nov: the payout is the opening balance.
    const later = await desk().generalLedger(auditor, { account: "principal_receivable", from: "2026-11-23", to: "2026-11-25" });
    expect([later.openingPaise, later.lines.length, later.closingPaise]).toEqual([rupees(20_000), 1, rupees(15_600)]);
    const csv = (await desk().generalLedgerCsv(accountant, { account: "principal_receivable", from: "2026-11-01", to: "2026-11-25" })).text
      .trim()
      .split("\r\n");
    expect(csv[0]).toBe("date,entry_no,entry_kind,loan_no,memo,debit_rupees,credit_rupees,balance_rupees,balance_side");
    expect(csv[1]).toBe("2026-11-01,,opening,,Opening balance,,,0.00,");
    expect(csv.at(-1)).toBe("2026-11-25,,closing,,Closing balance,20000.00,4400.00,15600.00,Dr");
  });

  it("the day book: every entry of the range in order, with its postings, and totals that agree", async () => {
    const book = await desk().dayBook(accountant, { from: "2026-11-22", to: "2026-11-25" });
    const first = book.entries[0];
    expect([first.date, first.kind, first.loanNo]).toEqual(["2026-11-22", "disbursal", LOAN_NO]);
    expect(first.postings.map((p) => [p.account, p.debitPaise / 100, p.creditPaise / 100])).toEqual([
      ["principal_receivable", 20_000, 0],
      ["bank", 0, 17_640],
      ["fee_income", 0, 2_000],
      ["gst_payable", 0, 360],
    ]);
    const repayment = book.entries.find((e) => e.kind === "repayment")!;
    expect(repayment.postings.map((p) => [p.account, p.debitPaise / 100, p.creditPaise / 100])).toEqual([
      ["clearing_bank_transfer", 5_000, 0],
      ["interest_receivable", 0, 600],
      ["principal_receivable", 0, 4_400],
    ]);
    // ₹20,000 payout + ₹600 interest + ₹5,000 transfer.
    expect(book.totals).toEqual({ debitPaise: rupees(25_600), creditPaise: rupees(25_600) });
    const dates = book.entries.map((e) => e.date);
    expect([...dates].sort()).toEqual(dates);
    expect((await desk().dayBookCsv(auditor, { from: "2026-11-22", to: "2026-11-25" })).text.trim().split("\r\n").at(-1)).toBe(
      "2026-11-25,,total,,,,25600.00,25600.00",
    );
  });

  it("the Tally file: Tally's voucher import structure, each voucher adding up to zero, ledgers by their mapped names", async () => {
    const file = await desk().tallyXml(accountant, { from: "2026-11-22", to: "2026-11-25" });
    expect(file.contentType).toBe("application/xml; charset=utf-8");
    const envelope = parseXml(file.text);
    expect(envelope.name).toBe("ENVELOPE");
    expect(envelope.child("HEADER").child("TALLYREQUEST").text).toBe("Import Data");
    const importData = envelope.child("BODY").child("IMPORTDATA");
    const desc = importData.child("REQUESTDESC");
    expect(desc.child("REPORTNAME").text).toBe("Vouchers");
    expect(desc.child("STATICVARIABLES").child("SVCURRENTCOMPANY").text).toBe("SalaryOnTime Finance Private Limited");
    const vouchers = importData
      .child("REQUESTDATA")
      .all("TALLYMESSAGE")
      .map((m) => m.child("VOUCHER"));
    const book = await desk().dayBook(accountant, { from: "2026-11-22", to: "2026-11-25" });
    expect(vouchers).toHaveLength(book.total);
    const linesOf = (v: XmlElement) =>
      v.all("ALLLEDGERENTRIES.LIST").map((l) => [l.child("LEDGERNAME").text, l.child("ISDEEMEDPOSITIVE").text, l.child("AMOUNT").text]);
    for (const v of vouchers) {
      expect(v.attributes).toEqual({ VCHTYPE: "Journal", ACTION: "Create", OBJVIEW: "Accounting Voucher View" });
      expect(v.child("VOUCHERTYPENAME").text).toBe("Journal");
      expect(v.child("DATE").text).toMatch(/^202611(22|23|24|25)$/);
      // Debits negative with ISDEEMEDPOSITIVE Yes, credits positive with No; in paise the voucher sums to zero.
      const lines = linesOf(v);
      for (const [, deemed, amount] of lines) expect(deemed).toBe(amount.startsWith("-") ? "Yes" : "No");
      expect(lines.reduce((s, [, , amount]) => s + Math.round(Number(amount) * 100), 0)).toBe(0);
    }
    const payout = vouchers[0];
    expect([payout.child("DATE").text, payout.child("VOUCHERNUMBER").text, payout.child("NARRATION").text]).toEqual([
      "20261122",
      "1",
      `Disbursal · loan ${LOAN_NO}`,
    ]);
    expect(linesOf(payout)).toEqual([
      ["Short Term Personal Loans", "Yes", "-20000.00"],
      ["Bank Account", "No", "17640.00"],
      ["Processing Fee Income", "No", "2000.00"],
      ["Output GST Payable", "No", "360.00"],
    ]);
    const repayment = vouchers.find((v) => v.child("NARRATION").text.startsWith("Repayment"))!;
    expect(linesOf(repayment)).toEqual([
      ["Bank Transfers Awaiting Credit", "Yes", "-5000.00"],
      ["Interest Receivable on Loans", "No", "600.00"],
      ["Short Term Personal Loans", "No", "4400.00"],
    ]);
    // The hand-written sample of the payout voucher, as Tally reads it.
    const start = file.text.indexOf("    <TALLYMESSAGE>");
    expect(file.text.slice(start, file.text.indexOf("</TALLYMESSAGE>", start) + "</TALLYMESSAGE>".length)).toBe(PAYOUT_VOUCHER);
  });

  it("the loan's account for accounts and the auditor: terms, dues by head, entries with postings, statement", async () => {
    for (const who of [accountant, auditor]) {
      const loan = await desk().loanAccount(who, loanId);
      expect(loan.loanNo).toBe(LOAN_NO);
      expect(loan.terms).toMatchObject({
        principalPaise: rupees(20_000),
        tenureDays: 25,
        repaymentDate: "2026-12-17",
        feePaise: rupees(2_000),
        gstPaise: rupees(360),
        netDisbursalPaise: rupees(17_640),
        interestPaise: rupees(5_000),
      });
      expect(loan.dues).toEqual({ principalPaise: rupees(15_600), interestPaise: 0, penalPaise: 0, excessPaise: 0, totalPaise: rupees(15_600) });
      expect(loan.chargedTo).toBe("2026-11-25");
      expect(loan.entries.map((e) => e.kind)).toEqual(expect.arrayContaining(["disbursal", "interest_accrual", "repayment"]));
      expect(loan.entries[0].postings.map((p) => p.account)).toEqual(["principal_receivable", "bank", "fee_income", "gst_payable"]);
      expect(loan.statement.at(-1)?.balancePaise).toBe(rupees(15_600));
    }
    expect((await desk().findLoan(accountant, { loanNo: LOAN_NO.toLowerCase() })).leadId).toBe(loanId);
  });
});

describe("the accountant's desk: who may read it, and what it refuses", () => {
  it("refuses other roles and anyone signed out, in the service", async () => {
    await expect(desk().trialBalance(collector, {})).rejects.toMatchObject({ kind: "forbidden" });
    await expect(desk().tallyXml(actor("credit_head"), {})).rejects.toMatchObject({ kind: "forbidden" });
    await expect(desk().loanAccount(actor("credit_manager"), loanId)).rejects.toMatchObject({ kind: "forbidden" });
    await expect(desk().generalLedgerCsv(null, { account: "bank" })).rejects.toMatchObject({ kind: "not-authenticated" });
  });

  it("gives a clear message for a bad date, range, account or loan, never a server error", async () => {
    const refused = (p: Promise<unknown>, message: string) => expect(p).rejects.toMatchObject({ kind: "invalid-input", message });
    await refused(desk().trialBalance(accountant, { date: "2026-02-30" }), BOOKS_MESSAGES.date);
    await refused(desk().trialBalanceCsv(accountant, { date: "2099-01-01" }), BOOKS_MESSAGES.future);
    await refused(desk().dayBook(accountant, { from: "2026-11-25", to: "2026-11-01" }), BOOKS_MESSAGES.order);
    await refused(desk().tallyXml(accountant, { from: "2025-01-01", to: "2026-11-20" }), BOOKS_MESSAGES.range);
    await refused(desk().generalLedger(accountant, { account: "drop table", from: "2026-11-01" }), BOOKS_MESSAGES.account);
    await refused(desk().dayBookCsv(accountant, { from: "1 Nov", to: "" }), BOOKS_MESSAGES.date);
    await expect(desk().loanAccount(accountant, "not-a-uuid")).rejects.toMatchObject({ kind: "not-found", message: BOOKS_MESSAGES.loanNotFound });
    await expect(desk().findLoan(accountant, { loanNo: "SOTNOSUCH1" })).rejects.toMatchObject({ kind: "not-found" });
  });
});

describe("paging the general ledger", () => {
  it("carries the running balance of earlier pages into a later one", async () => {
    const t = await createTestApp({ clock: createClock(Date.UTC(2026, 10, 22, 6, 0, 0)) });
    try {
      // 101 lender-only entries of ₹1 each into Razorpay's clearing account: a page holds 100 lines.
      for (let i = 1; i <= 101; i++)
        await t.services.ledger.post(t.services.db, {
          idempotencyKey: `paging-test:${i}`,
          kind: "settlement",
          loanId: null,
          effectiveOn: "2026-11-20",
          postings: [
            { account: "clearing_razorpay", side: "debit", amount: 100 },
            { account: "bank", side: "credit", amount: 100 },
          ],
        });
      const page = (n: number) => t.services.booksReports.desk.generalLedger(accountant, { account: "clearing_razorpay", from: "2026-11-01", page: n });
      const [first, second] = [await page(1), await page(2)];
      expect([first.lines.length, first.lines.at(-1)!.balancePaise, first.total]).toEqual([100, rupees(100), 101]);
      expect(second.lines.map((l) => l.balancePaise)).toEqual([rupees(101)]);
      expect([second.openingPaise, second.closingPaise]).toEqual([0, rupees(101)]);
      expect((await t.services.booksReports.desk.dayBook(auditor, { from: "2026-11-20", to: "2026-11-20", page: 2 })).entries).toHaveLength(1);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe("the Tally file's text", () => {
  it("escapes every value, so a memo or name with XML's specials still parses to the same text", () => {
    const narration = `Refund <R&D> "quoted" it's\u0001 done`;
    const xml = tallyImportXml(`A & B "Finance" <Ltd>`, [
      {
        date: "2026-11-25",
        number: "7<",
        narration,
        lines: tallyLines([
          { ledger: "Bank & Cash", side: "debit", amount: 12_345 },
          { ledger: "Customer <Excess>", side: "credit", amount: 12_345 },
        ]),
      },
    ]);
    const v = parseXml(xml).child("BODY").child("IMPORTDATA").child("REQUESTDATA").child("TALLYMESSAGE").child("VOUCHER");
    expect(parseXml(xml).child("BODY").child("IMPORTDATA").child("REQUESTDESC").child("STATICVARIABLES").child("SVCURRENTCOMPANY").text).toBe(
      'A & B "Finance" <Ltd>',
    );
    expect([v.child("VOUCHERNUMBER").text, v.child("NARRATION").text]).toEqual(["7<", `Refund <R&D> "quoted" it's done`]);
    expect(v.all("ALLLEDGERENTRIES.LIST").map((l) => [l.child("LEDGERNAME").text, l.child("AMOUNT").text])).toEqual([
      ["Bank & Cash", "-123.45"],
      ["Customer <Excess>", "123.45"],
    ]);
  });

  it("nets postings that map to one Tally ledger, and names an unmapped account by its label", () => {
    expect(
      tallyLines([
        { ledger: "Loans", side: "debit", amount: 500 },
        { ledger: "Loans", side: "credit", amount: 200 },
        { ledger: "Bank", side: "credit", amount: 300 },
        { ledger: "Suspense", side: "debit", amount: 100 },
        { ledger: "Suspense", side: "credit", amount: 100 },
      ]),
    ).toEqual([
      { ledger: "Loans", netPaise: 300 },
      { ledger: "Bank", netPaise: -300 },
    ]);
    expect(tallyLedgerName("principal_receivable")).toBe("Short Term Personal Loans");
    expect(tallyLedgerName("clearing_phonepe", {})).toBe("Clearing PhonePe");
    expect(tallyLedgerName("gst_input_credit")).toBe("GST input credit");
  });
});

const PAYOUT_VOUCHER = `    <TALLYMESSAGE>
     <VOUCHER VCHTYPE="Journal" ACTION="Create" OBJVIEW="Accounting Voucher View">
      <DATE>20261122</DATE>
      <VOUCHERTYPENAME>Journal</VOUCHERTYPENAME>
      <VOUCHERNUMBER>1</VOUCHERNUMBER>
      <PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>
      <NARRATION>Disbursal · loan SOTDEMO98765000012</NARRATION>
      <ALLLEDGERENTRIES.LIST>
       <LEDGERNAME>Short Term Personal Loans</LEDGERNAME>
       <ISDEEMEDPOSITIVE>Yes</ISDEEMEDPOSITIVE>
       <AMOUNT>-20000.00</AMOUNT>
      </ALLLEDGERENTRIES.LIST>
      <ALLLEDGERENTRIES.LIST>
       <LEDGERNAME>Bank Account</LEDGERNAME>
       <ISDEEMEDPOSITIVE>No</ISDEEMEDPOSITIVE>
       <AMOUNT>17640.00</AMOUNT>
      </ALLLEDGERENTRIES.LIST>
      <ALLLEDGERENTRIES.LIST>
       <LEDGERNAME>Processing Fee Income</LEDGERNAME>
       <ISDEEMEDPOSITIVE>No</ISDEEMEDPOSITIVE>
       <AMOUNT>2000.00</AMOUNT>
      </ALLLEDGERENTRIES.LIST>
      <ALLLEDGERENTRIES.LIST>
       <LEDGERNAME>Output GST Payable</LEDGERNAME>
       <ISDEEMEDPOSITIVE>No</ISDEEMEDPOSITIVE>
       <AMOUNT>360.00</AMOUNT>
      </ALLLEDGERENTRIES.LIST>
     </VOUCHER>
    </TALLYMESSAGE>`;
