// Eligibility, quote and employment (spec 5 and 7).

import * as z from "zod";
import { defaultToday } from "../calendar.ts";
import { COMPANY_TYPES, DEPARTMENTS, LOAN_PURPOSES, QUOTE_DECISIONS, WORK_MODES, idsOf } from "../journey/masters.ts";
import { formatINR } from "../money.ts";
import { PRODUCT } from "../product.ts";
import { LIMITS } from "./limits.ts";
import { zodError } from "./field-errors.ts";
import { FIELD_LABELS as L, said } from "./messages.ts";
import { daysBound } from "./said.ts";
import { choice, codeChoice, isoDate, optionalText, schema, text, wholeNumberInRange } from "./primitives.ts";
import { officialEmailCheck, pinCodeCheck } from "./rules.ts";
import { eventObject, stepConsentShape, type SchemaOptions } from "./shared.ts";

/** Decision 60: zod's own refusals of a malformed request, by code. */
const INVALID_REQUEST = zodError(said("invalidRequest"));

// Issue 23: the eligibility check pulls the credit report; its screen asks the credit bureau notice's tick.
export const registerNowEventSchema = eventObject("register_now", stepConsentShape());
export const generateLoanQuoteEventSchema = eventObject("generate_loan_quote", {});

const { amount, tenureDays } = PRODUCT.singleLoan;

/**
 * Quote decision. Amount and tenure are checked against the product bounds
 * here; the server also checks them against this customer's quote (offer
 * maximum, slider step, fixed tenure), which only it knows.
 */
const quoteDecisionShape = () => ({
  tenure: schema(wholeNumberInRange(L.tenure, tenureDays.min, tenureDays.max, daysBound)),
  purpose_id: schema(choice(L.loanPurpose, idsOf(LOAN_PURPOSES))),
  amount: schema(wholeNumberInRange(L.loanAmount, amount.min, amount.max, (n) => ({ text: formatINR(n), value: formatINR(n) }))),
  accepted_id: schema(choice(L.quoteDecision, idsOf(QUOTE_DECISIONS))),
});

export const quoteDecisionFormSchema = z.object(quoteDecisionShape());
export const loanQuotationDecisionEventSchema = eventObject("loan_quotation_decision", quoteDecisionShape());

const employmentShape = ({ today = defaultToday }: SchemaOptions) => ({
  work_mode: schema(codeChoice(L.workMode, idsOf(WORK_MODES))),
  company_name: schema(text({ label: L.organisationName, max: LIMITS.text.companyName })),
  // Spec 5 requires a department but spec 7's payload has no field for it; named here.
  department: schema(codeChoice(L.department, DEPARTMENTS)),
  company_type_id: schema(choice(L.companyType, idsOf(COMPANY_TYPES))),
  designation: schema(text({ label: L.designation, max: LIMITS.text.designation })),
  emp_since: schema(isoDate({ label: L.employmentSince, notFuture: true, today })),
  address_1: schema(text({ label: L.addressLine1, max: LIMITS.text.address })),
  address_2: schema(text({ label: L.addressLine2, max: LIMITS.text.address })),
  pincode: schema(pinCodeCheck),
  landmark: schema(optionalText({ label: L.landmark, max: LIMITS.text.landmark })),
  office_email: schema(officialEmailCheck),
});

export const employmentFormSchema = (opts: SchemaOptions = {}) => z.object(employmentShape(opts));
export const employmentDetailsEventSchema = (opts: SchemaOptions = {}) => eventObject("employment_details", employmentShape(opts));

/**
 * Optional fields the quote screen sends with a decision: the KFS acknowledgement
 * (required to accept), the proposal number it showed, and the figures it showed. The
 * server recomputes every figure and refuses a decision whose figures differ.
 */
export const quoteDecisionExtrasShape = {
  kfs_acknowledged: z
    .union([z.literal(1), z.literal("1"), z.literal(true), z.literal(0), z.literal("0"), z.literal(false)], { error: INVALID_REQUEST })
    .optional(),
  proposal_number: z.string({ error: INVALID_REQUEST }).max(40, INVALID_REQUEST).optional(),
  figures: z
    .object(
      {
        processing_fee: z.number({ error: INVALID_REQUEST }).optional(),
        gst: z.number({ error: INVALID_REQUEST }).optional(),
        net_disbursal: z.number({ error: INVALID_REQUEST }).optional(),
        interest: z.number({ error: INVALID_REQUEST }).optional(),
        total_repayable: z.number({ error: INVALID_REQUEST }).optional(),
        apr: z.number({ error: INVALID_REQUEST }).optional(),
        repayment_date: z.string({ error: INVALID_REQUEST }).max(10, INVALID_REQUEST).optional(),
      },
      { error: INVALID_REQUEST },
    )
    .optional(),
};
