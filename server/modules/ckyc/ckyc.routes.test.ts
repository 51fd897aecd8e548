// Issue 33: CKYC's journey calls over HTTP: the consent's tick, the search, a wrong date of birth (a clear
// message on its field, nothing kept), the download by date of birth, the confirmation, and the answers in Hindi.
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
});
