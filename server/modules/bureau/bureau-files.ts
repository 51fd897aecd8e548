// The bureau's fortnightly files (issue 22): each period's TUDF file built once from current data, stored
// encrypted through the storage port, read back, and the periods still owed one (issue 29).
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { BUREAU_MESSAGES, bureauFileName, type BureauFileRow, type BureauSubmissionRow } from "../../../core/admin/bureau-desk.ts";
import { endedPeriodsFrom, latestEndedPeriod, type ReportingPeriod } from "../../../core/bureau/periods.ts";
import { tudfFile } from "../../../core/bureau/tudf.ts";
import type { IsoDate } from "../../../core/calendar.ts";
import type { StaffPrincipal } from "../../../core/staff.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { bureauFiles, bureauSubmissions } from "../../db/schema/index.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import { decrypt, encrypt } from "../../security/crypto.ts";
import type { AuditRecorder } from "../credit/credit.service.ts";
import { NotFound, ProviderDown } from "../domain-errors.ts";
import type { BureauRecords } from "./bureau-records.ts";

type FileRow = typeof bureauFiles.$inferSelect;
type SubmissionRow = typeof bureauSubmissions.$inferSelect;

export interface BureauMember {
  memberId: string;
  memberShortName: string;
}

export function createBureauFiles(deps: {
  db: Db;
  storage: StoragePort;
  encryptionKey: string;
  records: BureauRecords;
  audit: AuditRecorder;
  member: BureauMember;
  now: () => Date;
}) {
  const { db, storage, encryptionKey, records, audit, member, now } = deps;

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

  return { submissionView, fileView, fileById, readContent, buildFile, periodsWithoutFile };
}

export type BureauFiles = ReturnType<typeof createBureauFiles>;
