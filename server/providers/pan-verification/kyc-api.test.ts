// The PAN adapter against replies in the common shape of NSDL/Protean-backed KYC APIs that kyc-api.ts
// targets (pan_status, registered_name, category, aadhaar_seeding_status). The fixtures are modelled on
// such providers' public documentation, not captured from a live account; the PAN and name are made up.
import { describe, expect, it } from "vitest";
import { fakeFetch, fixture } from "../../test-support/fake-fetch.ts";
import { createKycApiPanVerification } from "./kyc-api.ts";

const config = { url: "https://kyc.provider.example/v1/pan/verify", apiKey: "key-1" };
const pan = "ABCPK1234F";
const load = (name: string) => fixture(import.meta.url, name);

describe("KYC API PAN verification", () => {
  it("posts the PAN with consent and the API key, and reads a VALID, Aadhaar-seeded answer", async () => {
    const f = fakeFetch({ json: load("pan-valid.json") });
    expect(await createKycApiPanVerification({ ...config, fetch: f.fetch }).verify({ pan })).toEqual({
      status: "VALID",
      registeredName: "RAHUL KUMAR SHARMA",
      aadhaarSeeded: true,
    });
    expect(f.calls).toHaveLength(1);
    const [call] = f.calls;
    expect(call.url).toBe("https://kyc.provider.example/v1/pan/verify");
    expect(call.method).toBe("POST");
    expect(call.headers).toMatchObject({ "content-type": "application/json", "x-api-key": "key-1" });
    expect(JSON.parse(String(call.body))).toEqual({ pan, consent: "Y", reason: "Loan onboarding KYC" });
  });

  it("reads the Aadhaar seeding as yes, no or unknown", async () => {
    const seeded = async (reply: Record<string, unknown>) => {
      const result = await createKycApiPanVerification({ ...config, fetch: fakeFetch({ json: reply }).fetch }).verify({ pan });
      return result.status === "VALID" ? result.aadhaarSeeded : result.status;
    };
    const valid = load("pan-valid.json");
    expect(await seeded(load("pan-valid-not-seeded.json"))).toBe(false);
    expect(await seeded({ ...valid, aadhaar_seeding_status: "linked" })).toBe(true);
    expect(await seeded({ ...valid, aadhaar_seeding_status: undefined })).toBeNull();
  });

  it("refuses a holder that is not a person without calling the provider, and when the provider says so", async () => {
    const f = fakeFetch();
    expect(await createKycApiPanVerification({ ...config, fetch: f.fetch }).verify({ pan: "ABCCK1234F" })).toEqual({ status: "NOT_INDIVIDUAL" });
    expect(f.calls).toHaveLength(0);
    const company = fakeFetch({ json: load("pan-company.json") });
    expect(await createKycApiPanVerification({ ...config, fetch: company.fetch }).verify({ pan })).toEqual({ status: "NOT_INDIVIDUAL" });
  });

  it("answers INVALID for a deactivated PAN, a PAN without a name, and the provider's not-found replies", async () => {
    const verify = (reply: { status?: number; json: unknown }) => createKycApiPanVerification({ ...config, fetch: fakeFetch(reply).fetch }).verify({ pan });
    expect(await verify({ json: load("pan-deactivated.json") })).toEqual({ status: "INVALID" });
    expect(await verify({ json: { ...load("pan-valid.json"), registered_name: "" } })).toEqual({ status: "INVALID" });
    expect(await verify({ status: 404, json: load("pan-error.json") })).toEqual({ status: "INVALID" });
    expect(await verify({ status: 422, json: load("pan-error.json") })).toEqual({ status: "INVALID" });
  });

  it("throws on other errors (a wrong key is not an invalid PAN), never naming the PAN", async () => {
    for (const status of [400, 401, 429, 500, 503]) {
      const attempt = createKycApiPanVerification({ ...config, fetch: fakeFetch({ status, json: load("pan-error.json") }).fetch }).verify({ pan });
      await expect(attempt).rejects.toThrow(new RegExp(`^PAN provider answered HTTP ${status}$`));
    }
  });

  it("throws on a reply that is not JSON without quoting it", async () => {
    const attempt = createKycApiPanVerification({ ...config, fetch: fakeFetch({ text: `{"pan":"${pan}", truncated` }).fetch }).verify({ pan });
    await expect(attempt).rejects.toThrow(/^PAN provider sent a reply that is not JSON \(HTTP 200\)$/);
    await expect(attempt).rejects.not.toThrow(new RegExp(pan));
  });
});
