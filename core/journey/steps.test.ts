import { describe, expect, it } from "vitest";
import { JOURNEY_ORDER, NEXT_STEP_TABLE, acceptsEvent, isProfileStep, isStepCompleted, journeyPosition, screenFor, stageOf, stepIndex } from "./steps.ts";

describe("next_step table (spec section 4)", () => {
  it.each([
    ["pancard_verification", "/my-dashboard/pan-details", 0],
    ["personal_details", "/my-dashboard/captur-personal-information", 1],
    ["residence_details", "/my-dashboard/captur-address", 2],
    ["income_details", "/my-dashboard/captur-income-details", 3],
    ["selfie_upload", "/my-dashboard/upload-picture", 4],
    ["register_now", "/my-dashboard/profile-preview", 8],
    ["generate_loan_quote", "/my-dashboard/calculate-loan", 9],
    ["loan_quotation_decision", "/my-dashboard/calculate-loan", 9],
    ["employment_details", "/my-dashboard/about-your-company", 10],
    ["ekyc_initiated", "/my-dashboard/adhar", 11],
    ["ekyc_verified", "/my-dashboard/aadhaar-verify", 11],
    ["account_aggregator_verify", "/my-dashboard/account-aggregator-verify", 11],
    ["bank_statement_upload", "/my-dashboard/adhar-upload", 12],
    ["pay_slip_upload", "/my-dashboard/adhar-upload", 12],
    ["pan_upload", "/my-dashboard/adhar-upload", 12],
    ["aadhaar_upload", "/my-dashboard/adhar-upload", 12],
    ["residence_proof_upload", "/my-dashboard/adhar-upload", 12],
    ["banking_details", "/my-dashboard/bank-detail", 13],
    ["completed", "/my-dashboard/congratulations", 14],
  ])("%s → %s, index %i", (step, path, index) => {
    expect(screenFor(step)).toBe(path);
    expect(stepIndex(step)).toBe(index);
  });

  it("sends login and anything unknown to /apply-now with index 0", () => {
    for (const step of ["login", "nonsense", "", null, undefined, "toString", "__proto__"]) {
      expect(screenFor(step)).toBe("/apply-now");
      expect(stepIndex(step)).toBe(0);
    }
  });

  it("keeps indices inside 0-14", () => {
    for (const { index } of Object.values(NEXT_STEP_TABLE)) {
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThanOrEqual(14);
    }
  });
});

describe("journey order (decision 8)", () => {
  it("runs PAN → personal → residence → income → selfie → eligibility → quote → employment → eKYC → documents → banking → AutoPay → eSign → completed", () => {
    const stages = [...new Set(JOURNEY_ORDER.map((s) => stageOf(s)))];
    expect(stages).toEqual([
      "pan",
      "personal",
      "residence",
      "income",
      "selfie",
      "eligibility",
      "quote",
      "employment",
      "ekyc",
      "documents",
      "banking",
      "autopay",
      "esign",
      "completed",
    ]);
    expect(JOURNEY_ORDER[0]).toBe("pancard_verification");
    expect(JOURNEY_ORDER.at(-1)).toBe("completed");
    expect(journeyPosition("generate_loan_quote")).toBeLessThan(journeyPosition("loan_quotation_decision"));
    expect(journeyPosition("ekyc_verified")).toBeLessThan(journeyPosition("account_aggregator_verify"));
  });

  it("lists every next_step of the table exactly once", () => {
    expect([...JOURNEY_ORDER].sort()).toEqual(Object.keys(NEXT_STEP_TABLE).sort());
  });

  it("never lowers the step index along the journey", () => {
    const indices = JOURNEY_ORDER.map((s) => stepIndex(s));
    expect(indices).toEqual([...indices].sort((a, b) => a - b));
  });

  it("knows the five profile steps", () => {
    expect(isProfileStep("pancard_verification")).toBe(true);
    expect(isProfileStep("selfie_upload")).toBe(true);
    expect(isProfileStep("register_now")).toBe(false);
    expect(isProfileStep("login")).toBe(false);
  });

  it("treats earlier steps as completed", () => {
    expect(isStepCompleted("personal_details", "income_details")).toBe(true);
    expect(isStepCompleted("income_details", "income_details")).toBe(false);
    expect(isStepCompleted("banking_details", "income_details")).toBe(false);
    expect(isStepCompleted("bogus", "income_details")).toBe(false);
  });
});

describe("acceptsEvent (decision 9)", () => {
  it("accepts the current step", () => {
    expect(acceptsEvent({ event: "income_details", current: "income_details", isEditable: 0 })).toBe(true);
  });

  it("refuses a future step", () => {
    expect(acceptsEvent({ event: "banking_details", current: "income_details", isEditable: 1 })).toBe(false);
    expect(acceptsEvent({ event: "register_now", current: "pancard_verification", isEditable: 1 })).toBe(false);
  });

  it("accepts an edit of a completed profile step only while editable", () => {
    expect(acceptsEvent({ event: "personal_details", current: "register_now", isEditable: 1 })).toBe(true);
    expect(acceptsEvent({ event: "personal_details", current: "register_now", isEditable: 0 })).toBe(false);
    expect(acceptsEvent({ event: "personal_details", current: "register_now", isEditable: true })).toBe(true);
  });

  it("never reopens a completed non-profile step", () => {
    expect(acceptsEvent({ event: "employment_details", current: "banking_details", isEditable: 1 })).toBe(false);
    expect(acceptsEvent({ event: "register_now", current: "employment_details", isEditable: 1 })).toBe(false);
  });

  it("accepts any step of the current stage (quote reload, eKYC retry)", () => {
    expect(acceptsEvent({ event: "generate_loan_quote", current: "loan_quotation_decision", isEditable: 0 })).toBe(true);
    expect(acceptsEvent({ event: "ekyc_initiated", current: "ekyc_verified", isEditable: 0 })).toBe(true);
    expect(acceptsEvent({ event: "pay_slip_upload", current: "pan_upload", isEditable: 0 })).toBe(true);
  });

  it("refuses unknown events and unknown current steps", () => {
    expect(acceptsEvent({ event: "hack", current: "income_details", isEditable: 1 })).toBe(false);
    expect(acceptsEvent({ event: "income_details", current: "login", isEditable: 1 })).toBe(false);
  });
});
