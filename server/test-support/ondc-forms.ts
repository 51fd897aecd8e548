// Issue 32: what the ONDC form and select tests share: a test app whose buyer app ACKs and keeps every callback,
// the sandbox buyer app's key to sign selects, our F01 page's fields filled (our own fixture), and the steps
// (the code, the submission, a signed select, the on_select received). The spec pack is read only as an oracle.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { customerProfiles, ondcFormSubmissions } from "../db/schema/index.ts";
import { authorizationHeader, type Signer } from "../modules/ondc/signing.ts";
import type { CallbackRequest, OndcCallbackPort } from "../providers/ondc-callbacks/port.ts";
import { browse } from "./kyc.ts";
import { moveToBankingForDev } from "../modules/dev/dev-journey.ts";
import { KNOWN_IFSC, signOnSandbox } from "./banking.ts";
import { ondcSchemaErrors } from "./ondc-spec.ts";
import { createOnboardingApp, PNG_BYTES, randomPan, type TestApp } from "./onboarding.ts";
import { closeOndcApp, sandboxBuyerSigner } from "./ondc-buyer.ts";

/** Every field of our F01 page, filled as a salaried customer in Noida would (our own fixture). */
export function f01Fields(mobile: string, over: Record<string, string> = {}): Record<string, string> {
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

/** F03's employment screen, filled as the same customer's employer (our own fixture). */
export const F03_EMPLOYMENT: Record<string, string> = {
  screen: "employment",
  work_mode: "WFO",
  company_name: "Acme Widgets Private Limited",
  department: "SALES",
  company_type_id: "1",
  designation: "Sales Executive",
  emp_since: "2022-04-01",
  address_1: "Tower B, Sector 62",
  address_2: "Noida",
  pincode: "201301",
};

/** The harness: call once at a test file's top level (it registers its own beforeAll and afterAll). */
export function ondcFormsHarness() {
  const base = harnessBase();
  // Onto the same object: a spread would read its `t` getter now, before beforeAll has set it.
  return Object.assign(base, f03Steps(base));
}

function harnessBase() {
  const ACK = JSON.stringify({ message: { ack: { status: "ACK" } } });
  const received: { url: string; text: string }[] = [];
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
    buyer = sandboxBuyerSigner(t.services);
  });
  afterAll(() => closeOndcApp(t));

  const formPath = (transactionId: string) => `/ondc/forms/F01?transaction_id=${transactionId}`;
  const goodFields = f01Fields;
  const randomMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;

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

  /** The first select: F01's submission (SUCCESS), which the lender acknowledges or refuses. */
  const select = (transactionId: string, submissionId: string) => selectForm(transactionId, "F01", submissionId);

  /** The first select, then the second with F01 APPROVED, answered with the offer (the validator's order). */
  async function selectOffer(transactionId: string, submissionId: string) {
    const first = await select(transactionId, submissionId);
    expect(first.message.order.items[0].xinput.form_response).toEqual({ status: "PENDING", submission_id: submissionId });
    return selectForm(transactionId, "F01", submissionId, "APPROVED");
  }

  /** A signed request from the buyer app in this transaction; its callback once the outbox has sent it. */
  async function request(
    action: "search" | "select" | "init" | "confirm" | "status" | "update" | "cancel",
    transactionId: string,
    message: Record<string, unknown>,
  ) {
    const body = JSON.stringify({
      context: {
        domain: "ONDC:FIS12",
        location: { country: { code: "IND" }, city: { code: "*" } },
        action,
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
      message,
    });
    const response = await t.app.request(`/ondc/${action}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: authorizationHeader(Buffer.from(body), buyer, Math.floor(t.clock.now().getTime() / 1000)) },
      body,
    });
    expect(response.status).toBe(200);
    await t.services.ondcOutbox!.idle();
    const callback = received.find((r) => JSON.parse(r.text).context.message_id === JSON.parse(body).context.message_id)!;
    expect(callback.url).toBe(`https://buyer.example.test/ondc/on_${action}`);
    return JSON.parse(callback.text);
  }

  /** The order's one item quoting a form's submission. */
  const formOrder = (formId: string, submissionId: string, status: string) => ({
    provider: { id: "salaryontime" },
    items: [{ id: "salary-day-loan", xinput: { form: { id: formId }, form_response: { status, submission_id: submissionId } } }],
  });

  const selectForm = (transactionId: string, formId: string, submissionId: string, status = "SUCCESS") =>
    request("select", transactionId, { order: formOrder(formId, submissionId, status) });

  /** An init quoting a form's submission, with the buyer app's payment terms when given. */
  const initForm = (transactionId: string, formId: string, submissionId: string, payments?: unknown[]) =>
    request("init", transactionId, { order: { ...formOrder(formId, submissionId, "SUCCESS"), ...(payments ? { payments } : {}) } });

  /** Valid against FIS12 2.0.1's on_select schema (ONDC's spec pack, read beside the repository; skipped without it). */
  function expectValidOnSelect(body: unknown) {
    const errors = ondcSchemaErrors("on_select", body);
    if (errors !== null) expect(errors).toBe("");
  }

  type Tag = { descriptor: { code: string }; value?: string; list?: Tag[] };
  const tagList = (tags: Tag[], group: string) =>
    Object.fromEntries(tags.find((g) => g.descriptor.code === group)!.list!.map((i) => [i.descriptor.code, i.value]));

  return {
    /** The test app (set in beforeAll). */
    get t() {
      return t;
    },
    received,
    formPath,
    randomMobile,
    goodFields,
    sendCode,
    submit,
    submissionsOf,
    select,
    selectOffer,
    selectForm,
    initForm,
    request,
    expectValidOnSelect,
    tagList,
  };
}

type FormsHarness = ReturnType<typeof harnessBase>;

/** The walk to F03 and through it, on the harness's app (F03's steps as a person takes them). */
function f03Steps(h: FormsHarness) {
  /** F01, the offer, F02 for ₹15,000 and select_3: the F03 page's address (as the buyer app is given it). */
  async function toF03() {
    const transactionId = randomUUID();
    const mobile = h.randomMobile();
    const { otpRef, otp } = await h.sendCode(transactionId, mobile);
    expect((await h.submit(transactionId, { ...h.goodFields(mobile), otpRef, otp })).status).toBe(200);
    const [f01] = await h.submissionsOf(transactionId);
    const first = await h.selectOffer(transactionId, f01.submissionId);
    const f02Url = new URL(first.message.order.items[0].xinput.form.url);
    const f02 = await h.t.app.request(`${f02Url.pathname}${f02Url.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ requestAmount: "15000", requestTerm: "9" }).toString(),
    });
    const { submission_id: f02Id } = (await f02.json()) as { submission_id: string };
    const third = await h.selectForm(transactionId, "F02", f02Id);
    const url = new URL(third.message.order.items[0].xinput.form.url);
    return { transactionId, f02Id, profileId: f01.profileId, path: `${url.pathname}${url.search}` };
  }

  /** F03 through: the offer accepted, our employment step, and DigiLocker allowed with the right Aadhaar; F03's submission. */
  async function throughF03() {
    const f03 = await toF03();
    const post = (fields: Record<string, string>) => browse(h.t, f03.path, { form: fields });
    expect((await post({ screen: "accept", kfs_acknowledged: "on" })).status).toBe(303);
    expect((await post(F03_EMPLOYMENT)).status).toBe(303);
    const start = await post({ screen: "aadhaar", aadhaar_no: "4321" });
    expect(start.status).toBe(303);
    const state = new URL(start.location!).searchParams.get("state")!;
    const consent = await browse(h.t, "/sandbox/digilocker/consent", { form: { state, last4: "4321", decision: "allow" } });
    // Verified: DigiLocker's return goes on to F03's own page (the documents stage).
    expect((await browse(h.t, consent.location!)).location).toBe(f03.path);
    await h.t.services.ondcOutbox!.idle();
    const submission = (await h.submissionsOf(f03.transactionId)).find((s) => s.formId === "F03")!;
    expect(submission.outcome).toBe("eligible");
    return { ...f03, f03Id: submission.submissionId };
  }

  /** F03 through, the documents stage stood in for by the dev shortcut, then F04 with a good account; F04's submission. */
  async function throughF04() {
    const f03 = await throughF03();
    await moveToBankingForDev(h.t.services, f03.profileId);
    const response = await h.t.app.request(`/ondc/forms/F04?transaction_id=${f03.transactionId}&ref=${f03.f03Id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ formId: "F04", accHolderName: "Asha Verma", acctype: "saving", accNo: "123456789012", ifscCode: KNOWN_IFSC }).toString(),
    });
    expect(response.status).toBe(200);
    const { submission_id: f04Id } = (await response.json()) as { submission_id: string };
    return { ...f03, f04Id };
  }

  /** Then F05: UPI Autopay approved on the sandbox provider's page; F05's submission. */
  async function throughF05() {
    const f04 = await throughF04();
    const path = `/ondc/forms/F05?transaction_id=${f04.transactionId}&ref=${f04.f04Id}`;
    const started = await browse(h.t, path, { form: { screen: "choose", mandate_method: "upi" } });
    expect(started.status).toBe(303);
    const answered = await browse(h.t, `${new URL(started.location!, "http://x").pathname}/answer`, { form: { choice: "approve" } });
    const back = new URL(answered.location!);
    expect((await browse(h.t, `${back.pathname}${back.search}`)).location).toBe(path);
    await h.t.services.ondcOutbox!.idle();
    const f05 = (await h.submissionsOf(f04.transactionId)).find((s) => s.formId === "F05")!;
    return { ...f04, f05Id: f05.submissionId };
  }

  /** Then F06: the agreement signed on the sandbox eSign page; F06's submission. */
  async function throughF06() {
    const f05 = await throughF05();
    const path = `/ondc/forms/F06?transaction_id=${f05.transactionId}&ref=${f05.f05Id}`;
    const started = await browse(h.t, path, { form: { screen: "sign" } });
    const [profile] = await h.t.services.db.select().from(customerProfiles).where(eq(customerProfiles.id, f05.profileId));
    const signed = await signOnSandbox(h.t, started.location!, profile.mobile);
    const back = new URL(signed.location!, "http://x");
    expect((await browse(h.t, `${back.pathname}${back.search}`)).location).toBe(path);
    await h.t.services.ondcOutbox!.idle();
    const f06 = (await h.submissionsOf(f05.transactionId)).find((s) => s.formId === "F06")!;
    return { ...f05, f06Id: f06.submissionId };
  }

  return { toF03, throughF03, throughF04, throughF05, throughF06 };
}
