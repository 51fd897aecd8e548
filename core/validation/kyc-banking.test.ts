import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { fieldErrors } from "./field-errors.ts";
import { aadhaarFormSchema, bankingDetailsEventSchema, bankingFormSchema, ekycInitiatedEventSchema, ekycVerifiedEventSchema } from "./kyc-banking.ts";

const errs = (s: z.ZodType, v: unknown) => {
  const r = s.safeParse(v);
  return r.success ? {} : fieldErrors(r.error);
};

describe("eKYC", () => {
  it("needs the last 4 Aadhaar digits to run eKYC", () => {
    expect(errs(ekycInitiatedEventSchema, { event_name: "ekyc_initiated", run_ekyc_flag: "1", aadhaar_no: "12" })).toEqual({
      aadhaar_no: "Please enter the last 4 digits of your Aadhaar.",
    });
    expect(ekycInitiatedEventSchema.parse({ event_name: "ekyc_initiated", run_ekyc_flag: 1, aadhaar_no: "1234" })).toMatchObject({
      run_ekyc_flag: 1,
      aadhaar_no: "1234",
    });
  });

  it("never accepts a full Aadhaar number", () => {
    expect(errs(ekycInitiatedEventSchema, { event_name: "ekyc_initiated", run_ekyc_flag: 1, aadhaar_no: "123456789012" })).toEqual({
      aadhaar_no: "Please enter the last 4 digits of your Aadhaar.",
    });
    expect(errs(aadhaarFormSchema, { aadhaar_no: "12345" })).toEqual({ aadhaar_no: "Please enter the last 4 digits of your Aadhaar." });
  });

  it("lets a skip (flag 2) go without a number, and drops any number sent", () => {
    expect(ekycInitiatedEventSchema.parse({ event_name: "ekyc_initiated", run_ekyc_flag: "2" })).toMatchObject({ run_ekyc_flag: 2, aadhaar_no: null });
    expect(ekycInitiatedEventSchema.parse({ event_name: "ekyc_initiated", run_ekyc_flag: 2, aadhaar_no: "123456789012" }).aadhaar_no).toBeNull();
    expect(errs(ekycInitiatedEventSchema, { event_name: "ekyc_initiated", run_ekyc_flag: 3 })).toEqual({ run_ekyc_flag: "eKYC Choice is invalid!" });
  });

  it("verifies with the event name alone", () => {
    expect(ekycVerifiedEventSchema.safeParse({ event_name: "ekyc_verified" }).success).toBe(true);
  });
});

describe("banking details", () => {
  const good = {
    account_number: "123456789012",
    confirm_account_number: "123456789012",
    account_ifsc: "hdfc0001234",
    account_branch: "Koramangala",
    account_name: "Asha Rao",
    verification_consent: "1",
  };

  it("accepts a complete form, upper-cases the IFSC and defaults the account type to 1", () => {
    expect(bankingDetailsEventSchema.parse({ event_name: "banking_details", ...good })).toMatchObject({
      account_ifsc: "HDFC0001234",
      account_type_id: 1,
      verification_consent: 1,
    });
  });

  it("requires every field but the branch", () => {
    expect(errs(bankingFormSchema, {})).toEqual({
      account_number: "Account Number is required!",
      confirm_account_number: "Confirm Account Number is required!",
      account_ifsc: "IFSC Code is required!",
      account_name: "Account Holder Name is required!",
      verification_consent: "Verification Consent is required!",
    });
  });

  it("takes an account without its branch: the IFSC names the branch (issue 30)", () => {
    expect(bankingDetailsEventSchema.parse({ event_name: "banking_details", ...good, account_branch: "" })).toMatchObject({ account_branch: null });
    const { account_branch: _omitted, ...withoutBranch } = good;
    expect(bankingDetailsEventSchema.parse({ event_name: "banking_details", ...withoutBranch })).toMatchObject({ account_branch: null });
    expect(errs(bankingFormSchema, { ...good, account_branch: "x".repeat(101) })).toHaveProperty("account_branch");
  });

  it("needs the confirmation to equal the account number, alongside other errors", () => {
    expect(errs(bankingFormSchema, { ...good, confirm_account_number: "123456789013", account_ifsc: "BAD" })).toEqual({
      confirm_account_number: "Account numbers do not match",
      account_ifsc: "Please enter a valid IFSC code.",
    });
    expect(errs(bankingFormSchema, { ...good, confirm_account_number: "1".repeat(30) })).toEqual({
      confirm_account_number: "Account numbers do not match",
    });
  });

  it("still needs the account when the customer skips verification (consent 2)", () => {
    expect(errs(bankingDetailsEventSchema, { event_name: "banking_details", verification_consent: 2 })).toMatchObject({
      account_number: "Account Number is required!",
    });
    expect(bankingDetailsEventSchema.parse({ event_name: "banking_details", ...good, verification_consent: 2 }).verification_consent).toBe(2);
  });

  it("refuses another account type", () => {
    expect(errs(bankingFormSchema, { ...good, account_type_id: 2 })).toEqual({ account_type_id: "Account Type is invalid!" });
  });
});
