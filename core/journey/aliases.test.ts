import { describe, expect, it } from "vitest";
import { kycPathFor, myAccountPath } from "./aliases.ts";

describe("dashboard aliases", () => {
  it("user-profile is My Account", () => {
    expect(myAccountPath(1)).toBe("/my-dashboard/lead-preview");
    expect(myAccountPath(0)).toBe("/my-dashboard/profile-preview");
    expect(myAccountPath(undefined)).toBe("/my-dashboard/profile-preview");
  });
  it("kyc is the current eKYC or document step, else the dashboard", () => {
    expect(kycPathFor("ekyc_initiated")).toBe("/my-dashboard/adhar");
    expect(kycPathFor("ekyc_verified")).toBe("/my-dashboard/aadhaar-verify");
    expect(kycPathFor("account_aggregator_verify")).toBe("/my-dashboard/account-aggregator-verify");
    expect(kycPathFor("pan_upload")).toBe("/my-dashboard/adhar-upload");
    expect(kycPathFor("banking_details")).toBe("/my-dashboard");
    expect(kycPathFor("pancard_verification")).toBe("/my-dashboard");
    expect(kycPathFor("nonsense")).toBe("/my-dashboard");
  });
});
