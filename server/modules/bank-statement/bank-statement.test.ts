// Bank statement import (issue 29, finding 3) on the real services: the recorded CSV and MT940 of the
// same two days (tests/fixtures/bank-statements) carry a borrower's ₹1,000.00 transfer, a Razorpay
// settlement of ₹976.40, a payout of ₹19,586.00 and ₹11.80 of bank charges. Figures by hand.
import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, bankStatementImports, bankStatementLines, gatewaySettlements, payouts } from "../../db/schema/index.ts";
import { createClock, createTestApp, randomMobile } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
const DAY = 24 * 60 * 60_000;
const collector: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000c1", role: "collections", email: "collector@salaryontime.test" };
const accountant = { staffId: "00000000-0000-4000-8000-0000000000a1", role: "accounts", email: "accounts@salaryontime.test" } as StaffActor;
const auditor: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a8", role: "auditor", email: "auditor@salaryontime.test" };
const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/bank-statements/${name}`, import.meta.url), "utf8");
const ACCOUNT = "50200012345678";

// One app for the describes below: they run in order, on one statement.
let t: T;
let leadId = "";
let transferId = "";
beforeAll(async () => {
  // 1 December 2026, 11:30 India time: the statement's first day.
  t = await createTestApp({ clock: createClock(Date.UTC(2026, 11, 1, 6, 0, 0)) });
  const demo = await createDemoCustomer(t.services, { mobile: randomMobile(), userType: "UNPAID-REPEAT" });
  leadId = demo.activeLoanId!;
  const lead = (await t.services.loans.byId(leadId))!;
  const desk = t.services.bankTransfers.desk;
  const entered = await desk.enter(collector, { loanNo: lead.loanNo!, amountRupees: "1000", bankReference: "UTR000111222333", receivedOn: "2026-12-01" });
  transferId = (await desk.approve(accountant, { id: entered.id })).id;
  // The settlement and the payout the statement shows, as their own modules recorded them.
  await t.services.db.insert(gatewaySettlements).values({
    gateway: "razorpay",
    settlementId: "setl_DGlQ1Rj8os78Ec",
    utr: "1568176960vxp0rj",
    settledOn: "2026-12-01",
    grossPaise: 1_00_000,
    feePaise: 2_000,
    taxPaise: 360,
    netPaise: 97_640,
    lineCount: 1,
    unmatchedCount: 0,
    createdAt: t.clock.now(),
  });
  await t.services.db.insert(payouts).values({
    loanId: leadId,
    attempt: 9,
    idempotencyKey: `payout-test-${leadId}`,
    provider: "sandbox",
    amountPaise: 19_58_600,
    status: "SUCCESS",
    utr: "PAYUTR9876543210",
    requestedBy: "test",
    settledAt: new Date("2026-12-02T05:00:00Z"),
  });
  t.clock.advance(2 * DAY); // 3 December: the statement of 1-2 December is out
});
afterAll(() => t.close());

const balance = (account: string) => t.services.ledger.accountBalance(account);
const lineCount = async () => Number((await t.services.db.select({ n: sql<string>`count(*)` }).from(bankStatementLines))[0]!.n);
const importCount = async () => Number((await t.services.db.select({ n: sql<string>`count(*)` }).from(bankStatementImports))[0]!.n);

describe("bank statement import: the two files of the same days", () => {
  it("the CSV clears the transfer (Dr bank, Cr clearing_bank_transfer ₹1,000.00), confirms the settlement and the payout, leaves the charges waiting", async () => {
    expect(await balance("clearing_bank_transfer")).toBe(1_00_000);
    const bankBefore = await balance("bank");
    const result = await t.services.bankStatementDesk.importStatement(accountant, {
      format: "csv",
      fileName: "statement.csv",
      text: fixture("statement.csv"),
      accountNo: ACCOUNT,
    });
    expect(result).toMatchObject({
      accountNo: ACCOUNT,
      lines: 4,
      newLines: 4,
      matched: { bank_transfer: 1, settlement: 1, payout: 1, payout_return: 0 },
      unmatched: 1,
      openingBalancePaise: 5_00_00_000,
      closingBalancePaise: 4_82_37_860,
    });
    expect(await balance("clearing_bank_transfer")).toBe(0);
    expect(await balance("bank")).toBe(bankBefore + 1_00_000);
    const entry = await t.services.ledger.entryByKey(`clearing:bank-transfer:${transferId}`);
    expect(entry).toMatchObject({ kind: "clearing", loanId: null, effectiveOn: "2026-12-01" });
    expect(entry!.postings.map((p) => [p.account, p.side, p.amount])).toEqual([
      ["bank", "debit", 1_00_000],
      ["clearing_bank_transfer", "credit", 1_00_000],
    ]);
    const audited = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "bank_statement.import"), eq(auditLog.targetId, result.importId)));
    expect(audited).toHaveLength(1);
  });

  it("the MT940 of the same days, and the CSV again, add nothing and post nothing", async () => {
    const bank = await balance("bank");
    const mt940 = await t.services.bankStatementDesk.importStatement(accountant, {
      format: "mt940",
      fileName: "statement.sta",
      text: fixture("statement.mt940"),
    });
    expect(mt940).toMatchObject({ accountNo: ACCOUNT, lines: 4, newLines: 0, unmatched: 0 });
    const again = await t.services.bankStatementDesk.importStatement(accountant, {
      format: "csv",
      fileName: "statement.csv",
      text: fixture("statement.csv"),
      accountNo: ACCOUNT,
    });
    expect(again).toMatchObject({ newLines: 0 });
    expect(await lineCount()).toBe(4);
    expect(await balance("bank")).toBe(bank);
  });
});

describe("bank statement import: refusals and matching by hand", () => {
  it("refuses a bad file, a CSV without its account and an MT940 of another account, writing nothing; only accounts imports", async () => {
    const lines = await lineCount();
    const imports = await importCount();
    const bad = fixture("statement.csv").replace("11.80", "11,80,");
    await expect(
      t.services.bankStatementDesk.importStatement(accountant, { format: "csv", fileName: "bad.csv", text: bad, accountNo: ACCOUNT }),
    ).rejects.toMatchObject({
      kind: "invalid-input",
      message: expect.stringContaining("Line 5:"),
    });
    await expect(
      t.services.bankStatementDesk.importStatement(accountant, { format: "csv", fileName: "s.csv", text: fixture("statement.csv") }),
    ).rejects.toMatchObject({
      kind: "invalid-input",
    });
    await expect(
      t.services.bankStatementDesk.importStatement(accountant, {
        format: "mt940",
        fileName: "s.sta",
        text: fixture("statement.mt940"),
        accountNo: "999999999",
      }),
    ).rejects.toMatchObject({ kind: "invalid-input" });
    await expect(t.services.bankStatementDesk.importStatement(accountant, { format: "pdf", fileName: "s.pdf", text: "x" })).rejects.toMatchObject({
      kind: "invalid-input",
    });
    await expect(
      t.services.bankStatementDesk.importStatement(auditor, { format: "csv", fileName: "s.csv", text: fixture("statement.csv"), accountNo: ACCOUNT }),
    ).rejects.toMatchObject({ kind: "forbidden" });
    expect(await lineCount()).toBe(lines);
    expect(await importCount()).toBe(imports);
  });

  it("a line that names nothing waits on the desk; accounts matches it by hand to a candidate, with a note, audited; the auditor reads", async () => {
    const lead = (await t.services.loans.byId(leadId))!;
    const desk = t.services.bankTransfers.desk;
    const entered = await desk.enter(collector, { loanNo: lead.loanNo!, amountRupees: "500", bankReference: "IMPS44556677", receivedOn: "2026-12-03" });
    const transfer = await desk.approve(accountant, { id: entered.id });
    const csv = ["Date,Value Date,Narration,Chq/Ref No,Debit,Credit,Balance", "03/12/2026,03/12/2026,CASH DEPOSIT BRANCH 0042,,,500.00,482878.60"].join("\n");
    const result = await t.services.bankStatementDesk.importStatement(accountant, { format: "csv", fileName: "day3.csv", text: csv, accountNo: ACCOUNT });
    expect(result).toMatchObject({ newLines: 1, unmatched: 1 });
    const overview = await t.services.bankStatementDesk.overview(auditor);
    const waiting = overview.unmatched.find((l) => l.narration === "CASH DEPOSIT BRANCH 0042")!;
    expect(waiting.candidates).toEqual([
      { kind: "bank_transfer", id: transfer.id, label: `Transfer IMPS44556677 for loan ${lead.loanNo}`, amountPaise: 50_000, on: "2026-12-03" },
    ]);
    expect(overview.unmatched.find((l) => l.narration === "BANK CHARGES")!.candidates).toEqual([]);
    await expect(
      t.services.bankStatementDesk.matchByHand(auditor, { lineId: waiting.id, kind: "bank_transfer", documentId: transfer.id, note: "Deposit slip 42" }),
    ).rejects.toMatchObject({
      kind: "forbidden",
    });
    await expect(
      t.services.bankStatementDesk.matchByHand(accountant, { lineId: waiting.id, kind: "payout", documentId: transfer.id, note: "Deposit slip 42" }),
    ).rejects.toMatchObject({
      kind: "invalid-input",
    });
    await expect(
      t.services.bankStatementDesk.matchByHand(accountant, { lineId: waiting.id, kind: "bank_transfer", documentId: transfer.id, note: "ok" }),
    ).rejects.toMatchObject({
      kind: "invalid-input",
    });
    const before = await balance("clearing_bank_transfer");
    expect(before).toBe(50_000);
    await t.services.bankStatementDesk.matchByHand(accountant, {
      lineId: waiting.id,
      kind: "bank_transfer",
      documentId: transfer.id,
      note: "Branch deposit slip 42 names the loan",
    });
    expect(await balance("clearing_bank_transfer")).toBe(0);
    await expect(
      t.services.bankStatementDesk.matchByHand(accountant, {
        lineId: waiting.id,
        kind: "bank_transfer",
        documentId: transfer.id,
        note: "Branch deposit slip 42 names the loan",
      }),
    ).rejects.toMatchObject({ kind: "refused" });
    const audited = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "bank_statement.match"), eq(auditLog.targetId, waiting.id)));
    expect(audited).toHaveLength(1);
  });
});
