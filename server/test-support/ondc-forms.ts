// Issue 32: what the ONDC form and select tests share: a test app whose buyer app ACKs and keeps every callback,
// the sandbox buyer app's key to sign selects, our F01 page's fields filled (our own fixture), and the steps
// (the code, the submission, a signed select, the on_select received). The spec pack is read only as an oracle.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { ondcFormSubmissions } from "../db/schema/index.ts";
import { authorizationHeader, type Signer } from "../modules/ondc/signing.ts";
import type { CallbackRequest, OndcCallbackPort } from "../providers/ondc-callbacks/port.ts";
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

/** The harness: call once at a test file's top level (it registers its own beforeAll and afterAll). */
export function ondcFormsHarness() {
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

  async function selectForm(transactionId: string, formId: string, submissionId: string, status = "SUCCESS") {
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
          items: [{ id: "salary-day-loan", xinput: { form: { id: formId }, form_response: { status, submission_id: submissionId } } }],
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
    expectValidOnSelect,
    tagList,
  };
}
