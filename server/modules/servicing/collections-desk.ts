// The collections desk (issue 22, decision 31): the queue of loans past their repayment date with their
// dues, reminders, contacts, complaints and AutoPay; recording a contact within contact hours; and the
// customer's own view of those contacts. servicing.service.ts assembles it with the jobs.
import { and, desc, eq, inArray, lte } from "drizzle-orm";
import {
  COLLECTIONS_MESSAGES,
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  type CollectionContact,
  type CollectionsRow,
  type ContactChannel,
  type ContactOutcome,
} from "../../../core/admin/collections-desk.ts";
import { DUES_MESSAGE_KINDS, type CustomerMessage } from "../../../core/admin/customer-messages.ts";
import { WEBSITE_SOURCE, type LeadSourcesOf } from "../../../core/admin/lead-source.ts";
import { daysBetween, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import type { AssetClass } from "../../../core/loan-math/asset-class.ts";
import { withinContactHours } from "../../../core/servicing/reminders.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { collectionContacts, leads, loanAccounts, loanReminders, loanTerms } from "../../db/schema/index.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { InvalidInput, NotFound, Refused } from "../domain-errors.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import type { OpenLoan } from "./open-loans.ts";

const maskMobile = (m: string) => `XXXXXX${m.slice(-4)}`;

function contactOf(r: typeof collectionContacts.$inferSelect): CollectionContact {
  return {
    id: r.id,
    channel: r.channel as ContactChannel,
    outcome: (r.outcome as ContactOutcome | null) ?? null,
    agentName: r.agentName,
    agencyName: r.agencyName,
    note: r.note,
    staffEmail: r.staffEmail,
    contactedAt: r.contactedAt.toISOString(),
  };
}

export function createCollectionsDesk(deps: {
  db: Db;
  payments: PaymentsService;
  audit: AuditRecorder;
  now: () => Date;
  openLoans: (where?: ReturnType<typeof and>) => Promise<OpenLoan[]>;
  assetClassOn: (leadId: string, on: IsoDate) => Promise<{ assetClass: AssetClass } | null>;
  collectionGrievances?: (profileIds: string[]) => Promise<Map<string, { reference: string; raisedAt: string }>>;
  autopayOf?: (loans: { leadId: string; repaymentDate: string | null }[]) => Promise<Map<string, NonNullable<CollectionsRow["autopay"]>>>;
  /** Issue 34: each loan's messages to its customer (WhatsApp or SMS, and how far each got). */
  messagesOf?: (leadIds: string[]) => Promise<Map<string, CustomerMessage[]>>;
  /** Issue 32: which loans came through ONDC (the ONDC module's read, handed in by the composition root). */
  sourcesOf: LeadSourcesOf;
}) {
  const { db, payments, audit, now, openLoans } = deps;

  async function contactsOf(leadIds: string[]): Promise<Map<string, CollectionContact[]>> {
    const out = new Map<string, CollectionContact[]>();
    if (leadIds.length === 0) return out;
    const rows = await db.select().from(collectionContacts).where(inArray(collectionContacts.leadId, leadIds)).orderBy(desc(collectionContacts.contactedAt));
    for (const r of rows) {
      const list = out.get(r.leadId) ?? [];
      list.push(contactOf(r));
      out.set(r.leadId, list);
    }
    return out;
  }

  const desk = {
    async queue(staff: StaffActor | null) {
      requireStaffRole(staff, "collections", "auditor");
      const today = todayInIndia(now());
      const loans = await openLoans(lte(loanTerms.repaymentDate, today));
      const contacts = await contactsOf(loans.map((l) => l.id));
      const sent = loans.length
        ? await db
            .select({ leadId: loanReminders.leadId, kind: loanReminders.kind })
            .from(loanReminders)
            .where(
              inArray(
                loanReminders.leadId,
                loans.map((l) => l.id),
              ),
            )
        : [];
      const flagged = (await deps.collectionGrievances?.([...new Set(loans.map((l) => l.lead.profileId))])) ?? new Map();
      const autopay = (await deps.autopayOf?.(loans.map((l) => ({ leadId: l.id, repaymentDate: l.repaymentDate ?? null })))) ?? new Map();
      const messages = (await deps.messagesOf?.(loans.map((l) => l.id))) ?? new Map<string, CustomerMessage[]>();
      const sources = await deps.sourcesOf(loans.map((l) => l.id));
      const duesKinds: readonly string[] = DUES_MESSAGE_KINDS;
      const rows: CollectionsRow[] = [];
      for (const loan of loans) {
        const d = await payments.duesOn(loan.lead, today);
        if (!d) continue;
        rows.push({
          leadId: loan.id,
          loanNo: loan.loanNo ?? "",
          customerName: loan.fullName ?? "",
          mobile: maskMobile(loan.mobile),
          repaymentDate: loan.repaymentDate ?? "",
          daysPastDue: Math.max(0, daysBetween(loan.repaymentDate as IsoDate, today)),
          assetClass: (await deps.assetClassOn(loan.id, today))?.assetClass ?? "STANDARD",
          totalDuePaise: d.totalDue,
          penalPaise: d.penalToDate,
          remindersSent: sent.filter((s) => s.leadId === loan.id).map((s) => s.kind),
          contacts: contacts.get(loan.id) ?? [],
          collectionGrievance: flagged.get(loan.lead.profileId) ?? null,
          autopay: autopay.get(loan.id) ?? null,
          source: sources.get(loan.id) ?? WEBSITE_SOURCE,
          // The dues notices, newest first: whether WhatsApp or SMS reached the customer.
          // The phone channels only: the e-mail goes alongside whichever of them carried the notice.
          duesMessages: (messages.get(loan.id) ?? []).filter((m) => m.channel !== "email" && duesKinds.includes(m.kind)).slice(0, 5),
        });
      }
      rows.sort((a, b) => b.daysPastDue - a.daysPastDue || a.loanNo.localeCompare(b.loanNo));
      return { rows, today, withinContactHours: withinContactHours(now()) };
    },

    /**
     * Issue 22: a contact is recorded only within 08:00-19:00 India time (refused outside, nothing
     * written), with its channel, outcome and who made it; the agent and agency when made through one.
     */
    async addContact(
      staff: (StaffActor & { email?: string }) | null,
      input: { leadId: string; channel: string; outcome: string; note: string; agentName?: string; agencyName?: string },
    ): Promise<CollectionContact> {
      const who = requireStaffRole(staff, "collections");
      const channel = String(input?.channel ?? "") as ContactChannel;
      const outcome = String(input?.outcome ?? "") as ContactOutcome;
      const note = String(input?.note ?? "").trim();
      const agentName = String(input?.agentName ?? "").trim() || null;
      const agencyName = String(input?.agencyName ?? "").trim() || null;
      const errors: Record<string, string> = {};
      if (!CONTACT_CHANNELS.includes(channel)) errors.channel = COLLECTIONS_MESSAGES.channel;
      if (!CONTACT_OUTCOMES.includes(outcome)) errors.outcome = COLLECTIONS_MESSAGES.outcome;
      if (note.length < 3 || note.length > 1000) errors.note = COLLECTIONS_MESSAGES.note;
      const nameOk = (n: string | null) => n !== null && n.length >= 2 && n.length <= 100;
      if ((agentName || agencyName) && !(nameOk(agentName) && nameOk(agencyName))) errors.agentName = COLLECTIONS_MESSAGES.agentName;
      if (Object.keys(errors).length) throw new InvalidInput(Object.values(errors)[0], errors);
      const at = now();
      if (!withinContactHours(at)) throw new Refused(COLLECTIONS_MESSAGES.outsideHours);
      const leadId = String(input?.leadId ?? "");
      if (!isUuid(leadId)) throw new NotFound(COLLECTIONS_MESSAGES.notFound);
      return db.transaction(async (tx) => {
        const [lead] = await tx
          .select({ id: leads.id, status: loanAccounts.status })
          .from(leads)
          .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
          .where(eq(leads.id, leadId.toLowerCase()));
        if (!lead) throw new NotFound(COLLECTIONS_MESSAGES.notFound);
        if (lead.status !== "DISBURSED") throw new Refused(COLLECTIONS_MESSAGES.notOpen);
        const [row] = await tx
          .insert(collectionContacts)
          .values({ leadId: lead.id, staffId: who.staffId, staffEmail: who.email ?? null, channel, outcome, agentName, agencyName, note, contactedAt: at })
          .returning();
        await audit.record(tx, {
          actor: who,
          action: "collections.contact",
          target: { kind: "loan", id: lead.id },
          after: { contactId: row.id, channel, outcome, note, ...(agentName ? { agentName, agencyName } : {}) },
        });
        return contactOf(row);
      });
    },
  };

  /** Issue 22: the customer's own view of our collections contacts on their loans (who, when, how). */
  async function customerContacts(profileId: string) {
    const rows = await db
      .select({ c: collectionContacts, loanNo: loanAccounts.loanNo })
      .from(collectionContacts)
      .innerJoin(leads, eq(leads.id, collectionContacts.leadId))
      .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
      .where(eq(leads.profileId, profileId))
      .orderBy(desc(collectionContacts.contactedAt))
      .limit(100);
    return rows.map((r) => ({
      loanNo: r.loanNo ?? "",
      channel: r.c.channel as ContactChannel,
      agentName: r.c.agentName,
      agencyName: r.c.agencyName,
      contactedAt: r.c.contactedAt.toISOString(),
    }));
  }

  return { desk, customerContacts };
}
