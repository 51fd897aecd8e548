// Credit-bureau reporting (issue 22): the fortnightly TUDF file as on the 15th and the month's last
// day (a job, and accounts on /admin/bureau), stored encrypted through the storage port; its
// submission to the bureau with the bureau's per-record answer; audited downloads; and the notice
// each borrower gets before a loan is first reported overdue (RBI's 2024 credit-information directions).
import { createHash } from "node:crypto";
import { desc, eq, inArray } from "drizzle-orm";
import { BUREAU_MESSAGES, BUREAU_ROLES, bureauFileName, type BureauFileRow, type BureauSubmissionRow } from "../../../core/admin/bureau-desk.ts";
import { checkPeriodEnd, endedPeriodsFrom, latestEndedPeriod, type ReportingPeriod } from "../../../core/bureau/periods.ts";
import { tudfFile } from "../../../core/bureau/tudf.ts";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { noticeDate } from "../../../core/i18n/index.ts";
import { formatPaise } from "../../../core/money.ts";
import { withinContactHours } from "../../../core/servicing/reminders.ts";
import type { StaffPrincipal } from "../../../core/staff.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { bureauFiles, bureauOverdueNotices, bureauSubmissions } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { BureauSubmissionPort } from "../../providers/bureau/port.ts";
import { customerEmail } from "../../providers/email/customer-email.ts";
import { isEmailAddress, type EmailPort } from "../../providers/email/port.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import { decrypt, encrypt } from "../../security/crypto.ts";
import { requireStaffRole, type AuditRecorder } from "../credit/credit.service.ts";
import { InvalidInput, NotFound, ProviderDown, Refused } from "../domain-errors.ts";
import type { LoansService } from "../loans/loans.service.ts";
import type { ReportedLoans } from "../loans/reported-loans.service.ts";
import type { CreditReportSubjects } from "../profile/credit-report-subject.service.ts";
import { createBureauRecords } from "./bureau-records.ts";
import type { LoanPayment } from "../../../core/loan-math/index.ts";
import type { ClassOn } from "./class-on.ts";

type FileRow = typeof bureauFiles.$inferSelect;
type SubmissionRow = typeof bureauSubmissions.$inferSelect;

export interface BureauMember {
  memberId: string;
  memberShortName: string;
}

/** One failure per loan is logged by loan id and error class; the job is retried. */
class NoticeFailures extends Error {
  constructor(count: number) {
    super(`bureau overdue notices: ${count} loan(s) failed; the job will be retried`);
    this.name = "NoticeFailures";
  }
}

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
  const payLink = `${deps.publicOrigin.replace(/\/$/, "")}/repayloan`;
  const records = createBureauRecords({
    ...deps,
    overdueNoticeSent: async (leadId) =>
      (await db.select({ leadId: bureauOverdueNotices.leadId }).from(bureauOverdueNotices).where(eq(bureauOverdueNotices.leadId, leadId))).length > 0,
  });

  const submissionView = (s: SubmissionRow): BureauSubmissionRow => ({
    id: s.id,
    bureau: s.bureau,
    status: s.status,
    reference: s.providerReference,
    acceptedCount: s.acceptedCount,
    rejectedCount: s.rejectedCount,
    fileError: s.fileError,
    recordErrors: s.recordErrors,
    submittedAt: s.submittedAt.toISOString(),
    submittedByEmail: s.submittedByEmail,
  });

  const fileView = (f: FileRow, submissions: SubmissionRow[]): BureauFileRow => ({
    id: f.id,
    periodStart: f.periodStart,
    periodEnd: f.periodEnd,
    fileName: bureauFileName(member.memberId, f.periodEnd),
    recordCount: f.recordCount,
    rejected: f.rejected,
    byteSize: f.byteSize,
    builtAt: f.builtAt.toISOString(),
    builtByEmail: f.builtByEmail,
    submissions: submissions.filter((s) => s.fileId === f.id).map(submissionView),
  });

  async function fileById(fileId: unknown): Promise<FileRow> {
    const id = typeof fileId === "string" ? fileId.trim().toLowerCase() : "";
    if (!isUuid(id)) throw new NotFound(BUREAU_MESSAGES.noSuchFile);
    const [row] = await db.select().from(bureauFiles).where(eq(bureauFiles.id, id));
    if (!row) throw new NotFound(BUREAU_MESSAGES.noSuchFile);
    return row;
  }

  async function readContent(row: FileRow): Promise<string> {
    const sealed = await storage.get(row.storageKey);
    if (!sealed) throw new ProviderDown(BUREAU_MESSAGES.fileMissing);
    return decrypt(encryptionKey, new TextDecoder().decode(sealed));
  }

  /** Builds and stores a period's file from current data; null when that period already has one. */
  async function buildFile(period: ReportingPeriod, actor: (StaffPrincipal & { email?: string }) | null): Promise<FileRow | null> {
    const [existing] = await db.select({ id: bureauFiles.id }).from(bureauFiles).where(eq(bureauFiles.periodEnd, period.end));
    if (existing) return null;
    const built = await records.recordsFor(period);
    const rejected = built.rejected;
    const cycle = period.end.endsWith("-15") ? "01" : "02";
    const content = tudfFile(
      { ...member, cycle, dateReported: period.end },
      built.records.map((r) => r.record),
    );
    const key = await storage.put(new TextEncoder().encode(encrypt(encryptionKey, content)));
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(bureauFiles)
          .values({
            periodStart: period.start,
            periodEnd: period.end,
            storageKey: key,
            byteSize: Buffer.byteLength(content),
            sha256: createHash("sha256").update(content).digest("hex"),
            recordCount: built.records.length,
            rejected,
            builtBy: actor?.staffId ?? null,
            builtByEmail: actor?.email ?? null,
            builtAt: now(),
          })
          .onConflictDoNothing()
          .returning();
        if (!row) return null;
        await audit.record(tx, {
          actor: actor ?? null,
          action: "bureau.build",
          target: { kind: "bureau_file", id: row.id },
          after: { periodStart: period.start, periodEnd: period.end, recordCount: built.records.length, rejectedCount: rejected.length },
        });
        return row;
      });
    } finally {
      // A file another instance built first leaves ours unreferenced.
      const [kept] = await db.select({ key: bureauFiles.storageKey }).from(bureauFiles).where(eq(bureauFiles.periodEnd, period.end));
      if (kept?.key !== key) await storage.delete(key).catch(() => undefined);
    }
  }

  /**
   * Issue 29: the periods that have ended with no file, oldest first. Reporting began with the first
   * file built, so every period from it on must have one; before any file, the latest ended period.
   */
  async function periodsWithoutFile(today: IsoDate): Promise<ReportingPeriod[]> {
    const ends = new Set((await db.select({ end: bureauFiles.periodEnd }).from(bureauFiles)).map((f) => f.end));
    if (ends.size === 0) return [latestEndedPeriod(today)];
    const first = [...ends].sort()[0] as IsoDate;
    return endedPeriodsFrom(first, today).filter((p) => !ends.has(p.end));
  }

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

  const desk = {
    async list(staff: StaffPrincipal | null) {
      const who = requireStaffRole(staff, ...BUREAU_ROLES.read);
      const files = await db.select().from(bureauFiles).orderBy(desc(bureauFiles.periodEnd)).limit(48);
      const submissions = files.length
        ? await db
            .select()
            .from(bureauSubmissions)
            .where(
              inArray(
                bureauSubmissions.fileId,
                files.map((f) => f.id),
              ),
            )
            .orderBy(desc(bureauSubmissions.submittedAt))
        : [];
      const today = todayInIndia(now());
      const missing = files.length ? await periodsWithoutFile(today) : [];
      return {
        files: files.map((f) => fileView(f, submissions)),
        latestEndedPeriodEnd: latestEndedPeriod(today).end,
        missingPeriodEnds: missing.map((p) => p.end),
        canAct: (BUREAU_ROLES.act as readonly string[]).includes(who.role),
      };
    },

    async build(staff: StaffPrincipal | null, input: { periodEnd: string }) {
      requireStaffRole(staff, ...BUREAU_ROLES.act);
      const checked = checkPeriodEnd(input?.periodEnd, todayInIndia(now()));
      if (!checked.ok) throw new InvalidInput(checked.message, { periodEnd: checked.message });
      const row = await buildFile(checked.period, staff);
      if (!row) throw new Refused(BUREAU_MESSAGES.alreadyBuilt);
      return { id: row.id, recordCount: row.recordCount, rejectedCount: row.rejected.length };
    },

    async submit(staff: StaffPrincipal | null, input: { fileId: string }) {
      const who = requireStaffRole(staff, ...BUREAU_ROLES.act);
      const file = await fileById(input?.fileId);
      const port = deps.submission;
      if (!port) throw new Refused(BUREAU_MESSAGES.noUpload);
      const content = await readContent(file);
      const result = await port.submit({
        fileName: bureauFileName(member.memberId, file.periodEnd),
        content,
        periodEnd: file.periodEnd,
        memberId: member.memberId,
      });
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(bureauSubmissions)
          .values({
            fileId: file.id,
            bureau: port.bureau,
            status: result.status,
            providerReference: result.reference,
            acceptedCount: result.acceptedCount,
            rejectedCount: result.rejectedCount,
            fileError: result.fileError,
            recordErrors: result.recordErrors,
            submittedBy: who.staffId,
            submittedByEmail: staff?.email ?? null,
            submittedAt: now(),
          })
          .returning();
        await audit.record(tx, {
          actor: who,
          action: "bureau.submit",
          target: { kind: "bureau_file", id: file.id },
          after: { submissionId: row.id, status: result.status, reference: result.reference, accepted: result.acceptedCount, rejected: result.rejectedCount },
        });
        return submissionView(row);
      });
    },

    /** The file itself for accounts, audited in the same transaction as it is read. */
    async download(staff: StaffPrincipal | null, input: { fileId: string }): Promise<{ fileName: string; content: string }> {
      const who = requireStaffRole(staff, ...BUREAU_ROLES.act);
      const file = await fileById(input?.fileId);
      const content = await readContent(file);
      await db.transaction((tx) =>
        audit.record(tx, {
          actor: who,
          action: "bureau.download",
          target: { kind: "bureau_file", id: file.id },
          after: { periodEnd: file.periodEnd, recordCount: file.recordCount },
        }),
      );
      return { fileName: bureauFileName(member.memberId, file.periodEnd), content };
    },
  };

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
