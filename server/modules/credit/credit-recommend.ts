// The credit manager's recommendation (decision 32): sanction or rejection of an assigned SUBMITTED lead, with
// a listed reason and a note; a sanction only with what the sanction requires (issue 29).
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { creditDecisions, leads } from "../../db/schema/index.ts";
import { Refused } from "../domain-errors.ts";
import { checkReason, type CreditChecks } from "./credit-checks.ts";
import { CREDIT_MESSAGES } from "./credit-messages.ts";
import { requireSanctionable } from "./sanction-requirements.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "./staff-actor.ts";

export function createCreditRecommend(deps: { db: Db; audit: AuditRecorder; now: () => Date; checks: CreditChecks }) {
  const { db, audit, now } = deps;
  const { managerIdOf, lockLead } = deps.checks;

  return {
    /** The assigned credit manager recommends sanction or rejection, with a listed reason and a note. */
    async recommend(staff: StaffActor | null, input: { leadId: string; outcome: "SANCTION" | "REJECT"; reasonCode: string; note?: string }) {
      const who = requireStaffRole(staff, "credit_manager");
      checkReason(input.outcome, input.reasonCode, input.note);
      const own = await managerIdOf(who);
      return db.transaction(async (tx) => {
        const lead = await lockLead(tx, input.leadId);
        if (lead.creditManagerId !== own || !own) throw new Refused(CREDIT_MESSAGES.notYours);
        if (lead.status !== "SUBMITTED") throw new Refused(CREDIT_MESSAGES.notSubmitted);
        // Issue 29: a sanction is recommended only with KYC, a verified account and the policy's documents.
        if (input.outcome === "SANCTION") await requireSanctionable(tx, lead, "recommend");
        const at = now();
        await tx
          .update(leads)
          .set({ recommendation: input.outcome, recommendedBy: who.staffId, recommendedAt: at, updatedAt: at })
          .where(eq(leads.id, lead.id));
        await tx.insert(creditDecisions).values({
          leadId: lead.id,
          stage: "RECOMMENDATION",
          outcome: input.outcome,
          reasonCode: input.reasonCode,
          note: input.note ?? null,
          staffId: who.staffId,
          staffRole: who.role,
          createdAt: at,
        });
        await audit.record(tx, {
          actor: who,
          action: "lead.recommend",
          target: { kind: "lead", id: lead.id },
          before: { recommendation: lead.recommendation },
          after: { recommendation: input.outcome, reason: input.reasonCode },
          reason: input.note,
        });
        return { leadId: lead.id, recommendation: input.outcome };
      });
    },
  };
}
