// A paid payout the bank returned (decisions 26, 29, 44): the loan is undone with reversing entries,
// what the customer paid meanwhile is held for refund, and the lead is SANCTIONED again.
import { and, eq, sql } from "drizzle-orm";
import type { IsoDate } from "../../../core/calendar.ts";
import { formatPaise } from "../../../core/loan-math/index.ts";
import { bankAccounts, leads, payments, payouts } from "../../db/schema/index.ts";
import type { PayoutResult } from "../../providers/payout/port.ts";
import type { Notice } from "../../providers/sms/port.ts";
import type { AuditRecorder } from "../credit/credit.service.ts";
import { ledgerKeys, repaymentEntry, reversalEntry, type LedgerService, type Posting } from "../ledger/ledger.service.ts";
import { reopenAfterClosure, type Tx } from "../journey/journey.service.ts";
import { startCoolingOff, termsOf } from "./loans.service.ts";
import { returnToSanctioned } from "./loan-status.ts";
import { selectLeads } from "./loan-account.service.ts";
import { contactOf, disbursalKeyOf, type PayoutRow } from "./payout-common.ts";

type LedgerEntry = Awaited<ReturnType<LedgerService["entries"]>>[number];

/** A repayment entry with something applied to the loan (not already all excess). */
const isRepaymentOf = (postings: readonly Posting[]) => postings.some((p) => p.side === "credit" && p.account !== "customer_excess");

/**
 * A payment that met a reversed payout, posted again as all customer excess: the same receiving
 * account and value date, keyed by its payment (the part before '#') and the payout attempt.
 */
function excessAgain(entry: LedgerEntry, row: PayoutRow, at: Date) {
  const received = entry.postings.find((p) => p.side === "debit")!;
  const paymentKey = entry.idempotencyKey.split("#")[0];
  return repaymentEntry({
    loanId: entry.loanId!,
    idempotencyKey: `${paymentKey}#payout-returned-${row.attempt}`,
    receivedOn: entry.effectiveOn as IsoDate,
    occurredAt: at,
    into: received.account as Extract<Parameters<typeof repaymentEntry>[0]["into"], string>,
    allocation: { interest: 0, principal: 0, penal: 0, excess: received.amount },
    memo: `${entry.memo ?? "payment"}: held for refund, the payout was returned`.slice(0, 200),
  });
}

export function createPayoutReversed(deps: { ledger: LedgerService; audit: AuditRecorder }) {
  const { ledger, audit } = deps;

  /**
   * The bank returned a paid payout: reverse the disbursal and any accruals; the lead is SANCTIONED again.
   * Money the customer paid meanwhile is no longer a repayment (there was never a loan): each live
   * repayment is reversed and posted again as customer excess, held for refund (decision 29), even
   * when it had closed the loan.
   */
  return async function reversed(tx: Tx, row: PayoutRow, event: PayoutResult, at: Date) {
    const [lead] = await selectLeads(tx).where(eq(leads.id, row.loanId)).for("update");
    if (!lead || (lead.status !== "DISBURSED" && lead.status !== "CLOSED")) return null;
    const wasClosed = lead.status === "CLOSED";
    const reason = event.failureReason ?? "The beneficiary's bank returned the payout.";
    const memo = `payout reversed by the bank: ${reason}`.slice(0, 200);
    // Nothing is charged to the borrower: every accrual goes with the disbursal (each reversal posts once).
    // Each reversal carries its original's date, as value dating's do, so the books as of any day say no loan.
    const entries = await ledger.entries(lead.id, tx);
    const reversedKeys = new Set(entries.filter((e) => e.kind === "reversal").map((e) => e.idempotencyKey));
    for (const entry of entries) {
      const charge = entry.idempotencyKey === disbursalKeyOf(row) || entry.kind === "interest_accrual" || entry.kind === "penal_accrual";
      const liveRepayment =
        entry.kind === "repayment" && !reversedKeys.has(ledgerKeys.reversal(entry.idempotencyKey)) && isRepaymentOf(entry.postings as Posting[]);
      if (!charge && !liveRepayment) continue;
      const original = { idempotencyKey: entry.idempotencyKey, loanId: entry.loanId, postings: entry.postings as Posting[] };
      // An original in a closed month is reversed on the first open day, its memo naming the day (decision 44).
      await ledger.post(tx, reversalEntry(original, { effectiveOn: entry.effectiveOn, occurredAt: at, memo }), { ifClosed: "first_open_day" });
      if (liveRepayment) await ledger.post(tx, excessAgain(entry, row, at), { ifClosed: "first_open_day" });
    }
    // The payments module's rows say the same: nothing applied to a loan, all held for refund.
    await tx
      .update(payments)
      .set({ appliedToLoan: false, excessPaise: sql`${payments.amountPaise}`, refundStatus: "due" })
      .where(and(eq(payments.leadId, lead.id), eq(payments.appliedToLoan, true)));
    // The amounts are the KFS's again: its total, from the loan's terms row.
    const terms = await termsOf(tx, lead.id);
    const kfsTotalRepayablePaise = terms ? terms.principal + terms.interestPaise : (lead.repaymentAmountPaise ?? 0);
    if (!(await returnToSanctioned(tx, lead.id, { kfsTotalRepayablePaise, at }))) return null;
    // A loan closed by payments that never reached a loan: the customer is again waiting for a payout.
    if (wasClosed) await reopenAfterClosure(tx, lead.profileId, at);
    if (terms) await startCoolingOff(tx, lead.id, null);
    await tx.update(payouts).set({ status: "REVERSED", reversalReason: reason, reversedAt: at }).where(eq(payouts.id, row.id));
    // The account that bounced is not trusted again until it passes a fresh penny drop (banking's verifyBeforePayout).
    await tx.update(bankAccounts).set({ verificationStatus: "SKIPPED", updatedAt: at }).where(eq(bankAccounts.leadId, lead.id));
    await audit.record(tx, {
      actor: null,
      action: "loan.payout_reversed",
      target: { kind: "loan", id: lead.id },
      before: { status: lead.status, loanNo: lead.loanNo, utr: row.utr },
      after: { status: "SANCTIONED", reason, attempt: row.attempt },
    });
    const notice: Notice = { kind: "payout_reversed", vars: { amount: formatPaise(Number(row.amountPaise)), loan_no: lead.loanNo ?? "" } };
    return { contact: await contactOf(tx, lead.profileId), notice };
  };
}
