// A payout paid (decisions 26, 32, 36): the sanctioned lead becomes a loan with its number, its
// disbursal posted from its own terms, and the customer told by SMS and e-mail.
import { eq, sql } from "drizzle-orm";
import { todayInIndia } from "../../../core/calendar.ts";
import { formatLoanNo } from "../../../core/credit.ts";
import { noticeDate } from "../../../core/i18n/index.ts";
import { coolingOffUntil } from "../../../core/kfs-at-disbursal.ts";
import { dues, formatPaise } from "../../../core/loan-math/index.ts";
import { leads, payouts } from "../../db/schema/index.ts";
import type { PayoutResult } from "../../providers/payout/port.ts";
import { customerEmail } from "../../providers/email/customer-email.ts";
import { isEmailAddress } from "../../providers/email/port.ts";
import type { Notice } from "../../providers/sms/port.ts";
import type { AuditRecorder } from "../credit/credit.service.ts";
import { disbursalEntryOfTerms, type LedgerService } from "../ledger/ledger.service.ts";
import type { Tx } from "../journey/journey.service.ts";
import { startCoolingOff, termsOf } from "./loans.service.ts";
import { markDisbursed } from "./loan-status.ts";
import { selectLeads } from "./loan-account.service.ts";
import { contactOf, disbursalKeyOf, type PayoutRow } from "./payout-common.ts";

export function createPayoutPaid(deps: { ledger: LedgerService; audit: AuditRecorder; publicOrigin: string }) {
  const { ledger, audit } = deps;
  const origin = deps.publicOrigin.replace(/\/$/, "");

  return async function paid(tx: Tx, row: PayoutRow, event: PayoutResult, at: Date) {
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
  };
}
