// Loan servicing (issue 13, decisions 28 and 31): the daily accrual of interest and penal charges,
// the reminders by SMS and e-mail, the collections queue and its contact log, and the copies of the
// KFS and signed agreement after signing. The job runner (server/jobs) calls runAccrual and
// runReminders; every effect is idempotent in our own tables, so two instances running the same job
// (or a retry) change nothing twice.
import { and, eq, lte } from "drizzle-orm";
import { COLLECTIONS_MESSAGES, type CollectionsRow } from "../../../core/admin/collections-desk.ts";
import type { LeadSourcesOf } from "../../../core/admin/lead-source.ts";
import { addDays, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import type { MandateMethodName } from "../../../core/mandates.ts";
import type { AssetClass } from "../../../core/loan-math/asset-class.ts";
import { reminderDueOn, withinContactHours, type ReminderKind } from "../../../core/servicing/reminders.ts";
import { reminderMessages } from "./reminder-messages.ts";
import type { ConsentsService } from "../data-rights/consents.service.ts";
import type { Db } from "../../db/client.ts";
import { loanReminders, loanTerms } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { EmailPort } from "../../providers/email/port.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import type { AuditRecorder } from "../credit/credit.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import { createCollectionsDesk } from "./collections-desk.ts";
import { createCustomerMessages } from "./customer-messages.ts";
import { createOpenLoans, type OpenLoan } from "./open-loans.ts";
import { createSignedCopies, loanDocumentsPath } from "./signed-copies.ts";

export { COLLECTIONS_MESSAGES, loanDocumentsPath };

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
  /** Issue 32: which loans came through ONDC (the ONDC module's read). */
  leadSources: { of: LeadSourcesOf };
}) {
  const { db, payments, sms, email, consents, audit, now, logger } = deps;
  const origin = deps.publicOrigin.replace(/\/$/, "");

  const openLoans = createOpenLoans(db);
  // Issue 34: what reached the customer (WhatsApp with its status, SMS, e-mail), on the loan's page and the desk.
  const customerMessages = createCustomerMessages({ db });
  const { desk, customerContacts } = createCollectionsDesk({
    messagesOf: customerMessages.ofLoans,
    db,
    payments,
    audit,
    now,
    openLoans,
    assetClassOn: deps.assetClassOn,
    collectionGrievances: deps.collectionGrievances,
    autopayOf: deps.autopayOf,
    sourcesOf: deps.leadSources.of,
  });
  const sendSignedCopies = createSignedCopies({ db, sms, email, origin, now });

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

  return {
    desk,
    customerContacts,
    customerMessages: customerMessages.desk,

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
