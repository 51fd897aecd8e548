// Issue 22: complaints raised (signed in and public), acknowledged, answered on the desk, escalated and
// the ombudsman notice walked with the sandbox clock; collection rules (contact hours, outcome, agent, flag).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS_MESSAGES } from "../../../core/admin/collections-desk.ts";
import { daysBetween, todayInIndia } from "../../../core/calendar.ts";
import { auditLog, customerProfiles, grievances } from "../../db/schema/index.ts";
import { createAdjustableClock } from "../../jobs/clock.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";
import { JPEG_BYTES } from "../../test-support/kyc.ts";
import type { StaffActor } from "../credit/credit.service.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { Forbidden, InvalidInput, NotAuthenticated, NotFound, Refused } from "../domain-errors.ts";

const CONTROLLER = "/Api/Website/RepeatInstantJourneyController";
const PUBLIC_PATH = "/Api/EnquiryController/complaint";
const officer: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000e1", role: "grievance_officer", email: "officer@salaryontime.test" };
const admin: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000e2", role: "admin" };
const auditor: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000e3", role: "auditor" };
const collector: StaffActor & { email: string } = { staffId: "00000000-0000-4000-8000-0000000000e4", role: "collections", email: "c@salaryontime.test" };

// The sandbox clock, set to 11:30 India time on 22 Nov 2026 and moved by /dev/clock as in the sandbox.
const START = { now: "2026-11-22T11:30" };
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ sandboxClock: createAdjustableClock() });
  await moveClock(START);
});
afterAll(() => t?.close());

const moveClock = (body: object) =>
  t.app.request("/dev/clock", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const runJobs = async () =>
  (await (await t.app.request("/dev/jobs/run", { method: "POST" })).json()) as { jobs: Record<string, { ok: boolean; result: unknown }> };

async function customerWithLoan(email = "asha.rao@example.com") {
  const mobile = randomMobile();
  const demo = await createDemoCustomer(t.services, { mobile, userType: "UNPAID-REPEAT" });
  const lead = (await t.services.loans.byId(demo.activeLoanId!))!;
  await t.services.db.update(customerProfiles).set({ personalEmail: email }).where(eq(customerProfiles.mobile, mobile));
  const me = await t.signIn(mobile);
  return { mobile, email, lead, headers: { "auth-token": me.token } };
}

const raise = (headers: Record<string, string>, body: object) => t.post(body, { path: `${CONTROLLER}/raiseComplaint`, headers });
const complaintsOf = async (headers: Record<string, string>) => (await t.post({}, { path: `${CONTROLLER}/getComplaints`, headers })).body.Data;

describe("raising a complaint", () => {
  it("a signed-in customer gets a reference, an SMS and an e-mail; bad input and someone else's loan are refused and nothing is written", async () => {
    const c = await customerWithLoan();
    const other = await customerWithLoan("other@example.com");
    const before = (await t.services.db.select().from(grievances)).length;

    const bad = await raise(c.headers, { category: "nonsense", description: "short" });
    expect(bad.body.Status).not.toBe(1);
    expect(bad.body.errors).toMatchObject({ description: "Describe your complaint in 10 to 2,000 characters." });
    const notMine = await raise(c.headers, { category: "repayment", loan_no: other.lead.loanNo, description: "I was charged twice for this loan." });
    expect(notMine.body.errors).toEqual({ loan_no: "This loan number is not one of your loans." });
    const notAFile = await raise(c.headers, {
      category: "repayment",
      description: "See the attached receipt.",
      attachment: Buffer.from("plain text!!").toString("base64"),
    });
    expect(notAFile.body.errors).toEqual({ attachment: "The attachment must be a PDF, JPEG, PNG or WEBP file." });
    expect((await t.services.db.select().from(grievances)).length).toBe(before);

    const ok = await raise(c.headers, {
      category: "collection_conduct",
      loan_no: c.lead.loanNo!.toLowerCase(),
      description: "An agent called me at 10 pm and was rude.",
      attachment: JPEG_BYTES.toString("base64"),
    });
    expect(ok.body.Status).toBe(1);
    const reference = ok.body.Data.reference as string;
    expect(reference).toMatch(/^GRV-20261122-[0-9A-F]{4}$/);
    expect(ok.body.Message).toBe(`Your complaint is registered. Your reference number is ${reference}.`);
    // The customer is told the photo went with it (issue 30): its kind and size, never its content.
    expect(ok.body.Data.attachment).toEqual({ kind: "photo", bytes: 22 });
    const [row] = await t.services.db.select().from(grievances).where(eq(grievances.reference, reference));
    expect(row).toMatchObject({
      leadId: c.lead.id,
      loanNo: c.lead.loanNo,
      status: "open",
      source: "dashboard",
      attachmentType: "image/jpeg",
      attachmentBytes: JPEG_BYTES.length,
    });

    const sms = (await t.services.outbox!.outbox(500)).filter((m) => m.to === c.mobile && m.text.includes(reference));
    expect(sms.map((m) => m.text)).toEqual([
      `SalaryOnTime: We have registered your complaint. Your reference number is ${reference}. Our grievance officer will reply to you.`,
    ]);
    const mail = (await t.services.emailOutbox!.outbox(500)).filter((m) => m.to === c.email && m.subject.includes(reference));
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain("https://cms.rbi.org.in");

    const mine = await complaintsOf(c.headers);
    expect(mine.complaints).toEqual([
      expect.objectContaining({
        reference,
        status: "open",
        status_label: "Open",
        loan_no: c.lead.loanNo,
        events: [],
        attachment: { kind: "photo", bytes: 22 },
      }),
    ]);
    expect((await complaintsOf(other.headers)).complaints).toEqual([]);
  });

  it("anyone raises one from the public form with a mobile or e-mail and the captcha", async () => {
    const captcha = async () => {
      const issued = await t.post({}, { path: "/Api/EnquiryController/generate_captcha" });
      const id = issued.body.Data.captcha_id as string;
      return { captcha_id: id, captcha: (await t.services.captchas.reveal(id))! };
    };
    const form = { category: "service", name: "Meera Iyer", description: "Nobody answered my calls for a week." };
    const noContact = await t.post({ ...form, ...(await captcha()) }, { path: PUBLIC_PATH });
    expect(noContact.body.errors).toEqual({ mobile: "Give a mobile number or an e-mail address so that we can reply." });
    const wrong = await t.post({ ...form, email: "meera@example.com", captcha_id: (await captcha()).captcha_id, captcha: "WRONG" }, { path: PUBLIC_PATH });
    expect(wrong.body.errors?.captcha).toBeTruthy();

    const mobile = randomMobile();
    const ok = await t.post({ ...form, mobile, email: "meera@example.com", ...(await captcha()) }, { path: PUBLIC_PATH });
    expect(ok.body.Status).toBe(1);
    const reference = ok.body.Data.reference as string;
    expect(ok.body.Data.attachment).toBeNull();
    const [row] = await t.services.db.select().from(grievances).where(eq(grievances.reference, reference));
    expect(row).toMatchObject({ source: "public", profileId: null, name: "Meera Iyer", mobile, email: "meera@example.com" });
    expect((await t.services.outbox!.outbox(500)).some((m) => m.to === mobile && m.text.includes(reference))).toBe(true);
    expect((await t.services.emailOutbox!.outbox(500)).some((m) => m.to === "meera@example.com" && m.subject.includes(reference))).toBe(true);

    // With a PDF: the reply says a PDF of 15 bytes went with it, for the confirmation (issue 30).
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    const withPdf = await t.post({ ...form, mobile, attachment: pdf.toString("base64"), ...(await captcha()) }, { path: PUBLIC_PATH });
    expect(withPdf.body.Data.attachment).toEqual({ kind: "pdf", bytes: 15 });
  });
});

describe("the grievance desk", () => {
  it("an admin can give someone the grievance officer role (the database's role check allows it)", async () => {
    const adminPrincipal = { staffId: admin.staffId, email: "admin@salaryontime.test", role: "admin" as const, sessionId: "s" };
    const created = await t.services.staff.desk.create(adminPrincipal, { email: `officer-${randomMobile()}@example.com`, role: "grievance_officer" });
    expect(created.role).toBe("grievance_officer");
  });

  it("lists open complaints by age, replies reach the customer, resolve and close are audited; roles are checked", async () => {
    const c = await customerWithLoan("desk.customer@example.com");
    const reference = (await raise(c.headers, { category: "charges", description: "The penal charge looks wrong to me." })).body.Data.reference as string;
    const desk = t.services.grievances.desk;
    const { rows } = await desk.list(auditor);
    const ages = rows.map((r) => r.ageDays);
    expect(ages).toEqual([...ages].sort((a, b) => b - a));
    const row = rows.find((r) => r.reference === reference)!;
    expect(row).toMatchObject({ status: "open", ageDays: 0, replies: 0, category: "charges" });

    const detail = await desk.detail(officer, row.id);
    expect(detail.mobile).toBe(`XXXXXX${c.mobile.slice(-4)}`);
    expect(detail.email).toBe("d***@example.com");
    expect(detail.description).toBe("The penal charge looks wrong to me.");

    await expect(desk.list(collector)).rejects.toBeInstanceOf(Forbidden);
    await expect(desk.list(null)).rejects.toBeInstanceOf(NotAuthenticated);
    await expect(desk.reply(auditor, { id: row.id, body: "Auditors only read." })).rejects.toBeInstanceOf(Forbidden);
    await expect(desk.reply(officer, { id: row.id, body: "no" })).rejects.toBeInstanceOf(InvalidInput);
    await expect(desk.close(officer, { id: row.id })).rejects.toThrow("Only a resolved complaint can be closed.");

    await desk.reply(officer, { id: row.id, body: "We are checking the charge with accounts." });
    const mail = (await t.services.emailOutbox!.outbox(500)).filter((m) => m.to === c.email && m.subject === `Our reply to your complaint ${reference}`);
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain("We are checking the charge with accounts.");
    expect(
      (await t.services.outbox!.outbox(500)).some(
        (m) => m.to === c.mobile && m.text.startsWith(`SalaryOnTime: We have replied to your complaint ${reference}.`),
      ),
    ).toBe(true);

    await desk.resolve(admin, { id: row.id, body: "The charge was right; here is the working." });
    await expect(desk.resolve(officer, { id: row.id, body: "Again." })).rejects.toBeInstanceOf(Refused);
    await desk.close(officer, { id: row.id });
    expect((await desk.list(officer)).rows.find((r) => r.id === row.id)).toBeUndefined();
    expect((await desk.list(officer, { show: "all" })).rows.find((r) => r.id === row.id)?.status).toBe("closed");

    const seen = (await complaintsOf(c.headers)).complaints[0];
    expect(seen).toMatchObject({ reference, status: "closed" });
    expect(seen.events.map((e: { kind: string; body: string | null }) => [e.kind, e.body])).toEqual([
      ["reply", "We are checking the charge with accounts."],
      ["resolved", "The charge was right; here is the working."],
      ["closed", null],
    ]);
    const audited = await t.services.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetKind, "grievance"), eq(auditLog.targetId, row.id)));
    expect(audited.map((a) => a.action)).toEqual(["grievance.view", "grievance.reply", "grievance.resolve", "grievance.close"]);
  });

  it("an officer escalates an open complaint before the deadline, once; the nodal officer and the customer are told; the job does not repeat it", async () => {
    const c = await customerWithLoan("early.escalation@example.com");
    const reference = (await raise(c.headers, { category: "collection_conduct", description: "An agent called me at night about my loan." })).body.Data
      .reference as string;
    const desk = t.services.grievances.desk;
    const row = (await desk.list(officer)).rows.find((r) => r.reference === reference)!;

    await expect(desk.escalate(auditor, { id: row.id })).rejects.toBeInstanceOf(Forbidden);
    await expect(desk.escalate(officer, { id: "not-an-id" })).rejects.toBeInstanceOf(NotFound);
    await desk.escalate(officer, { id: row.id });
    await expect(desk.escalate(admin, { id: row.id })).rejects.toThrow("This complaint is already with the nodal officer.");

    expect((await desk.list(officer)).rows.find((r) => r.id === row.id)).toMatchObject({ status: "escalated", escalated: true });
    const nodal = (await t.services.emailOutbox!.outbox(1000)).filter((m) => m.subject.startsWith(`Complaint ${reference} escalated`));
    expect(nodal).toHaveLength(1);
    expect(nodal[0].subject).toBe(`Complaint ${reference} escalated: escalated by our grievance officer before the deadline`);
    expect(
      (await t.services.emailOutbox!.outbox(1000)).filter((m) => m.to === c.email && m.subject.startsWith(`Your complaint ${reference} has gone to`)),
    ).toHaveLength(1);
    const seen = (await complaintsOf(c.headers)).complaints.find((x: { reference: string }) => x.reference === reference);
    expect(seen.events.map((e: { kind: string }) => e.kind)).toEqual(["escalated"]);
    const audited = await t.services.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.targetKind, "grievance"), eq(auditLog.targetId, row.id), eq(auditLog.action, "grievance.escalate")));
    expect(audited).toEqual([{ action: "grievance.escalate", actorId: officer.staffId }]);
  });

  it("escalates after the configured days and tells the customer about the RBI Integrated Ombudsman at 30 days (sandbox clock)", async () => {
    const c = await customerWithLoan("slow.case@example.com");
    const reference = (await raise(c.headers, { category: "credit_bureau", description: "My bureau record shows a wrong overdue amount." })).body.Data
      .reference as string;
    const statusOf = async () => (await t.services.db.select().from(grievances).where(eq(grievances.reference, reference)))[0];
    const ombudsmanSms = async () => (await t.services.outbox!.outbox(1000)).filter((m) => m.to === c.mobile && m.text.includes("RBI Integrated Ombudsman"));
    try {
      // Day 6: nothing yet (escalation is after 7 days by default).
      await moveClock({ advanceDays: 6 });
      await runJobs();
      expect((await statusOf()).status).toBe("open");
      // Day 7: escalated once, the nodal officer is e-mailed, the customer told.
      await moveClock({ advanceDays: 1 });
      const ran = await runJobs();
      expect(ran.jobs["grievance-deadlines"].ok).toBe(true);
      expect(await statusOf()).toMatchObject({ status: "escalated", ombudsmanNoticeAt: null });
      const nodal = (await t.services.emailOutbox!.outbox(1000)).filter((m) => m.subject.startsWith(`Complaint ${reference} escalated`));
      expect(nodal).toHaveLength(1);
      await runJobs();
      expect((await t.services.emailOutbox!.outbox(1000)).filter((m) => m.subject.startsWith(`Complaint ${reference} escalated`))).toHaveLength(1);
      // Day 29: no ombudsman notice; day 30: one, by SMS and e-mail, with RBI's portal; never twice.
      await moveClock({ advanceDays: 22 });
      await runJobs();
      expect(await ombudsmanSms()).toHaveLength(0);
      await moveClock({ advanceDays: 1 });
      await runJobs();
      await runJobs();
      expect((await ombudsmanSms()).map((m) => m.text)).toEqual([
        `SalaryOnTime: Your complaint ${reference} is not yet resolved. You may now complain to the RBI Integrated Ombudsman at https://cms.rbi.org.in`,
      ]);
      const row = (await t.services.grievances.desk.list(officer)).rows.find((r) => r.reference === reference)!;
      expect(row).toMatchObject({ ageDays: 30, escalated: true, ombudsmanNoticeSent: true, status: "escalated" });
      // The session of day 0 has expired: sign in again.
      const events = (await complaintsOf({ "auth-token": (await t.signIn(c.mobile)).token })).complaints[0].events;
      expect(events.map((e: { kind: string }) => e.kind)).toEqual(["escalated", "ombudsman_notice"]);
    } finally {
      await moveClock(START);
    }
  });
});

describe("collection rules", () => {
  it("refuses a contact outside 08:00-19:00 India time, records outcome and agent, shows the agent to the customer, and flags an open collection complaint", async () => {
    const c = await customerWithLoan("collect.me@example.com");
    const desk = t.services.servicing.desk;
    try {
      // Past the repayment date, at 11:30 India time.
      await moveClock({ advanceDays: daysBetween(todayInIndia(t.services.now()), c.lead.repaymentDate!) + 2 });
      const flagOf = async () => (await desk.queue(collector)).rows.find((r) => r.leadId === c.lead.id)!.collectionGrievance;
      expect(await flagOf()).toBeNull();

      // 19:30 India time: refused, nothing written.
      const evening = new Date(t.services.now().getTime() + 8 * 3_600_000);
      await moveClock({ now: `${todayInIndia(evening)}T19:30` });
      await expect(desk.addContact(collector, { leadId: c.lead.id, channel: "call", outcome: "no_answer", note: "Tried again." })).rejects.toThrow(
        COLLECTIONS_MESSAGES.outsideHours,
      );
      await moveClock({ now: `${todayInIndia(evening)}T07:59` });
      await expect(desk.addContact(collector, { leadId: c.lead.id, channel: "call", outcome: "no_answer", note: "Tried again." })).rejects.toBeInstanceOf(
        Refused,
      );
      expect((await desk.queue(collector)).rows.find((r) => r.leadId === c.lead.id)!.contacts).toEqual([]);
      // The reminders keep the same hours: at 07:59 the job sends nothing.
      expect(await t.services.servicing.runReminders()).toEqual({ sent: 0, outsideHours: true });
      // The collections desk is not the grievance officer's.
      await expect(desk.queue(officer)).rejects.toBeInstanceOf(Forbidden);

      await moveClock({ now: `${todayInIndia(evening)}T10:00` });
      await expect(desk.addContact(collector, { leadId: c.lead.id, channel: "call", outcome: "", note: "Called." })).rejects.toThrow(
        COLLECTIONS_MESSAGES.outcome,
      );
      await expect(desk.addContact(collector, { leadId: c.lead.id, channel: "visit", outcome: "other", note: "Visited.", agentName: "Ravi" })).rejects.toThrow(
        COLLECTIONS_MESSAGES.agentName,
      );
      const contact = await desk.addContact(collector, {
        leadId: c.lead.id,
        channel: "visit",
        outcome: "promised_to_pay",
        note: "Will pay on Friday.",
        agentName: "Ravi Shankar",
        agencyName: "Fairway Recoveries",
      });
      expect(contact).toMatchObject({ outcome: "promised_to_pay", agentName: "Ravi Shankar", agencyName: "Fairway Recoveries", staffEmail: collector.email });

      // The customer sees who contacted them, through which agency.
      const headers = { "auth-token": (await t.signIn(c.mobile)).token };
      expect((await complaintsOf(headers)).collection_contacts).toEqual([
        { loan_no: c.lead.loanNo, channel: "visit", agent_name: "Ravi Shankar", agency_name: "Fairway Recoveries", contacted_at: contact.contactedAt },
      ]);

      // A complaint about collection flags the customer until it is resolved.
      const reference = (await raise(headers, { category: "collection_conduct", description: "The agent raised his voice at my door." })).body.Data.reference;
      expect(await flagOf()).toMatchObject({ reference });
      const id = (await t.services.grievances.desk.list(officer)).rows.find((r) => r.reference === reference)!.id;
      await t.services.grievances.desk.resolve(officer, { id, body: "We have spoken to the agency and changed the agent." });
      expect(await flagOf()).toBeNull();
    } finally {
      await moveClock(START);
    }
  });
});

describe("the grievance desk pages (issue 30)", () => {
  it("reaches every complaint past the first 500, 50 a page, oldest first; a page past the end shows the last", async () => {
    const base = Date.parse("2026-10-01T04:00:00Z");
    const made = Array.from({ length: 520 }, (_, i) => ({
      reference: `PAGE-${String(i).padStart(4, "0")}`,
      category: "other" as const,
      description: "A complaint made to fill the desk's pages.",
      name: "Page Test",
      mobile: "9000000000",
      source: "public" as const,
      raisedAt: new Date(base + i * 60_000),
    }));
    await t.services.db.insert(grievances).values(made);
    const desk = t.services.grievances.desk;
    const first = await desk.list(auditor, { page: 1 });
    expect(first.rows).toHaveLength(50);
    expect(first.pageSize).toBe(50);
    expect(first.total).toBeGreaterThanOrEqual(520);
    const pages = Math.ceil(first.total / 50);
    const seen: string[] = [];
    let previous = "";
    for (let page = 1; page <= pages; page++) {
      const { rows } = await desk.list(auditor, { page });
      for (const r of rows) {
        expect(r.raisedAt >= previous).toBe(true);
        previous = r.raisedAt;
        seen.push(r.reference);
      }
    }
    const ours = seen.filter((r) => r.startsWith("PAGE-"));
    expect(ours).toHaveLength(520);
    expect(new Set(ours).size).toBe(520);
    expect(ours[0]).toBe("PAGE-0000");
    expect(ours[519]).toBe("PAGE-0519");

    const beyond = await desk.list(auditor, { page: 9_999 });
    expect(beyond.page).toBe(pages);
    expect((await desk.list(auditor, { page: Number("abc") })).page).toBe(1);
    const newest = await desk.list(auditor, { page: 1, order: "newest" });
    expect(newest.rows[0].raisedAt >= newest.rows[49].raisedAt).toBe(true);
  });
});
