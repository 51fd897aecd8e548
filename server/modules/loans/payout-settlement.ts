// A payout's outcome, applied once (decisions 26, 32, 36): paid makes the sanctioned lead a loan;
// failed ends the attempt; reversed (the bank returned a paid payout) undoes the loan with reversing
// entries and tells the customer. A repeated, late or out-of-order event changes nothing.
import { and, eq, sql } from "drizzle-orm";
import { todayInIndia } from "../../../core/calendar.ts";
import { formatLoanNo } from "../../../core/credit.ts";
import { customerLanguage, noticeDate, type Language } from "../../../core/i18n/index.ts";
import { coolingOffUntil } from "../../../core/kfs-at-disbursal.ts";
import { dues, formatINR, paiseToRupees } from "../../../core/loan-math/index.ts";
import type { Db } from "../../db/client.ts";
import { bankAccounts, customerProfiles, leads, loanQuotes, payouts } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { PayoutResult } from "../../providers/payout/port.ts";
import { customerEmail } from "../../providers/email/customer-email.ts";
import { isEmailAddress, type Email, type EmailPort } from "../../providers/email/port.ts";
import type { Notice, SmsNoticePort } from "../../providers/sms/port.ts";
import type { AuditRecorder } from "../credit/credit.service.ts";
import { disbursalEntryOfTerms, ledgerKeys, reversalEntry, type LedgerService, type Posting } from "../ledger/ledger.service.ts";
import type { Tx } from "../journey/journey.service.ts";
import { startCoolingOff, termsOf } from "./loans.service.ts";
import { markDisbursed, returnToSanctioned } from "./loan-status.ts";

type PayoutRow = typeof payouts.$inferSelect;
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
    const [lead] = await tx.select().from(leads).where(eq(leads.id, row.loanId)).for("update");
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
      amount: formatINR(Number(row.amountPaise) / 100),
      loan_no: loanNo,
      total_due: formatINR(paiseToRupees(dueOnRepaymentDate)),
      repayment_date: noticeDate(lead.repaymentDate!, lang),
      cooling_off_until: noticeDate(coolingOffEndsOn ?? coolingOffUntil(today), lang),
    };
    const notice: Notice = { kind: "loan_disbursed", vars };
    const mail =
      contact && isEmailAddress(contact.email)
        ? customerEmail({ to: contact.email, lang, name: contact.name, kind: "loan_disbursed", values: { ...vars, link: `${origin}/my-dashboard` } })
        : undefined;
    return { contact, notice, email: mail };
  }

  /** The bank returned a paid payout: reverse the disbursal and any accruals; the lead is SANCTIONED again. */
  async function reversed(tx: Tx, row: PayoutRow, event: PayoutResult, at: Date) {
    const [lead] = await tx.select().from(leads).where(eq(leads.id, row.loanId)).for("update");
    if (!lead || lead.status !== "DISBURSED") return null;
    const reason = event.failureReason ?? "The beneficiary's bank returned the payout.";
    const memo = `payout reversed by the bank: ${reason}`.slice(0, 200);
    // Nothing is charged to the borrower: every accrual goes with the disbursal (each reversal posts once).
    // Each reversal carries its original's date, as value dating's do, so the books as of any day say no loan.
    for (const entry of await ledger.entries(lead.id, tx)) {
      const mine = entry.idempotencyKey === disbursalKeyOf(row) || entry.kind === "interest_accrual" || entry.kind === "penal_accrual";
      if (!mine) continue;
      const original = { idempotencyKey: entry.idempotencyKey, loanId: entry.loanId, postings: entry.postings as Posting[] };
      // An original in a closed month is reversed on the first open day, its memo naming the day (decision 44).
      await ledger.post(tx, reversalEntry(original, { effectiveOn: entry.effectiveOn, occurredAt: at, memo }), { ifClosed: "first_open_day" });
    }
    const [quote] = await tx.select({ totalRepayable: loanQuotes.totalRepayable }).from(loanQuotes).where(eq(loanQuotes.leadId, lead.id));
    if (!(await returnToSanctioned(tx, lead.id, { kfsTotalRepayable: Number(quote?.totalRepayable ?? lead.repaymentAmount), at }))) return null;
    if (await termsOf(tx, lead.id)) await startCoolingOff(tx, lead.id, null);
    await tx.update(payouts).set({ status: "REVERSED", reversalReason: reason, reversedAt: at }).where(eq(payouts.id, row.id));
    // The account that bounced is not trusted again until it passes a fresh penny drop (banking's verifyBeforePayout).
    await tx.update(bankAccounts).set({ verificationStatus: "SKIPPED", updatedAt: at }).where(eq(bankAccounts.leadId, lead.id));
    await audit.record(tx, {
      actor: null,
      action: "loan.payout_reversed",
      target: { kind: "loan", id: lead.id },
      before: { status: "DISBURSED", loanNo: lead.loanNo, utr: row.utr },
      after: { status: "SANCTIONED", reason, attempt: row.attempt },
    });
    const notice: Notice = { kind: "payout_reversed", vars: { amount: formatINR(Number(row.amountPaise) / 100), loan_no: lead.loanNo ?? "" } };
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
