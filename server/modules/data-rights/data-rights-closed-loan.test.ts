// Issue 23 (DPDP Act 2023, Rules 2025; decision 42): a closed-loan customer's export and erasure through the
// data protection officer's queue (split from data-rights.test.ts, which holds consent and withdrawal).
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, consents, customerProfiles, leads, loanAccounts, sessions } from "../../db/schema/index.ts";
import { pdfText } from "../../test-support/pdf-text.ts";
import { enrolledStaff, signInStaff } from "../../test-support/staff.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { myDataHelpers, myDataPath } from "./data-rights.test-support.ts";
import { selectLeads } from "../loans/loan-account.service.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
const path = myDataPath;

let t: T;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, consentRows } = myDataHelpers(() => t);

let mobile: string;
let profileId: string;
let token: string;
beforeAll(async () => {
  mobile = randomMobile();
  await createDemoCustomer(t.services, { mobile, userType: "REPEAT" });
  ({ profileId, token } = await t.signIn(mobile));
  // The loan closed on 1 October 2026 (India), so its records go five years later.
  await t.services.db
    .update(loanAccounts)
    .set({ statusChangedAt: new Date("2026-10-01T06:00:00Z") })
    .where(eq(loanAccounts.profileId, profileId));
  await t.services.db
    .update(customerProfiles)
    .set({ utmSource: "google", clickId: "gclid-9", spouseName: "Asha", spouseMobile: "9876501234" })
    .where(eq(customerProfiles.id, profileId));
  await api("saveConsent", token, { purpose: "marketing", action: "grant" });
});

describe("a closed-loan customer's data export", () => {
  it("exports profile, loans, payments, documents, consents and contacts as JSON and as a readable PDF", async () => {
    const json = await t.app.request(`${path("getMyDataJson")}`, { headers: { "auth-token": token } });
    expect(json.status).toBe(200);
    expect(json.headers.get("content-type")).toBe("application/json");
    expect(json.headers.get("content-disposition")).toBe('attachment; filename="my-data.json"');
    const data = await json.json();
    expect(data.profile).toMatchObject({ mobile, email: `demo${mobile}@example.com`, campaign: { utm_source: "google", click_id: "gclid-9" } });
    expect(data.profile.pan).toMatch(/^XXXXXX[A-Z0-9]{4}$/);
    expect(data.loans).toHaveLength(1);
    expect(data.loans[0]).toMatchObject({ status: "CLOSED" });
    expect(Array.isArray(data.payments)).toBe(true);
    expect(Array.isArray(data.documents)).toBe(true);
    expect(Array.isArray(data.contacts)).toBe(true);
    expect(data.consents.map((c: { purpose: string; action: string }) => `${c.purpose}:${c.action}`)).toEqual([
      "lending_servicing:grant",
      "identity_checks:grant",
      "reminders:grant",
      "marketing:grant",
    ]);
    expect(data.retention).toEqual({ openLoan: false, lastClosedOn: "2026-10-01", keptUntil: "2031-10-01" });

    const pdf = await t.app.request(`${path("getMyDataPdf")}`, { headers: { "auth-token": token } });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text;
    for (const heading of ["Your profile", "Your loans", "Your payments", "Documents you gave us", "Your consents", "Our contacts with you"])
      expect(text).toContain(heading);
    expect(text).toContain(mobile);
    expect(text).toContain("Offers by SMS and e-mail");
    expect(text).toContain("kept until 1 Oct 2031");

    // Without a session: no file.
    expect((await t.app.request(path("getMyDataJson"))).status).not.toBe(200);
  });

  it("makes the PDF in Hindi for a customer who chose Hindi: Hindi labels, the same figures, dates in words", async () => {
    const download = async () =>
      (await pdfText(new Uint8Array(await (await t.app.request(path("getMyDataPdf"), { headers: { "auth-token": token } })).arrayBuffer()))).text;
    const english = await download();
    await t.services.db.update(customerProfiles).set({ preferredLanguage: "hi" }).where(eq(customerProfiles.id, profileId));
    const hindi = await download();
    await t.services.db.update(customerProfiles).set({ preferredLanguage: null }).where(eq(customerProfiles.id, profileId));

    for (const label of ["आपका डेटा", "आपकी प्रोफ़ाइल", "आपके लोन", "आपके दिए दस्तावेज़", "आपकी सहमतियाँ", "हमने आपसे कब संपर्क किया", "मासिक आय", "जन्म तिथि"])
      expect(hindi).toContain(label);
    for (const english of ["Your profile", "Your loans", "Monthly income", "Date of birth"]) expect(hindi).not.toContain(english);
    // The loan's status, a purpose's title and a consent choice in Hindi; the date of birth and the retention date in words.
    expect(hindi).toContain("बंद");
    expect(hindi).toContain("SMS और ई-मेल से ऑफ़र");
    expect(hindi).toContain("दी");
    expect(hindi).toContain("15 जून 1990");
    expect(hindi).toContain("1 अक्टूबर 2031 तक");
    expect(english).toContain("15 Jun 1990");
    // The same figures in both: mobile, masked PAN, income in Indian grouping, the loan number.
    const [loan] = await selectLeads(t.services.db).where(eq(leads.profileId, profileId));
    const pan = english.match(/XXXXXX[A-Z0-9]{4}/)![0];
    for (const figure of [mobile, pan, "₹60,000", loan.loanNo!]) {
      expect(english).toContain(figure);
      expect(hindi).toContain(figure);
    }
  });
});

describe("a closed-loan customer's erasure", () => {
  it("takes an erasure request due in 30 days; the officer's queue shows it masked; other roles are refused", async () => {
    const asked = await api("requestDataRight", token, { kind: "erasure", details: "Please delete what you can." });
    expect(asked.body).toMatchObject({
      Status: 1,
      Message: "Your request is received. We will answer by 2026-12-22.",
      Data: { status: "OPEN", requested_on: "2026-11-22", due_on: "2026-12-22" },
    });
    const twice = await api("requestDataRight", token, { kind: "erasure" });
    expect(twice.body.Message).toBe("You already have an open request of this kind. We will answer it by its due date.");

    const dpo = await signInStaff(t.services, await enrolledStaff(t.services, "data_protection"));
    const queue = await t.services.dataRights.desk.list(dpo.principal);
    const mine = queue.rows.find((r) => r.id === asked.body.Data.id)!;
    expect(mine).toMatchObject({ kind: "erasure", dueOn: "2026-12-22", late: false, customer: `mobile XXXXXX${mobile.slice(-4)}` });
    expect(JSON.stringify(queue.rows)).not.toContain(mobile);

    const manager = await signInStaff(t.services, await enrolledStaff(t.services, "credit_manager"));
    await expect(t.services.dataRights.desk.list(manager.principal)).rejects.toThrow(/role may not/);
    const auditor = await signInStaff(t.services, await enrolledStaff(t.services, "auditor"));
    expect((await t.services.dataRights.desk.list(auditor.principal)).rows.length).toBeGreaterThan(0);
    await expect(t.services.dataRights.desk.complete(auditor.principal, { id: asked.body.Data.id })).rejects.toThrow(/role may not/);
    await expect(t.services.dataRights.desk.complete(dpo.principal, { id: "not-an-id" })).rejects.toThrow("This request was not found.");
    await expect(t.services.dataRights.desk.reject(dpo.principal, { id: asked.body.Data.id, reason: "no" })).rejects.toThrow(/reason of at least 5/);
  });

  it("fulfilling the erasure erases what no law keeps, keeps the loan and identity records until 1 October 2031, and audits it", async () => {
    const dpo = await signInStaff(t.services, await enrolledStaff(t.services, "data_protection"));
    const [open] = (await t.services.dataRights.desk.list(dpo.principal)).rows.filter(
      (r) => r.kind === "erasure" && r.status === "OPEN" && r.details === "Please delete what you can.",
    );
    const before = (await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, profileId)))[0];
    const done = await t.services.dataRights.desk.complete(dpo.principal, { id: open.id });
    expect(done).toMatchObject({ status: "DONE", recordsKeptUntil: "2031-10-01", handledOn: "2026-11-22" });
    expect(done.outcome).toContain("Loan and identity records are kept until 2031-10-01");

    const [after] = await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, profileId));
    // Erased: campaign data, e-mail, spouse details.
    expect(after).toMatchObject({
      utmSource: null,
      clickId: null,
      personalEmail: null,
      spouseName: null,
      spouseMobile: null,
      recordsKeptUntil: "2031-10-01",
    });
    expect(after.erasedAt).not.toBeNull();
    // Kept: identity and loan records.
    expect(after.fullName).toBe(before.fullName);
    expect(after.pancardHash).toBe(before.pancardHash);
    expect(after.dob).toBe(before.dob);
    expect((await selectLeads(t.services.db).where(eq(leads.profileId, profileId)))[0].status).toBe("CLOSED");
    // Signed out everywhere, marketing and reminders withdrawn.
    const live = await t.services.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.profileId, profileId), sql`${sessions.revokedAt} IS NULL`));
    expect(live).toEqual([]);
    expect((await api("getMyData", token)).body.Status).not.toBe(1);
    expect(await t.services.consents.given(profileId, "marketing")).toBe(false);
    expect(await t.services.consents.given(profileId, "reminders")).toBe(false);
    expect(await t.services.consents.given(profileId, "lending_servicing")).toBe(true);

    const [row] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "data_request.erasure.done"), eq(auditLog.targetId, open.id)));
    expect(row).toMatchObject({ actorEmail: dpo.principal.email, actorRole: "data_protection" });
    // Handled once.
    await expect(t.services.dataRights.desk.complete(dpo.principal, { id: open.id })).rejects.toThrow("This request has already been handled.");
    // Consent rows are evidence: the database refuses to rewrite them.
    const kept = (await consentRows(profileId)).length;
    const refused = await t.services.db
      .delete(consents)
      .where(eq(consents.profileId, profileId))
      .then(
        () => null,
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(refused).toMatch(/append-only/);
    expect((await consentRows(profileId)).length).toBe(kept);
  });
});
