// A payout's outcome, applied once (decisions 26, 32, 36): paid makes the sanctioned lead a loan;
// failed ends the attempt; reversed (the bank returned a paid payout) undoes the loan with reversing
// entries and tells the customer. A repeated, late or out-of-order event changes nothing.
import { and, eq, sql } from "drizzle-orm";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { formatLoanNo } from "../../../core/credit.ts";
import { customerLanguage, noticeDate, type Language } from "../../../core/i18n/index.ts";
import { coolingOffUntil } from "../../../core/kfs-at-disbursal.ts";
import { dues, formatPaise } from "../../../core/loan-math/index.ts";
import type { Db } from "../../db/client.ts";
import { bankAccounts, customerProfiles, leads, payments, payouts } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { PayoutResult } from "../../providers/payout/port.ts";
import { customerEmail } from "../../providers/email/customer-email.ts";
import { isEmailAddress, type Email, type EmailPort } from "../../providers/email/port.ts";
import type { Notice, SmsNoticePort } from "../../providers/sms/port.ts";
import type { AuditRecorder } from "../credit/credit.service.ts";
import { disbursalEntryOfTerms, ledgerKeys, repaymentEntry, reversalEntry, type LedgerService, type Posting } from "../ledger/ledger.service.ts";
import { reopenAfterClosure, type Tx } from "../journey/journey.service.ts";
import { startCoolingOff, termsOf } from "./loans.service.ts";
import { markDisbursed, returnToSanctioned } from "./loan-status.ts";
import { selectLeads } from "./loan-account.service.ts";

type PayoutRow = typeof payouts.$inferSelect;
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
const OPEN = ["PENDING", "UNKNOWN"] as const;
const isOpen = (status: string) => (OPEN as readonly string[]).includes(status);

/** The disbursal's ledger key: `payout:<loan id>` for the first attempt, `payout:<loan id>:<n>` after a reversal. */
export const disbursalKeyOf = (row: Pick<PayoutRow, "idempotencyKey">) => ledgerKeys.payout(row.idempotencyKey);

/** Who hears of a payout: the profile's mobile, e-mail and name, and the language they read (issue 23). */
type Contact = { mobile: string; email: string | null; name: string | null; lang: Language };
type Told = { contact: Contact | null; notice: Notice; email?: Email };

export function createPayoutSettlement(deps: {
  db: Db;
  ledger: LedgerService;
  sms: SmsNoticePort;
  /** Issue 23: the payout is confirmed by e-mail too, when the profile has an address. */
  email: EmailPort;
  /** The dashboard's address, linked from the payout e-mail. */
  publicOrigin: string;
  audit: AuditRecorder;
  now: () => Date;
  logger: Logger;
}) {
  const { db, ledger, sms, email, audit, now, logger } = deps;
  const origin = deps.publicOrigin.replace(/\/$/, "");

  /** The attempt an event is about: by the provider's id, then by our key (reference_id), then the loan's live attempt. */
  async function attemptOf(tx: Tx, event: PayoutResult): Promise<PayoutRow | null> {
    if (event.providerReference) {
      const [byRef] = await tx.select().from(payouts).where(eq(payouts.providerReference, event.providerReference)).for("update");
      if (byRef) return byRef;
    }
    if (event.reference) {
      const [byKey] = await tx.select().from(payouts).where(eq(payouts.idempotencyKey, event.reference)).for("update");
      return byKey ?? null;
    }
    const [live] = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.loanId, event.loanId.toLowerCase()), sql`${payouts.status} IN ('PENDING', 'UNKNOWN', 'SUCCESS')`))
      .for("update");
    return live ?? null;
  }

  async function contactOf(tx: Tx, profileId: string): Promise<Contact | null> {
    const [p] = await tx
      .select({
        mobile: customerProfiles.mobile,
        email: customerProfiles.personalEmail,
        name: customerProfiles.fullName,
        lang: customerProfiles.preferredLanguage,
      })
      .from(customerProfiles)
      .where(eq(customerProfiles.id, profileId));
    return p ? { ...p, lang: customerLanguage(p.lang) } : null;
  }

  async function paid(tx: Tx, row: PayoutRow, event: PayoutResult, at: Date) {
    const [lead] = await selectLeads(tx).where(eq(leads.id, row.loanId)).for("update");
    if (!lead || lead.status !== "SANCTIONED") return null;
    const today = todayInIndia(at);
    // A loan paid out again after a reversal keeps its number; numbers are never reused.
    let loanNo = lead.loanNo;
    if (!loanNo) {
      const seqResult = (await tx.execute(sql`SELECT nextval('loan_no_seq')::int AS seq`)) as unknown as { rows: { seq: number }[] };
      loanNo = formatLoanNo(today, Number(seqResult.rows[0].seq));
    }
    // The loan's own terms (decision 34): interest runs from the disbursal date to the agreed repayment
    // date and is never more than the KFS figure (decisions 26, 35); what is due then, in paise, from dues().
    const terms = await termsOf(tx, lead.id);
    if (!terms) return null;
    const dueOnRepaymentDate = dues(
      { principal: terms.principal, disbursalDate: today, repaymentDate: terms.repaymentDate, rates: terms },
      today,
    ).dueOnRepaymentDate;
    if (!(await markDisbursed(tx, lead.id, { loanNo, disbursedOn: today, repaymentAmountPaise: dueOnRepaymentDate, at }))) return null;
    const coolingOffEndsOn = await startCoolingOff(tx, lead.id, today);
    await ledger.post(tx, {
      ...disbursalEntryOfTerms({ loanId: lead.id, terms, disbursedOn: today, occurredAt: at, payoutReference: event.utr ?? event.providerReference }),
      idempotencyKey: disbursalKeyOf(row),
    });
    await tx
      .update(payouts)
      .set({ status: "SUCCESS", utr: event.utr, providerReference: event.providerReference, settledAt: at })
      .where(eq(payouts.id, row.id));
    await audit.record(tx, {
      actor: null,
      action: "loan.disbursed",
      target: { kind: "loan", id: lead.id },
      before: { status: "SANCTIONED" },
      after: { status: "DISBURSED", loanNo, utr: event.utr, attempt: row.attempt },
    });
    const contact = await contactOf(tx, lead.profileId);
    const lang = contact?.lang ?? "en";
    // The same figures in either language; dates in words in Hindi.
    const vars = {
      amount: formatPaise(Number(row.amountPaise)),
      loan_no: loanNo,
      total_due: formatPaise(dueOnRepaymentDate),
      repayment_date: noticeDate(lead.repaymentDate!, lang),
      cooling_off_until: noticeDate(coolingOffEndsOn ?? coolingOffUntil(today, terms.coolingOffDays), lang),
    };
    const notice: Notice = { kind: "loan_disbursed", vars };
    const mail =
      contact && isEmailAddress(contact.email)
        ? customerEmail({ to: contact.email, lang, name: contact.name, kind: "loan_disbursed", values: { ...vars, link: `${origin}/my-dashboard` } })
        : undefined;
    return { contact, notice, email: mail };
  }

  /**
   * The bank returned a paid payout: reverse the disbursal and any accruals; the lead is SANCTIONED again.
   * Money the customer paid meanwhile is no longer a repayment (there was never a loan): each live
   * repayment is reversed and posted again as customer excess, held for refund (decision 29), even
   * when it had closed the loan.
   */
  async function reversed(tx: Tx, row: PayoutRow, event: PayoutResult, at: Date) {
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
  }

  async function apply(tx: Tx, row: PayoutRow, event: PayoutResult, at: Date): Promise<Told | "changed" | null> {
    if (row.providerReference && event.providerReference && row.providerReference !== event.providerReference) return null;
    const open = isOpen(row.status);
    if (event.status === "SUCCESS") return open ? paid(tx, row, event, at) : null;
    if (event.status === "REVERSED" && row.status === "SUCCESS") return reversed(tx, row, event, at);
    if (!open) return null;
    if (event.status === "PENDING") {
      if (row.status !== "UNKNOWN") return null;
      // The provider has it and is still working on it: wait for its webhook, never a new attempt.
      await tx
        .update(payouts)
        .set({ status: "PENDING", providerReference: event.providerReference || row.providerReference })
        .where(eq(payouts.id, row.id));
      await audit.record(tx, {
        actor: null,
        action: "payout.found",
        target: { kind: "loan", id: row.loanId },
        before: { status: "UNKNOWN" },
        after: { status: "PENDING" },
      });
      return "changed";
    }
    // FAILED, or REVERSED before we saw it paid: the provider confirms the money did not stay out.
    const reason = event.failureReason ?? "Payout failed.";
    await tx
      .update(payouts)
      .set({ status: event.status, failureReason: reason, providerReference: event.providerReference || row.providerReference, settledAt: at })
      .where(eq(payouts.id, row.id));
    await audit.record(tx, {
      actor: null,
      action: "payout.failed",
      target: { kind: "loan", id: row.loanId },
      before: { status: row.status },
      after: { status: event.status, attempt: row.attempt, reason },
    });
    return "changed";
  }

  return {
    /** Applies a provider's answer (webhook or status call) once; a repeated or late one changes nothing. */
    async settle(event: PayoutResult): Promise<{ applied: boolean }> {
      if (!/^[0-9a-f-]{36}$/i.test(event.loanId) && !event.reference) return { applied: false };
      const done = await db.transaction(async (tx) => {
        const row = await attemptOf(tx, event);
        if (!row || (event.loanId && row.loanId !== event.loanId.toLowerCase())) return null;
        return apply(tx, row, event, now());
      });
      if (done && done !== "changed" && done.contact) {
        const { contact, notice } = done;
        await sms.sendNotice({ mobile: contact.mobile, notice, lang: contact.lang }).catch(() => logger.warn("payout SMS failed", { kind: notice.kind }));
        if (done.email) await email.send(done.email).catch(() => logger.warn("payout e-mail failed", { kind: notice.kind }));
      }
      return { applied: done !== null };
    },
  };
}

export type PayoutSettlement = ReturnType<typeof createPayoutSettlement>;
