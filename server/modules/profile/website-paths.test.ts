// Issue 14's paths of spec 7: getUser, getJourneyRedirectionData and saveleadDetails (the legacy
// apps' path for the lead-detail journey events). Session, ownership and bad input on each.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, LEAD_DETAIL_EVENT_INVALID } from "../../../core/contract/index.ts";
import { sandboxPanName } from "../../providers/pan-verification/sandbox.ts";
import { createOnboardingApp, onboard, type TestApp } from "../../test-support/onboarding.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createOnboardingApp();
});
afterAll(() => t.close());

const GET_USER = apiPath("getUser");
const REDIRECT = apiPath("getJourneyRedirectionData");
const SAVE_LEAD = apiPath("saveleadDetails");
const FOREIGN_ID = "00000000-0000-4000-8000-000000000000";

describe("the paths' addresses", () => {
  it("are the spec's: getUser under /Api/Website, the others under the journey controller", () => {
    expect(GET_USER).toBe("/Api/Website/getUser");
    expect(REDIRECT).toBe("/Api/Website/RepeatInstantJourneyController/getJourneyRedirectionData");
    expect(SAVE_LEAD).toBe("/Api/Website/RepeatInstantJourneyController/saveleadDetails");
  });
});

describe("getUser", () => {
  it("answers the signed-in customer's summary with the PAN masked", async () => {
    const c = await onboard(t);
    const reply = await t.post({ profile_id: c.profileId }, { path: GET_USER, headers: c.headers });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      Status: 1,
      Message: "User details fetched successfully.",
      Data: {
        profile_id: c.profileId,
        full_name: sandboxPanName(c.pan),
        mobile: c.mobile,
        personal_email: "asha@example.com",
        pancard: `XXXXXX${c.pan.slice(-4)}`,
        pancard_verified_status: 1,
        user_type: "NEW",
        next_step: "register_now",
        eligibility_status: 0,
        is_editable: 1,
      },
    });
    expect(reply.body.Data.profile_pic).toMatch(/getProfilePicture\?v=/);
    expect(JSON.stringify(reply.body)).not.toContain(c.pan);
  });

  it("refuses without a session (Status 4) and for another customer's profile_id (Status 4)", async () => {
    const anonymous = await t.post({}, { path: GET_USER });
    expect(anonymous.body.Status).toBe(4);
    const c = await onboard(t, { steps: 0 });
    const foreign = await t.post({ profile_id: FOREIGN_ID }, { path: GET_USER, headers: c.headers });
    expect(foreign.body.Status).toBe(4);
    expect(foreign.body.Data).toBeUndefined();
  });

  it("answers bad input with a clear message, never a 500", async () => {
    const c = await onboard(t, { steps: 0 });
    const notJson = await t.post(null, { path: GET_USER, headers: c.headers, raw: "{not json" });
    expect(notJson.status).toBe(400);
    expect(notJson.body.Status).toBe(2);
    expect(notJson.body.Message).toMatch(/\S/);
    const badId = await t.post({ profile_id: [c.profileId] }, { path: GET_USER, headers: c.headers });
    expect(badId.status).toBeLessThan(500);
    expect([2, 4]).toContain(badId.body.Status);
  });
});

describe("getJourneyRedirectionData", () => {
  it("answers next_step and the dashboard route of its screen, and follows the journey", async () => {
    const c = await onboard(t, { steps: 0 });
    const start = await t.post({}, { path: REDIRECT, headers: c.headers });
    expect(start.body).toMatchObject({
      Status: 1,
      Message: "Journey redirection data fetched successfully.",
      Data: {
        next_step: "pancard_verification",
        step_percentage: 0,
        route: "/my-dashboard/pan-details",
        user_type: "NEW",
        lead_id: null,
        eligibility_status: 0,
      },
    });

    const done = await onboard(t);
    const eligible = await done.send({ event_name: "register_now" });
    expect(eligible.body.Status).toBe(1);
    const after = await t.post({ profile_id: done.profileId }, { path: REDIRECT, headers: done.headers });
    expect(after.body.Data).toMatchObject({ next_step: "generate_loan_quote", eligibility_status: 1, lead_id: eligible.body.Data.lead_id });
    expect(after.body.Data.route).toMatch(/^\/my-dashboard\//);
  });

  it("refuses without a session and for another customer's profile_id (Status 4)", async () => {
    expect((await t.post({}, { path: REDIRECT })).body.Status).toBe(4);
    const c = await onboard(t, { steps: 0 });
    expect((await t.post({ profile_id: FOREIGN_ID }, { path: REDIRECT, headers: c.headers })).body.Status).toBe(4);
  });

  it("answers a body that is not a JSON object with a clear message", async () => {
    const c = await onboard(t, { steps: 0 });
    const reply = await t.post(null, { path: REDIRECT, headers: c.headers, raw: "[1,2]" });
    expect(reply.status).toBe(400);
    expect(reply.body.Status).toBe(2);
    expect(reply.body.Message).toMatch(/\S/);
  });
});

describe("saveleadDetails", () => {
  it("runs a lead-detail event exactly like the journey endpoint (generate loan, then calculate loan)", async () => {
    const c = await onboard(t);
    expect((await c.send({ event_name: "register_now" })).body.Status).toBe(1);
    const quote = await t.post({ event_name: "generate_loan_quote", profile_id: c.profileId }, { path: SAVE_LEAD, headers: c.headers });
    expect(quote.body).toMatchObject({ Status: 1, Data: { next_step: "loan_quotation_decision", lead_id: expect.any(String) } });
    const q = quote.body.Data;

    // The journey endpoint answers the same quote.
    const same = await c.send({ event_name: "generate_loan_quote" });
    expect(same.body.Data).toEqual(q);

    const accept = await t.post(
      { event_name: "loan_quotation_decision", amount: q.max_loan_amount, tenure: q.tenure, purpose_id: q.purpose_id, accepted_id: 1, kfs_acknowledged: 1 },
      { path: SAVE_LEAD, headers: c.headers },
    );
    expect(accept.body).toMatchObject({ Status: 1, Data: { lead_id: q.lead_id, loan_amount: q.max_loan_amount } });
    expect(accept.body.Data.next_step).not.toBe("loan_quotation_decision");
  });

  it("refuses an event that is not a lead-detail save, and a missing event_name, with 422 and no change", async () => {
    const c = await onboard(t, { steps: 0 });
    const login = await t.post({ event_name: "pancard_verification", pancard: c.pan, monthly_income: 50000 }, { path: SAVE_LEAD, headers: c.headers });
    expect(login.status).toBe(422);
    expect(login.body).toMatchObject({ Status: 2, Message: LEAD_DETAIL_EVENT_INVALID, errors: { event_name: LEAD_DETAIL_EVENT_INVALID } });
    const missing = await t.post({ profile_id: c.profileId }, { path: SAVE_LEAD, headers: c.headers });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ Status: 2, Message: "event_name is required." });
    const where = await t.post({}, { path: REDIRECT, headers: c.headers });
    expect(where.body.Data.next_step).toBe("pancard_verification");
  });

  it("answers an event's bad input with the event's own message, never a 500", async () => {
    const c = await onboard(t);
    expect((await c.send({ event_name: "register_now" })).body.Status).toBe(1);
    expect((await c.send({ event_name: "generate_loan_quote" })).body.Status).toBe(1);
    const reply = await t.post({ event_name: "loan_quotation_decision", accepted_id: 7 }, { path: SAVE_LEAD, headers: c.headers });
    expect(reply.status).toBe(422);
    expect(reply.body.Status).toBe(2);
    expect(reply.body.errors).toBeDefined();
    expect(reply.body.Message).toBe(Object.values(reply.body.errors!)[0]);
  });

  it("refuses without a session and for another customer's profile_id (Status 4)", async () => {
    const anonymous = await t.post({ event_name: "generate_loan_quote" }, { path: SAVE_LEAD });
    expect(anonymous.body.Status).toBe(4);
    const c = await onboard(t, { steps: 0 });
    const foreign = await t.post({ event_name: "generate_loan_quote", profile_id: FOREIGN_ID }, { path: SAVE_LEAD, headers: c.headers });
    expect(foreign.body.Status).toBe(4);
  });
});
