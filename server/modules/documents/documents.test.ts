import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, fileTooLargeMessage } from "../../../core/validation/index.ts";
import { aaConsents, leadDocuments } from "../../db/schema/index.ts";
import { decrypt } from "../../security/crypto.ts";
import { createOnboardingApp, type TestApp } from "../../test-support/onboarding.ts";
import {
  JPEG_BYTES,
  PNG_BYTES,
  docPayload,
  nextStepOf,
  pdfBytes,
  protectedPdfBytes,
  reachEkyc,
  throughAccountAggregator,
  throughDigiLocker,
  uploadAllDocuments,
  type KycCustomer,
} from "../../test-support/kyc.ts";
import { transition } from "../loans/loan-account.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createOnboardingApp();
});
afterAll(() => t.close());

const C = "/Api/Website/RepeatInstantJourneyController";
const mandatory = (c: KycCustomer, profile_id: string = c.profileId) =>
  t.post({ profile_id }, { headers: c.headers, path: `${C}/check_customer_mandatory_documents` });
const legacy = (c: KycCustomer, body: Record<string, unknown>) => t.post(body, { headers: c.headers, path: `${C}/saveCustomerDocument` });
const docsOf = (leadId: string) => t.services.db.select().from(leadDocuments).where(eq(leadDocuments.leadId, leadId));

/** A customer through DigiLocker, at account_aggregator_verify. */
async function atAggregator(options: { repeat?: boolean } = {}) {
  const c = await reachEkyc(t, options);
  await throughDigiLocker(t, c);
  expect((await c.send({ event_name: "ekyc_verified" })).body.Status).toBe(1);
  return c;
}

/** A customer who skipped the aggregator, at the documents stage. */
async function atDocuments(options: { repeat?: boolean } = {}) {
  const c = await atAggregator(options);
  expect((await c.send({ event_name: "account_aggregator_verify", action: "skip" })).body.Data.next_step).toBe("aadhaar_upload");
  return c;
}

describe("account_aggregator_verify", () => {
  it("approve: fetches 6 months, stores a real PDF as the bank statement, and the list no longer asks for one", async () => {
    const c = await atAggregator();
    const { handle, redirect } = await throughAccountAggregator(t, c, "approve");
    expect(redirect.pathname).toBe("/my-dashboard/account-aggregator-verify");
    expect(Object.fromEntries(redirect.searchParams)).toEqual({ consent_handle: handle, status: "ACTIVE" });
    const reply = await c.send({ event_name: "account_aggregator_verify", action: "status", consent_handle: handle });
    expect(reply.body).toMatchObject({
      Status: 1,
      Message: "Your bank statements for the last six months were fetched successfully.",
      Data: { next_step: "aadhaar_upload" },
    });
    const [consent] = await t.services.db.select().from(aaConsents).where(eq(aaConsents.consentHandle, handle));
    expect(consent).toMatchObject({ consentStatus: "ACTIVE", sessionStatus: "COMPLETED", rangeTo: "2026-11-22", rangeFrom: "2026-05-24" });
    const [doc] = await docsOf(c.leadId);
    expect(doc).toMatchObject({ docType: "bank_statement", source: "ACCOUNT_AGGREGATOR" });
    const file = await t.services.documents.read(c.profileId, doc.id);
    expect(Buffer.from(file!.bytes).subarray(0, 5).toString()).toBe("%PDF-");
    const list = await mandatory(c);
    expect(list.body.Data.map((d: { doc_type: string }) => d.doc_type)).toEqual(["aadhaar_front", "aadhaar_back", "pan", "salary_slip", "utility_bill"]);
  });

  it("reject: a clear message, nothing stored, and the customer can still skip to upload", async () => {
    const c = await atAggregator();
    const { handle, redirect } = await throughAccountAggregator(t, c, "reject");
    expect(redirect.searchParams.get("status")).toBe("REJECTED");
    const reply = await c.send({ event_name: "account_aggregator_verify", action: "status", consent_handle: handle });
    expect(reply.body).toMatchObject({ Status: 2, Message: "You rejected the consent request. You can try again, or upload your bank statement instead." });
    expect(await nextStepOf(t, c.profileId)).toBe("account_aggregator_verify");
    expect(await docsOf(c.leadId)).toEqual([]);
    const skip = await c.send({ event_name: "account_aggregator_verify", action: "skip" });
    expect(skip.body).toMatchObject({
      Status: 1,
      Message: "You can upload your bank statement with your other documents.",
      Data: { next_step: "aadhaar_upload" },
    });
    expect((await mandatory(c)).body.Data.map((d: { doc_type: string }) => d.doc_type)).toContain("bank_statement");
  });

  it("pending consent says so; status without a consent asks to start; out of order is refused", async () => {
    const c = await atAggregator();
    expect((await c.send({ event_name: "account_aggregator_verify", action: "status" })).body).toMatchObject({
      Status: 2,
      Message: "Please start the account aggregator consent first.",
    });
    const start = await c.send({ event_name: "account_aggregator_verify", action: "consent" });
    expect(start.body).toMatchObject({ Status: 1, Message: "Redirecting you to the account aggregator to approve sharing your bank statements." });
    expect((await c.send({ event_name: "account_aggregator_verify", action: "status" })).body).toMatchObject({
      Status: 2,
      Message: "Your consent is still pending. Please approve it on the account aggregator page.",
    });
    const early = await reachEkyc(t);
    expect((await early.send({ event_name: "account_aggregator_verify", action: "consent" })).body).toMatchObject({
      Status: 2,
      Message: MESSAGES.stepNotAvailable,
    });
    expect((await early.send({ event_name: "account_aggregator_verify", action: "skip" })).body).toMatchObject({
      Status: 2,
      Message: MESSAGES.stepNotAvailable,
    });
    expect((await c.send({ event_name: "account_aggregator_verify", action: "fly" })).body.Status).toBe(2);
  });

  it("another customer's consent handle is not found for this customer", async () => {
    const a = await atAggregator();
    const b = await atAggregator();
    const { handle } = await throughAccountAggregator(t, a, "approve");
    expect((await b.send({ event_name: "account_aggregator_verify", action: "status", consent_handle: handle })).body).toMatchObject({
      Status: 2,
      Message: "Please start the account aggregator consent first.",
    });
    expect(await docsOf(b.leadId)).toEqual([]);
    expect(await docsOf(a.leadId)).toEqual([]);
  });
});

describe("documents: dynamic page", () => {
  it("lists every document, takes them (in parallel), and moves to banking_details", async () => {
    const c = await atDocuments();
    const list = await mandatory(c);
    expect(list.body.Status).toBe(1);
    expect(list.body.Data).toEqual([
      { name: "Aadhaar front", doc_type: "aadhaar_front", event_name: "aadhaar_upload", allowed_format: "image" },
      { name: "Aadhaar back", doc_type: "aadhaar_back", event_name: "aadhaar_upload", allowed_format: "image" },
      { name: "PAN card", doc_type: "pan", event_name: "pan_upload", allowed_format: "image" },
      { name: "Bank statement (last six months)", doc_type: "bank_statement", event_name: "bank_statement_upload", allowed_format: "pdf" },
      { name: "Salary slip", doc_type: "salary_slip", event_name: "pay_slip_upload", allowed_format: "pdf" },
      { name: "Utility bill", doc_type: "utility_bill", event_name: "residence_proof_upload", allowed_format: "image" },
    ]);
    const pdf = await pdfBytes();
    const replies = await Promise.all(
      list.body.Data.map((d: { doc_type: string; event_name: string; allowed_format: string }) =>
        c.send(
          docPayload(
            d.event_name,
            d.allowed_format === "pdf" ? pdf : d.doc_type === "pan" ? JPEG_BYTES : PNG_BYTES,
            d.allowed_format === "pdf" ? "pdf" : d.doc_type === "pan" ? "jpg" : "PNG",
            { doc_type: d.doc_type, profile_id: c.profileId },
          ),
        ),
      ),
    );
    expect(replies.map((r) => r.body.Status)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(replies.every((r) => r.body.Message === "Document uploaded successfully.")).toBe(true);
    expect(replies.map((r) => r.body.Data.next_step)).toContain("banking_details");
    expect(await nextStepOf(t, c.profileId)).toBe("banking_details");
    expect((await mandatory(c)).body.Data).toEqual([]);
    expect((await docsOf(c.leadId)).map((d) => d.docType).sort()).toEqual([
      "aadhaar_back",
      "aadhaar_front",
      "bank_statement",
      "pan",
      "salary_slip",
      "utility_bill",
    ]);
    // The stage is over: more uploads are out of order.
    expect((await c.send(docPayload("pan_upload", PNG_BYTES, "PNG"))).body).toMatchObject({ Status: 2, Message: MESSAGES.stepNotAvailable });
  });

  it("next_step is the first document still missing", async () => {
    const c = await atDocuments();
    expect((await c.send(docPayload("pan_upload", PNG_BYTES, "PNG"))).body.Data.next_step).toBe("aadhaar_upload");
    expect((await c.send(docPayload("aadhaar_upload", PNG_BYTES, "PNG", { doc_type: "aadhaar_front" }))).body.Data.next_step).toBe("aadhaar_upload");
    expect((await c.send(docPayload("aadhaar_upload", PNG_BYTES, "PNG", { doc_type: "aadhaar_back" }))).body.Data.next_step).toBe("bank_statement_upload");
  });

  it("checks type by content, extension against content, and size; nothing is stored on refusal", async () => {
    const c = await atDocuments();
    const pdf = await pdfBytes();
    const cases: [Record<string, unknown>, string, string][] = [
      [docPayload("pan_upload", pdf, "PNG"), "file", "PAN card must be a JPEG, PNG or WEBP file."],
      [docPayload("pan_upload", Buffer.from("<html><script>alert(1)</script></html>"), "PNG"), "file", "PAN card must be a JPEG, PNG or WEBP file."],
      [docPayload("pan_upload", JPEG_BYTES, "PNG"), "file", "PAN card must be a JPEG, PNG or WEBP file."],
      [docPayload("bank_statement_upload", PNG_BYTES, "PDF"), "file", "Bank statement must be a PDF file."],
      [docPayload("pay_slip_upload", pdf, "PNG"), "file_ext", "Salary slip must be a PDF file."],
      [docPayload("residence_proof_upload", Buffer.alloc(0), "PNG"), "file", MESSAGES.utilityImageRequired],
      [docPayload("pan_upload", Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]), "PNG"), "file", fileTooLargeMessage(5)],
      [docPayload("aadhaar_upload", PNG_BYTES, "PNG"), "doc_type", "Please choose which document this is."],
      [docPayload("aadhaar_upload", PNG_BYTES, "PNG", { doc_type: "pan" }), "doc_type", "Please choose which document this is."],
    ];
    for (const [body, field, message] of cases) {
      const reply = await c.send(body);
      expect(reply.status, message).toBeGreaterThanOrEqual(400);
      expect(reply.status, message).toBeLessThan(500);
      expect(reply.body.Status).toBe(2);
      expect(reply.body.errors?.[field], JSON.stringify(reply.body)).toBe(message);
    }
    expect(await docsOf(c.leadId)).toEqual([]);
    expect(await nextStepOf(t, c.profileId)).toBe("aadhaar_upload");
  });

  it("a PDF up to 10 MB is accepted, over it refused", async () => {
    const c = await atDocuments();
    const pdf = await pdfBytes();
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024 - pdf.length)]);
    expect((await c.send(docPayload("pay_slip_upload", big, "PDF"))).body.Status).toBe(1);
    const tooBig = Buffer.concat([big, Buffer.alloc(1)]);
    expect((await c.send(docPayload("pay_slip_upload", tooBig, "PDF"))).body).toMatchObject({ Status: 2, errors: { file: fileTooLargeMessage(10) } });
  });

  it("a password-protected PDF needs file_password, which is stored encrypted", async () => {
    const c = await atDocuments();
    const locked = await protectedPdfBytes();
    const without = await c.send(docPayload("bank_statement_upload", locked, "PDF"));
    expect(without.body).toMatchObject({ Status: 2, errors: { file_password: "This PDF is protected by a password. Please enter its password." } });
    const na = await c.send(docPayload("bank_statement_upload", locked, "PDF", { file_password: "N/A" }));
    expect(na.body.errors?.file_password).toBe("This PDF is protected by a password. Please enter its password.");
    const ok = await c.send(docPayload("bank_statement_upload", locked, "PDF", { file_password: "Sunrise#2024" }));
    expect(ok.body.Status).toBe(1);
    const [doc] = await docsOf(c.leadId);
    expect(doc.passwordEnc).not.toContain("Sunrise");
    expect(decrypt("11".repeat(32), doc.passwordEnc!)).toBe("Sunrise#2024");
    // A plain PDF keeps no password even when one is sent.
    await c.send(docPayload("pay_slip_upload", await pdfBytes(), "PDF", { file_password: "ignored" }));
    const slip = (await docsOf(c.leadId)).find((d) => d.docType === "salary_slip");
    expect(slip?.passwordEnc).toBeNull();
  });

  it("read-back is owner-only, as an attachment; another customer's ids are refused", async () => {
    const a = await atDocuments();
    const b = await atDocuments();
    const up = await a.send(docPayload("pan_upload", PNG_BYTES, "PNG"));
    const id = up.body.Data.document_id;
    const mine = await t.app.request(`${C}/getCustomerDocument?id=${id}`, { headers: a.headers });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-disposition")).toBe('attachment; filename="pan.png"');
    expect(mine.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await mine.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
    expect((await t.app.request(`${C}/getCustomerDocument?id=${id}`, { headers: b.headers })).status).toBe(404);
    expect((await t.app.request(`${C}/getCustomerDocument?id=${id}`)).status).toBe(401);
    expect((await mandatory(b, a.profileId)).body.Status).toBe(4);
    const foreign = await b.send({ ...docPayload("pan_upload", PNG_BYTES, "PNG"), profile_id: a.profileId });
    expect(foreign.body.Status).toBe(4);
    expect(await docsOf(b.leadId)).toEqual([]);
  });

  it("document events before the documents stage are refused", async () => {
    const c = await reachEkyc(t);
    expect((await c.send(docPayload("pan_upload", PNG_BYTES, "PNG"))).body).toMatchObject({ Status: 2, Message: MESSAGES.stepNotAvailable });
    expect(await docsOf(c.leadId)).toEqual([]);
  });
});

describe("documents: legacy chain (docs_id 4, 6, 16, 8)", () => {
  it("takes PAN, bank statement, salary slip and utility bill by docs_id for the customer's own lead", async () => {
    const c = await atDocuments({ repeat: true });
    await c.send(docPayload("aadhaar_upload", PNG_BYTES, "PNG", { doc_type: "aadhaar_front" }));
    await c.send(docPayload("aadhaar_upload", PNG_BYTES, "PNG", { doc_type: "aadhaar_back" }));
    const pdf = (await pdfBytes()).toString("base64");
    const png = PNG_BYTES.toString("base64");
    const steps: [number, string, string, string][] = [
      [4, png, "png", "bank_statement_upload"],
      [6, pdf, "pdf", "pay_slip_upload"],
      [16, pdf, "PDF", "residence_proof_upload"],
      [8, png, "PNG", "banking_details"],
    ];
    for (const [docs_id, file, ext, next] of steps) {
      const reply = await legacy(c, { lead_id: c.leadId, token: c.token, file, ext, password: "N/A", docs_id });
      expect(reply.body, String(docs_id)).toMatchObject({ Status: 1, Message: "Document uploaded successfully.", Data: { next_step: next } });
    }
    expect(await nextStepOf(t, c.profileId)).toBe("banking_details");
  });

  it("refuses a bad docs_id, a wrong type, and another customer's lead_id (Status 4, nothing stored)", async () => {
    const a = await atDocuments();
    const b = await atDocuments();
    const png = PNG_BYTES.toString("base64");
    expect((await legacy(a, { lead_id: a.leadId, file: png, ext: "png", password: "N/A", docs_id: 5 })).body).toMatchObject({
      Status: 2,
      errors: { docs_id: "This document type is not valid." },
    });
    expect((await legacy(a, { lead_id: a.leadId, file: png, ext: "png", password: "N/A", docs_id: 6 })).body).toMatchObject({
      Status: 2,
      errors: { ext: "Bank statement must be a PDF file." },
    });
    expect((await legacy(a, { lead_id: a.leadId, file: "", ext: "png", password: "N/A", docs_id: 4 })).body).toMatchObject({
      Status: 2,
      errors: { file: MESSAGES.panImageRequired },
    });
    expect((await legacy(a, { lead_id: b.leadId, file: png, ext: "png", password: "N/A", docs_id: 4 })).body.Status).toBe(4);
    expect(await docsOf(a.leadId)).toEqual([]);
    expect(await docsOf(b.leadId)).toEqual([]);
  });
});

describe("REPEAT customer", () => {
  it("goes through eKYC, the aggregator and documents to banking_details as a REPEAT lead", async () => {
    const c = await atAggregator({ repeat: true });
    const dashboard = await t.post({ profile_id: c.profileId }, { headers: c.headers, path: `${C}/getDashboardData` });
    expect(dashboard.body.Data.Steps.data.user_type).toBe("REPEAT");
    const { handle } = await throughAccountAggregator(t, c, "approve");
    expect((await c.send({ event_name: "account_aggregator_verify", action: "status", consent_handle: handle })).body.Status).toBe(1);
    const replies = await uploadAllDocuments(t, c);
    expect(replies).toHaveLength(5);
    expect(replies.at(-1)!.body.Data.next_step).toBe("banking_details");
  });
});

describe("provider failures and a lead no longer in progress", () => {
  it("DigiLocker down: a clear message, back to the Adhar step, nothing stored", async () => {
    const c = await reachEkyc(t);
    await throughDigiLocker(t, c);
    const port = t.services.sandboxPages!.digilocker.port;
    const original = port.fetchKyc;
    port.fetchKyc = async () => {
      throw new Error("connect ECONNREFUSED");
    };
    try {
      const reply = await c.send({ event_name: "ekyc_verified" });
      expect(reply.status).toBe(422);
      expect(reply.body).toMatchObject({ Status: 2, Message: "DigiLocker is not responding right now. Please try again in a few minutes." });
    } finally {
      port.fetchKyc = original;
    }
    expect(await nextStepOf(t, c.profileId)).toBe("ekyc_initiated");
  });

  it("aggregator down or a failed fetch: clear messages, and skip still works", async () => {
    const c = await atAggregator();
    const port = t.services.sandboxPages!.accountAggregator.port;
    const { createConsent, fetchData } = port;
    port.createConsent = async () => {
      throw new Error("timeout");
    };
    try {
      expect((await c.send({ event_name: "account_aggregator_verify", action: "consent" })).body).toMatchObject({
        Status: 2,
        Message: "The account aggregator is not responding right now. Please try again, or upload your bank statement instead.",
      });
    } finally {
      port.createConsent = createConsent;
    }
    const { handle } = await throughAccountAggregator(t, c, "approve");
    port.fetchData = async () => ({ status: "FAILED", statements: [] });
    try {
      expect((await c.send({ event_name: "account_aggregator_verify", action: "status", consent_handle: handle })).body).toMatchObject({
        Status: 2,
        Message: "We could not fetch your bank statements. Please try again, or upload your bank statement instead.",
      });
    } finally {
      port.fetchData = fetchData;
    }
    expect(await docsOf(c.leadId)).toEqual([]);
    expect((await c.send({ event_name: "account_aggregator_verify", action: "skip" })).body.Status).toBe(1);
  });

  const rejectLead = (leadId: string) => t.services.db.transaction((tx) => transition(tx, leadId, "reject", { at: t.services.now(), rejectionReason: "test" }));

  it("a rejected lead: eKYC and uploads say there is no application in progress", async () => {
    const c = await reachEkyc(t);
    await rejectLead(c.leadId);
    expect((await c.send({ event_name: "ekyc_initiated", aadhaar_no: "1234", run_ekyc_flag: 1 })).body).toMatchObject({
      Status: 2,
      Message: "There is no loan application in progress.",
    });
    const d = await atDocuments();
    await rejectLead(d.leadId);
    expect((await d.send(docPayload("pan_upload", PNG_BYTES, "PNG"))).body).toMatchObject({ Status: 2, Message: "There is no loan application in progress." });
    expect((await mandatory(d)).body).toMatchObject({ Status: 1, Message: "Required documents fetched successfully.", Data: [] });
  });
});
