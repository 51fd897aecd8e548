// The notice each borrower gets before a loan is first reported overdue (issue 22, RBI's 2024
// credit-information directions): once per loan, by SMS and email, in contact hours.
import { eq } from "drizzle-orm";
import { todayInIndia } from "../../../core/calendar.ts";
import { noticeDate } from "../../../core/i18n/index.ts";
import type { LoanPayment } from "../../../core/loan-math/index.ts";
import { formatPaise } from "../../../core/money.ts";
import { withinContactHours } from "../../../core/servicing/reminders.ts";
import type { Db } from "../../db/client.ts";
import { bureauOverdueNotices } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { customerEmail } from "../../providers/email/customer-email.ts";
import { isEmailAddress, type EmailPort } from "../../providers/email/port.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import type { LoansService } from "../loans/loans.service.ts";
import type { ReportedLoans } from "../loans/reported-loans.service.ts";
import type { CreditReportSubjects } from "../profile/credit-report-subject.service.ts";
import type { ClassOn } from "./class-on.ts";

/** One failure per loan is logged by loan id and error class; the job is retried. */
class NoticeFailures extends Error {
  constructor(count: number) {
    super(`bureau overdue notices: ${count} loan(s) failed; the job will be retried`);
    this.name = "NoticeFailures";
  }
}

export function createBureauOverdueNotices(deps: {
  db: Db;
  reportedLoans: ReportedLoans;
  loans: LoansService;
  loanPayments: (executor: Pick<Db, "select">, leadId: string) => Promise<LoanPayment[]>;
  subjects: CreditReportSubjects;
  classOn: ClassOn;
  sms: SmsNoticePort;
  email: EmailPort;
  publicOrigin: string;
  now: () => Date;
  logger: Logger;
}) {
  const { db, now, logger } = deps;
  const payLink = `${deps.publicOrigin.replace(/\/$/, "")}/repayloan`;

  /** Tells each borrower whose loan is overdue today and not yet told, once per loan, in contact hours. */
  async function runOverdueNotices(): Promise<{ sent: number; outsideHours: boolean }> {
    const at = now();
    if (!withinContactHours(at)) return { sent: 0, outsideHours: true };
    const today = todayInIndia(at);
    const told = new Set((await db.select({ leadId: bureauOverdueNotices.leadId }).from(bureauOverdueNotices)).map((r) => r.leadId));
    let sent = 0;
    let failed = 0;
    for (const { lead, terms } of await deps.reportedLoans.loansIn({ start: today, end: today })) {
      if (lead.status !== "DISBURSED" || !terms || told.has(lead.id) || (lead.repaymentDate ?? today) >= today) continue;
      const { daysPastDue } = await deps.classOn(lead.id, today);
      if (daysPastDue === 0) continue;
      const [claimed] = await db.insert(bureauOverdueNotices).values({ leadId: lead.id, sentAt: at }).onConflictDoNothing().returning();
      if (!claimed) continue;
      try {
        const subject = await deps.subjects.subjectOf(lead.profileId);
        if (!subject) throw new Error("no profile");
        const d = deps.loans.duesOn(lead, terms, await deps.loanPayments(db, lead.id), today);
        const loanNo = lead.loanNo ?? "";
        const totalDue = formatPaise(d.closeToday);
        const lang = subject.language;
        await deps.sms.sendNotice({
          mobile: subject.mobile,
          notice: { kind: "bureau_overdue", vars: { loan_no: loanNo, total_due: totalDue, pay_link: payLink } },
          lang,
        });
        if (isEmailAddress(subject.email)) {
          const repaymentDate = noticeDate(lead.repaymentDate ?? "", lang);
          await deps.email.send(
            customerEmail({
              to: subject.email,
              lang,
              name: subject.name,
              kind: "bureau_overdue",
              values: { loan_no: loanNo, repayment_date: repaymentDate, total_due: totalDue, pay_link: payLink },
            }),
          );
          await db.update(bureauOverdueNotices).set({ byEmail: true }).where(eq(bureauOverdueNotices.leadId, lead.id));
        }
        sent++;
      } catch (error) {
        failed++;
        await db.delete(bureauOverdueNotices).where(eq(bureauOverdueNotices.leadId, lead.id));
        logger.warn("bureau overdue notice not sent", { leadId: lead.id, error: error instanceof Error ? error.name : typeof error });
      }
    }
    if (failed) throw new NoticeFailures(failed);
    return { sent, outsideHours: false };
  }

  return { runOverdueNotices };
}
