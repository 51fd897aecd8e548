import { describe, expect, it } from "vitest";
import * as z from "zod";
import { codedFieldErrors, fieldErrors } from "./field-errors.ts";
import { payNowVerifyOtpSchema } from "./pay-now.ts";

describe("fieldErrors", () => {
  it("keeps the first message per field and joins nested paths", () => {
    const s = z.object({
      a: z.string().min(3, "too short").regex(/x/, "no x"),
      b: z.object({ c: z.number({ error: "c must be a number" }) }),
    });
    const r = s.safeParse({ a: "y", b: { c: "nope" } });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error)).toEqual({ a: "too short", "b.c": "c must be a number" });
  });

  it("puts errors about the whole payload under _form", () => {
    const r = z.object({ a: z.string() }).safeParse("text");
    expect(r.success).toBe(false);
    if (!r.success) expect(Object.keys(fieldErrors(r.error))).toEqual(["_form"]);
  });

  it("gives a coded rule's code, and the English of a rule not yet coded (decision 60)", () => {
    const r = z.object({ otp: payNowVerifyOtpSchema.shape.otp, other: z.string("other is needed") }).safeParse({ otp: "" });
    expect(r.success).toBe(false);
    if (!r.success) {
      expect(codedFieldErrors(r.error)).toEqual({ otp: { key: "validation.payNowOtpRequired" }, other: "other is needed" });
      expect(fieldErrors(r.error)).toEqual({ otp: "OTP is required.", other: "other is needed" });
    }
  });
});
