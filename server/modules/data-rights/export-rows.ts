// "Download all my data" (issue 23, issue 30): every row of the customer's, table by table, read for
// data-export.ts, which words them. A table that holds customer data is read here or named in export-coverage.ts.
import { asc, eq, inArray } from "drizzle-orm";
import { autopayMethodOfMemo } from "../../../core/mandates.ts";
import type { Db } from "../../db/client.ts";
import {
  aadhaarKyc,
  aaConsents,
  assetClassHistory,
  bankAccounts,
  collectionContacts,
  creditDecisions,
  customerEmploymentDetails,
  customerProfiles,
  ekycRequests,
  eligibilityChecks,
  eligibilityRuleResults,
  esignRequests,
  grievanceEvents,
  grievances,
  leads,
  ledgerEntries,
  loanQuotes,
  loanTerms,
  loanReminders,
  mandateDebits,
  mandates,
  payments,
  payouts,
  refunds,
  sentMessages,
  uploadedFiles,
  videoKycRecordings,
  videoKycSessions,
  videoKycSnapshots,
  ckycCustomers,
  ckycUploads,
} from "../../db/schema/index.ts";
import { NotFound } from "../domain-errors.ts";
import { selectLeads } from "../loans/loan-account.service.ts";
import type { ConsentsService } from "./consents.service.ts";

/** Rows of the customer's loans from `query` (none without loans). */
const ofLeads = async <T>(leadIds: string[], query: (ids: string[]) => Promise<T[]>) => (leadIds.length ? query(leadIds) : []);

/** Every row of the customer's, table by table. */
export async function loadExportRows(db: Db, consents: ConsentsService, profileId: string) {
  const [profile] = await db.select().from(customerProfiles).where(eq(customerProfiles.id, profileId));
  if (!profile) throw new NotFound("Customer not found.");
  const loanRows = await selectLeads(db).where(eq(leads.profileId, profileId)).orderBy(asc(leads.createdAt));
  const leadIds = loanRows.map((l) => l.id);
  const loanNo = new Map(loanRows.map((l) => [l.id, l.loanNo]));
  const no = (leadId: string | null | undefined) => (leadId ? (loanNo.get(leadId) ?? null) : null);

  const [employment] = await db.select().from(customerEmploymentDetails).where(eq(customerEmploymentDetails.profileId, profileId));
  const [aadhaar] = await db.select().from(aadhaarKyc).where(eq(aadhaarKyc.profileId, profileId));
  const ekyc = await db.select().from(ekycRequests).where(eq(ekycRequests.profileId, profileId)).orderBy(asc(ekycRequests.createdAt));
  // Issue 33: the video KYC attempts (the Aadhaar photo stays in storage; it comes with the recordings' export).
  const [ckyc] = await db.select().from(ckycCustomers).where(eq(ckycCustomers.customerId, profileId));
  const ckycSent = await db.select().from(ckycUploads).where(eq(ckycUploads.customerId, profileId)).orderBy(asc(ckycUploads.version));
  const videoKyc = await db.select().from(videoKycSessions).where(eq(videoKycSessions.profileId, profileId)).orderBy(asc(videoKycSessions.startedAt));
  // Issue 33: each call's recordings (what they are and their SHA-256; the video itself is not in the file).
  const videoKycCallRecordings = await db
    .select({ recording: videoKycRecordings })
    .from(videoKycRecordings)
    .innerJoin(videoKycSessions, eq(videoKycSessions.id, videoKycRecordings.sessionId))
    .where(eq(videoKycSessions.profileId, profileId))
    .orderBy(asc(videoKycRecordings.createdAt), asc(videoKycRecordings.stream))
    .then((rows) => rows.map((r) => r.recording));
  // Issue 33: each call's face and PAN card snapshots (kind, time, SHA-256; the images are not in the file).
  const videoKycCallSnapshots = await db
    .select({ snapshot: videoKycSnapshots })
    .from(videoKycSnapshots)
    .innerJoin(videoKycSessions, eq(videoKycSessions.id, videoKycSnapshots.sessionId))
    .where(eq(videoKycSessions.profileId, profileId))
    .orderBy(asc(videoKycSnapshots.takenAt))
    .then((rows) => rows.map((r) => r.snapshot));
  const aa = await db.select().from(aaConsents).where(eq(aaConsents.profileId, profileId)).orderBy(asc(aaConsents.createdAt));
  const accounts = await db.select().from(bankAccounts).where(eq(bankAccounts.profileId, profileId)).orderBy(asc(bankAccounts.createdAt));
  const checks = await db.select().from(eligibilityChecks).where(eq(eligibilityChecks.profileId, profileId)).orderBy(asc(eligibilityChecks.checkedAt));
  const rules = checks.length
    ? await db
        .select()
        .from(eligibilityRuleResults)
        .where(
          inArray(
            eligibilityRuleResults.checkId,
            checks.map((c) => c.id),
          ),
        )
    : [];
  const quotes = await db
    .select({ q: loanQuotes, t: loanTerms })
    .from(loanQuotes)
    .innerJoin(loanTerms, eq(loanTerms.leadId, loanQuotes.leadId))
    .where(eq(loanQuotes.profileId, profileId))
    .then((rows) => rows.map(({ q, t }) => ({ ...q, totalRepayablePaise: t.principalPaise + t.interestPaise, aprBps: t.aprBps })));
  const signings = await db.select().from(esignRequests).where(eq(esignRequests.profileId, profileId)).orderBy(asc(esignRequests.createdAt));
  const mandateRows = await db.select().from(mandates).where(eq(mandates.profileId, profileId)).orderBy(asc(mandates.createdAt));
  const debits = await ofLeads(leadIds, (ids) =>
    db.select().from(mandateDebits).where(inArray(mandateDebits.leadId, ids)).orderBy(asc(mandateDebits.notifiedAt)),
  );
  const decisions = await ofLeads(leadIds, (ids) =>
    db.select().from(creditDecisions).where(inArray(creditDecisions.leadId, ids)).orderBy(asc(creditDecisions.createdAt)),
  );
  const classes = await ofLeads(leadIds, (ids) =>
    db.select().from(assetClassHistory).where(inArray(assetClassHistory.leadId, ids)).orderBy(asc(assetClassHistory.fromDate)),
  );
  const payoutRows = await ofLeads(leadIds, (ids) => db.select().from(payouts).where(inArray(payouts.loanId, ids)).orderBy(asc(payouts.createdAt)));
  // Issue 29: a mandate debit's ledger memo says so; the export names it an AutoPay debit.
  const paymentRows = await ofLeads(leadIds, async (ids) =>
    (
      await db
        .select({ p: payments, memo: ledgerEntries.memo })
        .from(payments)
        .leftJoin(ledgerEntries, eq(ledgerEntries.id, payments.ledgerEntryId))
        .where(inArray(payments.leadId, ids))
        .orderBy(asc(payments.receivedOn))
    ).map((r) => ({ ...r.p, autopay: autopayMethodOfMemo(r.memo) })),
  );
  const refundRows = await ofLeads(leadIds, (ids) => db.select().from(refunds).where(inArray(refunds.leadId, ids)).orderBy(asc(refunds.requestedAt)));
  const reminders = await ofLeads(leadIds, (ids) =>
    db.select().from(loanReminders).where(inArray(loanReminders.leadId, ids)).orderBy(asc(loanReminders.sentAt)),
  );
  const contactRows = await ofLeads(leadIds, (ids) =>
    db.select().from(collectionContacts).where(inArray(collectionContacts.leadId, ids)).orderBy(asc(collectionContacts.contactedAt)),
  );
  const complaints = await db.select().from(grievances).where(eq(grievances.profileId, profileId)).orderBy(asc(grievances.raisedAt));
  const complaintEvents = complaints.length
    ? await db
        .select()
        .from(grievanceEvents)
        .where(
          inArray(
            grievanceEvents.grievanceId,
            complaints.map((g) => g.id),
          ),
        )
        .orderBy(asc(grievanceEvents.at))
    : [];
  const messages = await db.select().from(sentMessages).where(eq(sentMessages.profileId, profileId)).orderBy(asc(sentMessages.sentAt), asc(sentMessages.id));
  const files = await db.select().from(uploadedFiles).where(eq(uploadedFiles.profileId, profileId)).orderBy(asc(uploadedFiles.createdAt));
  const consentHistory = await consents.history(profileId);

  return {
    profile,
    loanRows,
    no,
    employment,
    aadhaar,
    ekyc,
    videoKyc,
    videoKycCallRecordings,
    videoKycCallSnapshots,
    ckyc: ckyc ?? null,
    ckycSent,
    aa,
    accounts,
    checks,
    rules,
    quotes,
    signings,
    mandateRows,
    debits,
    decisions,
    classes,
    payoutRows,
    paymentRows,
    refundRows,
    reminders,
    contactRows,
    complaints,
    complaintEvents,
    messages,
    files,
    consentHistory,
  };
}

export type ExportRows = Awaited<ReturnType<typeof loadExportRows>>;
