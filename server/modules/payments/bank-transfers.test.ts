// Bank transfers (decisions 29, 32) on the real services and database: collections enters, accounts
// approves (never the person who entered it), approval posts like a gateway payment and closes the loan
// when it clears the total due; rejection keeps its reason; every step is audited; wrong roles refused.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInIndia } from "../../../core/calendar.ts";
import { auditLog, bankTransfers, leads, ledgerEntries, payments } from "../../db/schema/index.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { Forbidden, InvalidInput, NotAuthenticated } from "../domain-errors.ts";
import { ledgerKeys } from "../ledger/ledger.service.ts";
import { BANK_TRANSFER_MESSAGES, rupeesTextToPaise } from "./bank-transfers.service.ts";
import { selectLeads } from "../loans/loan-account.service.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
const collector: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000c1", role: "collections", email: "collector@salaryontime.test" };
const accountant: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a1", role: "accounts", email: "accounts@salaryontime.test" };
const auditor: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000d1", role: "auditor", email: "auditor@salaryontime.test" };
let utr = 100000;
const nextUtr = () => `UTRTEST${++utr}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const desk = () => t.services.bankTransfers.desk;

async function openLoan() {
  const mobile = randomMobile();
  const demo = await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT" });
  const [lead] = await selectLeads(t.services.db).where(eq(leads.id, demo.activeLoanId!));
  const dues = await t.services.payments.totalDueToday((await t.services.loans.byId(lead.id))!);
  return { mobile, leadId: lead.id, loanNo: lead.loanNo!, totalDueRupees: dues! };
}

const today = () => todayInIndia(t.services.now());
const auditRows = (action: string, id: string) =>
  t.services.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, id)));

describe("bank transfers", () => {
  it("reads rupees as typed into paise and refuses what is not an amount", () => {
    expect(rupeesTextToPaise("15,000.5")).toBe(1_500_050);
    expect(rupeesTextToPaise("1")).toBe(100);
    for (const bad of ["0", "-5", "12.345", "abc", "", "1e5"]) expect(rupeesTextToPaise(bad)).toBeNull();
  });

  it("collections enters, accounts approves: posted once under bank-transfer:<id>, part payment keeps the loan open; audited", async () => {
    const loan = await openLoan();
    const entered = await desk().enter(collector, { loanNo: loan.loanNo.toLowerCase(), amountRupees: "1,000", bankReference: nextUtr(), receivedOn: today() });
    expect(entered).toMatchObject({ loanNo: loan.loanNo, amountPaise: 100_000, status: "PENDING", enteredByEmail: collector.email });
    expect((await desk().mine(collector)).rows.map((r) => r.id)).toContain(entered.id);
    expect((await desk().pending(accountant)).rows.map((r) => r.id)).toContain(entered.id);
    expect(await auditRows("posting.enter", entered.id)).toHaveLength(1);

    const approved = await desk().approve(accountant, { id: entered.id });
    expect(approved).toEqual({ id: entered.id, loanClosed: false, excessPaise: 0 });
    const [payment] = await t.services.db.select().from(payments).where(eq(payments.leadId, loan.leadId));
    expect(payment).toMatchObject({ gateway: "bank_transfer", gatewayPaymentId: entered.id, amountPaise: 100_000, paymentOrderId: null, appliedToLoan: true });
    const entry = await t.services.ledger.entryByKey(ledgerKeys.bankTransfer(entered.id));
    expect(entry?.postings.find((p) => p.side === "debit")).toMatchObject({ account: "clearing_bank_transfer", amount: 100_000 });
    const [row] = await t.services.db.select().from(bankTransfers).where(eq(bankTransfers.id, entered.id));
    expect(row).toMatchObject({ status: "APPROVED", decidedBy: accountant.staffId, paymentId: payment.id });
    expect((await t.services.loans.byId(loan.leadId))?.status).toBe("DISBURSED");
    const [approveAudit] = await auditRows("posting.approve", entered.id);
    expect(approveAudit.actorRole).toBe("accounts");
    // Issue 34: the customer is told once, dated the day it reached our bank, pointed at their repayment page (a transfer has no order).
    const told = (await t.services.outbox!.outbox(200)).filter((m) => m.to === loan.mobile && m.text.startsWith("SalaryOnTime: We have received"));
    expect(told).toHaveLength(1);
    expect(told[0].text).toMatch(
      new RegExp(
        `^SalaryOnTime: We have received your payment of ₹1,000\\.00 for loan ${loan.loanNo} on 22 Nov 2026\\. Your receipt: https?://[^/]+/my-dashboard/repayment$`,
      ),
    );
    // Decided once: a second approval is refused and posts nothing more.
    await expect(desk().approve(accountant, { id: entered.id })).rejects.toThrow(BANK_TRANSFER_MESSAGES.notPending);
    expect(await t.services.db.select().from(payments).where(eq(payments.leadId, loan.leadId))).toHaveLength(1);
  });

  it("a transfer above the total due closes the loan and holds the rest as excess for refund", async () => {
    const loan = await openLoan();
    const entered = await desk().enter(collector, {
      loanNo: loan.loanNo,
      amountRupees: String(loan.totalDueRupees + 500),
      bankReference: nextUtr(),
      receivedOn: today(),
    });
    const approved = await desk().approve(accountant, { id: entered.id });
    expect(approved.loanClosed).toBe(true);
    expect(approved.excessPaise).toBe(50_000);
    expect((await t.services.loans.byId(loan.leadId))?.status).toBe("CLOSED");
    const refunds = await t.services.payments.refundsDue();
    expect(refunds.find((r) => r.gatewayPaymentId === entered.id)).toMatchObject({ gateway: "bank_transfer", excessPaise: 50_000 });

    // After closure a further transfer is all excess (decision 29).
    const late = await desk().enter(collector, { loanNo: loan.loanNo, amountRupees: "200", bankReference: nextUtr(), receivedOn: today() });
    expect(await desk().approve(accountant, { id: late.id })).toEqual({ id: late.id, loanClosed: false, excessPaise: 20_000 });
  });

  it("never lets the person who entered a transfer approve or reject it (a role change does not help)", async () => {
    const loan = await openLoan();
    const entered = await desk().enter(collector, { loanNo: loan.loanNo, amountRupees: "300", bankReference: nextUtr(), receivedOn: today() });
    const samePerson: StaffActor = { ...collector, role: "accounts" };
    await expect(desk().approve(samePerson, { id: entered.id })).rejects.toThrow(BANK_TRANSFER_MESSAGES.fourEyes);
    await expect(desk().reject(samePerson, { id: entered.id, reason: "Not our money" })).rejects.toThrow(BANK_TRANSFER_MESSAGES.fourEyes);
    const [row] = await t.services.db.select().from(bankTransfers).where(eq(bankTransfers.id, entered.id));
    expect(row.status).toBe("PENDING");
    expect(await t.services.db.select().from(payments).where(eq(payments.leadId, loan.leadId))).toHaveLength(0);
  });

  it("rejection needs a reason, records it, posts nothing and is audited", async () => {
    const loan = await openLoan();
    const entered = await desk().enter(collector, { loanNo: loan.loanNo, amountRupees: "400", bankReference: nextUtr(), receivedOn: today() });
    await expect(desk().reject(accountant, { id: entered.id, reason: "no" })).rejects.toBeInstanceOf(InvalidInput);
    await desk().reject(accountant, { id: entered.id, reason: "No such credit in the bank statement" });
    const [row] = await t.services.db.select().from(bankTransfers).where(eq(bankTransfers.id, entered.id));
    expect(row).toMatchObject({ status: "REJECTED", rejectReason: "No such credit in the bank statement", decidedBy: accountant.staffId, paymentId: null });
    const [audit] = await auditRows("posting.reject", entered.id);
    expect(audit.reason).toBe("No such credit in the bank statement");
    expect(await t.services.db.select().from(payments).where(eq(payments.leadId, loan.leadId))).toHaveLength(0);
    expect((await desk().mine(collector)).rows.find((r) => r.id === entered.id)?.rejectReason).toBe("No such credit in the bank statement");
  });

  it("checks the entry: unknown loan, bad amount, bad reference, future date, a reference entered twice", async () => {
    const loan = await openLoan();
    const bad = await desk()
      .enter(collector, { loanNo: "SOT000000", amountRupees: "0", bankReference: "x!", receivedOn: "2999-01-01" })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(InvalidInput);
    expect(Object.keys((bad as InvalidInput).errors ?? {}).sort()).toEqual(["amountRupees", "bankReference", "loanNo", "receivedOn"]);
    const ref = nextUtr();
    await desk().enter(collector, { loanNo: loan.loanNo, amountRupees: "10", bankReference: ref, receivedOn: today() });
    await expect(desk().enter(collector, { loanNo: loan.loanNo, amountRupees: "10", bankReference: ref.toLowerCase(), receivedOn: today() })).rejects.toThrow(
      BANK_TRANSFER_MESSAGES.duplicate,
    );
  });

  it("refuses every role but collections to enter, and every role but accounts to decide; the auditor only reads", async () => {
    const loan = await openLoan();
    const input = { loanNo: loan.loanNo, amountRupees: "10", bankReference: nextUtr(), receivedOn: today() };
    await expect(desk().enter(null, input)).rejects.toBeInstanceOf(NotAuthenticated);
    for (const role of ["accounts", "auditor", "credit_manager", "credit_head", "disbursal", "admin"] as const)
      await expect(desk().enter({ staffId: `x-${role}`, role }, input)).rejects.toBeInstanceOf(Forbidden);
    const entered = await desk().enter(collector, input);
    for (const role of ["collections", "auditor", "credit_head", "disbursal", "admin"] as const) {
      await expect(desk().approve({ staffId: `y-${role}`, role }, { id: entered.id })).rejects.toBeInstanceOf(Forbidden);
      await expect(desk().reject({ staffId: `y-${role}`, role }, { id: entered.id, reason: "Not our money" })).rejects.toBeInstanceOf(Forbidden);
    }
    await expect(desk().pending(collector)).rejects.toBeInstanceOf(Forbidden);
    await expect(desk().mine(accountant)).rejects.toBeInstanceOf(Forbidden);
    expect((await desk().pending(auditor)).rows.map((r) => r.id)).toContain(entered.id);
    await expect(desk().approve(accountant, { id: "not-a-uuid" })).rejects.toThrow(BANK_TRANSFER_MESSAGES.notFound);
  });

  it("the database refuses a decision by the person who entered it, and a bank payment without its order rule", async () => {
    const loan = await openLoan();
    const entered = await desk().enter(collector, { loanNo: loan.loanNo, amountRupees: "10", bankReference: nextUtr(), receivedOn: today() });
    await expect(t.services.db.update(bankTransfers).set({ decidedBy: collector.staffId }).where(eq(bankTransfers.id, entered.id))).rejects.toThrow();
    const [anyEntry] = await t.services.db.select({ id: ledgerEntries.id }).from(ledgerEntries).limit(1);
    await expect(
      t.services.db.insert(payments).values({
        gateway: "razorpay",
        gatewayPaymentId: "pay_no_order",
        paymentOrderId: null,
        leadId: loan.leadId,
        amountPaise: 100,
        receivedOn: today(),
        appliedToLoan: true,
        ledgerEntryId: anyEntry.id,
        createdAt: new Date(),
      }),
    ).rejects.toThrow();
  });
});
