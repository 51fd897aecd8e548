import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../core/validation/index.ts";
import { aadhaarKyc, ekycRequests } from "../../db/schema/index.ts";
import { createOnboardingApp, onboard, type TestApp } from "../../test-support/onboarding.ts";
import { browse, nextStepOf, reachEkyc, throughDigiLocker } from "../../test-support/kyc.ts";

// The spec's answers, by hand.
const VERIFIED = "Your Aadhaar number has been verified.";
const SKIPPED = "eKYC skipped. Our team will complete your KYC by video call.";
const CODE_REFUSED = "DigiLocker could not confirm this verification. Please try again.";
const LAST4_MISMATCH = "The last 4 digits you entered do not match the Aadhaar in your DigiLocker. Please check them and try again.";
const DENIED = "You did not allow access in DigiLocker. Please try again and choose Allow.";

let t: TestApp;
beforeAll(async () => {
  t = await createOnboardingApp();
});
afterAll(() => t.close());

const CUSTOMER_DETAILS = "/Api/Website/RepeatInstantJourneyController/getCustomerDetails";

describe("ekyc_initiated → DigiLocker → ekyc_verified", () => {
  it("runs the whole OAuth + PKCE flow and keeps only decision 17's fields", async () => {
    const c = await reachEkyc(t);
    const before = await t.post({ profile_id: c.profileId }, { headers: c.headers, path: CUSTOMER_DETAILS });
    expect(before.body.Data.lead_customer_details).toMatchObject({ aadhar_no: "", customer_ekyc_request_initiated_on: null, customer_digital_ekyc_flag: 0 });

    const { start, redirect, callback } = await throughDigiLocker(t, c, { typed: "4321" });
    expect(start.body).toMatchObject({ Status: 1, Message: "Redirecting you to DigiLocker to verify your Aadhaar.", Data: { next_step: "ekyc_initiated" } });
    const url = new URL(start.body.Data.ekyc_url);
    expect(url.pathname).toBe("/sandbox/digilocker/public/oauth2/1/authorize");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: "code",
      code_challenge_method: "S256",
      redirect_uri: "http://localhost:3000/ekyc/digilocker/callback",
    });
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(redirect.searchParams.get("code")).toBeTruthy();
    expect(callback).toMatchObject({ status: 302, location: "/my-dashboard/aadhaar-verify" });
    expect(await nextStepOf(t, c.profileId)).toBe("ekyc_verified");

    const verified = await c.send({ event_name: "ekyc_verified" });
    expect(verified.body).toMatchObject({ Status: 1, Message: VERIFIED, Data: { next_step: "account_aggregator_verify", aadhar_no: "XXXX-XXXX-4321" } });
    const [kyc] = await t.services.db.select().from(aadhaarKyc).where(eq(aadhaarKyc.profileId, c.profileId));
    expect(kyc).toMatchObject({ aadhaarLast4: "4321", aadhaarMasked: "XXXX-XXXX-4321", dob: "1990-05-20", gender: "M", leadId: c.leadId });
    expect(kyc.name).not.toBe("");
    expect(kyc.address).toContain("201301");
    // DigiLocker's reference is an opaque hex id (16 hex characters may hold 12 digits in a row: not a number).
    expect(kyc.digilockerReference).toMatch(/^DLSBX-[0-9A-F]{16}$/);
    // Nothing else that could be a full 12-digit number anywhere in the row; verifier and code are gone.
    // The row's ids are UUIDs: a UUID's last 12 hex characters are all digits about once in 280.
    expect(JSON.stringify({ ...kyc, profileId: null, leadId: null, digilockerReference: null })).not.toMatch(/\d{12}/);
    const [request] = await t.services.db.select().from(ekycRequests).where(eq(ekycRequests.profileId, c.profileId));
    expect(request).toMatchObject({ status: "VERIFIED", codeVerifier: null, authCode: null });

    const after = await t.post({ profile_id: c.profileId }, { headers: c.headers, path: CUSTOMER_DETAILS });
    expect(after.body.Data.lead_customer_details).toMatchObject({ aadhar_no: "4321", aadhar_masked: "XXXX-XXXX-4321", customer_digital_ekyc_flag: 1 });
    expect(after.body.Data.lead_customer_details.customer_ekyc_request_initiated_on).toEqual(expect.any(String));

    // Reopening aadhaar-verify answers success again without a new exchange; starting over is refused.
    expect((await c.send({ event_name: "ekyc_verified" })).body).toMatchObject({ Status: 1, Data: { next_step: "account_aggregator_verify" } });
    expect((await c.send({ event_name: "ekyc_initiated", aadhaar_no: "4321", run_ekyc_flag: 1 })).body).toMatchObject({
      Status: 2,
      Message: MESSAGES.stepNotAvailable,
    });
  });

  it("refuses a last 4 that does not match DigiLocker's, stores nothing, and returns to the Adhar step", async () => {
    const c = await reachEkyc(t);
    await throughDigiLocker(t, c, { typed: "1111", consentLast4: "2222" });
    const reply = await c.send({ event_name: "ekyc_verified" });
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ Status: 2, Message: LAST4_MISMATCH });
    expect(await t.services.db.select().from(aadhaarKyc).where(eq(aadhaarKyc.profileId, c.profileId))).toEqual([]);
    expect(await nextStepOf(t, c.profileId)).toBe("ekyc_initiated");
    // Corrected, it passes.
    await throughDigiLocker(t, c, { typed: "2222" });
    expect((await c.send({ event_name: "ekyc_verified" })).body.Status).toBe(1);
  });

  it("PKCE: a code exchanged with a verifier that does not match the challenge is refused", async () => {
    const c = await reachEkyc(t);
    const { state } = await throughDigiLocker(t, c);
    await t.services.db.update(ekycRequests).set({ codeVerifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk" }).where(eq(ekycRequests.state, state));
    const reply = await c.send({ event_name: "ekyc_verified" });
    expect(reply.body).toMatchObject({ Status: 2, Message: CODE_REFUSED });
    expect(await nextStepOf(t, c.profileId)).toBe("ekyc_initiated");
    const [request] = await t.services.db.select().from(ekycRequests).where(eq(ekycRequests.state, state));
    expect(request).toMatchObject({ status: "FAILED", failure: "INVALID_GRANT" });
  });

  it("a code is used once: replaying the redirect cannot verify again", async () => {
    const c = await reachEkyc(t);
    const { redirect } = await throughDigiLocker(t, c);
    // Same code replayed into the sandbox token check: refused.
    await expect(
      t.services.sandboxPages!.digilocker.port.fetchKyc({
        code: redirect.searchParams.get("code")!,
        codeVerifier: "x".repeat(43),
        redirectUri: "http://localhost:3000/ekyc/digilocker/callback",
      }),
    ).rejects.toThrow(/code verifier|not valid/);
    expect((await c.send({ event_name: "ekyc_verified" })).body).toMatchObject({ Status: 2, Message: CODE_REFUSED });
  });

  it("Deny on the consent page leads to a clear message and back to the Adhar step", async () => {
    const c = await reachEkyc(t);
    const { redirect, callback } = await throughDigiLocker(t, c, { deny: true });
    expect(redirect.searchParams.get("error")).toBe("access_denied");
    expect(callback.location).toBe("/my-dashboard/aadhaar-verify");
    expect((await c.send({ event_name: "ekyc_verified" })).body).toMatchObject({ Status: 2, Message: DENIED });
    expect(await nextStepOf(t, c.profileId)).toBe("ekyc_initiated");
  });

  it("ekyc_verified before any DigiLocker visit says to verify first", async () => {
    const c = await reachEkyc(t);
    expect((await c.send({ event_name: "ekyc_verified" })).body).toMatchObject({ Status: 2, Message: "Please verify your Aadhaar with DigiLocker first." });
  });

  it("skip (run_ekyc_flag 2) only after an attempt, then moves to the account aggregator", async () => {
    const c = await reachEkyc(t);
    const early = await c.send({ event_name: "ekyc_initiated", run_ekyc_flag: 2 });
    expect(early.body).toMatchObject({ Status: 2, Message: "You can skip eKYC only after starting it once." });
    expect(await nextStepOf(t, c.profileId)).toBe("ekyc_initiated");
    await c.send({ event_name: "ekyc_initiated", aadhaar_no: "5555", run_ekyc_flag: 1 });
    const skip = await c.send({ event_name: "ekyc_initiated", run_ekyc_flag: 2 });
    expect(skip.body).toMatchObject({ Status: 1, Message: SKIPPED, Data: { next_step: "account_aggregator_verify" } });
  });

  it("checks the last 4: exactly four digits", async () => {
    const c = await reachEkyc(t);
    for (const bad of ["", "123", "12345", "12a4"]) {
      const reply = await c.send({ event_name: "ekyc_initiated", aadhaar_no: bad, run_ekyc_flag: 1 });
      expect(reply.body).toMatchObject({ Status: 2, errors: { aadhaar_no: MESSAGES.aadhaarLast4Invalid } });
    }
    expect(await t.services.db.select().from(ekycRequests).where(eq(ekycRequests.profileId, c.profileId))).toEqual([]);
  });

  it("refuses eKYC events out of order and another customer's profile_id (Status 4, nothing changed)", async () => {
    const early = await onboard(t);
    expect((await early.send({ event_name: "ekyc_initiated", aadhaar_no: "1234", run_ekyc_flag: 1 })).body).toMatchObject({
      Status: 2,
      Message: MESSAGES.stepNotAvailable,
    });
    expect((await early.send({ event_name: "ekyc_verified" })).body).toMatchObject({ Status: 2, Message: MESSAGES.stepNotAvailable });
    const a = await reachEkyc(t);
    const b = await reachEkyc(t);
    const foreign = await a.send({ event_name: "ekyc_initiated", aadhaar_no: "1234", run_ekyc_flag: 1, profile_id: b.profileId });
    expect(foreign.body.Status).toBe(4);
    expect(await t.services.db.select().from(ekycRequests).where(eq(ekycRequests.profileId, b.profileId))).toEqual([]);
  });

  it("the callback only touches the session's own request", async () => {
    const a = await reachEkyc(t);
    const b = await reachEkyc(t);
    const start = await a.send({ event_name: "ekyc_initiated", aadhaar_no: "1234", run_ekyc_flag: 1 });
    const state = new URL(start.body.Data.ekyc_url).searchParams.get("state")!;
    const back = await browse(t, "/sandbox/digilocker/consent", { form: { state, last4: "1234", decision: "allow" } });
    const stolen = await browse(t, back.location!, { token: b.token });
    expect(stolen.location).toBe("/my-dashboard/adhar");
    expect(await nextStepOf(t, a.profileId)).toBe("ekyc_initiated");
    expect(await nextStepOf(t, b.profileId)).toBe("ekyc_initiated");
    const [request] = await t.services.db.select().from(ekycRequests).where(eq(ekycRequests.state, state));
    expect(request.status).toBe("INITIATED");
  });
});

describe("dev route /dev/journey/ekyc (sandbox mode only)", () => {
  const jump = (headers: Record<string, string> = {}) =>
    t.app.request("/dev/journey/ekyc", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: "{}" });

  it("moves an eligible customer with a lead in progress to ekyc_initiated, and no one else", async () => {
    expect((await jump()).status).toBe(401);
    const notYet = await onboard(t);
    const refused = await jump(notYet.headers);
    expect(refused.status).toBe(400);
    expect((await refused.json()).Status).toBe(2);
    expect(await nextStepOf(t, notYet.profileId)).toBe("register_now");
    expect((await notYet.send({ event_name: "register_now" })).body.Status).toBe(1);
    const moved = await jump(notYet.headers);
    expect(await moved.json()).toMatchObject({ Status: 1, Data: { next_step: "ekyc_initiated" } });
    expect(await nextStepOf(t, notYet.profileId)).toBe("ekyc_initiated");
  });
});
