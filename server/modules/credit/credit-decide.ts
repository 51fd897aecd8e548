// The credit head's decision (decision 32): sanction or rejection under the four-eyes rule, through the loan
// account's transition; a KFS too old sends the customer back to a fresh quote (decision 26). The customer
// hears of a rejection or a requote by SMS in their language (issue 23).
import { eq } from "drizzle-orm";
import { todayInIndia } from "../../../core/calendar.ts";
import { isKfsExpired, isRejectionReason } from "../../../core/credit.ts";
import { customerLanguage, translate } from "../../../core/i18n/index.ts";
import type { Db } from "../../db/client.ts";
import { creditDecisions, customerProfiles, leads, loanQuotes } from "../../db/schema/index.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import { Refused } from "../domain-errors.ts";
import { advance } from "../journey/journey.service.ts";
import { transition } from "../loans/loan-account.service.ts";
import { checkReason, type CreditChecks } from "./credit-checks.ts";
import { CREDIT_MESSAGES } from "./credit-messages.ts";
import { requireSanctionable } from "./sanction-requirements.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "./staff-actor.ts";

export function createCreditDecide(deps: { db: Db; sms: SmsNoticePort; audit: AuditRecorder; now: () => Date; checks: CreditChecks }) {
  const { db, sms, audit, now } = deps;
  const today = () => todayInIndia(now());
  const { lockLead } = deps.checks;

  /** Where and in which language (issue 23) the customer hears of the decision. */
  async function customerContact(profileId: string) {
    const [p] = await db
      .select({ mobile: customerProfiles.mobile, lang: customerProfiles.preferredLanguage })
      .from(customerProfiles)
      .where(eq(customerProfiles.id, profileId));
    return p ? { mobile: p.mobile, lang: customerLanguage(p.lang) } : null;
  }

  return {
    /**
     * The credit head sanctions or rejects; never a lead they recommended (four-eyes). A KFS older than
     * 3 working days is not sanctioned: the customer is sent back to accept a fresh quote (decision 26).
     */
    async decide(staff: StaffActor | null, input: { leadId: string; outcome: "SANCTION" | "REJECT"; reasonCode: string; note?: string }) {
      const who = requireStaffRole(staff, "credit_head");
      checkReason(input.outcome, input.reasonCode, input.note);
      const result = await db.transaction(async (tx) => {
        const lead = await lockLead(tx, input.leadId);
        if (lead.status !== "SUBMITTED") throw new Refused(CREDIT_MESSAGES.notSubmitted);
        if (!lead.recommendation) throw new Refused(CREDIT_MESSAGES.noRecommendation);
        if (lead.recommendedBy === who.staffId) throw new Refused(CREDIT_MESSAGES.fourEyes);
        if (lead.requoteRequestedAt) throw new Refused(CREDIT_MESSAGES.requotePending);
        const at = now();
        const record = (outcome: "SANCTION" | "REJECT" | "REQUOTE") =>
          tx.insert(creditDecisions).values({
            leadId: lead.id,
            stage: "DECISION",
            outcome,
            reasonCode: input.reasonCode,
            note: input.note ?? null,
            staffId: who.staffId,
            staffRole: who.role,
            createdAt: at,
          });

        if (input.outcome === "SANCTION") {
          await requireSanctionable(tx, lead, "sanction");
          const [quote] = await tx.select({ issuedOn: loanQuotes.issuedOn }).from(loanQuotes).where(eq(loanQuotes.leadId, lead.id));
          if (!quote || isKfsExpired(quote.issuedOn, today())) {
            // Back to the quote step: the customer sees a fresh quote and KFS and accepts again.
            await tx.update(leads).set({ requoteRequestedAt: at, updatedAt: at }).where(eq(leads.id, lead.id));
            await advance(tx, lead.profileId, "completed", "generate_loan_quote", { at });
            await record("REQUOTE");
            await audit.record(tx, {
              actor: who,
              action: "lead.requote",
              target: { kind: "lead", id: lead.id },
              before: { kfsIssuedOn: quote?.issuedOn ?? null },
              after: { requote: true },
            });
            return { outcome: "REQUOTE" as const, leadId: lead.id, profileId: lead.profileId };
          }
          if (!(await transition(tx, lead.id, "sanction", { at, by: who.staffId }))) throw new Refused(CREDIT_MESSAGES.notSubmitted);
          await tx.update(leads).set({ sanctionedBy: who.staffId, sanctionedAt: at, updatedAt: at }).where(eq(leads.id, lead.id));
          await record("SANCTION");
          await audit.record(tx, {
            actor: who,
            action: "lead.sanction",
            target: { kind: "lead", id: lead.id },
            before: { status: lead.status },
            after: { status: "SANCTIONED", reason: input.reasonCode },
            reason: input.note,
          });
          return { outcome: "SANCTIONED" as const, leadId: lead.id, profileId: lead.profileId };
        }
        if (!(await transition(tx, lead.id, "reject", { at, by: who.staffId, rejectionReason: input.reasonCode }))) {
          throw new Refused(CREDIT_MESSAGES.notSubmitted);
        }
        await tx.update(leads).set({ rejectedBy: who.staffId, updatedAt: at }).where(eq(leads.id, lead.id));
        // The customer may apply again: eligibility afresh from the dashboard (Re-Loan path).
        await advance(tx, lead.profileId, "completed", "register_now", { at, set: { eligibilityStatus: 0 } });
        await record("REJECT");
        await audit.record(tx, {
          actor: who,
          action: "lead.reject",
          target: { kind: "lead", id: lead.id },
          before: { status: lead.status },
          after: { status: "REJECTED", reason: input.reasonCode },
          reason: input.note,
        });
        return { outcome: "REJECTED" as const, leadId: lead.id, profileId: lead.profileId };
      });
      if (result.outcome === "REJECTED") {
        const to = await customerContact(result.profileId);
        const code = isRejectionReason(input.reasonCode) ? input.reasonCode : "POLICY_OTHER";
        const why = translate(to?.lang ?? "en", `messages.rejection.${code}`);
        if (to?.mobile) await sms.sendNotice({ mobile: to.mobile, notice: { kind: "loan_rejected", vars: { reason: why } }, lang: to.lang });
      }
      if (result.outcome === "REQUOTE") {
        const to = await customerContact(result.profileId);
        if (to?.mobile) await sms.sendNotice({ mobile: to.mobile, notice: { kind: "requote", vars: {} }, lang: to.lang });
        throw new Refused(CREDIT_MESSAGES.kfsExpired);
      }
      return { outcome: result.outcome, leadId: result.leadId };
    },
  };
}
