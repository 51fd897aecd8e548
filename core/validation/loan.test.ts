import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { fieldErrors } from "./field-errors.ts";
import {
  employmentDetailsEventSchema,
  employmentFormSchema,
  generateLoanQuoteEventSchema,
  loanQuotationDecisionEventSchema,
  quoteDecisionFormSchema,
  registerNowEventSchema,
} from "./loan.ts";

const errs = (s: z.ZodType, v: unknown) => {
  const r = s.safeParse(v);
  return r.success ? {} : fieldErrors(r.error);
};
const today = () => "2025-06-15";

describe("register_now and generate_loan_quote", () => {
  it("need only the event name", () => {
    expect(registerNowEventSchema.parse({ event_name: "register_now" })).toEqual({ event_name: "register_now", profile_id: undefined });
    expect(generateLoanQuoteEventSchema.safeParse({ event_name: "generate_loan_quote" }).success).toBe(true);
    expect(registerNowEventSchema.safeParse({ event_name: "generate_loan_quote" }).success).toBe(false);
  });
});

describe("loan_quotation_decision", () => {
  it("normalises strings to numbers", () => {
    expect(
      loanQuotationDecisionEventSchema.parse({ event_name: "loan_quotation_decision", tenure: "30", purpose_id: "1", amount: "15000", accepted_id: "1" }),
    ).toMatchObject({ tenure: 30, purpose_id: 1, amount: 15_000, accepted_id: 1 });
  });

  it("keeps amount and tenure inside the product bounds", () => {
    expect(errs(quoteDecisionFormSchema, { tenure: 6, purpose_id: 8, amount: 9_999, accepted_id: 3 })).toEqual({
      tenure: "Tenure must be between 7 days and 40 days.",
      purpose_id: "Loan Purpose is invalid!",
      amount: "Loan Amount must be between ₹10,000 and ₹1,00,000.",
      accepted_id: "Quote Decision is invalid!",
    });
    expect(errs(quoteDecisionFormSchema, { tenure: 40, purpose_id: 7, amount: 100_000, accepted_id: 2 })).toEqual({});
    expect(errs(quoteDecisionFormSchema, { tenure: 41, purpose_id: 7, amount: 100_001, accepted_id: 2 })).toMatchObject({
      tenure: expect.any(String),
      amount: expect.any(String),
    });
    expect(errs(quoteDecisionFormSchema, { tenure: 30, purpose_id: 1, amount: 15_000.5, accepted_id: 1 })).toEqual({
      amount: "Loan Amount must be between ₹10,000 and ₹1,00,000.",
    });
  });
});

describe("employment details", () => {
  const good = {
    work_mode: "wfo",
    company_name: "Infosys Ltd",
    department: "technology",
    company_type_id: "3",
    designation: "Engineer",
    emp_since: "2021-04-01",
    address_1: "Electronics City",
    address_2: "Hosur Road",
    pincode: "560100",
  };

  it("accepts a complete form and normalises codes", () => {
    expect(employmentDetailsEventSchema({ today }).parse({ event_name: "employment_details", ...good, office_email: "" })).toMatchObject({
      work_mode: "WFO",
      department: "TECHNOLOGY",
      company_type_id: 3,
      landmark: null,
      office_email: null,
    });
  });

  it("requires every field but landmark and official email", () => {
    expect(errs(employmentFormSchema({ today }), {})).toEqual({
      work_mode: "Work Mode is required!",
      company_name: "Organisation Name is required!",
      department: "Department is required!",
      company_type_id: "Company Type is required!",
      designation: "Designation is required!",
      emp_since: "Employment Since is required!",
      address_1: "Address Line 1 is required!",
      address_2: "Address Line 2 is required!",
      pincode: "Pin code is required!",
    });
  });

  it("applies the list, date, pin code and e-mail rules", () => {
    expect(
      errs(employmentFormSchema({ today }), {
        ...good,
        work_mode: "HYBRID",
        department: "LEGAL",
        company_type_id: 10,
        emp_since: "2025-06-16",
        pincode: "5601001",
        office_email: "me@work",
      }),
    ).toEqual({
      work_mode: "Work Mode is invalid!",
      department: "Department is invalid!",
      company_type_id: "Company Type is invalid!",
      emp_since: "Date cannot be in the future.",
      pincode: "Pin code invalid!",
      office_email: "Please enter a valid email address.",
    });
  });
});
