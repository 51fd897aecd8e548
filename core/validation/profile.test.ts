import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { fieldErrors } from "./field-errors.ts";
import {
  incomeDetailsEventSchema,
  incomeFormSchema,
  panFormSchema,
  pancardVerificationEventSchema,
  personalDetailsEventSchema,
  personalFormSchema,
  residenceDetailsEventSchema,
  residenceFormSchema,
} from "./profile.ts";

const errs = (s: z.ZodType, v: unknown) => {
  const r = s.safeParse(v);
  return r.success ? {} : fieldErrors(r.error);
};
const today = () => "2025-06-15";

describe("PAN screen", () => {
  it("upper-cases the PAN and turns income into a number", () => {
    expect(pancardVerificationEventSchema.parse({ event_name: "pancard_verification", pancard: "abcde1234f", monthly_income: "45000" })).toEqual({
      event_name: "pancard_verification",
      profile_id: undefined,
      pancard: "ABCDE1234F",
      monthly_income: 45_000,
    });
  });

  it("shows the spec messages", () => {
    expect(errs(panFormSchema, { pancard: "ABCDE12345", monthly_income: "" })).toEqual({
      pancard: "Please enter a valid PAN number",
      monthly_income: "Monthly income is required",
    });
    expect(errs(panFormSchema, { pancard: "ABCDE1234F", monthly_income: "4500" })).toEqual({
      monthly_income: "Monthly income must be between 5 and 10 digits",
    });
  });
});

describe("personal details", () => {
  const base = { personal_email: "asha@example.com", dob: "1995-01-10", marital_status_id: "1", gender: "2" };

  it("requires email, DOB, marital status and gender", () => {
    expect(errs(personalFormSchema({ today }), {})).toEqual({
      personal_email: "Email is required!",
      dob: "Date of Birth is required!",
      marital_status_id: "Marital Status is required!",
      gender: "Gender is required!",
    });
  });

  it("checks age against the injected today", () => {
    expect(errs(personalFormSchema({ today }), { ...base, dob: "2007-06-16" })).toEqual({ dob: "You must be at least 18 years old." });
    expect(errs(personalFormSchema({ today }), { ...base, dob: "2007-06-15" })).toEqual({});
    expect(errs(personalFormSchema({ today: () => "2025-06-16" }), { ...base, dob: "2007-06-16" })).toEqual({});
    expect(errs(personalFormSchema({ today }), { ...base, dob: "2026-01-01" })).toEqual({ dob: "Date cannot be in the future." });
  });

  it("needs spouse name and number only when married, and reports them with other errors", () => {
    expect(errs(personalFormSchema({ today }), { ...base, marital_status_id: 2, gender: "" })).toEqual({
      gender: "Gender is required!",
      spouse_name: "Spouse Name is required!",
      spouse_number: "Spouse number must be exactly 10 digits.",
    });
    expect(errs(personalFormSchema({ today }), { ...base, marital_status_id: 2, spouse_name: "Ravi", spouse_number: "912345678" })).toEqual({
      spouse_number: "Spouse number must be exactly 10 digits.",
    });
    expect(errs(personalFormSchema({ today }), { ...base, marital_status_id: 2, spouse_name: "Ravi", spouse_number: "4123456789" })).toEqual({
      spouse_number: "Mobile number invalid!",
    });
  });

  it("stores spouse details when married and clears them otherwise", () => {
    const married = personalDetailsEventSchema({ today }).parse({
      event_name: "personal_details",
      ...base,
      marital_status_id: "2",
      spouse_name: " Ravi Rao ",
      spouse_number: "9123456789",
    });
    expect(married).toMatchObject({ marital_status_id: 2, gender: 2, spouse_name: "Ravi Rao", spouse_number: "9123456789" });
    const single = personalDetailsEventSchema({ today }).parse({ event_name: "personal_details", ...base, spouse_name: "x", spouse_number: "1" });
    expect(single).toMatchObject({ marital_status_id: 1, spouse_name: null, spouse_number: null });
  });

  it("survives a payload that is not an object", () => {
    expect(personalDetailsEventSchema({ today }).safeParse(null).success).toBe(false);
    expect(personalDetailsEventSchema({ today }).safeParse("x").success).toBe(false);
  });
});

describe("residence", () => {
  it("requires type, both address lines and pin code; landmark is optional", () => {
    expect(errs(residenceFormSchema, {})).toEqual({
      residence_type_id: "Residence Type is required!",
      residence_address_1: "Address Line 1 is required!",
      residence_address_2: "Address Line 2 is required!",
      residence_pincode: "Pin code is required!",
    });
    expect(
      residenceDetailsEventSchema.parse({
        event_name: "residence_details",
        residence_type_id: "2",
        residence_address_1: "Flat 4, Lotus Apartments",
        residence_address_2: "MG Road",
        residence_pincode: 560001,
      }),
    ).toMatchObject({ residence_type_id: 2, residence_landmark: null, residence_pincode: "560001" });
  });

  it("refuses bad pin codes, unknown types and over-long lines", () => {
    expect(
      errs(residenceFormSchema, {
        residence_type_id: 3,
        residence_address_1: "x".repeat(201),
        residence_address_2: "ok",
        residence_landmark: "y".repeat(101),
        residence_pincode: "0110001",
      }),
    ).toEqual({
      residence_type_id: "Residence Type is invalid!",
      residence_address_1: "Address Line 1 must be at most 200 characters.",
      residence_landmark: "Landmark must be at most 100 characters.",
      residence_pincode: "Pin code invalid!",
    });
  });
});

describe("income", () => {
  const good = { income_type_id: "1", monthly_income: "45000", salary_date: "2025-06-01", salary_mode_id: "1" };

  it("normalises ids and income to numbers", () => {
    expect(incomeDetailsEventSchema({ today }).parse({ event_name: "income_details", ...good })).toEqual({
      event_name: "income_details",
      profile_id: undefined,
      income_type_id: 1,
      monthly_income: 45_000,
      salary_date: "2025-06-01",
      salary_mode_id: 1,
    });
  });

  it("requires every field and refuses a future salary date", () => {
    expect(errs(incomeFormSchema({ today }), {})).toEqual({
      income_type_id: "Employment Type is required!",
      monthly_income: "Monthly Income is required!",
      salary_date: "Last Salary Date is required!",
      salary_mode_id: "Salary Mode is required!",
    });
    expect(errs(incomeFormSchema({ today }), { ...good, salary_date: "2025-06-16" })).toEqual({ salary_date: "Date cannot be in the future." });
    expect(errs(incomeFormSchema({ today }), { ...good, salary_mode_id: 4, income_type_id: 3, monthly_income: "12345678" })).toEqual({
      income_type_id: "Employment Type is invalid!",
      salary_mode_id: "Salary Mode is invalid!",
      monthly_income: "Monthly income can have at most 7 digits.",
    });
  });
});
