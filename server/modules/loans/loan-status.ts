// The moves around payout and repayment, through the account's one transition function
// (loan-account.service.ts). Each is guarded by the account row's status under its lock, so a
// repeated or late event changes nothing.
import { eq } from "drizzle-orm";
import type { IsoDate } from "../../../core/calendar.ts";
import { leads } from "../../db/schema/index.ts";
import { advance, type Tx } from "../journey/journey.service.ts";
import { selectLeads, transition } from "./loan-account.service.ts";

/** SANCTIONED → DISBURSED: the provider paid. Returns false when the lead was no longer SANCTIONED. */
export async function markDisbursed(
  tx: Tx,
  leadId: string,
  input: { loanNo: string; disbursedOn: IsoDate; repaymentAmountPaise: number; at: Date },
): Promise<boolean> {
  const moved = await transition(tx, leadId, "disburse", { at: input.at, loanNo: input.loanNo, disbursedOn: input.disbursedOn });
  if (!moved) return false;
  // The spec's repayment_amount: what the loan will owe on its repayment date (from its terms).
  await tx.update(leads).set({ repaymentAmountPaise: input.repaymentAmountPaise, updatedAt: input.at }).where(eq(leads.id, leadId));
  return true;
}

/**
 * DISBURSED (or CLOSED, paid off before the bank's return arrived) → SANCTIONED: the bank returned
 * the payout, so there was never a loan. The loan number stays on the account for the record (the
 * customer was told it; a new payout keeps it); the disbursal date goes and the amounts are the KFS's again.
 */
export async function returnToSanctioned(tx: Tx, leadId: string, input: { kfsTotalRepayablePaise: number; at: Date }): Promise<boolean> {
  const moved = await transition(tx, leadId, "returnPayout", { at: input.at });
  if (!moved) return false;
  await tx.update(leads).set({ repaymentAmountPaise: input.kfsTotalRepayablePaise, updatedAt: input.at }).where(eq(leads.id, leadId));
  return true;
}

/**
 * SANCTIONED → SUBMITTED with a fresh quote asked for (decision 35): the loan the payout would make is
 * no longer the KFS's. The customer accepts a fresh quote; credit sanctions the new terms.
 */
export async function returnForRequote(tx: Tx, lead: { id: string; profileId: string }, at: Date, by: string): Promise<boolean> {
  if (!(await transition(tx, lead.id, "requote", { at, by }))) return false;
  await tx.update(leads).set({ requoteRequestedAt: at, updatedAt: at }).where(eq(leads.id, lead.id));
  await advance(tx, lead.profileId, "completed", "generate_loan_quote", { at });
  return true;
}

/** DISBURSED → CLOSED: nothing is left due (decision 30). The closed lead, or null when it was not open. */
export async function markClosed(tx: Tx, leadId: string, at: Date) {
  if (!(await transition(tx, leadId, "close", { at }))) return null;
  const [closed] = await selectLeads(tx).where(eq(leads.id, leadId));
  return closed ?? null;
}
