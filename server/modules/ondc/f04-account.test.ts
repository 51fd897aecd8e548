// Issue 32: form F04 "Account Information" on our page: closed while the bank statement (the documents stage) is
// not done, with F03's page linked; at banking_details the spec's four fields run our banking step (penny drop,
// name match) and the F04 submission is recorded; a refusal is shown beside its field and changes nothing.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bankAccounts, customerProfiles } from "../../db/schema/index.ts";
import { SANDBOX_BANK_ACCOUNTS } from "../../providers/bank-verification/sandbox.ts";
import { KNOWN_IFSC, UNKNOWN_IFSC } from "../../test-support/banking.ts";
import { ondcFormsHarness } from "../../test-support/ondc-forms.ts";
import { moveToBankingForDev } from "../dev/dev-journey.ts";

const h = ondcFormsHarness();
const { submissionsOf, throughF03 } = h;

const f04Path = (transactionId: string, f03Id: string) => `/ondc/forms/F04?transaction_id=${transactionId}&ref=${f03Id}`;

const post = (path: string, fields: Record<string, string>, accept = "text/html") =>
  h.t.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept },
    body: new URLSearchParams(fields).toString(),
  });

const good = { formId: "F04", accHolderName: "Asha Verma", acctype: "saving", accNo: "123456789012", ifscCode: KNOWN_IFSC };

async function nextStepOf(profileId: string) {
  const [row] = await h.t.services.db.select({ nextStep: customerProfiles.nextStep }).from(customerProfiles).where(eq(customerProfiles.id, profileId));
  return row?.nextStep;
}
const accountsOf = (profileId: string) => h.t.services.db.select().from(bankAccounts).where(eq(bankAccounts.profileId, profileId));
const f04sOf = async (transactionId: string) => (await submissionsOf(transactionId)).filter((s) => s.formId === "F04");

describe("F04, the bank account on our page", () => {
  it("before the bank statement is done: says so, links F03's page, and refuses a post with nothing changed", async () => {
    const { transactionId, f02Id, f03Id, profileId } = await throughF03();
    expect(await nextStepOf(profileId)).toBe("account_aggregator_verify");
    const path = f04Path(transactionId, f03Id);

    const page = await h.t.app.request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Your bank statement comes first");
    expect(html).toContain(`href="/ondc/forms/F03?transaction_id=${transactionId}&#38;ref=${f02Id}"`);
    expect(html).not.toContain('name="accNo"');
    // In Hindi, the link keeps the language.
    const hindi = await (await h.t.app.request(`${path}&lang=hi`)).text();
    expect(hindi).toContain("पहले आपका बैंक स्टेटमेंट चाहिए");
    expect(hindi).toContain(`ref=${f02Id}&#38;lang=hi"`);

    const refused = await post(path, good);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Your bank statement comes first");
    const nack = await post(path, good, "application/json");
    expect(nack.status).toBe(409);
    expect(await nack.json()).toMatchObject({ message: { ack: { status: "NACK" } }, error: { code: "80215" } });

    expect(await accountsOf(profileId)).toEqual([]);
    expect(await f04sOf(transactionId)).toEqual([]);
    expect(await nextStepOf(profileId)).toBe("account_aggregator_verify");
  });

  it("at banking_details: a bad IFSC or another holder is refused beside its field; a good account is verified and recorded", async () => {
    const { transactionId, f03Id, profileId } = await throughF03();
    // The documents stage is another engineer's step on F03's page: the dev shortcut stands in for it here.
    await moveToBankingForDev(h.t.services, profileId);
    expect(await nextStepOf(profileId)).toBe("banking_details");
    const path = f04Path(transactionId, f03Id);

    const page = await h.t.app.request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<label for="f-accHolderName">Account holder name<\/label><p class="hint" id="f-accHolderName-hint">/);
    expect(html).toMatch(
      /<input type="text" id="f-accHolderName" name="accHolderName" value="" autocomplete="name" aria-describedby="f-accHolderName-hint" required>/,
    );
    expect(html).toMatch(
      /<select id="f-acctype" name="acctype" required><option value="">Choose…<\/option><option value="saving">Savings<\/option><option value="current">Current<\/option><\/select>/,
    );
    expect(html).toMatch(/<label for="f-accNo">Bank account number<\/label><input type="text" id="f-accNo" name="accNo"/);
    expect(html).toMatch(/<label for="f-ifscCode">IFSC code<\/label>/);
    expect(html).toContain(`action="${path.replace(/&/g, "&#38;")}"`);

    // Nothing filled: each field's message, and for a program 80217 with the paths.
    const empty = await post(path, { formId: "F04" }, "application/json");
    expect(empty.status).toBe(400);
    const emptyBody = (await empty.json()) as { error: { code: string; paths: string } };
    expect(emptyBody.error.code).toBe("80217");
    expect(emptyBody.error.paths.split(", ").sort()).toEqual(["accHolderName", "accNo", "acctype", "ifscCode"]);

    // An IFSC in the right shape that the directory does not have: beside the field, nothing changed.
    const badIfsc = await post(path, { ...good, ifscCode: UNKNOWN_IFSC });
    expect(badIfsc.status).toBe(400);
    const badHtml = await badIfsc.text();
    expect(badHtml).toContain(
      `<p class="error" id="f-ifscCode-error">We could not find this IFSC code. Please check it on your cheque book or bank passbook.</p>`,
    );
    expect(badHtml).toContain(`aria-describedby="f-ifscCode-hint f-ifscCode-error" aria-invalid="true"`);
    expect(badHtml).toContain(`value="123456789012"`);
    // An IFSC in the wrong shape, and an account type the spec does not list, for a program: 80216.
    const shape = await post(path, { ...good, ifscCode: "HDFC1234567", acctype: "joint" }, "application/json");
    expect(shape.status).toBe(400);
    expect(((await shape.json()) as { error: { code: string; paths: string } }).error).toMatchObject({ code: "80216", paths: "acctype, ifscCode" });
    // The penny drop finds another holder: the name match refuses it, beside the holder's name.
    const other = await post(path, { ...good, accNo: SANDBOX_BANK_ACCOUNTS.otherHolder });
    expect(other.status).toBe(400);
    expect(await other.text()).toContain(
      `id="f-accHolderName-error">The name on this bank account does not match the name on your PAN. Please give an account in your own name.<`,
    );
    expect(await accountsOf(profileId)).toEqual([]);
    expect(await f04sOf(transactionId)).toEqual([]);
    expect(await nextStepOf(profileId)).toBe("banking_details");

    // The page may post multipart as well (readForm takes both).
    const form = new FormData();
    for (const [k, v] of Object.entries(good)) form.set(k, v);
    const done = await h.t.app.request(path, { method: "POST", body: form });
    expect(done.status).toBe(200);
    const doneHtml = await done.text();
    const [f04] = await f04sOf(transactionId);
    expect(f04).toMatchObject({ parentSubmissionId: f03Id, profileId, outcome: "eligible" });
    expect(f04.leadId).toBeTruthy();
    expect(doneHtml).toContain(`<meta name="ondc-submission-id" content="${f04.submissionId}">`);
    expect(doneHtml).toContain(`<output id="submission_id" name="submission_id">${f04.submissionId}</output>`);
    const [account] = await accountsOf(profileId);
    expect(account).toMatchObject({
      leadId: f04.leadId,
      ifsc: KNOWN_IFSC,
      bankName: "HDFC Bank",
      accountLast4: "9012",
      accountName: "Asha Verma",
      verificationStatus: "VERIFIED",
    });
    expect(await nextStepOf(profileId)).toBe("autopay_setup");

    // Opened or posted again: the same submission, nothing run twice.
    expect(await (await h.t.app.request(path)).text()).toContain(`content="${f04.submissionId}"`);
    const again = await post(path, good, "application/json");
    expect(await again.json()).toEqual({ submission_id: f04.submissionId });
    expect(await f04sOf(transactionId)).toHaveLength(1);
    expect(await accountsOf(profileId)).toHaveLength(1);
  });

  it("another transaction's ref, or a ref that is not F03's, is not found", async () => {
    const { transactionId, f02Id, f03Id } = await throughF03();
    expect((await h.t.app.request(f04Path(randomUUID(), f03Id))).status).toBe(404);
    expect((await h.t.app.request(f04Path(transactionId, f02Id))).status).toBe(404);
    expect((await h.t.app.request(f04Path(transactionId, "not-an-id"))).status).toBe(404);
    const nack = await post(f04Path(randomUUID(), f03Id), good, "application/json");
    expect(nack.status).toBe(404);
    expect(await nack.json()).toMatchObject({ error: { code: "80216", paths: "ref" } });
  });
});
