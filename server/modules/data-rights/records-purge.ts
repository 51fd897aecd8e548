// Issue 23 (decision 42): the daily data-retention job. An erasure keeps a closed-loan customer's loan and
// identity records until `records_kept_until` (five years after the last loan closed); on that day this job
// deletes what identifies them and anonymises the rows the books still need. Ledger entries and postings,
// payments' amounts and dates, loans' figures and the audit chain stay, so the books still balance; the
// consent history stays (append-only) but points at a profile with nothing left that names anyone.
// Each profile is claimed by one conditional update in its own transaction, so a rerun, a second
// instance or a catch-up after missed days purges nothing twice.
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import {
  aadhaarKyc,
  aaConsents,
  bankAccounts,
  collectionContacts,
  customerEmploymentDetails,
  customerProfiles,
  dataRequests,
  eligibilityChecks,
  ekycRequests,
  esignRequests,
  grievanceEvents,
  grievances,
  leads,
  mandates,
  otpCodes,
  refunds,
  repayOtpChallenges,
  sentMessages,
  sessions,
  uploadedFiles,
  videoKycRecordingChunks,
  videoKycRecordings,
  videoKycSessions,
  videoKycSnapshots,
  whatsappMessages,
  whatsappReplies,
} from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { StoragePort } from "../../providers/storage/port.ts";
import type { AuditService } from "../audit/audit.service.ts";
import { eraseRejectionReasons } from "../loans/loan-account.service.ts";
import type { RetentionView } from "./data-rights.service.ts";
import { NO_CAMPAIGN, NO_CONTACTS, NO_IDENTITY } from "./erased-columns.ts";

/** Who the audit chain names for the job's work (no staff member acts). */
export const RETENTION_JOB_ACTOR = "system:data-retention";
/** The mobile number is the account key: a purged profile's becomes this, so the number signs in as a new customer. */
export const purgedMobile = (profileId: string) => `erased:${profileId}`;

export interface RecordsPurgeResult {
  /** Profiles whose kept records were deleted or anonymised in this run. */
  purged: number;
  /** Erased profiles due today that came back with a loan after the erasure: left alone. */
  skipped: number;
}

/**
 * The storage keys a customer's rows name: uploads, complaint attachments, and video KYC's Aadhaar photos, its
 * calls' face and PAN card snapshots and recordings (issue 33; their rows go with their sessions, their bytes here).
 */
async function storedKeysOf(db: Db, profileId: string): Promise<string[]> {
  const files = await db.select({ key: uploadedFiles.storageKey }).from(uploadedFiles).where(eq(uploadedFiles.profileId, profileId));
  const attachments = await db
    .select({ key: grievances.attachmentKey })
    .from(grievances)
    .where(and(eq(grievances.profileId, profileId), isNotNull(grievances.attachmentKey)));
  const photos = await db
    .select({ key: videoKycSessions.photoKey })
    .from(videoKycSessions)
    .where(and(eq(videoKycSessions.profileId, profileId), isNotNull(videoKycSessions.photoKey)));
  const recordings = await db
    .select({ key: videoKycRecordingChunks.storageKey })
    .from(videoKycRecordingChunks)
    .innerJoin(videoKycRecordings, eq(videoKycRecordings.id, videoKycRecordingChunks.recordingId))
    .innerJoin(videoKycSessions, eq(videoKycSessions.id, videoKycRecordings.sessionId))
    .where(eq(videoKycSessions.profileId, profileId));
  const snapshots = await db
    .select({ key: videoKycSnapshots.storageKey })
    .from(videoKycSnapshots)
    .innerJoin(videoKycSessions, eq(videoKycSessions.id, videoKycSnapshots.sessionId))
    .where(eq(videoKycSessions.profileId, profileId));
  return [...files, ...attachments, ...photos, ...snapshots, ...recordings].map((r) => r.key).filter((k): k is string => !!k);
}

export function createRecordsPurge(deps: {
  db: Db;
  storage: StoragePort;
  audit: AuditService;
  retention: (profileId: string) => Promise<RetentionView>;
  now: () => Date;
  logger: Logger;
}) {
  const { db, storage, audit, retention, now, logger } = deps;

  /** Erased, not yet purged, and either nothing had to be kept or the kept date has come. */
  const due = (today: IsoDate) =>
    and(
      isNotNull(customerProfiles.erasedAt),
      isNull(customerProfiles.recordsPurgedAt),
      or(isNull(customerProfiles.recordsKeptUntil), lte(customerProfiles.recordsKeptUntil, today)),
    );

  async function purgeOne(profileId: string, today: IsoDate): Promise<boolean> {
    // A loan applied for after the erasure puts the records back in use: they go with its own retention.
    const kept = await retention(profileId);
    if (kept.openLoan || (kept.keptUntil !== null && kept.keptUntil > today)) return false;

    // Files first: deleting an object twice is harmless, so a transaction that fails below is simply run again
    // on the next day (the rows still name the keys); the opposite order could leave files nobody can find.
    const keys = await storedKeysOf(db, profileId);
    for (const key of keys) await storage.delete(key);

    return db.transaction(async (tx) => {
      const at = now();
      // The number as it was: WhatsApp's rows name the customer by it (issue 34).
      const [held] = await tx.select({ mobile: customerProfiles.mobile }).from(customerProfiles).where(eq(customerProfiles.id, profileId));
      const [claimed] = await tx
        .update(customerProfiles)
        .set({
          ...NO_IDENTITY,
          ...NO_CONTACTS,
          ...NO_CAMPAIGN,
          mobile: purgedMobile(profileId),
          pancardEnc: null,
          pancardHash: null,
          pancardLast4: null,
          maritalStatusId: null,
          residenceTypeId: null,
          incomeTypeId: null,
          salaryMode: null,
          selfieFileId: null,
          preferredLanguage: null,
          recordsPurgedAt: at,
          updatedAt: at,
        })
        .where(and(eq(customerProfiles.id, profileId), due(today)))
        .returning({ id: customerProfiles.id });
      if (!claimed) return false;

      const leadIds = (await tx.select({ id: leads.id }).from(leads).where(eq(leads.profileId, profileId))).map((l) => l.id);
      // Deleted: everything that identifies the customer and that no accounting row points at.
      await tx.delete(uploadedFiles).where(eq(uploadedFiles.profileId, profileId)); // lead documents go with their files
      await tx.delete(aadhaarKyc).where(eq(aadhaarKyc.profileId, profileId));
      await tx.delete(ekycRequests).where(eq(ekycRequests.profileId, profileId));
      await tx.delete(videoKycSessions).where(eq(videoKycSessions.profileId, profileId));
      await tx.delete(aaConsents).where(eq(aaConsents.profileId, profileId));
      await tx.delete(customerEmploymentDetails).where(eq(customerEmploymentDetails.profileId, profileId));
      await tx.delete(eligibilityChecks).where(eq(eligibilityChecks.profileId, profileId)); // their rule results go with them
      await tx.delete(otpCodes).where(eq(otpCodes.profileId, profileId));
      await tx.delete(sessions).where(eq(sessions.profileId, profileId));
      await tx.delete(repayOtpChallenges).where(eq(repayOtpChallenges.profileId, profileId));
      await tx.delete(sentMessages).where(eq(sentMessages.profileId, profileId)); // issue 30: the messages we sent
      if (held) {
        // Issue 34: the WhatsApp messages we sent to the number and the replies from it.
        await tx.delete(whatsappMessages).where(eq(whatsappMessages.toMobile, held.mobile));
        await tx.delete(whatsappReplies).where(eq(whatsappReplies.fromMobile, held.mobile));
      }

      if (leadIds.length) await tx.delete(collectionContacts).where(inArray(collectionContacts.leadId, leadIds));
      // Anonymised: rows that payouts, refunds, mandates' debits and the ledger still point at.
      await tx
        .update(bankAccounts)
        .set({
          accountNumberEnc: "",
          accountNumberHash: "",
          accountLast4: "",
          ifsc: "",
          bankName: "",
          branch: "",
          accountName: "",
          nameAtBank: null,
          providerReference: null,
          updatedAt: at,
        })
        .where(eq(bankAccounts.profileId, profileId));
      await tx.update(esignRequests).set({ signUrl: "", updatedAt: at }).where(eq(esignRequests.profileId, profileId));
      await tx.update(mandates).set({ accountLast4: null }).where(eq(mandates.profileId, profileId));
      if (leadIds.length) {
        await tx.update(refunds).set({ accountLast4: null }).where(inArray(refunds.leadId, leadIds));
        await tx.update(leads).set({ monthlyIncome: 0, updatedAt: at }).where(inArray(leads.id, leadIds));
        await eraseRejectionReasons(tx, leadIds);
      }
      const complaints = await tx
        .update(grievances)
        .set({ name: null, mobile: null, email: null, description: "(erased)", attachmentKey: null, attachmentType: null })
        .where(eq(grievances.profileId, profileId))
        .returning({ id: grievances.id });
      if (complaints.length)
        await tx
          .update(grievanceEvents)
          .set({ body: null })
          .where(
            inArray(
              grievanceEvents.grievanceId,
              complaints.map((g) => g.id),
            ),
          );
      await tx.update(dataRequests).set({ details: null }).where(eq(dataRequests.profileId, profileId));

      await audit.record(tx, {
        actor: null,
        actorEmail: RETENTION_JOB_ACTOR,
        action: "data_rights.records_purged",
        target: { kind: "customer_profile", id: profileId },
        after: { purged_on: today, loans: leadIds.length, files: keys.length },
      });
      return true;
    });
  }

  /** The day's run (and any missed days': everything due up to today is found). */
  return async function runRetention(): Promise<RecordsPurgeResult> {
    const today = todayInIndia(now());
    const rows = await db
      .select({ id: customerProfiles.id })
      .from(customerProfiles)
      .where(due(today))
      .orderBy(sql`${customerProfiles.erasedAt}`);
    let purged = 0;
    let skipped = 0;
    for (const { id } of rows) {
      if (await purgeOne(id, today)) purged++;
      else skipped++;
    }
    if (rows.length) logger.info("data retention run", { purged, skipped, on: today });
    return { purged, skipped };
  };
}
