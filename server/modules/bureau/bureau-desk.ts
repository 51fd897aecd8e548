// The bureau desk of the back office (issue 22): the files with their submissions, building a period's file,
// submitting it through the bureau's port and downloading it, each audited.
import { desc, inArray } from "drizzle-orm";
import { BUREAU_MESSAGES, BUREAU_ROLES, bureauFileName } from "../../../core/admin/bureau-desk.ts";
import { checkPeriodEnd, latestEndedPeriod } from "../../../core/bureau/periods.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import type { StaffPrincipal } from "../../../core/staff.ts";
import type { Db } from "../../db/client.ts";
import { bureauFiles, bureauSubmissions } from "../../db/schema/index.ts";
import type { BureauSubmissionPort } from "../../providers/bureau/port.ts";
import { requireStaffRole, type AuditRecorder } from "../credit/credit.service.ts";
import { InvalidInput, Refused } from "../domain-errors.ts";
import type { BureauFiles, BureauMember } from "./bureau-files.ts";

export function createBureauDesk(deps: {
  db: Db;
  audit: AuditRecorder;
  member: BureauMember;
  /** Null when no upload is configured (production without BUREAU_UPLOAD_URL). */
  submission: BureauSubmissionPort | null;
  files: BureauFiles;
  now: () => Date;
}) {
  const { db, audit, member, now } = deps;
  const { submissionView, fileView, fileById, readContent, buildFile, periodsWithoutFile } = deps.files;

  return {
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
}
