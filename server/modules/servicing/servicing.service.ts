// Loan servicing (issue 13, decisions 28 and 31): the daily accrual of interest and penal charges,
// the reminders by SMS and e-mail, the collections queue and its contact log, and the copies of the
// KFS and signed agreement after signing. The job runner (server/jobs) calls runAccrual and
// runReminders; every effect is idempotent in our own tables, so two instances running the same job
// (or a retry) change nothing twice.
import { and, asc, desc, eq, inArray, lte } from "drizzle-orm";
import {
  COLLECTIONS_MESSAGES,
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  type CollectionContact,
  type CollectionsRow,
  type ContactChannel,
  type ContactOutcome,
} from "../../../core/admin/collections-desk.ts";
import { addDays, daysBetween, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { customerLanguage, type Language } from "../../../core/i18n/index.ts";
import type { MandateMethodName } from "../../../core/mandates.ts";
import type { AssetClass } from "../../../core/loan-math/asset-class.ts";
import { reminderDueOn, withinContactHours, type ReminderKind } from "../../../core/servicing/reminders.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import { reminderMessages } from "./reminder-messages.ts";
import type { ConsentsService } from "../data-rights/consents.service.ts";
import type { Db } from "../../db/client.ts";
import { collectionContacts, customerProfiles, leads, loanAccounts, loanReminders, loanTerms, signedCopiesSent } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { customerEmail } from "../../providers/email/customer-email.ts";
import { isEmailAddress, type EmailPort } from "../../providers/email/port.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import { requireStaffRole, type AuditRecorder, type StaffActor } from "../credit/credit.service.ts";
import { InvalidInput, NotFound, Refused } from "../domain-errors.ts";
import { leadWithAccount, type LeadWithAccount } from "../loans/loan-account.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";

export { COLLECTIONS_MESSAGES };

/** Dashboard page with the KFS and the signed agreement; the downloads it links to check the owner. */
export const loanDocumentsPath = (leadId: string) => `/my-dashboard/loan-documents/${leadId}`;

const maskMobile = (m: string) => `XXXXXX${m.slice(-4)}`;
/** "10 Dec 2026": the date as the customer reads it in a message. */

type OpenLoan = {
  id: string;
  loanNo: string | null;
  repaymentDate: string | null;
  mobile: string;
  email: string | null;
  fullName: string | null;
  /** Issue 23: the language of the customer's reminders. */
  lang: Language;
  lead: LeadWithAccount;
};

/** One failure per loan is logged by loan id and error class (never a name, number or message text). */
class JobFailures extends Error {
  constructor(job: string, count: number) {
    super(`${job}: ${count} loan(s) failed; the job will be retried`);
    this.name = "JobFailures";
  }
}

export function createServicingService(deps: {
  db: Db;
  payments: PaymentsService;
  /** The raw SMS port: a reminder that was not sent must fail the job so that it is retried. */
  sms: SmsNoticePort;
  email: EmailPort;
  /** Issue 23: a customer who withdrew the reminders purpose gets none. */
  consents: Pick<ConsentsService, "choice">;
  audit: AuditRecorder;
  publicOrigin: string;
  now: () => Date;
  logger: Logger;
  /** Issue 22: a loan's asset class as on a date (the asset-classification module's classOn). */
  assetClassOn: (leadId: string, on: IsoDate) => Promise<{ assetClass: AssetClass } | null>;
  /** Issue 22: customers with an unresolved complaint about collection (the grievances module). */
  collectionGrievances?: (profileIds: string[]) => Promise<Map<string, { reference: string; raisedAt: string }>>;
  /** Issue 24: each loan's AutoPay mandate for the desk (the mandates module's staffView). */
  autopayOf?: (loans: { leadId: string; repaymentDate: string | null }[]) => Promise<Map<string, NonNullable<CollectionsRow["autopay"]>>>;
}) {
  const { db, payments, sms, email, consents, audit, now, logger } = deps;
  const origin = deps.publicOrigin.replace(/\/$/, "");

  async function openLoans(where?: ReturnType<typeof and>): Promise<OpenLoan[]> {
    const rows = await db
      .select({
        lead: leadWithAccount,
        mobile: customerProfiles.mobile,
        email: customerProfiles.personalEmail,
        fullName: customerProfiles.fullName,
        lang: customerProfiles.preferredLanguage,
      })
      .from(leads)
      .innerJoin(loanAccounts, eq(loanAccounts.leadId, leads.id))
      .innerJoin(customerProfiles, eq(customerProfiles.id, leads.profileId))
      .leftJoin(loanTerms, eq(loanTerms.leadId, leads.id))
      .where(and(eq(loanAccounts.status, "DISBURSED"), where))
      .orderBy(asc(loanTerms.repaymentDate), asc(leads.id));
    return rows.map((r) => ({
      id: r.lead.id,
      loanNo: r.lead.loanNo,
      repaymentDate: r.lead.repaymentDate,
      mobile: r.mobile,
      email: r.email,
      fullName: r.fullName,
      lang: customerLanguage(r.lang),
      lead: r.lead,
    }));
  }

  const failureOf = (error: unknown) => (error instanceof Error ? error.name : typeof error);

  /** The method of the loan's ACTIVE mandate when its next debit is `today` (issue 29); else null. */
  async function autopayDebitToday(loan: OpenLoan, today: IsoDate): Promise<MandateMethodName | null> {
    const autopay = (await deps.autopayOf?.([{ leadId: loan.id, repaymentDate: loan.repaymentDate ?? null }]))?.get(loan.id);
    return autopay && autopay.status === "ACTIVE" && autopay.nextDebitOn === today ? (autopay.method as MandateMethodName) : null;
  }

  /** One reminder, claimed in loan_reminders first so that it goes once; a send that fails releases the claim. */
  async function remind(loan: OpenLoan, kind: ReminderKind, today: IsoDate): Promise<boolean> {
    // Only an explicit withdrawal stops them: customers who signed in before consents were recorded agreed to the terms that included them.
    if ((await consents.choice(loan.lead.profileId, "reminders")) === false) return false;
    const [claimed] = await db
      .insert(loanReminders)
      .values({ leadId: loan.id, kind, dueOn: loan.repaymentDate!, sentAt: now() })
      .onConflictDoNothing()
      .returning({ leadId: loanReminders.leadId });
    if (!claimed) return false;
    try {
      const d = await payments.duesOn(loan.lead, today);
      if (!d || d.settled) return true;
      const message = reminderMessages(origin, loan, kind, d, kind === "due_today" ? await autopayDebitToday(loan, today) : null);
      await sms.sendNotice({ mobile: loan.mobile, notice: message.notice, lang: loan.lang });
      if (message.email) {
        await email.send(message.email);
        await db
          .update(loanReminders)
          .set({ byEmail: true })
          .where(and(eq(loanReminders.leadId, loan.id), eq(loanReminders.kind, kind)));
      }
      return true;
    } catch (error) {
      await db.delete(loanReminders).where(and(eq(loanReminders.leadId, loan.id), eq(loanReminders.kind, kind)));
      throw error;
    }
  }

  async function sendSignedCopies(input: { leadId: string; profileId: string }): Promise<boolean> {
    const [claimed] = await db.insert(signedCopiesSent).values({ leadId: input.leadId, sentAt: now() }).onConflictDoNothing().returning();
    if (!claimed) return false;
    try {
      const [p] = await db
        .select({
          mobile: customerProfiles.mobile,
          email: customerProfiles.personalEmail,
          fullName: customerProfiles.fullName,
          lang: customerProfiles.preferredLanguage,
        })
        .from(customerProfiles)
        .where(eq(customerProfiles.id, input.profileId));
      if (!p) return true;
      const lang = customerLanguage(p.lang);
      const link = `${origin}${loanDocumentsPath(input.leadId)}`;
      await sms.sendNotice({ mobile: p.mobile, notice: { kind: "signed_copies", vars: { link } }, lang });
      if (isEmailAddress(p.email)) {
        await email.send(customerEmail({ to: p.email, lang, name: p.fullName, kind: "signed_copies", values: { link } }));
      }
      return true;
    } catch (error) {
      await db.delete(signedCopiesSent).where(eq(signedCopiesSent.leadId, input.leadId));
      throw error;
    }
  }

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

  return {
    desk,
    customerContacts,

    /**
     * The daily accrual (decision 28): interest and penal charges of every open loan posted up to
     * today, one entry of each kind per loan per day. Safe to run any number of times a day.
     */
    async runAccrual(): Promise<{ loans: number; interest: number; penal: number }> {
      const today = todayInIndia(now());
      const totals = { loans: 0, interest: 0, penal: 0 };
      let failed = 0;
      for (const loan of await openLoans()) {
        try {
          const posted = await payments.accrue(loan.id, today);
          totals.loans++;
          totals.interest += posted.interest;
          totals.penal += posted.penal;
        } catch (error) {
          failed++;
          logger.warn("accrual failed for a loan", { leadId: loan.id, error: failureOf(error) });
        }
      }
      if (failed) throw new JobFailures("accrual", failed);
      return totals;
    },

    /**
     * Reminders (decision 31): 3 and 1 days before the repayment date, on it, and 1, 3 and 7 days
     * after; only from 08:00 to 19:00 India time; each kind once per loan.
     */
    async runReminders(): Promise<{ sent: number; outsideHours: boolean }> {
      const at = now();
      if (!withinContactHours(at)) return { sent: 0, outsideHours: true };
      const today = todayInIndia(at);
      let sent = 0;
      let failed = 0;
      const loans = await openLoans(and(lte(loanTerms.repaymentDate, addDays(today, 3))));
      for (const loan of loans) {
        if (!loan.repaymentDate) continue;
        const kind = reminderDueOn(loan.repaymentDate as IsoDate, today);
        if (!kind) continue;
        try {
          if (await remind(loan, kind, today)) sent++;
        } catch (error) {
          failed++;
          logger.warn("reminder not sent", { leadId: loan.id, kind, error: failureOf(error) });
        }
      }
      if (failed) throw new JobFailures("reminders", failed);
      return { sent, outsideHours: false };
    },

    /** Copies of the KFS and signed agreement after signing (regulatory.md): an SMS link and an e-mail, once per lead. */
    sendSignedCopies,
  };
}

export type ServicingService = ReturnType<typeof createServicingService>;
