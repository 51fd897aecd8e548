// The CKYC upload job (issue 33, RBI KYC directions): every customer whose first loan is paid out has
// their KYC record uploaded to CKYCR within 10 days of that payout, and again as a new version whenever
// the data it is built from changes. Each send goes through the ckyc service (one row per customer and
// version: idempotent, a rejection kept with CKYCR's reasons). An accepted version stores the identifier
// and the customer is told it by SMS, once per version. The desk's corrections (ckyc_customers.corrections)
// are applied to the record sent; a rejected version is sent again only once its data has changed.
import { and, asc, desc, eq, isNotNull, isNull, min } from "drizzle-orm";
import { addDays, type IsoDate } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { ckycCustomers, ckycUploads, loanAccounts } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { SmsNoticePort } from "../../providers/sms/port.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import type { CreditReportSubjects } from "../profile/credit-report-subject.service.ts";
import { createCkycRecordSource } from "./ckyc-record-source.ts";
import type { CkycService, CkycUploadState } from "./ckyc.service.ts";

/** CKYCR must have the record within this many days of the first payout. */
export const CKYC_UPLOAD_DAYS = 10;

export function createCkycUploads(deps: {
  db: Db;
  now: () => Date;
  service: CkycService;
  subjects: CreditReportSubjects;
  storage: StoragePort;
  sms: SmsNoticePort;
  logger: Logger;
}) {
  const { db, now, service, subjects, storage, logger } = deps;

  const { inputOf } = createCkycRecordSource({ db, subjects, storage });

  async function tell(customerId: string, state: CkycUploadState) {
    if (state.status !== "ACCEPTED" || !state.ckycNumber) return;
    const at = now();
    await db
      .insert(ckycCustomers)
      .values({ customerId, ckycNumber: state.ckycNumber, corrections: {}, updatedAt: at })
      .onConflictDoUpdate({ target: ckycCustomers.customerId, set: { ckycNumber: state.ckycNumber, updatedAt: at } });
    // Claimed before it is sent, so two runs tell once; released when the send fails, for the next run.
    const [claimed] = await db
      .update(ckycUploads)
      .set({ notifiedAt: at })
      .where(
        and(eq(ckycUploads.customerId, customerId), eq(ckycUploads.version, state.version), eq(ckycUploads.status, "ACCEPTED"), isNull(ckycUploads.notifiedAt)),
      )
      .returning({ notifiedAt: ckycUploads.notifiedAt });
    if (!claimed) return;
    const subject = await subjects.subjectOf(customerId);
    if (!subject) return;
    try {
      await deps.sms.sendNotice({
        mobile: subject.mobile,
        notice: { kind: "ckyc_registered", vars: { ckyc_number: state.ckycNumber } },
        lang: subject.language,
      });
    } catch (error) {
      await db
        .update(ckycUploads)
        .set({ notifiedAt: null })
        .where(and(eq(ckycUploads.customerId, customerId), eq(ckycUploads.version, state.version)));
      throw error;
    }
  }

  /**
   * Sends the customer's record when it is owed: no version yet; the newest accepted and the data changed
   * since (the next version, an update); the newest not accepted and its data changed (corrected) or it was
   * not answered. Answers the state after, or null when nothing was owed.
   */
  async function uploadOne(customerId: string, firstPaidOut: IsoDate, options: { force?: boolean } = {}): Promise<CkycUploadState | null> {
    const built = await inputOf(customerId, firstPaidOut);
    if (!built) return null;
    const { input, hash } = built;
    const [latest] = await db.select().from(ckycUploads).where(eq(ckycUploads.customerId, customerId)).orderBy(desc(ckycUploads.version)).limit(1);
    let version: number;
    if (!latest) version = 1;
    else if (latest.status === "ACCEPTED") {
      if (latest.recordHash === hash) {
        if (!latest.notifiedAt) await tell(customerId, (await service.state(customerId, latest.version))!);
        return null;
      }
      version = latest.version + 1;
    } else if (latest.status === "FAILED" || latest.recordHash !== hash || options.force) version = latest.version;
    else return null;
    const state = await service.send(customerId, version, input);
    await db
      .update(ckycUploads)
      .set({ recordHash: hash })
      .where(and(eq(ckycUploads.customerId, customerId), eq(ckycUploads.version, version)));
    await tell(customerId, state);
    return state;
  }

  /** Customers with a paid-out loan and the day of their first payout, oldest first. */
  async function paidOutCustomers(customerId?: string) {
    const first = min(loanAccounts.disbursalDate);
    return db
      .select({ customerId: loanAccounts.profileId, firstPaidOut: first })
      .from(loanAccounts)
      .where(customerId ? and(isNotNull(loanAccounts.disbursalDate), eq(loanAccounts.profileId, customerId)) : isNotNull(loanAccounts.disbursalDate))
      .groupBy(loanAccounts.profileId)
      .orderBy(asc(first));
  }

  return {
    uploadOne,
    paidOutCustomers,
    /** The day CKYCR must have the record by: 10 days after the first payout. */
    dueBy: (firstPaidOut: IsoDate) => addDays(firstPaidOut, CKYC_UPLOAD_DAYS),

    /** The daily job: every paid-out customer's record sent when owed; one customer's fault never stops the rest. */
    async runUploads(): Promise<{ sent: number; accepted: number; rejected: number; notSent: number; failed: number }> {
      const counts = { sent: 0, accepted: 0, rejected: 0, notSent: 0, failed: 0 };
      for (const c of await paidOutCustomers()) {
        if (!c.firstPaidOut) continue;
        try {
          const state = await uploadOne(c.customerId, c.firstPaidOut);
          if (!state) continue;
          if (state.status === "NOT_SENT") counts.notSent++;
          else {
            counts.sent++;
            if (state.status === "ACCEPTED") counts.accepted++;
            if (state.status === "REJECTED") counts.rejected++;
          }
        } catch (error) {
          counts.failed++;
          logger.warn("ckyc upload not answered", { customerId: c.customerId, error: error instanceof Error ? error.name : typeof error });
        }
      }
      return counts;
    },
  };
}

export type CkycUploads = ReturnType<typeof createCkycUploads>;
