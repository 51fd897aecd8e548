// Credit-bureau reporting (issue 22): the fortnightly TUDF file as on the 15th and the month's last
// day (a job, and accounts on /admin/bureau), stored encrypted through the storage port; its
// submission to the bureau with the bureau's per-record answer; audited downloads; and the notice
// each borrower gets before a loan is first reported overdue (RBI's 2024 credit-information directions).
// The files are bureau-files.ts, the notices bureau-overdue-notices.ts and the back office's desk
// bureau-desk.ts; this file assembles them with the fortnightly job.
import { eq } from "drizzle-orm";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { bureauOverdueNotices } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { BureauSubmissionPort } from "../../providers/bureau/port.ts";
import type { EmailPort } from "../../providers/email/port.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import type { AuditRecorder } from "../credit/credit.service.ts";
import type { LoansService } from "../loans/loans.service.ts";
import type { ReportedLoans } from "../loans/reported-loans.service.ts";
import type { CreditReportSubjects } from "../profile/credit-report-subject.service.ts";
import { createBureauDesk } from "./bureau-desk.ts";
import { createBureauFiles, type BureauMember } from "./bureau-files.ts";
import { createBureauOverdueNotices } from "./bureau-overdue-notices.ts";
import { createBureauRecords } from "./bureau-records.ts";
import type { LoanPayment } from "../../../core/loan-math/index.ts";
import type { ClassOn } from "./class-on.ts";

export type { BureauMember };

export function createBureauService(deps: {
  db: Db;
  storage: StoragePort;
  encryptionKey: string;
  reportedLoans: ReportedLoans;
  loans: LoansService;
  loanPayments: (executor: Pick<Db, "select">, leadId: string) => Promise<LoanPayment[]>;
  subjects: CreditReportSubjects;
  classOn: ClassOn;
  /** Null when no upload is configured (production without BUREAU_UPLOAD_URL). */
  submission: BureauSubmissionPort | null;
  sms: SmsNoticePort;
  email: EmailPort;
  audit: AuditRecorder;
  member: BureauMember;
  publicOrigin: string;
  now: () => Date;
  logger: Logger;
}) {
  const { db, storage, encryptionKey, audit, member, now, logger } = deps;
  const records = createBureauRecords({
    ...deps,
    overdueNoticeSent: async (leadId) =>
      (await db.select({ leadId: bureauOverdueNotices.leadId }).from(bureauOverdueNotices).where(eq(bureauOverdueNotices.leadId, leadId))).length > 0,
  });
  const filing = createBureauFiles({ db, storage, encryptionKey, records, audit, member, now });
  const { buildFile, periodsWithoutFile, fileById, readContent } = filing;
  const { runOverdueNotices } = createBureauOverdueNotices(deps);
  const desk = createBureauDesk({ db, audit, member, submission: deps.submission, files: filing, now });

  return {
    desk,
    buildFile,
    runOverdueNotices,

    /**
     * The fortnightly job (the 16th and the 1st, India time): the overdue notices still owed go first
     * (in contact hours), then a file for every ended period that has none, oldest first (issue 29: a
     * gap of missed runs is filled), each once per period.
     */
    async runFortnightlyFile(): Promise<{ files: { periodEnd: IsoDate; built: boolean; records: number; rejected: number }[] }> {
      await runOverdueNotices().catch((error: unknown) =>
        logger.warn("bureau overdue notices failed before the file", { error: error instanceof Error ? error.name : "error" }),
      );
      const files = [];
      for (const period of await periodsWithoutFile(todayInIndia(now()))) {
        const row = await buildFile(period, null);
        files.push({ periodEnd: period.end, built: !!row, records: row?.recordCount ?? 0, rejected: row?.rejected.length ?? 0 });
      }
      return { files };
    },

    /** Tests and the sandbox read a stored file back. */
    async fileContent(fileId: string): Promise<string> {
      return readContent(await fileById(fileId));
    },
  };
}

export type BureauService = ReturnType<typeof createBureauService>;
