// Issue 33: CKYC's journey calls over HTTP: the consent's tick, the search, a wrong date of birth (a clear
// message on its field, nothing kept), the download by date of birth, the confirmation, and the answers in Hindi;
// the forms' prefill: only once confirmed, only the customer's own, never over a value they saved.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath } from "../../../core/contract/index.ts";
import { ckycRecordOf, ckycUploadOf } from "../../test-support/ckyc.ts";
import { createOnboardingApp, onboard, type TestApp } from "../../test-support/onboarding.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createOnboardingApp();
});
afterAll(async () => t.close());

describe("CKYC journey calls", () => {
  it("search with consent, a wrong date of birth refused on its field, download, confirm", async () => {
    const c = await onboard(t, { steps: 1 });
    await t.services.sandboxCkyc!.port.upload(ckycUploadOf(ckycRecordOf({ reference: `BANK-${c.pan}`, pan: c.pan, dob: "1990-05-20" })));
    const call = (name: Parameters<typeof apiPath>[0], body: object, lang?: string) =>
      t.post(body, { path: apiPath(name), headers: { ...c.headers, ...(lang ? { "accept-language": lang } : {}) } });

    const refused = await call("searchCkyc", { consent: 0 });
    expect(refused.body.Status).toBe(2);
    const found = await call("searchCkyc", { consent: 1 });
    expect(found.body).toMatchObject({
      Status: 1,
      Message: "We have searched the Central KYC Registry.",
      Data: { found: true, to_confirm: null, needs_relative: true },
    });
    expect(found.body.Data.masked_ckyc_number).toMatch(/^X{10}\d{4}$/);

    const wrong = await call("downloadCkyc", { dob: "1991-01-01" });
    expect(wrong.body).toMatchObject({
      Status: 2,
      errors: { auth: "The date of birth or code does not match your CKYC record. Please check it and try again." },
    });
    const shown = await call("downloadCkyc", { dob: "1990-05-20" });
    expect(shown.body.Data.to_confirm).toMatchObject({
      name: "ASHA KUMARI VERMA",
      relative_name: "RAMESH VERMA",
      address: { pincode: "560034", state_code: "29" },
    });

    const confirmed = await call("confirmCkyc", { accept: 1, relative_kind: "father" });
    expect(confirmed.body).toMatchObject({
      Status: 1,
      Data: { confirmed: true, to_confirm: null, needs_relative: false, relative: { kind: "father", name: "RAMESH VERMA" } },
    });
    const again = await call("confirmCkyc", { accept: 1 }, "hi");
    expect(again.body).toMatchObject({ Status: 2, Message: "पुष्टि के लिए CKYC का कोई ब्योरा बाकी नहीं है।" });
  });

  it("the forms' prefill: nothing until confirmed or when declined, only the customer's own, and a saved value wins", async () => {
    const recordAt = (pan: string) => t.services.sandboxCkyc!.port.upload(ckycUploadOf(ckycRecordOf({ reference: `BANK-${pan}`, pan, dob: "1990-05-20" })));
    const a = await onboard(t, { steps: 1 });
    await recordAt(a.pan);
    const as =
      (c: { headers: Record<string, string> }) =>
      (name: Parameters<typeof apiPath>[0], body: object = {}) =>
        t.post(body, { path: apiPath(name), headers: c.headers });
    const callA = as(a);
    const prefillOf = async (call: ReturnType<typeof as>) => (await call("getCkycPrefill")).body.Data;

    await callA("searchCkyc", { consent: 1 });
    expect(await prefillOf(callA)).toEqual({});
    await callA("downloadCkyc", { dob: "1990-05-20" });
    expect(await prefillOf(callA)).toEqual({});
    expect((await callA("confirmCkyc", { accept: 0 })).body.Status).toBe(1);
    expect(await prefillOf(callA)).toEqual({});

    await callA("downloadCkyc", { dob: "1990-05-20" });
    await callA("confirmCkyc", { accept: 1, relative_kind: "spouse" });
    const filled = {
      gender: "2",
      dob: "1990-05-20",
      personal_email: "asha@example.com",
      spouse_name: "RAMESH VERMA",
      residence_address_1: "14 DEMO RESIDENCY",
      residence_address_2: "5TH CROSS, KORAMANGALA",
      residence_pincode: "560034",
    };
    expect(await callA("getCkycPrefill", { profile_id: a.profileId })).toMatchObject({ body: { Status: 1, Data: filled } });

    // Another customer: A's profile id is refused as a session that is not theirs; their own is empty.
    const b = await onboard(t, { steps: 1 });
    const callB = as(b);
    expect((await callB("getCkycPrefill", { profile_id: a.profileId })).body.Status).toBe(4);
    expect(await prefillOf(callB)).toEqual({});
    expect((await t.post({}, { path: apiPath("getCkycPrefill") })).body.Status).toBe(4);

    // A customer who saved their personal details (male, their own e-mail) gets only the address.
    const c = await onboard(t, { steps: 2, personal: { personal_email: "asha.own@example.com" } });
    await recordAt(c.pan);
    const callC = as(c);
    await callC("searchCkyc", { consent: 1 });
    await callC("downloadCkyc", { dob: "1990-05-20" });
    await callC("confirmCkyc", { accept: 1, relative_kind: "father" });
    expect(await prefillOf(callC)).toEqual({
      residence_address_1: "14 DEMO RESIDENCY",
      residence_address_2: "5TH CROSS, KORAMANGALA",
      residence_pincode: "560034",
    });
  });
});
