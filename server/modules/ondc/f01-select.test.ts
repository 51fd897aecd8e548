// Issue 32: form F01 on our page (our OTP first, then the spec's fields and ours, checked with the website's
// rules) and the first select → on_select with the firm offer from our quote and KFS.
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Ajv } from "ajv";
import addFormatsPlugin from "ajv-formats";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildKfs } from "../../../core/kfs.ts";
import { kfsLender } from "../../../core/lender.ts";
import { PRODUCT } from "../../../core/product.ts";
import { customerProfiles, leads, ondcFormSubmissions } from "../../db/schema/index.ts";
import type { CallbackRequest, OndcCallbackPort } from "../../providers/ondc-callbacks/port.ts";
import { createOnboardingApp, PNG_BYTES, randomPan, type TestApp } from "../../test-support/onboarding.ts";
import { authorizationHeader, signingKeyFromBase64, type Signer } from "./signing.ts";

/** ONDC's spec pack beside the repository (an oracle only: nothing of it is copied in). */
const SPEC_DIR = [resolve(import.meta.dirname, "../../../../shared/ondc"), resolve(import.meta.dirname, "../../../../../shared/ondc")].find((dir) =>
  existsSync(resolve(dir, "spec/schemas/on_select.json")),
);

const ACK = JSON.stringify({ message: { ack: { status: "ACK" } } });
let received: { url: string; text: string }[] = [];
const buyerApp: OndcCallbackPort = {
  async post(request: CallbackRequest) {
    received.push({ url: request.url, text: Buffer.from(request.body).toString("utf8") });
    return { status: 200, text: ACK };
  },
};

let t: TestApp;
let buyer: Signer;
beforeAll(async () => {
  t = await createOnboardingApp({ providers: { ondcCallbacks: buyerApp } });
  const app = t.services.env.ondc!.sandboxBuyerApp!;
  buyer = { subscriberId: app.subscriberId, uniqueKeyId: app.uniqueKeyId, key: signingKeyFromBase64(app.signingPrivateKey) };
});
afterAll(async () => {
  await t.services.ondcOutbox!.idle();
  await t.close();
});

const formPath = (transactionId: string) => `/ondc/forms/F01?transaction_id=${transactionId}`;
const randomMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;

/** Every field of our F01 page, filled as a salaried customer in Noida would (our own fixture). */
function goodFields(mobile: string, over: Record<string, string> = {}): Record<string, string> {
  return {
    pan: randomPan("4321"),
    panName: "Asha Verma",
    dob: "1990-05-20",
    gender: "female",
    personalemail: "asha@example.com",
    maritalStatus: "1",
    contactNumber: mobile,
    employmentType: "salaried",
    companyName: "Acme Widgets Private Limited",
    income: "60000",
    salaryDate: "2026-11-01",
    salaryMode: "1",
    endUse: "health",
    addressL1: "Flat 12, Green Apartments",
    addressL2: "Sector 62",
    pincode: "201301",
    residenceType: "2",
    bureauConsent: "on",
    ...over,
  };
}

async function sendCode(transactionId: string, mobile: string) {
  const response = await t.app.request(formPath(transactionId), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": t.freshIp() },
    body: new URLSearchParams({ step: "send", contactNumber: mobile }).toString(),
  });
  const html = await response.text();
  expect(response.status, html).toBe(200);
  const otpRef = html.match(/name="otpRef" value="([^"]+)"/)![1];
  return { otpRef, otp: (await t.latestCode(mobile))!, html };
}

async function submit(transactionId: string, fields: Record<string, string>, selfie: Buffer | null = PNG_BYTES) {
  const form = new FormData();
  form.set("step", "submit");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (selfie) form.set("selfie", new Blob([new Uint8Array(selfie)], { type: "image/png" }), "me.png");
  const response = await t.app.request(formPath(transactionId), { method: "POST", headers: { "x-forwarded-for": "10.8.8.8" }, body: form });
  return { status: response.status, html: await response.text() };
}

const submissionsOf = (transactionId: string) => t.services.db.select().from(ondcFormSubmissions).where(eq(ondcFormSubmissions.transactionId, transactionId));

const select = (transactionId: string, submissionId: string) => selectForm(transactionId, "F01", submissionId);

async function selectForm(transactionId: string, formId: string, submissionId: string) {
  const body = JSON.stringify({
    context: {
      domain: "ONDC:FIS12",
      location: { country: { code: "IND" }, city: { code: "*" } },
      action: "select",
      version: "2.0.1",
      bap_id: buyer.subscriberId,
      bap_uri: "https://buyer.example.test/ondc",
      bpp_id: t.services.ondcSigner!.subscriberId,
      bpp_uri: `${t.services.env.PUBLIC_ORIGIN}/ondc`,
      transaction_id: transactionId,
      message_id: randomUUID(),
      timestamp: t.clock.now().toISOString(),
      ttl: "PT10M",
    },
    message: {
      order: {
        provider: { id: "salaryontime" },
        items: [{ id: "salary-day-loan", xinput: { form: { id: formId }, form_response: { status: "SUCCESS", submission_id: submissionId } } }],
      },
    },
  });
  const response = await t.app.request("/ondc/select", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: authorizationHeader(Buffer.from(body), buyer, Math.floor(t.clock.now().getTime() / 1000)) },
    body,
  });
  expect(response.status).toBe(200);
  await t.services.ondcOutbox!.idle();
  const callback = received.find((r) => JSON.parse(r.text).context.message_id === JSON.parse(body).context.message_id)!;
  expect(callback.url).toBe("https://buyer.example.test/ondc/on_select");
  return JSON.parse(callback.text);
}

type Tag = { descriptor: { code: string }; value?: string; list?: Tag[] };
const tagList = (tags: Tag[], group: string) =>
  Object.fromEntries(tags.find((g) => g.descriptor.code === group)!.list!.map((i) => [i.descriptor.code, i.value]));

describe("form F01, our page", () => {
  it("GET renders the first step: the mobile, labelled, for a phone's width", async () => {
    const response = await t.app.request(formPath(randomUUID()));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<meta name="viewport" content="width=device-width, initial-scale=1">`);
    expect(html).toContain(`<h1>Personal Information</h1>`);
    expect(html).toMatch(/<label for="f-contactNumber">Mobile number<\/label>/);
    expect(html).toContain(`name="step" value="send"`);
  });

  it("asks for our code first, then the fields: a wrong code or bad input changes nothing; the right one records the submission for the same customer as the website's", async () => {
    const transactionId = randomUUID();
    // A customer who signed in on our website first.
    const user = await t.signIn(randomMobile());
    t.clock.advance(2 * 60_000);
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
    const [untouched] = await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, user.profileId));
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
    const [lead] = await t.services.db.select().from(leads).where(eq(leads.profileId, user.profileId));
    expect(row.leadId).toBe(lead.id);
    const [profile] = await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, user.profileId));
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
    const [profile] = await t.services.db.select().from(customerProfiles).where(eq(customerProfiles.mobile, mobile));
    expect(row).toMatchObject({ profileId: profile.id, outcome: "not_eligible", leadId: null, rejectCode: "80203" });

    const onSelect = await select(transactionId, row.submissionId);
    expect(onSelect.message).toBeUndefined();
    expect(onSelect.error).toMatchObject({ code: "80203" });
  });
});

describe("form F01 posted by a program (Accept: application/json)", () => {
  it("answers ONDC's way: the code's reference, a NACK naming the fields at fault, then {submission_id}", async () => {
    const transactionId = randomUUID();
    const mobile = randomMobile();
    const json = (body: URLSearchParams | FormData, ip = "10.7.7.7") =>
      t.app.request(formPath(transactionId), { method: "POST", headers: { accept: "application/json", "x-forwarded-for": ip }, body });
    const sent = await json(new URLSearchParams({ step: "send", contactNumber: mobile }), t.freshIp());
    expect(sent.status).toBe(200);
    const { otp_ref: otpRef } = (await sent.json()) as { otp_ref: string };
    const otp = (await t.latestCode(mobile))!;

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
  });
});

describe("select → on_select", () => {
  it("answers F01's submission with a firm offer from our quote and KFS, valid against the spec, whose quote adds up", async () => {
    const transactionId = randomUUID();
    const mobile = randomMobile();
    const { otpRef, otp } = await sendCode(transactionId, mobile);
    const done = await submit(transactionId, { ...goodFields(mobile), otpRef, otp });
    expect(done.status, done.html).toBe(200);
    const [row] = await submissionsOf(transactionId);

    const body = await select(transactionId, row.submissionId);
    expect(body.context).toMatchObject({ action: "on_select", transaction_id: transactionId, version: "2.0.1" });
    if (SPEC_DIR) {
      const ajv = new Ajv({ strict: false, allErrors: true });
      (addFormatsPlugin as unknown as (a: Ajv) => void)(ajv);
      const validate = ajv.compile(JSON.parse(readFileSync(resolve(SPEC_DIR, "spec/schemas/on_select.json"), "utf8")));
      expect(validate(body), JSON.stringify(validate.errors, null, 2)).toBe(true);
    }
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
    const origin = t.services.env.PUBLIC_ORIGIN;
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
    const page = await t.app.request(`/ondc/kfs/${row.submissionId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(order.quote.id);
    expect(html).toContain(`${kfs.quote.apr.toFixed(2)}`);
  });
});

describe("F02 and the second select → on_select", () => {
  it("takes the amount and term within the offer, and answers its select with the offer for that amount and form F03", async () => {
    const transactionId = randomUUID();
    const mobile = randomMobile();
    const { otpRef, otp } = await sendCode(transactionId, mobile);
    expect((await submit(transactionId, { ...goodFields(mobile), otpRef, otp })).status).toBe(200);
    const [f01] = await submissionsOf(transactionId);
    const first = await select(transactionId, f01.submissionId);
    const f02Url = new URL(first.message.order.items[0].xinput.form.url);
    const f02Path = `${f02Url.pathname}${f02Url.search}`;

    const page = await t.app.request(f02Path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<label for="f-requestAmount">Loan amount \(₹\)<\/label>/);
    expect(html).toMatch(/<label for="f-requestTerm">Loan term \(days\)<\/label>/);
    // Without the F01 submission's id the page is not found.
    expect((await t.app.request(`/ondc/forms/F02?transaction_id=${transactionId}&ref=${randomUUID()}`)).status).toBe(404);

    const post = (fields: Record<string, string>, accept = "text/html") =>
      t.app.request(f02Path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept },
        body: new URLSearchParams(fields).toString(),
      });
    // More than the offer (₹24,000) and another term than the salary day fixes (9 days): each refused, nothing stored.
    const bad = await post({ requestAmount: "30000", requestTerm: "20" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toMatch(/id="f-requestAmount-error">Please choose a loan amount between ₹10,000 and ₹24,000/);
    expect(badHtml).toContain(`id="f-requestTerm-error">The tenure is fixed at 9 days, up to your next salary date.<`);
    expect(await submissionsOf(transactionId)).toHaveLength(1);

    // A program asking for JSON gets ONDC's answer.
    const good = await post({ requestAmount: "15000", requestTerm: "9" }, "application/json");
    expect(good.status).toBe(200);
    const { submission_id: f02Id } = (await good.json()) as { submission_id: string };
    const [f02] = (await submissionsOf(transactionId)).filter((r) => r.formId === "F02");
    expect(f02).toMatchObject({ submissionId: f02Id, parentSubmissionId: f01.submissionId, requestAmount: 15000, requestTerm: 9, profileId: f01.profileId });

    const body = await selectForm(transactionId, "F02", f02Id);
    if (SPEC_DIR) {
      const ajv = new Ajv({ strict: false, allErrors: true });
      (addFormatsPlugin as unknown as (a: Ajv) => void)(ajv);
      const validate = ajv.compile(JSON.parse(readFileSync(resolve(SPEC_DIR, "spec/schemas/on_select.json"), "utf8")));
      expect(validate(body), JSON.stringify(validate.errors, null, 2)).toBe(true);
    }
    const { order } = body.message;
    // ₹15,000 for 9 days: interest 1,350, fee 1,500, GST 270, net 15,000 − 1,500 − 270 = 13,230; price 15,000 + 1,350 + 1,500 + 270 = 18,120.
    expect(order.quote.breakup.map((l: { title: string; price: { value: string } }) => [l.title, l.price.value])).toEqual([
      ["PRINCIPAL", "15000.00"],
      ["INTEREST", "1350.00"],
      ["PROCESSING_FEE", "1500.00"],
      ["OTHER_UPFRONT_CHARGES", "270.00"],
      ["INSURANCE_CHARGES", "0.00"],
      ["NET_DISBURSED_AMOUNT", "13230.00"],
      ["OTHER_CHARGES", "0.00"],
    ]);
    expect(order.quote.price.value).toBe("18120.00");
    expect(order.quote.id).toBe(first.message.order.quote.id);
    expect(tagList(order.items[0].tags, "LOAN_INFO")).toMatchObject({ APPLICATION_FEE: "1770.00 INR", INSTALLMENT_AMOUNT: "16350.00 INR", TERM: "9 days" });
    const origin = t.services.env.PUBLIC_ORIGIN;
    expect(order.items[0].xinput).toEqual({
      head: { descriptor: { name: "Know your Customer" }, index: { min: 0, cur: 1, max: 1 }, headings: ["Set Loan Amount", "Know your Customer"] },
      form: {
        id: "F03",
        mime_type: "application/html",
        url: `${origin}/ondc/forms/F03?transaction_id=${transactionId}&ref=${f02Id}`,
        resubmit: false,
        multiple_sumbissions: false,
      },
      required: true,
    });
  });
});
