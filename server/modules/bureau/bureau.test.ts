// The fortnightly credit-bureau file (issue 22), walked with the test clock across January (a 31-day
// month) and February: built as on the 15th and the last day, read back segment by segment and checked
// against each loan; malformed records left out whole; the notice before a loan is first reported
// overdue; the sandbox bureau's per-record answer; accounts' audited download; roles and bad input.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUREAU_MESSAGES } from "../../../core/admin/bureau-desk.ts";
import { PERIOD_MESSAGES } from "../../../core/bureau/periods.ts";
import type { TudfRecord } from "../../../core/bureau/tudf.ts";
import { parseTudf, readSubject } from "../../../core/bureau/tudf-reader.ts";
import type { StaffPrincipal } from "../../../core/staff.ts";
import { JOB_NAMES } from "../../jobs/job-names.ts";
import { auditLog, bureauOverdueNotices, customerProfiles } from "../../db/schema/index.ts";
import { STAFF_COOKIE } from "../../http/admin-gateway.ts";
import { createSandboxBureauSubmission } from "../../providers/bureau/sandbox.ts";
import { decrypt } from "../../security/crypto.ts";
import { enrolledStaff, signInStaff } from "../../test-support/staff.ts";
import { createClock, createTestApp, randomMobile } from "../../test-support/test-app.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { HELD_MESSAGES } from "./bureau-records.ts";

const at = (iso: string) => Date.parse(iso);
// 10:00 India time on 16 January 2027: the morning after the first period of the year ends.
const clock = createClock(at("2027-01-16T04:30:00Z"));
let t: Awaited<ReturnType<typeof createTestApp>>;
let accounts: { principal: StaffPrincipal; cookie: string };
let auditor: StaffPrincipal;
let collections: { principal: StaffPrincipal; cookie: string };
type Borrower = { mobile: string; leadId: string; loanNo: string; fullName: string; pan: string };
let a: Borrower; // ₹20,000 paid out 5 Jan, due 30 Jan
let b: Borrower; // ₹20,000 paid out 12 Dec, due 6 Jan: overdue
let noPan: Borrower;
let badName: Borrower;

async function borrower(input: { overdueDays?: number; paidOutDaysAgo?: number }): Promise<Borrower> {
  const mobile = randomMobile();
  const demo = await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT", ...input });
  const lead = (await t.services.loans.byId(demo.activeLoanId!))!;
  const [p] = await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.mobile, mobile));
  return { mobile, leadId: lead.id, loanNo: lead.loanNo!, fullName: demo.fullName, pan: decrypt(t.services.env.ENCRYPTION_KEY, p.pancardEnc!) };
}

async function staff(role: "accounts" | "auditor" | "collections") {
  const who = await enrolledStaff(t.services, role);
  const { token, principal } = await signInStaff(t.services, who);
  return { principal, cookie: `${STAFF_COOKIE}=${token}` };
}

/** The file of a period, read back: the header and each record by loan number. */
async function fileOf(periodEnd: string) {
  const listing = await t.services.bureau.desk.list(accounts.principal);
  const file = listing.files.find((f) => f.periodEnd === periodEnd)!;
  const parsed = parseTudf(await t.services.bureau.fileContent(file.id));
  if (!parsed.ok) throw new Error(parsed.error);
  const records = new Map<string, TudfRecord>();
  for (const segments of parsed.subjects) {
    const read = readSubject(segments);
    if (!read.ok) throw new Error(read.errors.join(" "));
    expect(read.memberId).toBe("SANDBOX0001");
    records.set(read.record.loanNo, read.record);
  }
  return { file, header: parsed.header, records, content: await t.services.bureau.fileContent(file.id) };
}

/** What every record of a demo borrower says about them, whatever the loan's figures. */
function expectBorrower(r: TudfRecord | undefined, who: Borrower) {
  expect(r).toMatchObject({
    nameParts: [who.fullName.toUpperCase()],
    dob: "1990-06-15",
    gender: "1", // the profile's 2 (female) is the bureau's 1
    pan: who.pan,
    mobile: who.mobile,
    email: `DEMO${who.mobile}@EXAMPLE.COM`,
    addressLines: ["14 DEMO RESIDENCY, 5TH CROSS,", "KORAMANGALA, BANGALORE"],
    stateCode: "29",
    pincode: "560034",
    residenceCode: "02",
    loanNo: who.loanNo,
    accountType: "69",
    sanctionedRupees: 20_000,
  });
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  accounts = await staff("accounts");
  auditor = (await staff("auditor")).principal;
  collections = await staff("collections");
  a = await borrower({ paidOutDaysAgo: 11 });
  b = await borrower({ overdueDays: 10 });
  noPan = await borrower({ paidOutDaysAgo: 3 });
  badName = await borrower({ paidOutDaysAgo: 3 });
  await t.services.db.update(customerProfiles).set({ pancardEnc: null }).where(eq(customerProfiles.mobile, noPan.mobile));
  await t.services.db.update(customerProfiles).set({ fullName: "R@hul Sharma" }).where(eq(customerProfiles.mobile, badName.mobile));
});
afterAll(() => t?.close());

describe("the fortnightly bureau file of 15 Jan: built, sent and downloaded", () => {
  it("16 Jan, 10:00: the job tells the overdue borrower first, then builds the file as on 15 Jan; malformed records are left out whole", async () => {
    const result = await t.services.jobHandlers[JOB_NAMES.bureauFile]();
    expect(result).toEqual({ files: [{ periodEnd: "2027-01-15", built: true, records: 2, rejected: 2 }] });

    // B is 10 days overdue today (₹20,000 + 35 × ₹200 + 10 × ₹100 = ₹28,000): told by SMS and e-mail, once, before the file carried it.
    const sms = (await t.services.outbox!.outbox(200)).filter((m) => m.to === b.mobile && m.text.includes("credit bureaus"));
    expect(sms).toHaveLength(1);
    expect(sms[0].text).toBe(
      `SalaryOnTime: Your loan ${b.loanNo} is overdue (₹28,000 due). Our next report to the credit bureaus will show it as overdue unless it is repaid. Pay now: ${t.services.env.PUBLIC_ORIGIN.replace(/\/$/, "")}/repayloan`,
    );
    const mail = (await t.services.emailOutbox!.outbox(200)).filter((m) => m.subject.includes("credit bureaus"));
    expect(mail.map((m) => m.to)).toEqual([`demo${b.mobile}@example.com`]);
    expect((await t.services.outbox!.outbox(200)).some((m) => m.to === a.mobile && m.text.includes("credit bureaus"))).toBe(false);

    const { file, header, records } = await fileOf("2027-01-15");
    expect(header).toEqual({ memberId: "SANDBOX0001", memberShortName: "SALARYONTIME", cycle: "01", dateReported: "2027-01-15" });
    expect(file).toMatchObject({ periodStart: "2027-01-01", fileName: "SANDBOX0001_20270115.tudf", recordCount: 2, builtByEmail: null });
    expect([...records.keys()].sort()).toEqual([a.loanNo, b.loanNo].sort());
    // A: day 10 of 25 on 15 Jan: ₹20,000 + 10 × ₹200 interest.
    expectBorrower(records.get(a.loanNo), a);
    expect(records.get(a.loanNo)).toMatchObject({
      dateOpened: "2027-01-05",
      dateLastPayment: null,
      dateClosed: null,
      dateReported: "2027-01-15",
      currentBalanceRupees: 22_000,
      overdueRupees: 0,
      daysPastDue: 0,
      assetClassCode: "01",
    });
    // B: due 6 Jan, 9 days past due on 15 Jan: ₹20,000 + 34 × ₹200 interest + 9 × ₹100 penal = ₹27,700, all overdue; SMA-0 (05).
    expectBorrower(records.get(b.loanNo), b);
    expect(records.get(b.loanNo)).toMatchObject({
      dateOpened: "2026-12-12",
      currentBalanceRupees: 27_700,
      overdueRupees: 27_700,
      daysPastDue: 9,
      assetClassCode: "05",
    });
    // Left out whole, listed with the loan number and the reasons only.
    expect(file.rejected).toEqual(
      expect.arrayContaining([
        { leadId: noPan.leadId, loanNo: noPan.loanNo, problems: ["The PAN is missing."] },
        {
          leadId: badName.leadId,
          loanNo: badName.loanNo,
          problems: ["The name has characters the bureau format does not allow (letters, spaces, dots, hyphens and apostrophes only)."],
        },
      ]),
    );
    expect(file.rejected).toHaveLength(2);
    const [notice] = await t.services.db.select().from(bureauOverdueNotices).where(eq(bureauOverdueNotices.leadId, b.leadId));
    expect(notice.byEmail).toBe(true);
    expect(notice.sentAt.getTime()).toBeLessThanOrEqual(Date.parse(file.builtAt));

    // The job again: that period has its file, and none is missing.
    expect(await t.services.jobHandlers[JOB_NAMES.bureauFile]()).toEqual({ files: [] });
  });

  it("the sandbox bureau accepts the file, and answers per record: a record with errors is rejected, the rest loaded; a broken file is refused", async () => {
    const { file, content } = await fileOf("2027-01-15");
    const submitted = await t.services.bureau.desk.submit(accounts.principal, { fileId: file.id });
    expect(submitted).toMatchObject({
      status: "ACCEPTED",
      acceptedCount: 2,
      rejectedCount: 0,
      fileError: null,
      recordErrors: [],
      bureau: "TransUnion CIBIL (sandbox)",
    });
    expect(submitted.reference).toMatch(/^SBX-[0-9A-F]{12}$/);
    const listed = (await t.services.bureau.desk.list(accounts.principal)).files.find((f) => f.id === file.id)!;
    expect(listed.submissions.map((s) => s.status)).toEqual(["ACCEPTED"]);

    const sandbox = createSandboxBureauSubmission();
    const send = (text: string) => sandbox.submit({ fileName: file.fileName, content: text, periodEnd: "2027-01-15", memberId: "SANDBOX0001" });
    // B's record claims standard (01) with 9 days past due: that record is rejected; A's is loaded.
    const wrongClass = content.replace("1503009260205", "1503009260201");
    expect(wrongClass).not.toBe(content);
    const parsed = parseTudf(content);
    if (!parsed.ok) throw new Error(parsed.error);
    const bPosition = parsed.subjects.findIndex((s) => s.find((x) => x.tag === "TL")!.fields["03"] === b.loanNo) + 1;
    expect(await send(wrongClass)).toMatchObject({
      status: "PARTLY_ACCEPTED",
      acceptedCount: 1,
      rejectedCount: 1,
      recordErrors: [{ position: bPosition, loanNo: b.loanNo, errors: ["TL 26: asset classification does not match the days past due."] }],
    });
    expect(await send(content.slice(0, -4))).toMatchObject({ status: "REJECTED", acceptedCount: 0, fileError: "The file has no TRLR trailer." });
    expect(await sandbox.submit({ fileName: "x", content, periodEnd: "2027-01-15", memberId: "OTHER0001" })).toMatchObject({
      status: "REJECTED",
      fileError: "The header's member id is not ours.",
    });
  });

  it("accounts downloads the file; every download is audited; others get nothing", async () => {
    const { file, content } = await fileOf("2027-01-15");
    const origin = new URL(t.services.env.PUBLIC_ORIGIN).origin;
    const download = (path: string, cookie: string | null) =>
      t.app.request(path, {
        method: "POST",
        headers: { origin, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
        body: "",
      });
    const res = await download(`/admin/bureau/files/${file.id}/download`, accounts.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="SANDBOX0001_20270115.tudf"');
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(await res.text()).toBe(content);
    const audited = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "bureau.download"), eq(auditLog.targetId, file.id)));
    expect(audited.map((r) => [r.actorId, r.actorRole])).toEqual([[accounts.principal.staffId, "accounts"]]);

    // A wrong role, no session, a bad or unknown id: refused, never a 500, and nothing more audited.
    expect((await download(`/admin/bureau/files/${file.id}/download`, collections.cookie)).status).toBe(403);
    expect((await download(`/admin/bureau/files/${file.id}/download`, null)).status).toBe(401);
    expect((await download(`/admin/bureau/files/not-an-id/download`, accounts.cookie)).status).toBe(404);
    expect((await download(`/admin/bureau/files/00000000-0000-4000-8000-000000000000/download`, accounts.cookie)).status).toBe(404);
    expect(await t.services.db.select().from(auditLog).where(eq(auditLog.action, "bureau.download"))).toHaveLength(1);
  });
});

describe("the fortnightly bureau file: who may do what, and bad input", () => {
  it("roles: the auditor reads the list but cannot build, send or download; collections cannot read it", async () => {
    const desk = t.services.bureau.desk;
    const asAuditor = await desk.list(auditor);
    expect(asAuditor.canAct).toBe(false);
    expect(asAuditor.files).toHaveLength(1);
    await expect(desk.build(auditor, { periodEnd: "2026-12-31" })).rejects.toMatchObject({ kind: "forbidden" });
    await expect(desk.submit(auditor, { fileId: asAuditor.files[0].id })).rejects.toMatchObject({ kind: "forbidden" });
    await expect(desk.download(auditor, { fileId: asAuditor.files[0].id })).rejects.toMatchObject({ kind: "forbidden" });
    await expect(desk.list(collections.principal)).rejects.toMatchObject({ kind: "forbidden" });
    await expect(desk.list(null)).rejects.toMatchObject({ kind: "not-authenticated" });
  });

  it("bad input changes nothing: not a date, not a period end, not over, already built, no such file", async () => {
    const desk = t.services.bureau.desk;
    await expect(desk.build(accounts.principal, { periodEnd: "15/01/2027" })).rejects.toMatchObject({
      kind: "invalid-input",
      message: PERIOD_MESSAGES.notADate,
    });
    await expect(desk.build(accounts.principal, { periodEnd: "2027-01-20" })).rejects.toMatchObject({
      kind: "invalid-input",
      message: PERIOD_MESSAGES.notAPeriodEnd,
    });
    await expect(desk.build(accounts.principal, { periodEnd: "2027-01-31" })).rejects.toMatchObject({
      kind: "invalid-input",
      message: PERIOD_MESSAGES.notOver,
    });
    await expect(desk.build(accounts.principal, { periodEnd: "2027-01-15" })).rejects.toMatchObject({ kind: "refused", message: BUREAU_MESSAGES.alreadyBuilt });
    await expect(desk.build(accounts.principal, { periodEnd: 42 as unknown as string })).rejects.toMatchObject({ kind: "invalid-input" });
    await expect(desk.submit(accounts.principal, { fileId: "<script>" })).rejects.toMatchObject({ kind: "not-found", message: BUREAU_MESSAGES.noSuchFile });
    expect((await desk.list(accounts.principal)).files).toHaveLength(1);
  });
});

describe("the fortnightly bureau file: the later periods", () => {
  it("31 Jan (a 31-day month), built by accounts at 20:30: a loan first overdue whose borrower is not yet told is held back; told next morning, once", async () => {
    clock.advance(at("2027-02-01T15:00:00Z") - clock.now().getTime());
    const built = await t.services.bureau.desk.build(accounts.principal, { periodEnd: "2027-01-31" });
    expect(built).toMatchObject({ recordCount: 1, rejectedCount: 3 });
    const { file, header, records } = await fileOf("2027-01-31");
    expect(header).toMatchObject({ cycle: "02", dateReported: "2027-01-31" });
    expect(file).toMatchObject({ periodStart: "2027-01-16", builtByEmail: accounts.principal.email });
    expect(file.rejected.find((r) => r.leadId === a.leadId)).toEqual({ leadId: a.leadId, loanNo: a.loanNo, problems: [HELD_MESSAGES.notToldOverdue] });
    // B on 31 Jan: 25 days past due: ₹20,000 + 50 × ₹200 + 25 × ₹100 = ₹32,500.
    expect(records.get(b.loanNo)).toMatchObject({
      dateReported: "2027-01-31",
      currentBalanceRupees: 32_500,
      overdueRupees: 32_500,
      daysPastDue: 25,
      assetClassCode: "05",
    });

    // Outside contact hours nothing is sent; at 08:10 A's borrower is told, and only once.
    expect(await t.services.bureau.runOverdueNotices()).toEqual({ sent: 0, outsideHours: true });
    clock.advance(at("2027-02-02T02:40:00Z") - clock.now().getTime());
    expect(await t.services.jobHandlers[JOB_NAMES.bureauOverdueNotices]()).toEqual({ sent: 1, outsideHours: false });
    expect(await t.services.bureau.runOverdueNotices()).toEqual({ sent: 0, outsideHours: false });
    expect((await t.services.outbox!.outbox(200)).filter((m) => m.to === a.mobile && m.text.includes("credit bureaus"))).toHaveLength(1);
  });

  it("15 Feb: A repaid in full on 10 Feb is reported closed (last payment, closing date, nothing due); B is SMA-1 at 40 days", async () => {
    clock.advance(at("2027-02-10T06:00:00Z") - clock.now().getTime());
    // A on 10 Feb: day 36, 11 days past due: ₹20,000 + 36 × ₹200 + 11 × ₹100 = ₹28,300.
    const lead = (await t.services.loans.byId(a.leadId))!;
    expect((await t.services.payments.duesOn(lead, "2027-02-10"))?.totalDue).toBe(2_830_000);
    await t.services.db.transaction((tx) =>
      t.services.payments.postReceived(tx, {
        leadId: a.leadId,
        source: "bank_transfer",
        reference: "00000000-0000-4000-8000-00000000b022",
        paymentOrderId: null,
        amountPaise: 2_830_000,
        idempotencyKey: "bank-transfer:00000000-0000-4000-8000-00000000b022",
        into: "clearing_bank_transfer",
        memo: "bank transfer TEST",
        valueOn: "2027-02-10",
        at: clock.now(),
      }),
    );
    clock.advance(at("2027-02-16T04:30:00Z") - clock.now().getTime());
    expect(await t.services.jobHandlers[JOB_NAMES.bureauFile]()).toEqual({ files: [{ periodEnd: "2027-02-15", built: true, records: 2, rejected: 2 }] });
    const { records } = await fileOf("2027-02-15");
    expectBorrower(records.get(a.loanNo), a);
    expect(records.get(a.loanNo)).toMatchObject({
      dateLastPayment: "2027-02-10",
      dateClosed: "2027-02-10",
      dateReported: "2027-02-15",
      currentBalanceRupees: 0,
      overdueRupees: 0,
      daysPastDue: 0,
      assetClassCode: "01",
    });
    // B: 40 days past due: ₹20,000 + 65 × ₹200 + 40 × ₹100 = ₹37,000; SMA-1 is reported as 05 with its days.
    expect(records.get(b.loanNo)).toMatchObject({ currentBalanceRupees: 37_000, overdueRupees: 37_000, daysPastDue: 40, assetClassCode: "05" });
  });

  it("28 Feb (not a leap year): the loan closed in the last period is no longer reported", async () => {
    clock.advance(at("2027-03-01T04:30:00Z") - clock.now().getTime());
    expect(await t.services.jobHandlers[JOB_NAMES.bureauFile]()).toEqual({ files: [{ periodEnd: "2027-02-28", built: true, records: 1, rejected: 2 }] });
    const { file, records } = await fileOf("2027-02-28");
    expect(file.periodStart).toBe("2027-02-16");
    expect([...records.keys()]).toEqual([b.loanNo]);
    // B: 53 days past due: ₹20,000 + 78 × ₹200 + penal capped at 25% of the principal (₹5,000, not 53 × ₹100) = ₹40,600.
    expect(records.get(b.loanNo)).toMatchObject({ currentBalanceRupees: 40_600, daysPastDue: 53, assetClassCode: "05" });
  });

  it("a 50-day gap (issue 29): the desk shows the periods with no file; the job builds 15 Mar, 31 Mar and 15 Apr oldest first, B closed in the gap reported closed", async () => {
    // B repays on 10 Mar, day 88: ₹20,000 + 88 × ₹200 + the penal cap ₹5,000 = ₹42,600. The job does not run for 50 days.
    clock.advance(at("2027-03-10T06:00:00Z") - clock.now().getTime());
    const lead = (await t.services.loans.byId(b.leadId))!;
    expect((await t.services.payments.duesOn(lead, "2027-03-10"))?.totalDue).toBe(4_260_000);
    await t.services.db.transaction((tx) =>
      t.services.payments.postReceived(tx, {
        leadId: b.leadId,
        source: "bank_transfer",
        reference: "00000000-0000-4000-8000-00000000b029",
        paymentOrderId: null,
        amountPaise: 4_260_000,
        idempotencyKey: "bank-transfer:00000000-0000-4000-8000-00000000b029",
        into: "clearing_bank_transfer",
        memo: "bank transfer TEST",
        valueOn: "2027-03-10",
        at: clock.now(),
      }),
    );
    clock.advance(at("2027-04-20T04:30:00Z") - clock.now().getTime());
    const before = await t.services.bureau.desk.list(auditor);
    expect(before.missingPeriodEnds).toEqual(["2027-03-15", "2027-03-31", "2027-04-15"]);

    const run = (await t.services.jobHandlers[JOB_NAMES.bureauFile]()) as { files: { periodEnd: string; built: boolean; records: number }[] };
    expect(run.files.map((f) => [f.periodEnd, f.built, f.records])).toEqual([
      ["2027-03-15", true, 1],
      ["2027-03-31", true, 0],
      ["2027-04-15", true, 0],
    ]);
    const { file, records } = await fileOf("2027-03-15");
    expect(file.periodStart).toBe("2027-03-01");
    expect(records.get(b.loanNo)).toMatchObject({ dateLastPayment: "2027-03-10", dateClosed: "2027-03-10", currentBalanceRupees: 0, overdueRupees: 0 });
    expect((await fileOf("2027-03-31")).file.periodStart).toBe("2027-03-16");
    // Built oldest first.
    const listed = (await t.services.bureau.desk.list(auditor)).files;
    const builtAt = (end: string) => listed.find((f) => f.periodEnd === end)!.builtAt;
    expect(builtAt("2027-03-15") <= builtAt("2027-03-31") && builtAt("2027-03-31") <= builtAt("2027-04-15")).toBe(true);

    // Nothing is missing now; the job again builds nothing.
    expect((await t.services.bureau.desk.list(auditor)).missingPeriodEnds).toEqual([]);
    expect(await t.services.jobHandlers[JOB_NAMES.bureauFile]()).toEqual({ files: [] });
  });
});
