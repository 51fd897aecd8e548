// The eSign step after the bank account (split from banking.test.ts by size, issue 31): the signing codes,
// the signed agreement and who may read it, and the provider's webhook.
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerProfiles, esignRequests, leads } from "../../db/schema/index.ts";
import { esignWebhookSignature } from "../../providers/esign/port.ts";
import { SANDBOX_ESIGN_SECRET } from "../../providers/esign/sandbox.ts";
import { apiReply } from "../../test-support/contract.ts";
import { pdfText } from "../../test-support/pdf-text.ts";
import { createOnboardingApp, type TestApp } from "../../test-support/onboarding.ts";
import { bankPayload, completeBankingAndEsign, customerAtBanking, latestEsignCode, signOnSandbox, skipAutopay } from "../../test-support/banking.ts";
import { selectLeads } from "../loans/loan-account.service.ts";

const CONTROLLER = "/Api/Website/RepeatInstantJourneyController";
let t: TestApp;
beforeAll(async () => {
  t = await createOnboardingApp();
});
afterAll(() => t.close());

async function profileRow(profileId: string) {
  const [row] = await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, profileId));
  return row;
}
async function leadRow(leadId: string) {
  const [row] = await selectLeads(t.services.db).where(eq(leads.id, leadId));
  return row;
}

describe("eSign: codes and the provider's webhook", () => {
  it("counts wrong codes and sends in the database: five wrong codes at once burn the code, ten sends at once send five", async () => {
    const user = await customerAtBanking(t);
    await user.send(bankPayload());
    const path = new URL(await skipAutopay(user), "http://localhost").pathname;
    const post = (to: string, fields: Record<string, string>) =>
      t.app.request(`${path}/${to}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });
    expect((await post("send-code", { consent: "1" })).status).toBe(200);
    const real = (await latestEsignCode(t, user.mobile))!;
    const wrong = String((Number(real) + 1) % 1_000_000).padStart(6, "0");
    await Promise.all(Array.from({ length: 5 }, () => post("sign", { code: wrong, consent: "1" })));
    const late = await post("sign", { code: real, consent: "1" });
    expect(late.status).not.toBe(303);
    expect(await late.text()).toContain("Please ask for a code first.");

    const before = (await t.services.outbox!.outbox(500)).filter((m) => m.to === user.mobile && /signing/.test(m.text)).length;
    await Promise.all(Array.from({ length: 10 }, () => post("send-code", { consent: "1" })));
    const after = (await t.services.outbox!.outbox(500)).filter((m) => m.to === user.mobile && /signing/.test(m.text)).length;
    // Five sends per document in all; one was used above.
    expect(after - before).toBe(4);
  });

  it("accepts a webhook only with the provider's signature, fresh, for a known request", async () => {
    const user = await customerAtBanking(t);
    await user.send(bankPayload());
    await skipAutopay(user);
    const [request] = await t.services.db.select().from(esignRequests).where(eq(esignRequests.leadId, user.leadId));
    const body = JSON.stringify({
      event_type: "ESIGN_SIGNED",
      event_time: t.clock.now().toISOString(),
      data: { verification_id: request.id, reference_id: request.providerReference, status: "SIGNED" },
    });
    const send = (headers: Record<string, string>, raw = body) =>
      t.app.request("/Api/esign/webhook", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: raw });
    const now = String(t.clock.now().getTime());

    const forged = await send({ "x-webhook-timestamp": now, "x-webhook-signature": esignWebhookSignature("not-the-secret", now, body) });
    expect(forged.status).toBe(401);
    const unsigned = await send({});
    expect(unsigned.status).toBe(401);
    const tampered = await send(
      { "x-webhook-timestamp": now, "x-webhook-signature": esignWebhookSignature(SANDBOX_ESIGN_SECRET, now, body) },
      body.replace('SIGNED"}', 'SIGNED" }'),
    );
    expect(tampered.status).toBe(401);
    const old = String(t.clock.now().getTime() - 11 * 60 * 1000);
    const replayed = await send({ "x-webhook-timestamp": old, "x-webhook-signature": esignWebhookSignature(SANDBOX_ESIGN_SECRET, old, body) });
    expect(replayed.status).toBe(401);
    expect((await profileRow(user.profileId)).nextStep).toBe("esign");
    expect((await leadRow(user.leadId)).status).toBe("IN_PROCESS");

    // Correctly signed, but the provider has not signed the document: nothing to download, nothing changes.
    const early = await send({ "x-webhook-timestamp": now, "x-webhook-signature": esignWebhookSignature(SANDBOX_ESIGN_SECRET, now, body) });
    expect(early.status).toBe(502);
    expect((await early.json()).Status).toBe(2);
    expect((await profileRow(user.profileId)).nextStep).toBe("esign");
    expect((await leadRow(user.leadId)).status).toBe("IN_PROCESS");
  });

  it("sends the browser back to the banking screen while the signature is pending", async () => {
    const user = await customerAtBanking(t);
    await user.send(bankPayload());
    await skipAutopay(user);
    const [request] = await t.services.db.select().from(esignRequests).where(eq(esignRequests.leadId, user.leadId));
    const pending = await t.app.request(`/esign/return?verification_id=${request.id}`);
    expect(pending.headers.get("location")).toBe("/my-dashboard/bank-detail?esign=pending");
    const unknown = await t.app.request(`/esign/return?verification_id=nonsense`);
    expect(unknown.headers.get("location")).toBe("/my-dashboard/bank-detail?esign=failed");
    expect(await latestEsignCode(t, user.mobile)).toBeUndefined();
  });
});

describe("eSign: signing and the signed agreement", () => {
  it("signs with the SMS code, completes the journey, submits the lead and offers the signed agreement", async () => {
    const user = await customerAtBanking(t);
    await user.send(bankPayload());
    const url = await skipAutopay(user);

    const page = await t.app.request(url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Loan Agreement (PDF)");
    expect(html).toContain("Key Fact Statement (PDF)");
    const doc = await t.app.request(`${url}/documents/0`);
    expect(doc.headers.get("content-type")).toBe("application/pdf");
    let shownPages = 0;
    for (const i of [0, 1])
      shownPages += (await PDFDocument.load(new Uint8Array(await (await t.app.request(`${url}/documents/${i}`)).arrayBuffer()))).getPageCount();

    // A wrong code is refused and counted.
    const wrong = await signOnSandbox(t, url, user.mobile, "000000");
    expect(wrong.status).toBe(422);
    expect(wrong.html).toContain("Incorrect code. 4 attempts left.");
    expect((await profileRow(user.profileId)).nextStep).toBe("esign");
    expect(wrong.code).toMatch(/^\d{6}$/);

    // Without the consent ticked at the moment of signing, the right code signs nothing (issue 21).
    const unticked = await t.app.request(`${new URL(url, "http://localhost").pathname}/sign`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ code: wrong.code! }).toString(),
    });
    expect(unticked.status).toBe(422);
    expect(await unticked.text()).toContain("Please confirm that you have read the documents.");
    expect((await profileRow(user.profileId)).nextStep).toBe("esign");

    const signed = await signOnSandbox(t, url, user.mobile);
    expect(signed.status).toBe(303);
    const back = new URL(signed.location!);
    expect(back.pathname).toBe("/esign/return");
    // The sandbox delivered the signed webhook: the journey is complete before the browser returns.
    expect((await profileRow(user.profileId)).nextStep).toBe("completed");
    const submitted = await leadRow(user.leadId);
    expect(submitted.status).toBe("SUBMITTED");
    expect(submitted.creditManagerId).toBeTruthy();

    // A webhook delivered twice (providers retry) changes nothing more.
    const [request] = await t.services.db.select().from(esignRequests).where(eq(esignRequests.leadId, user.leadId));
    const raw = JSON.stringify({
      event_type: "ESIGN_SIGNED",
      event_time: t.clock.now().toISOString(),
      data: { verification_id: request.id, reference_id: request.providerReference, status: "SIGNED" },
    });
    const ts = String(t.clock.now().getTime());
    const duplicate = await t.app.request("/Api/esign/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "x-webhook-timestamp": ts, "x-webhook-signature": esignWebhookSignature(SANDBOX_ESIGN_SECRET, ts, raw) },
      body: raw,
    });
    expect(duplicate.status).toBe(200);
    expect(apiReply("esignWebhook", await duplicate.json())).toEqual({ status: "SIGNED" });
    const after = await leadRow(user.leadId);
    expect(after.status).toBe("SUBMITTED");
    expect(after.creditManagerId).toBe(submitted.creditManagerId);
    // The copies of the KFS and the signed agreement went to the customer once (regulatory.md), as a link to their dashboard.
    const copies = (await t.services.outbox!.outbox(500)).filter((m) => m.to === user.mobile && m.text.includes("signed loan agreement are ready"));
    expect(copies).toHaveLength(1);
    expect(copies[0].text).toContain(`/my-dashboard/loan-documents/${user.leadId}`);

    const returned = await t.app.request(`${back.pathname}${back.search}`);
    expect(returned.status).toBe(303);
    expect(returned.headers.get("location")).toBe("/my-dashboard/congratulations");

    const dashboard = await t.post({}, { headers: user.headers, path: `${CONTROLLER}/getDashboardData` });
    expect(dashboard.body.Data.next_event_name).toBe("completed");

    const download = await t.app.request(`${CONTROLLER}/getSignedAgreement?lead_id=${user.leadId}`, { headers: user.headers });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment;/);
    const pdf = await PDFDocument.load(new Uint8Array(await download.arrayBuffer()));
    // The agreement and the KFS as shown, plus the signature certificate page.
    expect(pdf.getPageCount()).toBe(shownPages + 1);

    // The signing page is closed now, and the code cannot be used again.
    expect(await (await t.app.request(url)).text()).toContain("already signed");
  });

  it("gives a Hindi borrower a signed copy that says on page 1, in Hindi and English, that it is signed (issue 30)", async () => {
    const user = await customerAtBanking(t);
    await t.services.db.update(customerProfiles).set({ preferredLanguage: "hi" }).where(eq(customerProfiles.id, user.profileId));
    await completeBankingAndEsign(t, user);
    const download = await t.app.request(`${CONTROLLER}/getSignedAgreement?lead_id=${user.leadId}`, { headers: user.headers });
    const { pages } = await pdfText(new Uint8Array(await download.arrayBuffer()));
    const first = pages[0].join(" ");
    expect(first).toMatch(/ने \d+ [\u0900-\u097F]+ 2026, [\u0900-\u097F]+ \d+:\d\d बजे \(भारतीय समय\) को इलेक्ट्रॉनिक रूप से हस्ताक्षर किए। eSign संदर्भ \S+।/);
    expect(first).toMatch(/Signed electronically by .+ on \d+ \w{3} 2026, \d+:\d\d [ap]m IST\. eSign reference \S+\./);
    expect(first).toContain("लोन एग्रीमेंट (लोन समझौता)");
    expect(pages.flat().join(" ")).not.toContain("अभी हस्ताक्षर नहीं");
    const certificate = pages.at(-1)!.join(" ");
    expect(certificate).toContain("इलेक्ट्रॉनिक हस्ताक्षर प्रमाणपत्र");
    expect(certificate).toContain("Electronic signature certificate");
    expect(certificate).toContain("तरीका: रजिस्टर्ड मोबाइल पर SMS से भेजा गया एक-बार का कोड");
    expect(certificate).toContain("Method: one-time code sent by SMS to the registered mobile");
  });

  it("keeps the signed agreement from other customers", async () => {
    const owner = await customerAtBanking(t);
    await completeBankingAndEsign(t, owner);
    const stranger = await customerAtBanking(t);
    const response = await t.app.request(`${CONTROLLER}/getSignedAgreement?lead_id=${owner.leadId}`, { headers: stranger.headers });
    expect(response.status).toBe(401);
    expect((await response.json()).Status).toBe(4);
    expect((await t.app.request(`${CONTROLLER}/getSignedAgreement?lead_id=${owner.leadId}`)).status).toBe(401);
    const notYet = await t.app.request(`${CONTROLLER}/getSignedAgreement?lead_id=${stranger.leadId}`, { headers: stranger.headers });
    expect(notYet.status).toBe(404);
  });
});
