// The loans module writes a lead's status around payout (issue 20: one writer of a loan's status).
// Each move is guarded by the status it starts from, so a repeated or late event changes nothing.
import { and, eq } from "drizzle-orm";
import type { IsoDate } from "../../../core/calendar.ts";
import { canTransitionLead } from "../../../core/journey/index.ts";
import { leads } from "../../db/schema/index.ts";
import { advance, type Tx } from "../journey/journey.service.ts";

/** SANCTIONED → DISBURSED: the provider paid. Returns false when the lead was no longer SANCTIONED. */
export async function markDisbursed(
  tx: Tx,
  leadId: string,
  input: { loanNo: string; disbursedOn: IsoDate; repaymentAmountPaise: number; at: Date },
): Promise<boolean> {
  if (!canTransitionLead("SANCTIONED", "DISBURSED")) return false;
  const moved = await tx
    .update(leads)
    .set({
      status: "DISBURSED",
      loanNo: input.loanNo,
      disbursalDate: input.disbursedOn,
      // The spec's repayment_amount: what the loan will owe on its repayment date (from its terms).
      repaymentAmountPaise: input.repaymentAmountPaise,
      statusChangedAt: input.at,
      updatedAt: input.at,
    })
    .where(and(eq(leads.id, leadId), eq(leads.status, "SANCTIONED")))
    .returning({ id: leads.id });
  return moved.length === 1;
}

/**
 * DISBURSED (or CLOSED, paid off before the bank's return arrived) → SANCTIONED: the bank returned
 * the payout, so there was never a loan. The loan number
 * stays on the lead for the record (the customer was told it; a new payout keeps it); the disbursal
 * date goes and the amounts are the KFS's again.
 */
export async function returnToSanctioned(
  tx: Tx,
  leadId: string,
  input: { kfsTotalRepayablePaise: number; at: Date; from?: "DISBURSED" | "CLOSED" },
): Promise<boolean> {
  const from = input.from ?? "DISBURSED";
  if (!canTransitionLead(from, "SANCTIONED")) return false;
  const moved = await tx
    .update(leads)
    .set({
      status: "SANCTIONED",
      disbursalDate: null,
      repaymentAmountPaise: input.kfsTotalRepayablePaise,
      statusChangedAt: input.at,
      updatedAt: input.at,
    })
    .where(and(eq(leads.id, leadId), eq(leads.status, from)))
    .returning({ id: leads.id });
  return moved.length === 1;
}

/**
 * SANCTIONED → SUBMITTED with a fresh quote asked for (decision 35): the loan the payout would make is
 * no longer the KFS's. The customer accepts a fresh quote; credit sanctions the new terms.
 */
export async function returnForRequote(tx: Tx, lead: { id: string; profileId: string }, at: Date): Promise<boolean> {
  if (!canTransitionLead("SANCTIONED", "SUBMITTED")) return false;
  const moved = await tx
    .update(leads)
    .set({ status: "SUBMITTED", requoteRequestedAt: at, statusChangedAt: at, updatedAt: at })
    .where(and(eq(leads.id, lead.id), eq(leads.status, "SANCTIONED")))
    .returning({ id: leads.id });
  if (moved.length !== 1) return false;
  await advance(tx, lead.profileId, "completed", "generate_loan_quote", { at });
  return true;
}

/** DISBURSED → CLOSED: nothing is left due (decision 30). The closed lead, or null when it was not open. */
export async function markClosed(tx: Tx, leadId: string, at: Date) {
  if (!canTransitionLead("DISBURSED", "CLOSED")) return null;
  const [closed] = await tx
    .update(leads)
    .set({ status: "CLOSED", statusChangedAt: at, updatedAt: at })
    .where(and(eq(leads.id, leadId), eq(leads.status, "DISBURSED")))
    .returning();
  return closed ?? null;
}
