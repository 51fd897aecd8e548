// Issue 32: form F03 "Know your Customer" on our page: the quote accepted with the KFS acknowledged, employment,
// then our own DigiLocker eKYC (the KYC service, its sandbox), and the unsolicited signed on_status with F03's
// submission_id and status, valid against the spec's on_status schema.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { aadhaarKyc, customerProfiles, leadDocuments } from "../../db/schema/index.ts";
import { ondcSchemaErrors } from "../../test-support/ondc-spec.ts";
import { browse, JPEG_BYTES, PNG_BYTES, pdfBytes } from "../../test-support/kyc.ts";
import { F03_EMPLOYMENT, ondcFormsHarness } from "../../test-support/ondc-forms.ts";

const h = ondcFormsHarness();
const { submissionsOf, toF03 } = h;

const post = (path: string, fields: Record<string, string>) => browse(h.t, path, { form: fields });

/** Through the accept and employment screens to the Aadhaar screen. */
async function toAadhaar(path: string) {
  const refused = await post(path, { screen: "accept" });
  expect(refused.status).toBe(400);
  expect(refused.text).toMatch(/id="f-kfs_acknowledged-error">[^<]+</);
  expect((await post(path, { screen: "accept", kfs_acknowledged: "on" })).status).toBe(303);
  const work = await browse(h.t, path);
  expect(work.text).toMatch(/<label for="f-designation">Designation<\/label>/);
  expect((await post(path, F03_EMPLOYMENT)).status).toBe(303);
  const aadhaar = await browse(h.t, path);
  expect(aadhaar.text).toMatch(/<label for="f-aadhaar_no">Last 4 digits of your Aadhaar<\/label>/);
}

/** The on_status callbacks the buyer app received for the transaction. */
const onStatuses = (transactionId: string) =>
  h.received
    .map((r) => ({ url: r.url, body: JSON.parse(r.text) }))
    .filter((r) => r.body.context.action === "on_status" && r.body.context.transaction_id === transactionId);

describe("F03, our KYC page, and the unsolicited on_status", () => {
  it("accepts the offer with the KFS acknowledged, takes employment, runs our DigiLocker eKYC and reports SUCCESS with F03's submission_id", async () => {
    const { transactionId, f02Id, profileId, path } = await toF03();
    const first = await browse(h.t, path);
    expect(first.status).toBe(200);
    expect(first.text).toContain(`href="/ondc/kfs/${f02Id}"`);
    expect(first.text).toContain("₹15,000");
    expect((await browse(h.t, `/ondc/forms/F03?transaction_id=${transactionId}&ref=${randomUUID()}`)).status).toBe(404);
    await toAadhaar(path);
    expect((await post(path, { screen: "aadhaar", aadhaar_no: "12" })).status).toBe(400);

    const start = await post(path, { screen: "aadhaar", aadhaar_no: "4321" });
    expect(start.status).toBe(303);
    const digilocker = new URL(start.location!);
    expect(digilocker.searchParams.get("redirect_uri")).toBe(`${h.t.services.env.PUBLIC_ORIGIN}/ondc/forms/F03/return`);
    expect(onStatuses(transactionId)).toEqual([]);
    const state = digilocker.searchParams.get("state")!;
    const consent = await browse(h.t, "/sandbox/digilocker/consent", { form: { state, last4: "4321", decision: "allow" } });
    // Verified: on to the documents stage on F03's own page.
    const back = await browse(h.t, consent.location!);
    expect(back.status).toBe(303);
    expect(back.location).toBe(path);
    const statement = await browse(h.t, path);
    expect(statement.text).toContain(`<p role="status">Your KYC is complete.</p>`);
    expect(statement.text).toContain(`<button type="submit" name="choice" value="consent">Share through an account aggregator</button>`);

    const [kyc] = await h.t.services.db.select().from(aadhaarKyc).where(eq(aadhaarKyc.profileId, profileId));
    expect(kyc).toMatchObject({ aadhaarLast4: "4321" });
    const [profile] = await h.t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, profileId));
    expect(profile.nextStep).toBe("account_aggregator_verify");
    await h.t.services.ondcOutbox!.idle();
    const f03 = (await submissionsOf(transactionId)).find((s) => s.formId === "F03")!;
    expect(f03).toMatchObject({ parentSubmissionId: f02Id, outcome: "eligible" });

    const [status] = onStatuses(transactionId);
    expect(status.url).toBe("https://buyer.example.test/ondc/on_status");
    const { context, message } = status.body;
    expect(context).toMatchObject({ action: "on_status", transaction_id: transactionId, version: "2.0.1" });
    // Unsolicited: a message id of its own.
    expect(h.received.filter((r) => JSON.parse(r.text).context.message_id === context.message_id)).toHaveLength(1);
    expect(message.order.items[0].xinput).toEqual({ form: { id: "F03" }, form_response: { status: "SUCCESS", submission_id: f03.submissionId } });
    expect(message.order.quote.price.value).toBe("18120.00");
    const errors = ondcSchemaErrors("on_status", status.body);
    if (errors !== null) expect(errors).toBe("");

    // The page opened again says it is done.
    expect((await browse(h.t, path)).text).toContain("Your KYC is complete.");
    expect((await browse(h.t, back.location!)).text).toContain("Your bank statement");
    // DigiLocker's return replayed: nothing more is sent.
    await browse(h.t, consent.location!);
    await h.t.services.ondcOutbox!.idle();
    expect(onStatuses(transactionId)).toHaveLength(1);
  });

  it("a mismatched Aadhaar is reported REJECTED, and the page says so in Hindi when asked", async () => {
    const { transactionId, path } = await toF03();
    await toAadhaar(path);
    const start = await post(path, { screen: "aadhaar", aadhaar_no: "4321" });
    const state = new URL(start.location!).searchParams.get("state")!;
    const consent = await browse(h.t, "/sandbox/digilocker/consent", { form: { state, last4: "9999", decision: "allow" } });
    const back = await h.t.app.request(new URL(consent.location!).pathname + new URL(consent.location!).search, { headers: { "accept-language": "hi" } });
    const text = await back.text();
    expect(text).toContain("आपकी KYC पूरी नहीं हो सकी।");
    await h.t.services.ondcOutbox!.idle();
    const f03 = (await submissionsOf(transactionId)).find((s) => s.formId === "F03")!;
    expect(f03.outcome).toBe("not_eligible");
    const [status] = onStatuses(transactionId);
    expect(status.body.message.order.items[0].xinput.form_response).toEqual({ status: "REJECTED", submission_id: f03.submissionId });
  });

  it("after eKYC, the documents stage runs on F03's page: the aggregator's statement, then each document uploaded, then F04's turn", async () => {
    const { profileId, path } = await h.throughF03();
    const nextStep = async () =>
      (await h.t.services.db.select({ s: customerProfiles.nextStep }).from(customerProfiles).where(eq(customerProfiles.id, profileId)))[0].s;

    // The aggregator's consent returns to F03's own address, which fetches the statement and goes on.
    const aa = await post(path, { screen: "statement", choice: "consent" });
    expect(aa.status).toBe(303);
    const aaPage = new URL(aa.location!);
    expect((await browse(h.t, aa.location!)).status).toBe(200);
    const approved = await browse(h.t, aaPage.pathname, { form: { decision: "approve" } });
    const back = new URL(approved.location!);
    expect(`${back.origin}${back.pathname}`).toBe(`${h.t.services.env.PUBLIC_ORIGIN}/ondc/forms/F03/statement`);
    expect((await browse(h.t, approved.location!)).location).toBe(path);
    expect(await nextStep()).toBe("aadhaar_upload");

    // The rest of the documents, one upload each, by the documents service's rules.
    const upload = async (docType: string, file: Buffer | null, name: string, type: string) => {
      const form = new FormData();
      form.set("screen", "document");
      form.set("doc_type", docType);
      form.set("file", new File(file ? [new Uint8Array(file)] : [], name, { type }));
      const response = await h.t.app.request(path, { method: "POST", body: form, redirect: "manual" });
      return { status: response.status, text: await response.text() };
    };
    const asked = await browse(h.t, path);
    expect(asked.text).toMatch(/<label for="f-file">Aadhaar front<\/label>/);
    expect(asked.text).toContain(`enctype="multipart/form-data"`);
    const none = await upload("aadhaar_front", null, "", "application/octet-stream");
    expect(none.status).toBe(400);
    expect(none.text).toContain("Please choose a file for Aadhaar front.");
    const pdf = await pdfBytes();
    const wrong = await upload("aadhaar_front", pdf, "front.pdf", "application/pdf");
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain(`aria-invalid="true"`);
    expect(await nextStep()).toBe("aadhaar_upload");

    expect((await upload("aadhaar_front", PNG_BYTES, "front.png", "image/png")).status).toBe(303);
    expect((await upload("aadhaar_back", PNG_BYTES, "back.png", "image/png")).status).toBe(303);
    expect((await upload("pan", JPEG_BYTES, "pan.jpg", "image/jpeg")).status).toBe(303);
    const slip = await browse(h.t, path);
    expect(slip.text).toMatch(/<label for="f-file">Salary slip<\/label>/);
    expect(slip.text).toContain(`accept="application/pdf"`);
    expect((await upload("salary_slip", pdf, "slip.pdf", "application/pdf")).status).toBe(303);
    expect((await upload("utility_bill", PNG_BYTES, "bill.png", "image/png")).status).toBe(303);
    expect(await nextStep()).toBe("banking_details");

    const documents = await h.t.services.db.select().from(leadDocuments).where(eq(leadDocuments.profileId, profileId));
    expect(documents.map((d) => d.docType).sort()).toEqual(["aadhaar_back", "aadhaar_front", "bank_statement", "pan", "salary_slip", "utility_bill"]);
    expect((await browse(h.t, path)).text).toContain("Return to the app to give the bank account your loan is paid into.");
  });

  it("uploads instead of the aggregator: the bank statement is then asked for among the documents", async () => {
    const { profileId, path } = await h.throughF03();
    // A post for another screen (a stale tab) changes nothing.
    expect((await post(path, { screen: "aadhaar", aadhaar_no: "4321" })).status).toBe(303);
    expect((await post(path, { screen: "statement", choice: "upload" })).status).toBe(303);
    const documents = await h.t.services.documents.mandatory(profileId);
    expect(documents.map((d) => d.doc_type)).toEqual(["aadhaar_front", "aadhaar_back", "pan", "bank_statement", "salary_slip", "utility_bill"]);
  });
});
