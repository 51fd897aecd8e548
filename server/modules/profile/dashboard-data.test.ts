import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "../../db/schema/index.ts";
import { sandboxPanName } from "../../providers/pan-verification/sandbox.ts";
import { createOnboardingApp, onboard, type TestApp } from "../../test-support/onboarding.ts";
import { selectLeads } from "../loans/loan-account.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createOnboardingApp();
});
afterAll(() => t.close());

const BASE = "/Api/Website/RepeatInstantJourneyController";
const MASTER = "/Api/MasterController/masterAPI";

describe("getDashboardData", () => {
  it("answers every field of spec section 3 for a new customer", async () => {
    const c = await onboard(t, { steps: 0 });
    const reply = await t.post({ profile_id: c.profileId }, { path: `${BASE}/getDashboardData`, headers: c.headers });
    expect(reply.body).toMatchObject({
      Status: 1,
      Data: {
        profile_filled_percent: 0,
        application_filled_percent: 0,
        is_editable: 1,
        registration_successful: 0,
        show_eligibility_btn: 0,
        eligibility_status: 0,
        profile_pic: "",
        profile_details: { first_name: "", utm_source: "", utm_term: "", user_type: "NEW", pancard: "" },
        next_event_name: "pancard_verification",
        active_loan_details: null,
        excutive_details: null,
        lead_details: null,
        customer_employment_details: null,
        customer_banking_details: null,
        Steps: { steps: { step_stage: "pan", step_complete_percent: 0 }, data: { user_type: "NEW" } },
      },
    });
  });

  it("shows the completed profile with the PAN masked, the picture link and the eligibility button", async () => {
    const c = await onboard(t);
    const reply = await t.post({}, { path: `${BASE}/getDashboardData`, headers: c.headers });
    const data = reply.body.Data;
    expect(data).toMatchObject({
      profile_filled_percent: 100,
      registration_successful: 1,
      show_eligibility_btn: 1,
      is_editable: 1,
      next_event_name: "register_now",
      Steps: { steps: { step_stage: "eligibility", step_complete_percent: 57 } },
    });
    expect(data.profile_pic).toMatch(/getProfilePicture\?v=/);
    expect(data.profile_details).toMatchObject({
      full_name: sandboxPanName(c.pan),
      first_name: sandboxPanName(c.pan).split(" ")[0],
      pancard: `XXXXXX${c.pan.slice(-4)}`,
      pancard_verified_status: 1,
      personal_email: "asha@example.com",
      residence_pincode: "201301",
      residence_city: "Noida",
      residence_state: "Uttar Pradesh",
      monthly_income: 50000,
      salary_mode: 1,
    });
    expect(JSON.stringify(data)).not.toContain(c.pan);
  });

  it("after eligibility: locked for edits, lead status shown", async () => {
    const c = await onboard(t);
    const eligible = await c.send({ event_name: "register_now" });
    const reply = await t.post({ lead_id: eligible.body.Data.lead_id }, { path: `${BASE}/getDashboardData`, headers: c.headers });
    expect(reply.body.Data).toMatchObject({
      is_editable: 0,
      eligibility_status: 1,
      show_eligibility_btn: 0,
      next_event_name: "generate_loan_quote",
      lead_details: { lead_id: eligible.body.Data.lead_id, status: "IN_PROCESS" },
    });
  });

  it("refuses another customer's profile_id or lead_id with Status 4", async () => {
    const owner = await onboard(t);
    const lead = (await owner.send({ event_name: "register_now" })).body.Data.lead_id;
    const other = await onboard(t, { steps: 0 });
    for (const body of [{ profile_id: owner.profileId }, { lead_id: lead }]) {
      const reply = await t.post(body, { path: `${BASE}/getDashboardData`, headers: other.headers });
      expect(reply.status).toBe(401);
      expect(reply.body.Status).toBe(4);
      expect(reply.body.Data).toBeUndefined();
    }
    expect((await t.post({}, { path: `${BASE}/getDashboardData` })).body.Status).toBe(4);
    expect(await selectLeads(t.services.db).where(eq(leads.profileId, other.profileId))).toEqual([]);
  });
});

describe("customer details fetch", () => {
  it("answers lead_customer_details for the session's own customer only", async () => {
    const c = await onboard(t, { steps: 2 });
    const reply = await t.post({ profile_id: c.profileId }, { path: `${BASE}/getCustomerDetails`, headers: c.headers });
    expect(reply.body).toMatchObject({
      Status: 1,
      Data: {
        lead_customer_details: { aadhar_no: "", customer_ekyc_request_initiated_on: null, customer_digital_ekyc_flag: 0, full_name: sandboxPanName(c.pan) },
      },
    });
    const other = await onboard(t, { steps: 0 });
    expect((await t.post({ profile_id: c.profileId }, { path: `${BASE}/getCustomerDetails`, headers: other.headers })).body.Status).toBe(4);
  });
});

describe("master data", () => {
  it("lists states, cities of a state and PIN codes of a city", async () => {
    const states = await t.post({ type: "state" }, { path: MASTER });
    expect(states.body.Data).toContainEqual({ state_id: 1, state_name: "Delhi" });
    const cities = await t.post({ type: "city", state_id: 9 }, { path: MASTER });
    expect(cities.body.Data.map((c: { city_name: string }) => c.city_name)).toEqual(["Coimbatore", "Kanchipuram", "Chennai", "Vellore", "Tiruvallur"]);
    const pins = await t.post({ type: "pincode", city_id: 19 }, { path: MASTER });
    expect(pins.body.Data).toEqual([{ pincode: "496001", city_id: 19 }]);
  });

  it("covers every city of the spec's list", async () => {
    const all = await t.post({ type: "city" }, { path: MASTER });
    const names = all.body.Data.map((c: { city_name: string }) => c.city_name);
    const spec =
      "Delhi, Gurgaon, Noida, Faridabad, Bangalore, Pune, Thane, Mysore, Ahmedabad, Hyderabad, Mumbai, Greater Noida, Ghaziabad, Bhopal, Coimbatore, Kanchipuram, Vadodara, Chennai, Raigarh, Ranga Reddy, Jaipur, Indore, Vellore, Guntur, Tiruvallur, Nellore";
    expect(names.sort()).toEqual(spec.split(", ").sort());
    for (const city of all.body.Data) {
      expect((await t.post({ type: "pincode", city_id: city.city_id }, { path: MASTER })).body.Data.length).toBeGreaterThan(0);
    }
  });

  it("looks a PIN code up to its city and state, and says when it is not served", async () => {
    expect((await t.post({ type: "pincode", pincode: "400050" }, { path: MASTER })).body).toMatchObject({
      Status: 1,
      Data: { pincode: "400050", city_name: "Mumbai", state_name: "Maharashtra" },
    });
    expect((await t.post({ type: "pincode", pincode: "799001" }, { path: MASTER })).body).toMatchObject({
      Status: 2,
      Message: "We do not serve this PIN code yet.",
    });
    expect((await t.post({ type: "pincode", pincode: "0123" }, { path: MASTER })).body).toMatchObject({ Status: 2, Message: "Pin code invalid!" });
    expect((await t.post({ type: "planet" }, { path: MASTER })).body.Status).toBe(2);
  });
});
