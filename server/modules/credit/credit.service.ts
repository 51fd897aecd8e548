// Credit review (decision 32): the credit manager's queue and review data, recommendations, and the
// credit head's sanction or rejection with the four-eyes rule. Personal data is masked; a reveal
// needs a reason and is audited. Lead status moves of decision 11 happen here under a row lock.
import { isUuid } from "../../../core/validation/primitives.ts";
import { and, asc, desc, eq, ilike, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { todayInIndia } from "../../../core/calendar.ts";
import { isKfsExpired, isRejectionReason, isSanctionReason } from "../../../core/credit.ts";
import { customerLanguage, translate } from "../../../core/i18n/index.ts";
import { maskPan } from "../../../core/journey/index.ts";
import type { Db } from "../../db/client.ts";
import {
  bankAccounts,
  creditDecisions,
  creditManagers,
  customerProfiles,
  leads,
  loanAccounts,
  loanQuotes,
  loanTerms,
  uploadedFiles,
} from "../../db/schema/index.ts";
import { decrypt, keyedHash } from "../../security/crypto.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import { InvalidInput, NotFound, Refused } from "../domain-errors.ts";
import { advance } from "../journey/journey.service.ts";
import { CREDIT_MESSAGES } from "./credit-messages.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor, type Tx } from "./staff-actor.ts";
import { creditReviewView } from "./credit-review-view.ts";
import { requireSanctionable } from "./sanction-requirements.ts";
import { paiseToRupees } from "../../../core/loan-math/index.ts";
import { leadWithAccount, selectLeads, transition } from "../loans/loan-account.service.ts";

// Issue 29: the payout checks the same requirements (the module's door).
export { requireSanctionable };

export { CREDIT_MESSAGES };
// The staff actor kit lives in staff-actor.ts; the other desks import it through this door.
export { requireStaffRole, STAFF_ROLES, type AuditEntry, type AuditRecorder, type StaffActor, type StaffRole, type Tx } from "./staff-actor.ts";

const maskMobile = (m: string) => `XXXXXX${m.slice(-4)}`;
const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

export type QueueQuery = { page?: number; pageSize?: number; sort?: "oldest" | "newest"; search?: string };

export function createCreditService(deps: {
  db: Db;
  hashKey: string;
  encryptionKey: string;
  sms: SmsNoticePort;
  audit: AuditRecorder;
  ekycSummary: (profileId: string) => Promise<unknown>;
  now: () => Date;
}) {
  const { db, hashKey, encryptionKey, sms, audit, now } = deps;
  const today = () => todayInIndia(now());

  /** The credit_managers row of a staff credit manager (same e-mail); their queue is its leads. */
  async function managerIdOf(actor: StaffActor, executor: Db | Tx = db): Promise<string | null> {
    if (!actor.email) return null;
    const [m] = await executor.select({ id: creditManagers.id }).from(creditManagers).where(eq(creditManagers.email, actor.email.toLowerCase()));
    return m?.id ?? null;
  }

  function searchCondition(search: string | undefined): SQL | undefined {
    const q = (search ?? "").trim().toUpperCase();
    if (!q) return undefined;
    if (PAN.test(q)) return eq(customerProfiles.pancardHash, keyedHash(hashKey, "pan", q));
    if (/^\d{10}$/.test(q)) return eq(customerProfiles.mobile, q);
    if (/^SOT[0-9A-Z-]{4,}$/.test(q)) return or(eq(loanAccounts.loanNo, q), eq(leads.proposalNumber, q));
    return ilike(leads.proposalNumber, `%${q.replace(/[%_\\]/g, "")}%`);
  }

  async function listLeads(where: SQL | undefined, query: QueueQuery) {
    const pageSize = Math.min(Math.max(Math.trunc(query.pageSize ?? 20), 1), 100);
    const page = Math.max(Math.trunc(query.page ?? 1), 1);
    const order = query.sort === "newest" ? desc(loanAccounts.statusChangedAt) : asc(loanAccounts.statusChangedAt);
    const rows = await db
      .select({
        lead: leadWithAccount,
        mobile: customerProfiles.mobile,
        fullName: customerProfiles.fullName,
        panLast4: customerProfiles.pancardLast4,
        netDisbursalPaise: loanTerms.netDisbursalPaise,
      })
      .from(leads)
      .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
      .innerJoin(customerProfiles, eq(customerProfiles.id, leads.profileId))
      .leftJoin(loanTerms, eq(loanTerms.leadId, leads.id))
      .where(where)
      .orderBy(order, asc(leads.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [{ total }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(leads)
      .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
      .innerJoin(customerProfiles, eq(customerProfiles.id, leads.profileId))
      .where(where);
    const at = now().getTime();
    return {
      page,
      pageSize,
      total,
      items: rows.map(({ lead, mobile, fullName, panLast4, netDisbursalPaise }) => ({
        leadId: lead.id,
        proposalNumber: lead.proposalNumber,
        loanNo: lead.loanNo,
        status: lead.status,
        customerName: fullName ?? "",
        mobile: maskMobile(mobile),
        pan: panLast4 ? maskPan(`XXXXXX${panLast4}`) : null,
        amount: lead.loanRecommended,
        netDisbursal: netDisbursalPaise === null ? null : paiseToRupees(netDisbursalPaise),
        waitingSince: lead.statusChangedAt.toISOString(),
        waitedMinutes: Math.max(0, Math.floor((at - lead.statusChangedAt.getTime()) / 60_000)),
        recommendation: lead.recommendation,
        recommendedBy: lead.recommendedBy,
        sanctionedBy: lead.sanctionedBy,
        requotePending: lead.requoteRequestedAt !== null,
      })),
    };
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

  function checkReason(outcome: "SANCTION" | "REJECT", reasonCode: string, note: string | undefined) {
    const ok = outcome === "REJECT" ? isRejectionReason(reasonCode) : isSanctionReason(reasonCode);
    if (!ok) throw new InvalidInput(CREDIT_MESSAGES.reasonRequired, { reason: CREDIT_MESSAGES.reasonRequired });
    if ((note ?? "").length > 1000) throw new InvalidInput(CREDIT_MESSAGES.noteTooLong, { note: CREDIT_MESSAGES.noteTooLong });
  }

  /** Where and in which language (issue 23) the customer hears of the decision. */
  async function customerContact(profileId: string) {
    const [p] = await db
      .select({ mobile: customerProfiles.mobile, lang: customerProfiles.preferredLanguage })
      .from(customerProfiles)
      .where(eq(customerProfiles.id, profileId));
    return p ? { mobile: p.mobile, lang: customerLanguage(p.lang) } : null;
  }

  const desk = {
    /** The credit manager's assigned SUBMITTED leads, oldest first; credit heads and auditors see every one. */
    async queue(staff: StaffActor | null, query: QueueQuery = {}) {
      const who = requireStaffRole(staff, "credit_manager", "credit_head", "auditor");
      const own = who.role === "credit_manager" ? await managerIdOf(who) : null;
      if (who.role === "credit_manager" && !own) return { page: 1, pageSize: 20, total: 0, items: [] };
      return listLeads(and(eq(loanAccounts.status, "SUBMITTED"), own ? eq(leads.creditManagerId, own) : undefined, searchCondition(query.search)), query);
    },

    /** SUBMITTED leads with a recommendation, for the credit head. */
    async sanctionQueue(staff: StaffActor | null, query: QueueQuery = {}) {
      requireStaffRole(staff, "credit_head", "auditor");
      return listLeads(and(eq(loanAccounts.status, "SUBMITTED"), isNotNull(leads.recommendation), searchCondition(query.search)), query);
    },

    /** SANCTIONED loans waiting for payout. */
    async disbursalQueue(staff: StaffActor | null, query: QueueQuery = {}) {
      requireStaffRole(staff, "disbursal", "auditor");
      return listLeads(and(eq(loanAccounts.status, "SANCTIONED"), searchCondition(query.search)), query);
    },

    /** Everything a reviewer needs on one page, personal data masked. */
    async review(staff: StaffActor | null, leadId: string) {
      const who = requireStaffRole(staff, "credit_manager", "credit_head", "disbursal", "auditor");
      if (!isUuid(leadId)) throw new NotFound("No such application.");
      const [lead] = await selectLeads(db).where(eq(leads.id, leadId.toLowerCase()));
      if (!lead) throw new NotFound("No such application.");
      await requireAssigned(who, lead);
      return creditReviewView(db, lead, { ekycSummary: deps.ekycSummary, today: today() });
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

  return { desk };
}

export type CreditService = ReturnType<typeof createCreditService>;
