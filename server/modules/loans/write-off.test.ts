// Write-off and recovery after write-off (issue 29 finding 6, decision 44), with the books check after
// each step. The demo loan: ₹20,000 from 12 Nov 2026, repayment date 7 Dec 2026, never paid. By 75 days
// past due the caps are reached: interest ₹5,000 + ₹15,000 after the due date, penal ₹5,000; ₹45,000 owed.
// At 91 days past due it is NPA: the unpaid ₹20,000 and ₹5,000 leave income for suspense, and the
// provision is 10% of the net book value (₹45,000 − ₹25,000 = ₹20,000): ₹2,000.
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { addDays, type IsoDate } from "../../../core/calendar.ts";
import { auditLog } from "../../db/schema/index.ts";
import { approvedTransfer, moveClockTo, openDayEndApp } from "../../test-support/day-end.ts";
import { createTestApp, randomMobile, type TestClock } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { WRITE_OFF_MESSAGES } from "./write-off.service.ts";

const collector: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000c3", role: "collections", email: "collector@salaryontime.test" };
const accountant: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a3", role: "accounts", email: "accounts@salaryontime.test" };
const otherAccountant: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a4", role: "accounts", email: "accounts2@salaryontime.test" };
const creditHead: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000b3", role: "credit_head", email: "head@salaryontime.test" };
const DUE = "2026-12-07";
const dpd = (n: number) => addDays(DUE, n);

describe("write-off of an NPA and recovery after it", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let clock: TestClock;
  let utr = 0;
  openDayEndApp((app, c) => ((t = app), (clock = c)));

  const moveTo = (day: IsoDate, hh: number, mm: number) => moveClockTo(clock, day, hh, mm);

  const bankTransfer = (loanNo: string, rupees: string, receivedOn: IsoDate) =>
    approvedTransfer(t.services, { collector, accountant }, { loanNo, amountRupees: rupees, bankReference: `UTRWO${++utr}X`, receivedOn });

  it("is entered by accounts for an NPA only, approved by the credit head, uses the provision, and makes later payments recovery", async () => {
    const demo = await createDemoCustomer(t.services, { mobile: randomMobile(), userType: "UNPAID-REPEAT" });
    const leadId = demo.activeLoanId!;
    const { loanNo } = (await t.services.loans.byId(leadId))!;
    const { writeOffs, ledger, booksCheck, assetClassification: ac } = t.services;
    const held = async () => {
      const b = await ledger.balances(leadId);
      return [
        b.principal_receivable,
        b.interest_receivable,
        b.penal_receivable,
        b.interest_suspense,
        b.penal_suspense,
        b.loan_loss_provision,
        b.write_off_expense,
        b.recovery_after_write_off,
        b.customer_excess,
      ];
    };
    const booksAgree = async (on: IsoDate) => expect(await booksCheck.run(on)).toMatchObject({ problems: [], ok: true });
    const reason = "No contact for 90 days; employer confirms the borrower has left";

    // 90 days past due (SMA-2): not an NPA, so it cannot be written off.
    moveTo(dpd(90), 11, 30);
    await t.services.servicing.runAccrual();
    await expect(writeOffs.enter(accountant, { loanNo: loanNo!, reason })).rejects.toThrow(WRITE_OFF_MESSAGES.notNpa);

    // 91 days past due: NPA at its day-end.
    moveTo(dpd(91), 11, 30);
    await t.services.servicing.runAccrual();
    moveTo(dpd(92), 0, 20);
    await ac.runDayEnd();
    expect(await held()).toEqual([2_000_000, 2_000_000, 500_000, 2_000_000, 500_000, 200_000, 0, 0, 0]);
    await booksAgree(dpd(92));

    // Bad input changes nothing; only accounts enters, only the credit head decides.
    await expect(writeOffs.enter(accountant, { loanNo: loanNo!, reason: "short" })).rejects.toThrow(WRITE_OFF_MESSAGES.reason);
    await expect(writeOffs.enter(accountant, { loanNo: "SOT-NOPE", reason })).rejects.toThrow(WRITE_OFF_MESSAGES.loanNo);
    await expect(writeOffs.enter(creditHead, { loanNo: loanNo!, reason })).rejects.toThrow("Your role cannot do this.");
    moveTo(dpd(92), 10, 0);
    const entered = await writeOffs.enter(accountant, { loanNo: loanNo!, reason });
    expect(entered).toMatchObject({ status: "PENDING", loanNo, reason });
    await expect(writeOffs.enter(otherAccountant, { loanNo: loanNo!, reason })).rejects.toThrow(WRITE_OFF_MESSAGES.already);
    await expect(writeOffs.approve(otherAccountant, { id: entered.id })).rejects.toThrow("Your role cannot do this.");
    // Nothing is posted until it is approved.
    expect((await held()).slice(0, 6)).toEqual([2_000_000, 2_000_000, 500_000, 2_000_000, 500_000, 200_000]);
    expect((await writeOffs.list(creditHead)).pending.map((w) => w.id)).toEqual([entered.id]);

    // Approved: suspense ₹25,000 cleared against interest and penal; ₹20,000 principal met by the ₹2,000
    // provision and ₹18,000 of write-off expense.
    moveTo(dpd(92), 11, 0);
    expect(await writeOffs.approve(creditHead, { id: entered.id })).toMatchObject({
      status: "APPROVED",
      writtenOffOn: dpd(92),
      amountPaise: 2_000_000,
      provisionUsedPaise: 200_000,
    });
    await expect(writeOffs.approve(creditHead, { id: entered.id })).rejects.toThrow(WRITE_OFF_MESSAGES.notPending);
    expect(await held()).toEqual([0, 0, 0, 0, 0, 0, 1_800_000, 0, 0]);
    expect(await ledger.entryByKey(`write-off:${leadId}`)).toMatchObject({ kind: "write_off", effectiveOn: dpd(92) });
    const audited = await t.services.db
      .select({ action: auditLog.action, actorRole: auditLog.actorRole })
      .from(auditLog)
      .where(and(eq(auditLog.targetKind, "loan"), eq(auditLog.targetId, leadId)));
    expect(audited.map((a) => [a.action, a.actorRole])).toEqual([
      ["write_off.enter", "accounts"],
      ["write_off.approve", "credit_head"],
    ]);
    // The borrower still owes ₹45,000: the loan stays open.
    expect((await t.services.loans.byId(leadId))!.status).toBe("DISBURSED");
    await booksAgree(dpd(92));

    // Later nights book nothing for it, and the provision stays at zero.
    moveTo(dpd(93), 0, 20);
    await ac.runDayEnd();
    moveTo(dpd(93), 11, 30);
    await t.services.servicing.runAccrual();
    expect(await held()).toEqual([0, 0, 0, 0, 0, 0, 1_800_000, 0, 0]);

    // ₹10,000 paid: recovery after write-off; ₹35,000 still owed.
    expect(await bankTransfer(loanNo!, "10,000", dpd(93))).toMatchObject({ loanClosed: false, excessPaise: 0 });
    expect(await held()).toEqual([0, 0, 0, 0, 0, 0, 1_800_000, 1_000_000, 0]);
    await booksAgree(dpd(93));

    // ₹36,000 paid: ₹35,000 recovered closes the loan; ₹1,000 above it is the customer's, for refund.
    moveTo(dpd(94), 11, 30);
    expect(await bankTransfer(loanNo!, "36,000", dpd(94))).toMatchObject({ loanClosed: true, excessPaise: 100_000 });
    expect(await held()).toEqual([0, 0, 0, 0, 0, 0, 1_800_000, 4_500_000, 100_000]);
    moveTo(dpd(95), 0, 20);
    await ac.runDayEnd();
    await booksAgree(dpd(95));
  }, 120_000);
});
