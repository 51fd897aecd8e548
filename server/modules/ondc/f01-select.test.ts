// Issue 32: form F01 on our page (our OTP first, then the spec's fields and ours, checked with the website's
// rules) and the first select → on_select with the firm offer from our quote and KFS.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildKfs } from "../../../core/kfs.ts";
import { kfsLender } from "../../../core/lender.ts";
import { PRODUCT } from "../../../core/product.ts";
import { customerProfiles, leads } from "../../db/schema/index.ts";
import { PNG_BYTES } from "../../test-support/onboarding.ts";
import { ondcFormsHarness } from "../../test-support/ondc-forms.ts";

const h = ondcFormsHarness();
const { formPath, randomMobile, goodFields, sendCode, submit, submissionsOf, select, selectForm, expectValidOnSelect, tagList } = h;

describe("form F01, our page", () => {
  it("GET renders the first step: the mobile, labelled, for a phone's width", async () => {
    const response = await h.t.app.request(formPath(randomUUID()));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<meta name="viewport" content="width=device-width, initial-scale=1">`);
    expect(html).toContain(`<h1>Personal Information</h1>`);
    expect(html).toMatch(/<label for="f-contactNumber">Mobile number<\/label>/);
    expect(html).toContain(`name="step" value="send"`);
  });

  it("speaks Hindi when the address asks (lang=hi) or the buyer app passes a Hindi Accept-Language, and keeps it in its post", async () => {
    const transactionId = randomUUID();
    const byParam = await (await h.t.app.request(`${formPath(transactionId)}&lang=hi`)).text();
    expect(byParam).toContain(`<html lang="hi-IN">`);
    expect(byParam).toContain(`<h1>आपकी जानकारी</h1>`);
    expect(byParam).toMatch(/<label for="f-contactNumber">मोबाइल नंबर<\/label>/);
    expect(byParam).toContain(`action="/ondc/forms/F01?transaction_id=${transactionId}&#38;lang=hi"`);
    const byHeader = await (await h.t.app.request(formPath(transactionId), { headers: { "accept-language": "hi-IN,hi;q=0.9,en;q=0.5" } })).text();
    expect(byHeader).toContain(`<h1>आपकी जानकारी</h1>`);
    // English stays the default, and an explicit lang=en wins over a Hindi browser.
    const english = await (await h.t.app.request(`${formPath(transactionId)}&lang=en`, { headers: { "accept-language": "hi" } })).text();
    expect(english).toContain(`<h1>Personal Information</h1>`);
    // A bad field in Hindi: the rule's message comes from the catalogue, not English.
    const response = await h.t.app.request(`${formPath(transactionId)}&lang=hi`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": h.t.freshIp() },
      body: new URLSearchParams({ step: "send", contactNumber: "12345" }).toString(),
    });
    const refused = await response.text();
    expect(response.status).toBe(400);
    const error = refused.match(/id="f-contactNumber-error">([^<]+)</)![1];
    expect(error).toMatch(/[\u0900-\u097f]/);
    expect(error).not.toMatch(/[A-Za-z]{4,}/);
  });

  it("asks for our code first, then the fields: a wrong code or bad input changes nothing; the right one records the submission for the same customer as the website's", async () => {
    const transactionId = randomUUID();
    // A customer who signed in on our website first.
    const user = await h.t.signIn(randomMobile());
    h.t.clock.advance(2 * 60_000);
    const { otpRef, otp, html } = await sendCode(transactionId, user.mobile);
    expect(otpRef).toBe(user.profileId);
    expect(html).toMatch(/<label for="f-pan">PAN<\/label>/);
    expect(html).toMatch(/<label for="f-salaryDate">Last salary date<\/label>/);
    expect(html).toContain(`enctype="multipart/form-data"`);

    // Bad input: a PAN our rule refuses, no date of birth, no photo. Each field says why; nothing is stored.
    const bad = await submit(transactionId, { ...goodFields(user.mobile, { pan: "ABC12", dob: "" }), otpRef, otp }, null);
    expect(bad.status).toBe(400);
    expect(bad.html).toMatch(/id="f-pan-error">[^<]+</);
    expect(bad.html).toMatch(/id="f-dob-error">[^<]+</);
    expect(bad.html).toMatch(/id="f-selfie-error">Please add a photo of your face.</);
    expect(bad.html).toContain(`role="alert"`);
    expect(await submissionsOf(transactionId)).toEqual([]);
    const [untouched] = await h.t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, user.profileId));
    expect(untouched).toMatchObject({ nextStep: "pancard_verification", pancardVerifiedStatus: 0, dob: null });

    // Good input without the right code: refused, nothing stored.
    const wrong = await submit(transactionId, { ...goodFields(user.mobile), otpRef, otp: otp === "0000" ? "1111" : "0000" });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toMatch(/id="f-otp-error">[^<]+</);
    expect(await submissionsOf(transactionId)).toEqual([]);

    // The right code: our steps and rules run, the lead is opened, the submission recorded.
    const done = await submit(transactionId, { ...goodFields(user.mobile), otpRef, otp });
    expect(done.status, done.html).toBe(200);
    const submissionId = done.html.match(/<meta name="ondc-submission-id" content="([^"]+)">/)![1];
    const [row] = await submissionsOf(transactionId);
    expect(row).toMatchObject({ submissionId, formId: "F01", profileId: user.profileId, outcome: "eligible", endUse: "health" });
    const [lead] = await h.t.services.db.select().from(leads).where(eq(leads.profileId, user.profileId));
    expect(row.leadId).toBe(lead.id);
    const [profile] = await h.t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, user.profileId));
    expect(profile).toMatchObject({
      mobile: user.mobile,
      nextStep: "generate_loan_quote",
      eligibilityStatus: 1,
      salaryDate: "2026-11-01",
      residencePincode: "201301",
    });
  });

  it("a new mobile is a new customer; one our rules refuse (not salaried) still gets a submission_id, and its select is answered with the rejection", async () => {
    const transactionId = randomUUID();
    const mobile = randomMobile();
    const { otpRef, otp } = await sendCode(transactionId, mobile);
    const done = await submit(transactionId, { ...goodFields(mobile, { employmentType: "selfEmployed" }), otpRef, otp });
    expect(done.status, done.html).toBe(200);
    const [row] = await submissionsOf(transactionId);
    const [profile] = await h.t.services.db.select().from(customerProfiles).where(eq(customerProfiles.mobile, mobile));
    expect(row).toMatchObject({ profileId: profile.id, outcome: "not_eligible", leadId: null, rejectCode: "80203" });

    const onSelect = await select(transactionId, row.submissionId);
    expect(onSelect.message).toBeUndefined();
    expect(onSelect.error).toMatchObject({ code: "80203" });
  });
});

describe("form F01 keeps our sign-in's rules", () => {
  it("five wrong codes lock the code: the right one is then refused and nothing is stored", async () => {
    const transactionId = randomUUID();
    const mobile = randomMobile();
    const { otpRef, otp } = await sendCode(transactionId, mobile);
    const wrong = otp === "0000" ? "1111" : "0000";
    for (let i = 0; i < 5; i++) expect((await submit(transactionId, { ...goodFields(mobile), otpRef, otp: wrong })).status).toBe(400);
    const locked = await submit(transactionId, { ...goodFields(mobile), otpRef, otp });
    expect(locked.status).toBe(400);
    expect(locked.html).toContain(`id="f-otp-error">This OTP was locked after too many wrong attempts. Please request a new OTP.<`);
    expect(await submissionsOf(transactionId)).toEqual([]);
  });

  it("past 20 codes an hour from one address, the next asks for the image captcha first and sends nothing", async () => {
    const send = (mobile: string) =>
      h.t.app.request(formPath(randomUUID()), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "10.66.66.66" },
        body: new URLSearchParams({ step: "send", contactNumber: mobile }).toString(),
      });
    for (let i = 0; i < 20; i++) expect((await send(randomMobile())).status).toBe(200);
    const mobile = randomMobile();
    const asked = await send(mobile);
    expect(asked.status).toBe(400);
    const html = await asked.text();
    expect(html).toContain("Please type the characters in the image to get your code.");
    expect(html).toMatch(/<input type="hidden" name="captcha_id" value="[^"]+">/);
    expect(html).toMatch(/<img src="data:image\/[^"]+"[^>]* alt="The characters to type">/);
    expect(await h.t.latestCode(mobile)).toBeUndefined();
  });
});

describe("form F01 posted by a program (Accept: application/json)", () => {
  it("answers ONDC's way: the code's reference, a NACK naming the fields at fault, then {submission_id}", async () => {
    const transactionId = randomUUID();
    const mobile = randomMobile();
    const json = (body: URLSearchParams | FormData, ip = "10.7.7.7") =>
      h.t.app.request(formPath(transactionId), { method: "POST", headers: { accept: "application/json", "x-forwarded-for": ip }, body });
    const sent = await json(new URLSearchParams({ step: "send", contactNumber: mobile }), h.t.freshIp());
    expect(sent.status).toBe(200);
    const { otp_ref: otpRef } = (await sent.json()) as { otp_ref: string };
    const otp = (await h.t.latestCode(mobile))!;

    const partial = new FormData();
    for (const [k, v] of Object.entries({ step: "submit", otpRef, otp, contactNumber: mobile, pan: "ABC12" })) partial.set(k, v);
    const refused = await json(partial);
    expect(refused.status).toBe(400);
    const nack = (await refused.json()) as { message: { ack: { status: string } }; error: { code: string; paths: string } };
    expect(nack.message.ack.status).toBe("NACK");
    expect(nack.error.code).toBe("80217");
    expect(nack.error.paths.split(", ")).toEqual(expect.arrayContaining(["panName", "dob", "pan", "pincode", "bureauConsent", "salaryDate", "selfie"]));
    expect(await submissionsOf(transactionId)).toEqual([]);

    const full = new FormData();
    for (const [k, v] of Object.entries({ step: "submit", otpRef, otp, ...goodFields(mobile) })) full.set(k, v);
    full.set("selfie", new Blob([new Uint8Array(PNG_BYTES)], { type: "image/png" }), "me.png");
    const accepted = await json(full);
    expect(accepted.status).toBe(200);
    const { submission_id } = (await accepted.json()) as { submission_id: string };
    expect((await submissionsOf(transactionId)).map((r) => r.submissionId)).toEqual([submission_id]);

    // A photo over 5 MB (with the form's own 1 MB) is refused before anything is read.
    const huge = new FormData();
    huge.set("step", "submit");
    huge.set("selfie", new Blob([new Uint8Array(6 * 1024 * 1024)], { type: "image/png" }), "big.png");
    // Sent as the bytes a browser would send: a FormData body streamed in process keeps writing after the
    // server stops reading, which is the test harness's stream, not the server's behaviour.
    const encoded = new Response(huge);
    const tooLarge = await h.t.app.request(formPath(transactionId), {
      method: "POST",
      headers: { accept: "application/json", "x-forwarded-for": "10.7.7.7", "content-type": encoded.headers.get("content-type")! },
      body: new Uint8Array(await encoded.arrayBuffer()),
    });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: { code: string } }).error.code).toBe("80222");
  });
});

describe("select → on_select", () => {
  it("with aa_id (the flow with account aggregator): on_select_1 carries our aggregator's consent; select_2 gets the offer only once the aggregator says it is approved", async () => {
    const transactionId = randomUUID();
    const mobile = randomMobile();
    const { otpRef, otp } = await sendCode(transactionId, mobile);
    expect((await submit(transactionId, { ...goodFields(mobile), aa_id: `${mobile}@sandbox`, otpRef, otp })).status).toBe(200);
    const [row] = await submissionsOf(transactionId);
    const ack = await select(transactionId, row.submissionId);
    expectValidOnSelect(ack);
    expect(ack.message.order.items[0].tags).toEqual([
      {
        descriptor: { code: "CONSENT_INFO", name: "Consent Information" },
        list: [{ descriptor: { code: "CONSENT_HANDLER", name: "Consent Handler" }, value: row.aaConsentHandle }],
        display: false,
      },
    ]);
    // The buyer app's APPROVED before the person approved: refused, nothing recorded.
    const early = await selectForm(transactionId, "F01", row.submissionId, "APPROVED");
    expect(early.error).toMatchObject({ code: "80202" });
    expect((await submissionsOf(transactionId))[0].offerPrincipal).toBeNull();
    // Approved at the sandbox aggregator: the offer.
    const answered = await h.t.app.request(`/sandbox/account-aggregator/consent/${row.aaConsentHandle}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "decision=approve",
    });
    expect(answered.status).toBe(302);
    const offer = await selectForm(transactionId, "F01", row.submissionId, "APPROVED");
    expectValidOnSelect(offer);
    expect(offer.message.order.items[0].xinput.form.id).toBe("F02");
  });

  it("with aa_id, a consent the person rejected at the aggregator gets no offer", async () => {
    const transactionId = randomUUID();
    const mobile = randomMobile();
    const { otpRef, otp } = await sendCode(transactionId, mobile);
    await submit(transactionId, { ...goodFields(mobile), aa_id: `${mobile}@sandbox`, otpRef, otp });
    const [row] = await submissionsOf(transactionId);
    await select(transactionId, row.submissionId);
    await h.t.app.request(`/sandbox/account-aggregator/consent/${row.aaConsentHandle}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "decision=reject",
    });
    const refused = await selectForm(transactionId, "F01", row.submissionId, "APPROVED");
    expect(refused.error).toEqual({ code: "80202", message: "The consent at the account aggregator is rejected: no bank statement can be fetched with it." });
  });

  it("acknowledges F01's submission (PENDING, no offer), then answers F01 APPROVED with a firm offer from our quote and KFS, valid against the spec, whose quote adds up", async () => {
    const transactionId = randomUUID();
    const mobile = randomMobile();
    const { otpRef, otp } = await sendCode(transactionId, mobile);
    const done = await submit(transactionId, { ...goodFields(mobile), otpRef, otp });
    expect(done.status, done.html).toBe(200);
    const [row] = await submissionsOf(transactionId);

    // select_1 → on_select_1: the form acknowledged, as ONDC's validator expects; no quote, no offer recorded yet.
    const ack = await select(transactionId, row.submissionId);
    expectValidOnSelect(ack);
    expect(ack.message.order.quote).toBeUndefined();
    expect(ack.message.order.items).toEqual([
      {
        id: "salary-day-loan",
        descriptor: { code: "PERSONAL_LOAN", name: PRODUCT.singleLoan.name },
        xinput: { form: { id: "F01" }, form_response: { status: "PENDING", submission_id: row.submissionId } },
      },
    ]);
    expect((await submissionsOf(transactionId))[0].offerPrincipal).toBeNull();
    // A status other than SUCCESS or APPROVED is refused.
    expect((await selectForm(transactionId, "F01", row.submissionId, "REJECTED")).error).toMatchObject({ code: "80216" });

    // select_2 (F01 APPROVED) → on_select_2: the firm offer and F02.
    const body = await selectForm(transactionId, "F01", row.submissionId, "APPROVED");
    expect(body.context).toMatchObject({ action: "on_select", transaction_id: transactionId, version: "2.0.1" });
    expectValidOnSelect(body);
    const { order } = body.message;
    // Income ₹60,000 → the largest offer ₹24,000; salary on the 1st, today 22 Nov 2026 → one repayment on 1 Dec, 9 days.
    // Interest 1 % a day: 24,000 × 9 % = 2,160. Fee 10 %: 2,400, GST 18 % of it: 432. Net 24,000 − 2,400 − 432 = 21,168.
    expect(order.quote.breakup).toEqual([
      { title: "PRINCIPAL", price: { currency: "INR", value: "24000.00" } },
      { title: "INTEREST", price: { currency: "INR", value: "2160.00" } },
      { title: "PROCESSING_FEE", price: { currency: "INR", value: "2400.00" } },
      { title: "OTHER_UPFRONT_CHARGES", price: { currency: "INR", value: "432.00" } },
      { title: "INSURANCE_CHARGES", price: { currency: "INR", value: "0.00" } },
      { title: "NET_DISBURSED_AMOUNT", price: { currency: "INR", value: "21168.00" } },
      { title: "OTHER_CHARGES", price: { currency: "INR", value: "0.00" } },
    ]);
    // All but the net disbursed amount: 24,000 + 2,160 + 2,400 + 432 = 28,992.
    expect(order.quote.price).toEqual({ currency: "INR", value: "28992.00" });

    // The same loan's KFS, built by our KFS code, states the same figures.
    const [offered] = await submissionsOf(transactionId);
    expect(offered).toMatchObject({ offerPrincipal: 24000, offerTenureDays: 9, offerRepaymentDate: "2026-12-01", offerIssuedOn: "2026-11-22" });
    const kfs = buildKfs(
      { proposalNumber: order.quote.id, issuedOn: "2026-11-22", principal: 24000, tenureDays: 9, repaymentDate: "2026-12-01", purposeId: 1, lender: kfsLender },
      PRODUCT.singleLoan,
    );
    const origin = h.t.services.env.PUBLIC_ORIGIN;
    const info = tagList(order.items[0].tags, "LOAN_INFO");
    expect(info).toEqual({
      INTEREST_RATE: "365 %",
      TERM: "9 days",
      INTEREST_RATE_TYPE: "FIXED",
      APPLICATION_FEE: "2832.00 INR",
      FORECLOSURE_FEE: "0 %",
      INTEREST_RATE_CONVERSION_CHARGE: "0 INR",
      DELAY_PENALTY_FEE: `${PRODUCT.singleLoan.penalCharge.percentPerDayOfOverduePrincipal} %`,
      OTHER_PENALTY_FEE: "0 %",
      ANNUAL_PERCENTAGE_RATE: `${kfs.quote.apr.toFixed(2)} %`,
      REPAYMENT_FREQUENCY: "ONE_TIME",
      NUMBER_OF_INSTALLMENTS_OF_REPAYMENT: "1",
      INSTALLMENT_AMOUNT: "26160.00 INR",
      COOL_OFF_PERIOD: "PT3D",
      TNC_LINK: `${origin}/terms-and-conditions`,
      KFS_LINK: `${origin}/ondc/kfs/${row.submissionId}`,
    });
    expect(kfs.quote).toMatchObject({
      principalPaise: 2_400_000,
      interestPaise: 216_000,
      feePaise: 240_000,
      gstPaise: 43_200,
      netDisbursalPaise: 2_116_800,
      totalRepayablePaise: 2_616_000,
    });
    expect(kfs.coolingOffDays).toBe(3);
    expect(order.items[0].xinput).toMatchObject({
      head: { descriptor: { name: "Set Loan Amount" }, index: { min: 0, cur: 0, max: 1 }, headings: ["Set Loan Amount", "Know your Customer"] },
      form: { id: "F02", mime_type: "text/html", url: `${origin}/ondc/forms/F02?transaction_id=${transactionId}&ref=${row.submissionId}` },
    });

    // KFS_LINK: the same KFS as an HTML table.
    const page = await h.t.app.request(`/ondc/kfs/${row.submissionId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(order.quote.id);
    expect(html).toContain(`${kfs.quote.apr.toFixed(2)}`);
  });
});
