// What every credit desk action checks (decision 32): the lead under its row lock, that a credit manager
// reads only the leads assigned to them, and a decision's listed reason.
import { eq } from "drizzle-orm";
import { isRejectionReason, isSanctionReason } from "../../../core/credit.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { creditManagers, leads } from "../../db/schema/index.ts";
import { InvalidInput, NotFound, Refused } from "../domain-errors.ts";
import { selectLeads } from "../loans/loan-account.service.ts";
import { CREDIT_MESSAGES } from "./credit-messages.ts";
import type { StaffActor, Tx } from "./staff-actor.ts";

export function checkReason(outcome: "SANCTION" | "REJECT", reasonCode: string, note: string | undefined) {
  const ok = outcome === "REJECT" ? isRejectionReason(reasonCode) : isSanctionReason(reasonCode);
  if (!ok) throw new InvalidInput(CREDIT_MESSAGES.reasonRequired, { reason: CREDIT_MESSAGES.reasonRequired });
  if ((note ?? "").length > 1000) throw new InvalidInput(CREDIT_MESSAGES.noteTooLong, { note: CREDIT_MESSAGES.noteTooLong });
}

export function createCreditChecks(deps: { db: Db }) {
  const { db } = deps;

  /** The credit_managers row of a staff credit manager (same e-mail); their queue is its leads. */
  async function managerIdOf(actor: StaffActor, executor: Db | Tx = db): Promise<string | null> {
    if (!actor.email) return null;
    const [m] = await executor.select({ id: creditManagers.id }).from(creditManagers).where(eq(creditManagers.email, actor.email.toLowerCase()));
    return m?.id ?? null;
  }

  async function lockLead(tx: Tx, leadId: string) {
    if (!isUuid(leadId)) throw new NotFound("No such application.");
    const [lead] = await selectLeads(tx).where(eq(leads.id, leadId.toLowerCase())).for("update");
    if (!lead) throw new NotFound("No such application.");
    return lead;
  }

  /** Decision 32: a credit manager reads only the leads assigned to them; other reading roles read every one. */
  async function requireAssigned(who: StaffActor, lead: { creditManagerId: string | null }, executor: Db | Tx = db) {
    if (who.role !== "credit_manager") return;
    const own = await managerIdOf(who, executor);
    if (!own || lead.creditManagerId !== own) throw new Refused(CREDIT_MESSAGES.notYours);
  }

  return { managerIdOf, lockLead, requireAssigned };
}

export type CreditChecks = ReturnType<typeof createCreditChecks>;
