// Staff open a lead's document from the review page: POST with the reason, the file as an attachment
// with the private-file headers; a wrong role or no staff session gets nothing; each opening is audited.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, creditManagers, leads, uploadedFiles } from "../../db/schema/index.ts";
import { STAFF_COOKIE } from "../../http/admin-gateway.ts";
import { enrolledStaff, signInStaff } from "../../test-support/staff.ts";
import { createTestApp, randomMobile } from "../../test-support/test-app.ts";
import { createDemoCustomer } from "../dev/demo-customers.ts";
import { CREDIT_MESSAGES } from "./credit.service.ts";
import { staffDocumentPath } from "./document-download.routes.ts";
import { selectLeads } from "../loans/loan-account.service.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  origin = new URL(t.services.env.PUBLIC_ORIGIN).origin;
});
afterAll(() => t?.close());

const PDF = new TextEncoder().encode("%PDF-1.4 salary slip test bytes");

async function leadWithDocument() {
  const demo = await createDemoCustomer(t.services, { mobile: randomMobile(), userType: "UNPAID-REPEAT" });
  const [lead] = await selectLeads(t.services.db).where(eq(leads.id, demo.activeLoanId!));
  const storageKey = await t.services.storage.put(PDF);
  const [file] = await t.services.db
    .insert(uploadedFiles)
    .values({ profileId: lead.profileId, leadId: lead.id, kind: "salary_slip", storageKey, contentType: "application/pdf", byteSize: PDF.length })
    .returning();
  return { leadId: lead.id, documentId: file.id };
}

async function staffSession(role: "credit_head" | "collections" | "credit_manager" | "auditor" | "accounts", email?: string) {
  const who = await enrolledStaff(t.services, role, email);
  return signInStaff(t.services, who);
}

async function staffCookie(role: "credit_head" | "collections" | "credit_manager" | "auditor" | "accounts", email?: string) {
  const { token } = await staffSession(role, email);
  return `${STAFF_COOKIE}=${token}`;
}

/** A credit manager row (inactive, so no other lead is assigned to it) given the lead, and its e-mail. */
async function assignToNewManager(leadId: string) {
  const email = `cm-${crypto.randomUUID().slice(0, 8)}@salaryontime.test`;
  const [manager] = await t.services.db.insert(creditManagers).values({ name: "Test Manager", mobile: "9000000001", email, active: false }).returning();
  await t.services.db.update(leads).set({ creditManagerId: manager.id }).where(eq(leads.id, leadId));
  return email;
}

const open = (path: string, cookie: string | null, reason: string, from = origin) =>
  t.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: from, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ reason }).toString(),
  });

describe("staff document download", () => {
  it("gives the credit head the bytes as a sandboxed, uncached attachment, and audits the opening with its reason", async () => {
    const doc = await leadWithDocument();
    const res = await open(staffDocumentPath(doc.leadId, doc.documentId), await staffCookie("credit_head"), "Checking the salary slip");
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="salary_slip.pdf"');
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(res.headers.get("cache-control")).toContain("no-store");
    const rows = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "document.open"), eq(auditLog.targetId, doc.documentId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorRole: "credit_head", reason: "Checking the salary slip" });
  });

  it("refuses a wrong role, no staff session, a short reason and another site's form, and audits none of them", async () => {
    const doc = await leadWithDocument();
    const path = staffDocumentPath(doc.leadId, doc.documentId);
    const head = await staffCookie("credit_head");
    const wrongRole = await open(path, await staffCookie("collections"), "Checking the salary slip");
    expect(wrongRole.status).toBe(403);
    expect(wrongRole.headers.get("content-type")).not.toBe("application/pdf");
    expect((await open(path, null, "Checking the salary slip")).status).toBe(401);
    expect((await open(path, head, "no")).status).toBe(422);
    expect((await open(path, head, "Checking the salary slip", "https://evil.example")).status).toBe(403);
    // A document of another customer is not this lead's.
    const other = await leadWithDocument();
    expect((await open(staffDocumentPath(doc.leadId, other.documentId), head, "Checking the salary slip")).status).toBe(404);
    const rows = await t.services.db.select().from(auditLog).where(eq(auditLog.action, "document.open"));
    expect(rows.filter((r) => r.targetId === doc.documentId || r.targetId === other.documentId)).toHaveLength(0);
  });

  it("lets a credit manager open and reveal only the applications assigned to them (decision 32), and audits each", async () => {
    const doc = await leadWithDocument();
    const mine = await assignToNewManager(doc.leadId);
    const other = await leadWithDocument();
    await assignToNewManager(other.leadId);
    const manager = await staffSession("credit_manager", mine);
    const cookie = `${STAFF_COOKIE}=${manager.token}`;

    const own = await open(staffDocumentPath(doc.leadId, doc.documentId), cookie, "Checking the salary slip");
    expect(own.status).toBe(200);
    const refused = await open(staffDocumentPath(other.leadId, other.documentId), cookie, "Checking the salary slip");
    expect(refused.status).toBe(400);
    expect(refused.headers.get("content-type")).not.toBe("application/pdf");
    expect(await refused.text()).toContain(CREDIT_MESSAGES.notYours);

    const desk = t.services.credit.desk;
    const reason = "Matching the PAN card";
    const shown = await desk.reveal(manager.principal, { leadId: doc.leadId, field: "pan", reason });
    expect(shown.value).toMatch(/^[A-Z]{5}\d{4}[A-Z]$/);
    for (const field of ["pan", "account_number"] as const) {
      const refusal = await desk.reveal(manager.principal, { leadId: other.leadId, field, reason }).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(Error);
      expect((refusal as Error).message).toBe(CREDIT_MESSAGES.notYours);
      expect(JSON.stringify(refusal)).not.toMatch(/[A-Z]{5}\d{4}[A-Z]/);
    }
    // The credit head and the auditor read every application; each look is audited.
    for (const role of ["credit_head", "auditor"] as const) {
      const { principal } = await staffSession(role);
      expect((await desk.reveal(principal, { leadId: other.leadId, field: "pan", reason })).value).toMatch(/^[A-Z]{5}\d{4}[A-Z]$/);
      expect((await open(staffDocumentPath(other.leadId, other.documentId), await staffCookie(role), reason)).status).toBe(200);
    }
    const reveals = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "pii.reveal"), eq(auditLog.targetId, other.leadId)));
    expect(reveals.map((r) => r.actorRole).sort()).toEqual(["auditor", "credit_head"]);
    // Issue 29: accounts opens a loan's document from its loan account page, audited the same way.
    expect((await open(staffDocumentPath(other.leadId, other.documentId), await staffCookie("accounts"), reason)).status).toBe(200);
    const opens = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "document.open"), eq(auditLog.targetId, other.documentId)));
    expect(opens.map((r) => r.actorRole).sort()).toEqual(["accounts", "auditor", "credit_head"]);
    const mineOpened = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "document.open"), eq(auditLog.targetId, doc.documentId)));
    expect(mineOpened.map((r) => r.actorRole)).toEqual(["credit_manager"]);
  });
});
