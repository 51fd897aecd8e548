// Loans (decisions 26, 28 and 30): a disbursed lead is a loan. This module is the one writer of a
// loan's status after disbursal (DISBURSED → CLOSED) and says what a loan owes from its facts.
// Payments pass their own rows in (the payments module owns them), so nothing here imports it.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { IsoDate } from "../../../core/calendar.ts";
import { userTypeFor } from "../../../core/journey/index.ts";
import { dues, type Dues, type LoanFacts, type LoanPayment } from "../../../core/loan-math/index.ts";
import type { Db } from "../../db/client.ts";
import { customerProfiles, leads } from "../../db/schema/index.ts";
import { advance, type Tx } from "../journey/journey.service.ts";
import { NotAvailable } from "../domain-errors.ts";

export type LoanLead = typeof leads.$inferSelect;

/** A disbursed (or closed) lead carries the figures a loan needs. */
export function isLoan(lead: LoanLead): lead is LoanLead & { loanRecommended: number; disbursalDate: string; repaymentDate: string } {
  return (lead.status === "DISBURSED" || lead.status === "CLOSED") && !!lead.loanRecommended && !!lead.disbursalDate && !!lead.repaymentDate;
}

/** The facts core dues() reads: principal in paise, the dates, and the payments applied to the loan. */
export function loanFacts(lead: LoanLead, payments: readonly LoanPayment[]): LoanFacts {
  if (!isLoan(lead)) throw new NotAvailable("This application has no loan.");
  return { principal: lead.loanRecommended * 100, disbursalDate: lead.disbursalDate as IsoDate, repaymentDate: lead.repaymentDate as IsoDate, payments };
}

export function createLoansService(deps: { db: Db; now: () => Date }) {
  const { db } = deps;

  return {
    loanFacts,
    isLoan,

    /** What the loan owes at the end of `on` (India date), given its payments. */
    duesOn(lead: LoanLead, payments: readonly LoanPayment[], on: IsoDate): Dues {
      return dues(loanFacts(lead, payments), on);
    },

    /** Locks a lead row for a money event (payments serialise per loan). */
    async lock(tx: Tx, leadId: string): Promise<LoanLead | null> {
      const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId)).for("update");
      return lead ?? null;
    },

    /**
     * Decision 30, inside the payment's transaction: DISBURSED → CLOSED, the customer's user type
     * follows (REPEAT unless another loan is open), and a customer whose journey ended at
     * `completed` goes back to `register_now` (Re-Loan) through the journey module.
     */
    async close(tx: Tx, leadId: string, at: Date): Promise<LoanLead> {
      const [closed] = await tx
        .update(leads)
        .set({ status: "CLOSED", totalDue: 0, statusChangedAt: at, updatedAt: at })
        .where(and(eq(leads.id, leadId), eq(leads.status, "DISBURSED")))
        .returning();
      if (!closed) throw new NotAvailable("This loan is not open.");
      const rows = await tx
        .select({ status: leads.status, n: sql<number>`count(*)::int` })
        .from(leads)
        .where(and(eq(leads.profileId, closed.profileId), inArray(leads.status, ["CLOSED", "DISBURSED"])))
        .groupBy(leads.status);
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
      const [lead] = await db.select().from(leads).where(eq(leads.id, leadId.toLowerCase()));
      return lead ?? null;
    },

    /** The customer's disbursed loan, if any (at most one is open). */
    async activeLoanOf(profileId: string): Promise<LoanLead | null> {
      const [lead] = await db
        .select()
        .from(leads)
        .where(and(eq(leads.profileId, profileId), eq(leads.status, "DISBURSED")))
        .limit(1);
      return lead ?? null;
    },
  };
}

export type LoansService = ReturnType<typeof createLoansService>;
