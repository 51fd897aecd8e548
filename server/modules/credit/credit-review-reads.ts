// Reading a lead at the credit desk (decision 32): the review page with personal data masked, a full PAN or
// account number revealed with a reason, and a document opened with a reason; reveals and opens are audited.
import { and, eq } from "drizzle-orm";
import { todayInIndia } from "../../../core/calendar.ts";
import type { LeadSourcesOf } from "../../../core/admin/lead-source.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { bankAccounts, customerProfiles, leads, uploadedFiles } from "../../db/schema/index.ts";
import { decrypt } from "../../security/crypto.ts";
import { InvalidInput, NotFound } from "../domain-errors.ts";
import { selectLeads } from "../loans/loan-account.service.ts";
import type { CreditChecks } from "./credit-checks.ts";
import { CREDIT_MESSAGES } from "./credit-messages.ts";
import { creditReviewView } from "./credit-review-view.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "./staff-actor.ts";

export function createCreditReviewReads(deps: {
  db: Db;
  encryptionKey: string;
  audit: AuditRecorder;
  ekycSummary: (profileId: string, leadId?: string) => Promise<unknown>;
  now: () => Date;
  checks: CreditChecks;
  sourcesOf: LeadSourcesOf;
}) {
  const { db, encryptionKey, audit, now } = deps;
  const today = () => todayInIndia(now());
  const { lockLead, requireAssigned } = deps.checks;

  return {
    /** Everything a reviewer needs on one page, personal data masked. */
    async review(staff: StaffActor | null, leadId: string) {
      const who = requireStaffRole(staff, "credit_manager", "credit_head", "disbursal", "auditor");
      if (!isUuid(leadId)) throw new NotFound("No such application.");
      const [lead] = await selectLeads(db).where(eq(leads.id, leadId.toLowerCase()));
      if (!lead) throw new NotFound("No such application.");
      await requireAssigned(who, lead);
      return creditReviewView(db, lead, { ekycSummary: deps.ekycSummary, today: today(), sourcesOf: deps.sourcesOf });
    },

    /** A full PAN or account number for one look, with a reason; audited (decision 32). */
    async reveal(staff: StaffActor | null, input: { leadId: string; field: "pan" | "account_number"; reason: string }) {
      const who = requireStaffRole(staff, "credit_manager", "credit_head", "disbursal", "auditor");
      if ((input.reason ?? "").trim().length < 5) throw new InvalidInput(CREDIT_MESSAGES.revealReason, { reason: CREDIT_MESSAGES.revealReason });
      return db.transaction(async (tx) => {
        const lead = await lockLead(tx, input.leadId);
        await requireAssigned(who, lead, tx);
        let value: string | null = null;
        if (input.field === "pan") {
          const [p] = await tx.select({ enc: customerProfiles.pancardEnc }).from(customerProfiles).where(eq(customerProfiles.id, lead.profileId));
          value = p?.enc ? decrypt(encryptionKey, p.enc) : null;
        } else {
          const [b] = await tx.select({ enc: bankAccounts.accountNumberEnc }).from(bankAccounts).where(eq(bankAccounts.leadId, lead.id));
          value = b ? decrypt(encryptionKey, b.enc) : null;
        }
        if (value === null) throw new NotFound("Nothing to show.");
        await audit.record(tx, {
          actor: who,
          action: "pii.reveal",
          target: { kind: "lead", id: lead.id },
          after: { field: input.field },
          reason: input.reason.trim(),
        });
        return { field: input.field, value };
      });
    },

    /** Records that a document was opened (with the reason) and answers which file to stream as an attachment. */
    async openDocument(staff: StaffActor | null, input: { leadId: string; documentId: string; reason: string }) {
      // Issue 29: accounts opens a loan's documents from its loan account page, with a reason, audited.
      const who = requireStaffRole(staff, "credit_manager", "credit_head", "disbursal", "auditor", "accounts");
      if ((input.reason ?? "").trim().length < 5) throw new InvalidInput(CREDIT_MESSAGES.revealReason, { reason: CREDIT_MESSAGES.revealReason });
      if (!isUuid(input.documentId)) throw new NotFound("No such document.");
      return db.transaction(async (tx) => {
        const lead = await lockLead(tx, input.leadId);
        await requireAssigned(who, lead, tx);
        const [file] = await tx
          .select()
          .from(uploadedFiles)
          .where(and(eq(uploadedFiles.id, input.documentId.toLowerCase()), eq(uploadedFiles.profileId, lead.profileId)));
        if (!file) throw new NotFound("No such document.");
        await audit.record(tx, {
          actor: who,
          action: "document.open",
          target: { kind: "document", id: file.id },
          after: { leadId: lead.id, kind: file.kind },
          reason: input.reason.trim(),
        });
        return { storageKey: file.storageKey, contentType: file.contentType, kind: file.kind, size: file.byteSize };
      });
    },
  };
}
