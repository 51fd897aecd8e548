// Loans (decisions 26, 28 and 30): a disbursed lead is a loan. This module is the one writer of a
// loan's status after disbursal (DISBURSED → CLOSED) and says what a loan owes from its facts.
// Payments pass their own rows in (the payments module owns them), so nothing here imports it.
import { and, asc, eq, gte, inArray, isNotNull, or, sql } from "drizzle-orm";
import { addDays, type IsoDate } from "../../../core/calendar.ts";
import { userTypeFor } from "../../../core/journey/index.ts";
import { dues, type Dues, type LoanFacts, type LoanPayment, type LoanTerms } from "../../../core/loan-math/index.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, leads, loanAccounts, loanTerms } from "../../db/schema/index.ts";
import { advance, type Tx } from "../journey/journey.service.ts";
import { markClosed } from "./loan-status.ts";
import { accountOf, selectLeads, type LeadWithAccount } from "./loan-account.service.ts";
import { NotAvailable } from "../domain-errors.ts";
import { LOAN_CODES } from "../../../core/i18n/index.ts";

export type LoanLead = LeadWithAccount;

/** A disbursed (or closed) lead carries the figures a loan needs. */
export function isLoan(lead: LoanLead): lead is LoanLead & { loanRecommended: number; disbursalDate: string; repaymentDate: string } {
  return (lead.status === "DISBURSED" || lead.status === "CLOSED") && !!lead.loanRecommended && !!lead.disbursalDate && !!lead.repaymentDate;
}

/** The facts core dues() reads: the loan's own terms (principal, rates, repayment date), its disbursal date and its payments. */
export function loanFacts(lead: LoanLead, terms: LoanTerms, payments: readonly LoanPayment[]): LoanFacts {
  if (!isLoan(lead)) throw new NotAvailable(LOAN_CODES.noLoan);
  const { interestBpsPerDay, penalBpsPerDay, penalCapBps, coolingOffDays } = terms;
  return {
    principal: terms.principal,
    disbursalDate: lead.disbursalDate as IsoDate,
    repaymentDate: terms.repaymentDate,
    rates: { interestBpsPerDay, penalBpsPerDay, penalCapBps, coolingOffDays },
    payments,
  };
}

type TermsRow = typeof loanTerms.$inferSelect;
export type StoredLoanTerms = LoanTerms & { coolingOffEndsOn: IsoDate | null };

export function termsOfRow(r: TermsRow): StoredLoanTerms {
  return {
    principal: r.principalPaise,
    interestBpsPerDay: r.interestBpsPerDay,
    penalBpsPerDay: r.penalBpsPerDay,
    penalCapBps: r.penalCapBps,
    coolingOffDays: r.coolingOffDays,
    processingFeeBps: r.processingFeeBps,
    gstBps: r.gstBps,
    feePaise: r.feePaise,
    gstPaise: r.gstPaise,
    netDisbursalPaise: r.netDisbursalPaise,
    interestPaise: r.interestPaise,
    aprBps: r.aprBps,
    tenureDays: r.tenureDays,
    repaymentDate: r.repaymentDate as IsoDate,
    kfsIssuedOn: r.kfsIssuedOn as IsoDate,
    minTenureDays: r.minTenureDays,
    coolingOffEndsOn: r.coolingOffEndsOn as IsoDate | null,
  };
}

/** The terms row as row_to_json gives it (one statement of the dashboard's), decoded as a plain select would. */
export function termsOfJson(j: Record<string, unknown>): StoredLoanTerms {
  const n = (k: string) => Number(j[k]);
  const d = (k: string) => (j[k] == null ? null : String(j[k]).slice(0, 10));
  return termsOfRow({
    leadId: String(j.lead_id),
    principalPaise: n("principal_paise"),
    interestBpsPerDay: n("interest_bps_per_day"),
    penalBpsPerDay: n("penal_bps_per_day"),
    penalCapBps: n("penal_cap_bps"),
    coolingOffDays: n("cooling_off_days"),
    processingFeeBps: n("processing_fee_bps"),
    gstBps: n("gst_bps"),
    feePaise: n("fee_paise"),
    gstPaise: n("gst_paise"),
    netDisbursalPaise: n("net_disbursal_paise"),
    interestPaise: n("interest_paise"),
    aprBps: n("apr_bps"),
    tenureDays: n("tenure_days"),
    repaymentDate: d("repayment_date")!,
    kfsIssuedOn: d("kfs_issued_on")!,
    minTenureDays: n("min_tenure_days"),
    coolingOffEndsOn: d("cooling_off_ends_on"),
    fixedAt: new Date(String(j.fixed_at)),
  });
}

/** A loan's terms, or none (a lead that never accepted a quote). */
export async function termsOf(executor: Pick<Db, "select">, leadId: string): Promise<StoredLoanTerms | null> {
  const [row] = await executor.select().from(loanTerms).where(eq(loanTerms.leadId, leadId));
  return row ? termsOfRow(row) : null;
}

/** At payout: the cooling-off period runs from the disbursal date (decision 35). Null clears it (a payout the bank returned). */
export async function startCoolingOff(tx: Tx, leadId: string, disbursedOn: IsoDate | null): Promise<IsoDate | null> {
  const terms = await termsOf(tx, leadId);
  if (!terms) throw new NotAvailable(LOAN_CODES.noLoanTerms);
  const endsOn = disbursedOn === null ? null : addDays(disbursedOn, terms.coolingOffDays);
  await tx.update(loanTerms).set({ coolingOffEndsOn: endsOn }).where(eq(loanTerms.leadId, leadId));
  return endsOn;
}

export function createLoansService(deps: { db: Db; now: () => Date }) {
  const { db } = deps;

  return {
    loanFacts,
    isLoan,

    /** What the loan owes at the end of `on` (India date) under its own terms, given its payments. */
    duesOn(lead: LoanLead, terms: LoanTerms, payments: readonly LoanPayment[], on: IsoDate): Dues {
      return dues(loanFacts(lead, terms, payments), on);
    },

    /** The loan's own terms (decision 34); a loan always has them, so none is an error. */
    async terms(executor: Pick<Db, "select">, leadId: string): Promise<StoredLoanTerms> {
      const terms = await termsOf(executor, leadId);
      if (!terms) throw new NotAvailable(LOAN_CODES.noLoanTerms);
      return terms;
    },

    /**
     * Fixes the terms of an accepted KFS (decision 34), in the acceptance's transaction. A fresh quote
     * before payout replaces them; once the loan is paid out they never change.
     */
    async fixTerms(tx: Tx, leadId: string, terms: LoanTerms, at: Date): Promise<void> {
      const lead = await accountOf(tx, leadId);
      if (!lead) throw new NotAvailable(LOAN_CODES.noLoan);
      const paidOut = lead.status === "DISBURSED" || lead.status === "CLOSED";
      if (paidOut && (await termsOf(tx, leadId))) throw new NotAvailable(LOAN_CODES.termsFixed);
      const row = {
        principalPaise: terms.principal,
        interestBpsPerDay: terms.interestBpsPerDay,
        penalBpsPerDay: terms.penalBpsPerDay,
        penalCapBps: terms.penalCapBps,
        coolingOffDays: terms.coolingOffDays,
        processingFeeBps: terms.processingFeeBps,
        gstBps: terms.gstBps,
        feePaise: terms.feePaise,
        gstPaise: terms.gstPaise,
        netDisbursalPaise: terms.netDisbursalPaise,
        interestPaise: terms.interestPaise,
        aprBps: terms.aprBps,
        tenureDays: terms.tenureDays,
        repaymentDate: terms.repaymentDate,
        kfsIssuedOn: terms.kfsIssuedOn,
        minTenureDays: terms.minTenureDays,
        coolingOffEndsOn: null,
        fixedAt: at,
      };
      await tx
        .insert(loanTerms)
        .values({ leadId, ...row })
        .onConflictDoUpdate({ target: loanTerms.leadId, set: row });
      // The spec's repayment_amount: what the KFS says is due on the repayment date.
      await tx
        .update(leads)
        .set({ repaymentAmountPaise: terms.principal + terms.interestPaise, updatedAt: at })
        .where(eq(leads.id, leadId));
    },

    /** At payout: the cooling-off period runs from the disbursal date (decision 35). */
    startCoolingOff,

    /** Locks a lead row for a money event (payments serialise per loan). */
    async lock(tx: Tx, leadId: string): Promise<LoanLead | null> {
      const [lead] = await selectLeads(tx).where(eq(leads.id, leadId)).for("update");
      return lead ?? null;
    },

    /**
     * Decision 30, inside the payment's transaction: DISBURSED → CLOSED, the customer's user type
     * follows (REPEAT unless another loan is open), and a customer whose journey ended at
     * `completed` goes back to `register_now` (Re-Loan) through the journey module.
     */
    async close(tx: Tx, leadId: string, at: Date): Promise<LoanLead> {
      const closed = await markClosed(tx, leadId, at);
      if (!closed) throw new NotAvailable(LOAN_CODES.loanNotOpen);
      const rows = await tx
        .select({ status: loanAccounts.status, n: sql<number>`count(*)::int` })
        .from(loanAccounts)
        .where(and(eq(loanAccounts.profileId, closed.profileId), inArray(loanAccounts.status, ["CLOSED", "DISBURSED"])))
        .groupBy(loanAccounts.status);
      const count = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
      const userType = userTypeFor({ closedLoans: count("CLOSED"), openLoans: count("DISBURSED") });
      const [profile] = await tx.select({ nextStep: customerProfiles.nextStep }).from(customerProfiles).where(eq(customerProfiles.id, closed.profileId));
      if (profile?.nextStep === "completed") {
        await advance(tx, closed.profileId, "completed", "register_now", { at, set: { userType } });
      } else {
        // Already back at eligibility (e.g. demo data): only the user type changes; next_step stays.
        await tx.update(customerProfiles).set({ userType, updatedAt: at }).where(eq(customerProfiles.id, closed.profileId));
      }
      return closed;
    },

    /** The lead by id, without a lock. */
    async byId(leadId: string): Promise<LoanLead | null> {
      if (!/^[0-9a-f-]{36}$/i.test(leadId)) return null;
      const [lead] = await selectLeads(db).where(eq(leads.id, leadId.toLowerCase()));
      return lead ?? null;
    },

    /**
     * Loans open at any time since `since`: every disbursed loan, and the closed ones closed at or
     * after it (all closed loans when `since` is null). Oldest disbursal first.
     */
    async loansOpenSince(since: Date | null): Promise<LoanLead[]> {
      const closed = since ? and(eq(loanAccounts.status, "CLOSED"), gte(loanAccounts.statusChangedAt, since)) : eq(loanAccounts.status, "CLOSED");
      const rows = await selectLeads(db)
        .where(and(or(eq(loanAccounts.status, "DISBURSED"), closed), isNotNull(loanAccounts.disbursalDate)))
        .orderBy(asc(loanAccounts.disbursalDate), asc(leads.id));
      return rows.filter(isLoan);
    },

    /** The customer's disbursed loan, if any (at most one is open). */
    async activeLoanOf(profileId: string): Promise<LoanLead | null> {
      const [lead] = await selectLeads(db)
        .where(and(eq(leads.profileId, profileId), eq(loanAccounts.status, "DISBURSED")))
        .limit(1);
      return lead ?? null;
    },
  };
}

export type LoansService = ReturnType<typeof createLoansService>;
