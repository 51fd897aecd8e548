import { describe, expect, it } from "vitest";
import { DOCUMENT_STEPS } from "../journey/steps.ts";
import { JOURNEY_EVENT_NAMES, isJourneyEventName, parseJourneyEvent } from "./journey-events.ts";
import { en } from "../i18n/en.ts";
import type { CodedMessage } from "../i18n/translate.ts";

/** A refusal we wrote: English text, or a code (decision 60) that names a key of the catalogue. */
const said = (m: string | CodedMessage) => (typeof m === "string" ? m.length > 0 : m.key in en);

describe("journey event contract (spec 7)", () => {
  it("has a schema for each event of spec 7, the document steps, logout and esign", () => {
    expect([...JOURNEY_EVENT_NAMES].sort()).toEqual(
      [
        "login",
        "resend_otp",
        "otp_verify",
        "logout",
        "pancard_verification",
        "personal_details",
        "residence_details",
        "income_details",
        "selfie_upload",
        "register_now",
        "generate_loan_quote",
        "loan_quotation_decision",
        "employment_details",
        "banking_details",
        "ekyc_initiated",
        "ekyc_verified",
        "account_aggregator_verify",
        "autopay_setup",
        "esign",
        ...DOCUMENT_STEPS,
      ].sort(),
    );
    expect(isJourneyEventName("login")).toBe(true);
    expect(isJourneyEventName("constructor")).toBe(false);
    expect(isJourneyEventName("__proto__")).toBe(false);
  });

  it("parses a payload by its event_name", () => {
    const r = parseJourneyEvent({
      event_name: "residence_details",
      residence_type_id: "1",
      residence_address_1: "A",
      residence_address_2: "B",
      residence_pincode: "400001",
    });
    expect(r.ok).toBe(true);
    if (r.ok && r.event === "residence_details") expect(r.data.residence_pincode).toBe("400001");
  });

  it("answers field errors with the first message as the Message", () => {
    const r = parseJourneyEvent({ event_name: "pancard_verification", pancard: "bad", monthly_income: "50000" });
    expect(r).toEqual({
      ok: false,
      event: "pancard_verification",
      // Decision 60: the rule's refusal travels as its code; the edge words it ("Please enter a valid PAN number").
      message: { key: "validation.panInvalid" },
      errors: { pancard: { key: "validation.panInvalid" } },
    });
  });

  it("refuses unknown events and non-objects without throwing, with the server's messages", () => {
    for (const input of [null, "login", 42, {}, { event_name: "" }]) {
      const r = parseJourneyEvent(input);
      expect(r).toMatchObject({ ok: false, event: null, errors: { event_name: "event_name is required." } });
    }
    for (const input of [{ event_name: "drop_tables" }, { event_name: "__proto__" }, { event_name: "toString" }]) {
      const r = parseJourneyEvent(input);
      expect(r).toMatchObject({ ok: false, event: null, message: "Unknown event_name.", errors: { event_name: "Unknown event_name." } });
    }
  });

  it("uses the injected today for date rules", () => {
    const payload = { event_name: "income_details", income_type_id: 1, monthly_income: 50_000, salary_date: "2025-06-20", salary_mode_id: 1 };
    expect(parseJourneyEvent(payload, { today: () => "2025-06-19" }).ok).toBe(false);
    expect(parseJourneyEvent(payload, { today: () => "2025-06-20" }).ok).toBe(true);
  });

  it("takes both banking shapes: the full form and a REPEAT customer's saved account", () => {
    const saved = parseJourneyEvent({ event_name: "banking_details", use_saved_account: 1, verification_consent: 1 });
    expect(saved.ok && saved.event === "banking_details" && saved.data.mode).toBe("saved");
    const form = parseJourneyEvent({
      event_name: "banking_details",
      account_number: "123456789012",
      confirm_account_number: "123456789013",
      account_ifsc: "HDFC0000001",
      account_branch: "Fort",
      account_name: "Asha Rao",
      verification_consent: 1,
    });
    expect(form).toMatchObject({ ok: false, errors: { confirm_account_number: expect.any(String) } });
  });
});

describe("bad input never throws (decision 12: no 500 for bad input)", () => {
  const junk: unknown[] = [null, undefined, 0, -1, 1e308, Number.NaN, true, "", " ", "x".repeat(10_000), [], [1], {}, { a: 1 }, "1e5", "١٢٣٤"];
  const fields = [
    "profile_id",
    "mobile",
    "otp",
    "pancard",
    "monthly_income",
    "gender",
    "personal_email",
    "dob",
    "marital_status_id",
    "spouse_name",
    "spouse_number",
    "residence_type_id",
    "residence_address_1",
    "residence_address_2",
    "residence_landmark",
    "residence_pincode",
    "income_type_id",
    "salary_mode_id",
    "salary_date",
    "file",
    "file_ext",
    "tenure",
    "purpose_id",
    "amount",
    "accepted_id",
    "pincode",
    "address_1",
    "address_2",
    "company_type_id",
    "company_name",
    "department",
    "landmark",
    "work_mode",
    "designation",
    "emp_since",
    "office_email",
    "account_branch",
    "account_ifsc",
    "account_number",
    "confirm_account_number",
    "account_name",
    "account_type_id",
    "verification_consent",
    "aadhaar_no",
    "run_ekyc_flag",
    "utm_source",
    "use_saved_account",
    "doc_type",
    "file_password",
    "action",
    "consent_handle",
    "consent",
    "kfs_acknowledged",
    "proposal_number",
    "figures",
  ];

  it("answers every event with a result for junk in every field", () => {
    for (const event_name of JOURNEY_EVENT_NAMES) {
      for (const value of junk) {
        const payload = Object.fromEntries(fields.map((f) => [f, value]));
        const r = parseJourneyEvent({ ...payload, event_name });
        expect(typeof r.ok).toBe("boolean");
        if (!r.ok) expect(Object.values(r.errors).every(said)).toBe(true);
      }
    }
  });

  it("gives only our own messages for junk, never zod’s English defaults", () => {
    for (const event_name of JOURNEY_EVENT_NAMES) {
      const r = parseJourneyEvent({ event_name, ...Object.fromEntries(fields.map((f) => [f, { nested: true }])) });
      if (!r.ok) for (const m of Object.values(r.errors)) expect(typeof m === "string" ? m : en[m.key as keyof typeof en]).not.toMatch(/^Invalid input/);
    }
  });
});
