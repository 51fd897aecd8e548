// Issue 23 (decision 42): the data-retention job. Two customers repay their demo loan (₹20,000 for 25 days,
// day 10: 22,000 rupees due) by bank transfer and have their erasure completed: A on 22 Nov 2026 (records kept
// until 22 Nov 2031), B a day later (until 23 Nov 2031). C never had a loan (nothing to keep); D repaid and was
// erased like A but came back for a new loan that is still open.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInIndia } from "../../../core/calendar.ts";
import { JOURNEY_CONTROLLER } from "../../../core/contract/index.ts";
import { JOB_NAMES, JOB_SCHEDULES } from "../../jobs/job-names.ts";
import {
  auditLog,
  bankAccounts,
  customerProfiles,
  leads,
  ledgerEntries,
  payments,
  sentMessages,
  sessions,
  staffAccounts,
  uploadedFiles,
  videoKycRecordingChunks,
  videoKycRecordings,
  videoKycSessions,
  videoKycSnapshots,
  whatsappMessages,
  whatsappReplies,
} from "../../db/schema/index.ts";
import { addPastLoan } from "../../test-support/loan.ts";
import { enrolledStaff, signInStaff } from "../../test-support/staff.ts";
import { createClock, createTestApp, randomMobile, type TestClock } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { purgedMobile, RETENTION_JOB_ACTOR } from "./records-purge.ts";
import { selectLeads } from "../loans/loan-account.service.ts";

const DAY = 86_400_000;
const collector: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000c1", role: "collections", email: "collector@salaryontime.test" };
const accountant: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a1", role: "accounts", email: "accounts@salaryontime.test" };

// The borrowers and the clock, for the describe below.
let t: Awaited<ReturnType<typeof createTestApp>>;
let clock: TestClock;
let utr = 0;
const run = () => t.services.jobHandlers[JOB_NAMES.dataRetention]() as Promise<{ purged: number; skipped: number }>;
const profile = async (id: string) => (await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, id)))[0];
const today = () => todayInIndia(clock.now());

/** A repaid demo customer with a selfie on file, whose erasure the officer completed today. */
async function repaidAndErased() {
  const mobile = randomMobile();
  const demo = await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT" });
  const loan = (await t.services.loans.byId(demo.activeLoanId!))!;
  const entered = await t.services.bankTransfers.desk.enter(collector, {
    loanNo: loan.loanNo!,
    amountRupees: "22,000",
    bankReference: `UTRRET${++utr}`,
    receivedOn: today(),
  });
  expect(await t.services.bankTransfers.desk.approve(accountant, { id: entered.id })).toMatchObject({ loanClosed: true });
  // Issue 29: the bank's statement of the day clears the transfer, so the books check years later finds nothing waiting.
  const statement = [
    "Date,Value Date,Narration,Chq/Ref No,Debit,Credit,Balance",
    `${today()},${today()},NEFT CR UTRRET${utr},UTRRET${utr},,"22,000.00","22,000.00"`,
  ];
  const imported = await t.services.bankStatementDesk.importStatement(accountant, {
    format: "csv",
    fileName: "s.csv",
    text: statement.join("\n"),
    accountNo: "50200012345678",
  });
  expect(imported.matched.bank_transfer).toBe(1);
  const key = await t.services.storage.put(new Uint8Array([1, 2, 3]));
  const [file] = await t.services.db
    .insert(uploadedFiles)
    .values({ profileId: loan.profileId, kind: "selfie", storageKey: key, contentType: "image/jpeg", byteSize: 3 })
    .returning();
  await t.services.db.update(customerProfiles).set({ selfieFileId: file.id }).where(eq(customerProfiles.id, loan.profileId));
  // Issue 33: a video KYC whose offline e-KYC file gave the Aadhaar photo (kept in storage).
  const photoKey = await t.services.storage.put(new Uint8Array([4, 5, 6]));
  const at = t.services.now();
  const [vkyc] = await t.services.db
    .insert(videoKycSessions)
    .values({
      leadId: loan.id,
      profileId: loan.profileId,
      status: "IDENTITY_READ",
      consentNoticeVersion: 1,
      consentLanguage: "en",
      startedAt: at,
      name: "Demo Customer",
      photoKey,
      identityReadAt: at,
      updatedAt: at,
    })
    .returning();
  // Issue 33: a recording of the call (its row, one chunk's bytes in storage): the bytes go with the session.
  const [official] = await t.services.db
    .insert(staffAccounts)
    .values({ email: `vkyc-${utr}@salaryontime.test`, role: "video_kyc", createdAt: at, updatedAt: at })
    .returning();
  const recordingKey = await t.services.storage.put(new Uint8Array([7, 8, 9]));
  const recordingId = crypto.randomUUID();
  await t.services.db.insert(videoKycRecordings).values({ id: recordingId, sessionId: vkyc!.id, stream: "customer", officialId: official!.id, createdAt: at });
  await t.services.db.insert(videoKycRecordingChunks).values({
    recordingId,
    seq: 0,
    startedAt: at,
    endedAt: at,
    sizeBytes: 3,
    sha256: "0".repeat(64),
    storageKey: recordingKey,
    receivedAt: at,
  });
  // Issue 33: the official's face snapshot in the call (its row, its JPEG's bytes in storage).
  const snapshotKey = await t.services.storage.put(new Uint8Array([0xff, 0xd8, 0xff, 1]));
  const [snapshot] = await t.services.db
    .insert(videoKycSnapshots)
    .values({ sessionId: vkyc!.id, kind: "face", storageKey: snapshotKey, sha256: "1".repeat(64), sizeBytes: 4, takenAt: at, officialId: official!.id })
    .returning();
  const { token } = await t.signIn(mobile);
  // Issue 34: a WhatsApp message to the number, and the customer's reply.
  await t.services.whatsapp!.send({ mobile, template: "complaint_received", lang: "en", values: { reference: "GRV-2611-0042" } });
  await t.services.sandboxWhatsApp!.reply(mobile, "Thank you");
  await erase(token);
  return {
    mobile,
    profileId: loan.profileId,
    leadId: loan.id,
    key,
    photoKey,
    recordingKey,
    recordingId,
    snapshotKey,
    snapshotId: snapshot!.id,
    keptUntil: (await profile(loan.profileId)).recordsKeptUntil,
  };
}

async function erase(token: string) {
  const asked = await t.post({ kind: "erasure" }, { path: `${JOURNEY_CONTROLLER}/requestDataRight`, headers: { "auth-token": token } });
  expect(asked.body.Status).toBe(1);
  const dpo = await signInStaff(t.services, await enrolledStaff(t.services, "data_protection"));
  await t.services.dataRights.desk.complete(dpo.principal, { id: asked.body.Data.id });
}

let a: Awaited<ReturnType<typeof repaidAndErased>>;
let b: Awaited<ReturnType<typeof repaidAndErased>>;
let d: Awaited<ReturnType<typeof repaidAndErased>>;
let c: { profileId: string };
let aBefore: typeof customerProfiles.$inferSelect;
let aLedger: number;

beforeAll(async () => {
  clock = createClock(Date.UTC(2026, 10, 22, 6, 0, 0));
  t = await createTestApp({ clock });
  a = await repaidAndErased();
  d = await repaidAndErased();
  await addPastLoan(t, d.profileId, "DISBURSED"); // D came back after the erasure: a loan in progress
  clock.advance(DAY);
  b = await repaidAndErased();
  const fresh = await t.signIn();
  c = { profileId: fresh.profileId };
  await erase(fresh.token);
  aBefore = await profile(a.profileId);
  aLedger = (await t.services.ledger.entries(a.leadId)).length;
});
afterAll(() => t.close());

describe("the data-retention job", () => {
  it("is a daily job; the erasure kept the records until five years after the last loan closed", async () => {
    expect(JOB_SCHEDULES[JOB_NAMES.dataRetention]).toBe("30 1 * * *");
    expect([a.keptUntil, b.keptUntil]).toEqual(["2031-11-22", "2031-11-23"]);
    expect(aBefore.fullName).not.toBeNull();
    expect(aLedger).toBeGreaterThan(0);
    // The sign-in code SMS (and the loan's notices) are on record until the purge.
    expect((await t.services.db.select().from(sentMessages).where(eq(sentMessages.profileId, a.profileId))).length).toBeGreaterThan(0);
  });

  it("before the date takes only the customer who had nothing to keep", async () => {
    clock.advance((5 * 365 + 1 - 2) * DAY); // from 23 Nov 2026 to 21 Nov 2031 (29 Feb 2028 in between)
    expect(today()).toBe("2031-11-21");
    expect(await run()).toEqual({ purged: 1, skipped: 0 });
    expect((await profile(c.profileId)).mobile).toBe(purgedMobile(c.profileId));
    expect(await profile(a.profileId)).toEqual(aBefore);
    expect(await t.services.storage.get(a.key)).not.toBeNull();
    expect(await t.services.storage.get(a.photoKey)).not.toBeNull();
    expect(await t.services.storage.get(a.recordingKey)).not.toBeNull();
    expect(await t.services.storage.get(a.snapshotKey)).not.toBeNull();
  });

  it("on the date deletes or anonymises A's kept records; the books still balance; B and the returning D are untouched", async () => {
    const books = await t.services.booksCheck.run(today());
    expect(books.ok).toBe(true);
    const bBefore = await profile(b.profileId);
    const dBefore = await profile(d.profileId);
    clock.advance(DAY);
    expect(today()).toBe("2031-11-22");
    expect(await run()).toEqual({ purged: 1, skipped: 1 });

    const after = await profile(a.profileId);
    expect(after).toMatchObject({
      mobile: purgedMobile(a.profileId),
      fullName: null,
      firstName: null,
      pancardEnc: null,
      pancardHash: null,
      pancardLast4: null,
      dob: null,
      residenceAddress1: null,
      residencePincode: null,
      monthlyIncome: null,
      salaryDate: null,
      selfieFileId: null,
      recordsKeptUntil: "2031-11-22",
    });
    expect(after.recordsPurgedAt?.toISOString()).toBe(clock.now().toISOString());
    // The selfie is gone from the object store and from the table.
    expect(await t.services.storage.get(a.key)).toBeNull();
    expect(await t.services.db.select().from(uploadedFiles).where(eq(uploadedFiles.profileId, a.profileId))).toEqual([]);
    // Issue 33: the video KYC's Aadhaar photo and its row go too.
    expect(await t.services.storage.get(a.photoKey)).toBeNull();
    expect(await t.services.db.select().from(videoKycSessions).where(eq(videoKycSessions.profileId, a.profileId))).toEqual([]);
    // And the call's recording: its bytes from storage, its rows with the session.
    expect(await t.services.storage.get(a.recordingKey)).toBeNull();
    expect(await t.services.db.select().from(videoKycRecordings).where(eq(videoKycRecordings.id, a.recordingId))).toEqual([]);
    // And the call's snapshot: its JPEG from storage, its row with the session.
    expect(await t.services.storage.get(a.snapshotKey)).toBeNull();
    expect(await t.services.db.select().from(videoKycSnapshots).where(eq(videoKycSnapshots.id, a.snapshotId))).toEqual([]);
    const [account] = await t.services.db.select().from(bankAccounts).where(eq(bankAccounts.profileId, a.profileId));
    expect(account).toMatchObject({ accountNumberEnc: "", accountLast4: "", ifsc: "", accountName: "", nameAtBank: null });
    expect(await t.services.db.select().from(sessions).where(eq(sessions.profileId, a.profileId))).toEqual([]);
    // Issue 30: the messages we sent the customer (their sign-in codes, masked) go too.
    expect(await t.services.db.select().from(sentMessages).where(eq(sentMessages.profileId, a.profileId))).toEqual([]);
    // Issue 34: and the WhatsApp messages to the number and the replies from it; B's stay until B's date.
    expect(await t.services.db.select().from(whatsappMessages).where(eq(whatsappMessages.toMobile, a.mobile))).toEqual([]);
    expect(await t.services.db.select().from(whatsappReplies).where(eq(whatsappReplies.fromMobile, a.mobile))).toEqual([]);
    expect(await t.services.db.select().from(whatsappMessages).where(eq(whatsappMessages.toMobile, b.mobile))).toHaveLength(1);
    expect(await t.services.db.select().from(whatsappReplies).where(eq(whatsappReplies.fromMobile, b.mobile))).toHaveLength(1);
    // Kept as anonymous accounting: the loan's figures, its payment and its ledger entries.
    const [loan] = await selectLeads(t.services.db).where(eq(leads.id, a.leadId));
    expect(loan).toMatchObject({ status: "CLOSED", loanRecommended: 20_000, monthlyIncome: 0 });
    const [paid] = await t.services.db.select().from(payments).where(eq(payments.leadId, a.leadId));
    expect(paid).toMatchObject({ amountPaise: 2_200_000, receivedOn: "2026-11-22" });
    expect((await t.services.ledger.entries(a.leadId)).length).toBe(aLedger);
    expect(await t.services.booksCheck.run(today())).toMatchObject({ ok: true, problems: [], loans: books.loans, entries: books.entries });

    // One audit entry, by the job, naming no one.
    const audited = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "data_rights.records_purged"), eq(auditLog.targetId, a.profileId)));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorEmail: RETENTION_JOB_ACTOR, actorId: null, targetKind: "customer_profile" });
    const detail = JSON.stringify(audited[0]);
    for (const personal of [a.mobile, aBefore.fullName!, aBefore.pancardLast4!, aBefore.dob!]) expect(detail).not.toContain(personal);

    // B's date has not come; D has a loan in progress again.
    expect(await profile(b.profileId)).toEqual(bBefore);
    expect(await t.services.storage.get(b.key)).not.toBeNull();
    expect(await profile(d.profileId)).toEqual(dBefore);
  });

  it("a second run changes nothing, and the old number signs in as a brand-new customer", async () => {
    const before = await profile(a.profileId);
    expect(await run()).toEqual({ purged: 0, skipped: 1 });
    expect(await profile(a.profileId)).toEqual(before);
    expect(await t.services.db.select().from(auditLog).where(eq(auditLog.action, "data_rights.records_purged"))).toHaveLength(2);

    const again = await t.signIn(a.mobile);
    expect(again.profileId).not.toBe(a.profileId);
    expect(await profile(again.profileId)).toMatchObject({ fullName: null, erasedAt: null, userType: "NEW" });
    expect(await selectLeads(t.services.db).where(eq(leads.profileId, again.profileId))).toEqual([]);
  });

  it("catches up missed days: B is purged on the next run after its date", async () => {
    clock.advance(3 * DAY);
    expect(await run()).toEqual({ purged: 1, skipped: 1 });
    expect((await profile(b.profileId)).fullName).toBeNull();
    expect(await t.services.storage.get(b.key)).toBeNull();
    expect(await t.services.db.select().from(ledgerEntries).where(eq(ledgerEntries.loanId, b.leadId))).not.toHaveLength(0);
  });
});
