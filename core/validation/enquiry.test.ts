import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { enquiryFormSchema, enquiryRequestSchema } from "./enquiry.ts";
import { fieldErrors } from "./field-errors.ts";

const errs = (s: z.ZodType, v: unknown) => {
  const r = s.safeParse(v);
  return r.success ? {} : fieldErrors(r.error);
};
const good = { name: "Asha Rao", mobile: "9876543210", email: "asha@example.com", message: "Please call me about a loan." };

describe("enquiry form (decision 14)", () => {
  it("accepts a complete form with the city optional", () => {
    expect(enquiryFormSchema.parse(good)).toEqual({ ...good, city: null });
    expect(enquiryFormSchema.parse({ ...good, city: " Pune " }).city).toBe("Pune");
  });

  it("requires name, mobile (login rule), email and message", () => {
    expect(errs(enquiryFormSchema, {})).toEqual({
      name: "Name is required!",
      mobile: "The Mobile field must be at least 10 characters in length.",
      email: "Email is required!",
      message: "Message is required!",
    });
  });

  it("limits the message to 1,000 characters", () => {
    expect(errs(enquiryFormSchema, { ...good, message: "x".repeat(1000) })).toEqual({});
    expect(errs(enquiryFormSchema, { ...good, message: "x".repeat(1001) })).toEqual({ message: "Message must be at most 1,000 characters." });
  });

  it("needs the captcha id and answer in the request", () => {
    expect(errs(enquiryRequestSchema, good)).toEqual({ captcha_id: "Captcha ID is required!", captcha: "Captcha is required!" });
    expect(enquiryRequestSchema.parse({ ...good, captcha_id: "c1", captcha: "x7k2p" })).toMatchObject({ captcha: "x7k2p" });
  });
});
