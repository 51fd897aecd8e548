import { describe, expect, it } from "vitest";
import { messageText } from "../i18n/translate.ts";
import type * as z from "zod";
import { fieldErrors } from "./field-errors.ts";
import { payAmountCheck, payAmountProblem, payNowPaymentFormSchema, payNowSendOtpSchema, payNowVerifyOtpSchema, resolvePayAmount } from "./pay-now.ts";
import { messageFor } from "./primitives.ts";

const errs = (s: z.ZodType, v: unknown) => {
  const r = s.safeParse(v);
  return r.success ? {} : fieldErrors(r.error);
};

describe("Pay Now PAN and code", () => {
  it("requires and upper-cases the PAN", () => {
    expect(errs(payNowSendOtpSchema, { pancard: "" })).toEqual({ pancard: "PAN card is required." });
    expect(errs(payNowSendOtpSchema, { pancard: "ABCDE1234" })).toEqual({ pancard: "Please enter a valid PAN number" });
    expect(payNowSendOtpSchema.parse({ pancard: "abcde1234f" })).toEqual({ pancard: "ABCDE1234F" });
  });

  it("requires a 4-digit code", () => {
    expect(errs(payNowVerifyOtpSchema, { panNumber: "ABCDE1234F", otp: "" })).toEqual({ otp: "OTP is required." });
    expect(errs(payNowVerifyOtpSchema, { panNumber: "ABCDE1234F", otp: "12a4" })).toEqual({ otp: "Please enter 4-digit OTP" });
    expect(payNowVerifyOtpSchema.parse({ panNumber: "ABCDE1234F", otp: "1234" })).toEqual({ panNumber: "ABCDE1234F", otp: "1234" });
  });
});

describe("Pay Now amount", () => {
  it("allows blank and positive amounts with up to 2 decimals, no leading zero", () => {
    expect(payAmountCheck("")).toEqual({ ok: true, value: null });
    expect(payAmountCheck("500")).toEqual({ ok: true, value: 500 });
    expect(payAmountCheck("500.5")).toEqual({ ok: true, value: 500.5 });
    expect(payAmountCheck(1234.56)).toEqual({ ok: true, value: 1234.56 });
    for (const v of ["1" + "0".repeat(39), 1e40, "1234567890", "0", "0500", "0.50", "-5", "5.123", "5.", "1,000", "abc"]) {
      expect(messageFor(payAmountCheck, v)).toBe("Please enter a valid amount.");
    }
  });

  it("needs the terms accepted", () => {
    expect(errs(payNowPaymentFormSchema, { amount: "", terms: false })).toEqual({
      terms: "You must accept the terms and conditions to proceed.",
    });
    expect(payNowPaymentFormSchema.parse({ amount: "", terms: true })).toEqual({ amount: null, terms: true });
  });

  it("charges the entered amount below the total due, else the total due", () => {
    expect(resolvePayAmount("", 13_000)).toBe(13_000);
    expect(resolvePayAmount(null, 13_000)).toBe(13_000);
    expect(resolvePayAmount(undefined, 13_000.5)).toBe(13_000.5);
    expect(resolvePayAmount("5000", 13_000)).toBe(5000);
    expect(resolvePayAmount("12999.99", 13_000)).toBe(12_999.99);
    expect(resolvePayAmount("13000", 13_000)).toBe(13_000);
    expect(resolvePayAmount("20000", 13_000)).toBe(13_000);
    expect(resolvePayAmount(0.1 + 0.2 + 99.7, 100)).toBe(100);
    expect(() => resolvePayAmount("0", 13_000)).toThrow(RangeError);
  });
});

describe("Pay Now amount against the total due (decision 29)", () => {
  it("charges blank or at least the total due without a minimum; a part payment needs ₹100", () => {
    expect(payAmountProblem("", 5000)).toBeNull();
    expect(payAmountProblem("5000", 5000)).toBeNull();
    expect(payAmountProblem("9000", 5000)).toBeNull();
    expect(payAmountProblem("100", 5000)).toBeNull();
    // By code, worded on the screen (decision 60); the English is the spec's.
    const english = (entered: string, due: number) => messageText("en", payAmountProblem(entered, due) ?? "");
    expect(english("99.99", 5000)).toBe("The minimum payment is ₹100.");
    expect(english("50", 80)).toBe("The minimum payment is ₹100.");
    expect(payAmountProblem("80", 80)).toBeNull();
    expect(english("0100", 5000)).toBe("Please enter a valid amount.");
  });
});
