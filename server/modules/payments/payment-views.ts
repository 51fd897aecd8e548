// What a loan's payments say, for the rest of the house (decisions 28-30, 37): the books check's list,
// dues on a day and today (in rupees for the dashboard, or as a part of one SQL statement), the daily
// accrual, customer excess due for refund, and the No Dues Certificate. Payment posting writes them.
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { REPAY_CODES, documentLanguage } from "../../../core/i18n/index.ts";
import { paiseToRupees, type Dues, type LoanPayment } from "../../../core/loan-math/index.ts";
import type { Db } from "../../db/client.ts";
import { ledgerEntries, payments } from "../../db/schema/index.ts";
import { NotAvailable } from "../domain-errors.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import { isLoan, loanFacts, termsOfJson, type LoanLead, type LoansService } from "../loans/loans.service.ts";
import { noDuesCertificatePdf } from "./no-dues-certificate.ts";
import type { payerProfile } from "./payer-profile.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
const rupees = (paise: number) => paiseToRupees(paise);

export function createPaymentViews(deps: {
  db: Db;
  ledger: LedgerService;
  loans: LoansService;
  leads: LeadsService;
  now: () => Date;
  loanPayments: (executor: Pick<Db, "select">, leadId: string) => Promise<(LoanPayment & { key: string })[]>;
  duesToday: (lead: LoanLead) => Promise<Dues>;
  profileOf: (profileId: string) => ReturnType<typeof payerProfile>;
}) {
  const { db, ledger, loans, leads, now, loanPayments, duesToday, profileOf } = deps;
  return {
    /**
     * Every payment of a loan by value date, applied to it or held as excess (the books check), with the
     * day its entry is dated in the ledger: its value date, or the first open day when that was closed.
     */
    async paymentsForCheck(leadId: string) {
      const rows = await db
        .select({
          on: payments.receivedOn,
          amount: payments.amountPaise,
          applied: payments.appliedToLoan,
          excess: payments.excessPaise,
          bookedOn: ledgerEntries.effectiveOn,
        })
        .from(payments)
        .leftJoin(ledgerEntries, eq(ledgerEntries.id, payments.ledgerEntryId))
        .where(eq(payments.leadId, leadId))
        .orderBy(asc(payments.receivedOn), asc(payments.createdAt), asc(payments.id));
      return rows.map((r) => ({
        on: r.on as IsoDate,
        amount: Number(r.amount),
        applied: r.applied,
        excess: Number(r.excess),
        bookedOn: (r.bookedOn ?? r.on) as IsoDate,
      }));
    },

    /** What an open loan owes at the end of `on` (India date) from its payments (decision 28); null when it is not open. */
    async duesOn(lead: LoanLead, on: IsoDate) {
      if (lead.status !== "DISBURSED" || !isLoan(lead)) return null;
      return loans.duesOn(lead, await loans.terms(db, lead.id), await loanPayments(db, lead.id), on);
    },

    /**
     * The daily accrual (servicing job): brings an open loan's interest and penal postings up to `on`,
     * under the loan lock, one entry of each kind per loan per day (ledger keys interest:/penal:<loan>:<date>).
     */
    async accrue(leadId: string, on: IsoDate) {
      return db.transaction(async (tx) => {
        const lead = await loans.lock(tx, leadId);
        if (!lead || lead.status !== "DISBURSED" || !isLoan(lead) || lead.disbursalDate! > on) return { interest: 0, penal: 0 };
        // Charges already brought to a later day (the sandbox clock set back): nothing to do today.
        const last = await ledger.lastChargedOn(lead.id, tx);
        if (last && last > on) return { interest: 0, penal: 0 };
        return ledger.accrueTo(tx, { loanId: lead.id, facts: loanFacts(lead, await loans.terms(tx, lead.id), await loanPayments(tx, lead.id)), on });
      });
    },

    /** The dashboard's total_due: "total due today" (core dues' closeToday) in rupees, null without a loan. */
    async totalDueToday(lead: LoanLead): Promise<number | null> {
      if (lead.status !== "DISBURSED" || !isLoan(lead)) return null;
      return rupees((await duesToday(lead)).closeToday);
    },

    /**
     * totalDueToday as a part of one statement of the caller's: `loanId` is that statement's SQL for
     * the lead; `sql` reads its payments as loanPayments does, and `figures` works out, from them, one
     * run of core dues, both the total due today and what the loan will owe on its repayment date.
     */
    totalDuePart(loanId: SQL) {
      return {
        sql: sql`json_build_array((select coalesce(json_agg(json_build_array(${payments.receivedOn}::text, ${payments.amountPaise}::text) order by ${payments.receivedOn}, ${payments.createdAt}, ${payments.id}), '[]') from ${payments} where ${payments.leadId} = ${loanId} and ${payments.appliedToLoan}), (select row_to_json(t) from loan_terms t where t.lead_id = ${loanId}))`,
        /** Rupees; null for a lead that is not a disbursed loan. */
        figures(lead: LoanLead, value: unknown): { totalDue: number; dueOnRepaymentDate: number } | null {
          if (lead.status !== "DISBURSED" || !isLoan(lead)) return null;
          const [rows, termsRow] = value as [[IsoDate, string][], Record<string, unknown> | null];
          if (!termsRow) return null;
          const paid = rows.map(([on, amount]) => ({ on, amount: Number(amount) }));
          const d = loans.duesOn(lead, termsOfJson(termsRow), paid, todayInIndia(now()));
          // "Total due today" is what closes the loan today, the checkout's figure (issue 29).
          return { totalDue: rupees(d.closeToday), dueOnRepaymentDate: rupees(d.dueOnRepaymentDate) };
        },
      };
    },

    /** Customer excess awaiting refund (decision 29): payments above what was due, or for a closed loan. */
    async refundsDue() {
      return db
        .select({
          paymentId: payments.id,
          leadId: payments.leadId,
          gateway: payments.gateway,
          gatewayPaymentId: payments.gatewayPaymentId,
          excessPaise: payments.excessPaise,
          receivedOn: payments.receivedOn,
        })
        .from(payments)
        .where(eq(payments.refundStatus, "due"))
        .orderBy(asc(payments.createdAt));
    },

    /** Decision 37: the loan's excess is all refunded, so its payments' excess is no longer due (inside the refund's transaction). */
    async markExcessRefunded(tx: Tx, leadId: string) {
      await tx
        .update(payments)
        .set({ refundStatus: "refunded" })
        .where(and(eq(payments.leadId, leadId), eq(payments.refundStatus, "due")));
    },

    /** Decision 30: the owner's No Dues Certificate, for a closed loan only. */
    async noDuesCertificate(profileId: string, leadId: string) {
      const lead = await leads.requireOwned(profileId, leadId);
      if (lead.status !== "CLOSED" || !isLoan(lead)) throw new NotAvailable(REPAY_CODES.notClosed);
      const p = await profileOf(profileId);
      const paid = await loanPayments(db, lead.id);
      const bytes = await noDuesCertificatePdf({
        fullName: p.fullName ?? "",
        loanNo: lead.loanNo ?? "",
        principalRupees: lead.loanRecommended,
        disbursalDate: lead.disbursalDate,
        closedOn: todayInIndia(lead.statusChangedAt),
        totalPaidRupees: rupees(paid.reduce((s, x) => s + x.amount, 0)),
        issuedOn: todayInIndia(now()),
        language: documentLanguage(p),
      });
      return { bytes, filename: `No-Dues-Certificate-${(lead.loanNo ?? lead.id).replace(/[^A-Za-z0-9-]/g, "")}.pdf` };
    },
  };
}
