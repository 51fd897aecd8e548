import { describe, expect, it } from "vitest";
import type * as z from "zod";
import {
  loginEventSchema,
  loginMobileError,
  loginOtpError,
  mobileFormSchema,
  otpFormSchema,
  otpVerifyEventSchema,
  resendOtpEventSchema,
  termsError,
} from "./auth.ts";
import { fieldErrors } from "./field-errors.ts";

const errs = (s: z.ZodType, v: unknown) => {
  const r = s.safeParse(v);
  return r.success ? {} : fieldErrors(r.error);
};
const ID = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("Apply Now forms", () => {
  it("needs a valid mobile and a ticked terms box", () => {
    expect(errs(mobileFormSchema, { mobile: "12345", terms: false })).toEqual({
      mobile: "The Mobile field must be at least 10 characters in length.",
      terms: "Please check the checkbox to accept our terms and conditions",
    });
    expect(mobileFormSchema.parse({ mobile: "9876543210", terms: true })).toEqual({ mobile: "9876543210", terms: true });
  });

  it("needs a 4-digit code", () => {
    expect(errs(otpFormSchema, { otp: "12" })).toEqual({ otp: "Please enter 4-digit OTP" });
    expect(otpFormSchema.parse({ otp: "0042" })).toEqual({ otp: "0042" });
  });

  it("offers per-field helpers for the screen", () => {
    expect(loginMobileError("98765")).toBe("The Mobile field must be at least 10 characters in length.");
    expect(loginMobileError("9876543210")).toBeNull();
    expect(loginOtpError("123")).toBe("Please enter 4-digit OTP");
    expect(loginOtpError("1234")).toBeNull();
    expect(termsError(false)).toBe("Please check the checkbox to accept our terms and conditions");
    expect(termsError(true)).toBeNull();
  });
});

describe("login, resend_otp and otp_verify events", () => {
  it("parses login with tracking parameters, leaving blank ones out", () => {
    const data = loginEventSchema.parse({
      event_name: "login",
      mobile: " 9876543210 ",
      utm_source: "google",
      utm_medium: "",
      click_id: "abc",
      extra: "dropped",
    });
    expect(data).toMatchObject({ event_name: "login", mobile: "9876543210", utm_source: "google", click_id: "abc" });
    expect(data.utm_medium).toBeUndefined();
    expect("extra" in data).toBe(false);
  });

  it("refuses over-long tracking values", () => {
    expect(errs(loginEventSchema, { event_name: "login", mobile: "9876543210", utm_campaign: "x".repeat(201) })).toEqual({
      utm_campaign: "Tracking Parameter must be at most 200 characters.",
    });
  });

  it("needs the profile id to resend and to verify", () => {
    expect(errs(resendOtpEventSchema, { event_name: "resend_otp" })).toEqual({ profile_id: "Profile ID is required!" });
    expect(resendOtpEventSchema.parse({ event_name: "resend_otp", profile_id: ID }).profile_id).toBe(ID);
    expect(errs(otpVerifyEventSchema, { event_name: "otp_verify", profile_id: "7", otp: "12345" })).toEqual({
      profile_id: "Profile ID is invalid!",
      otp: "Please enter 4-digit OTP",
    });
    expect(otpVerifyEventSchema.parse({ event_name: "otp_verify", profile_id: ID, otp: "1234" })).toEqual({
      event_name: "otp_verify",
      profile_id: ID,
      otp: "1234",
    });
  });
});
