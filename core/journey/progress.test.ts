import { describe, expect, it } from "vitest";
import { applicationFilledPercent, maskPan, profileFilledPercent, stepInfo, stepPercentage } from "./progress.ts";

describe("journey progress", () => {
  it("counts registration cards done", () => {
    expect(profileFilledPercent("pancard_verification")).toBe(0);
    expect(profileFilledPercent("personal_details")).toBe(20);
    expect(profileFilledPercent("selfie_upload")).toBe(80);
    expect(profileFilledPercent("register_now")).toBe(100);
    expect(profileFilledPercent("banking_details")).toBe(100);
  });

  it("counts application cards done", () => {
    expect(applicationFilledPercent("register_now")).toBe(0);
    expect(applicationFilledPercent("employment_details")).toBe(20);
    expect(applicationFilledPercent("completed")).toBe(100);
  });

  it("maps the step index 0-14 to a journey percent", () => {
    expect(stepPercentage("pancard_verification")).toBe(0);
    expect(stepPercentage("register_now")).toBe(57);
    expect(stepPercentage("completed")).toBe(100);
    expect(stepInfo("income_details")).toEqual({ step_stage: "income", step_complete_percent: 21 });
    expect(stepInfo("nonsense")).toEqual({ step_stage: "login", step_complete_percent: 0 });
  });

  it("masks a PAN except its last 4 characters", () => {
    expect(maskPan("ABCPE1234F")).toBe("XXXXXX234F");
    expect(maskPan("234F")).toBe("XXXXXX234F");
    expect(maskPan(null)).toBe("");
  });
});
