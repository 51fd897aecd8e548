// The journey endpoint's contract: for each event_name, who may send it, the payload schema
// (the rules of core/validation, never restated here) and the Data of its successful answer.
// The server dispatches through this table; the web client and the tests are typed by it.

import * as z from "zod";
import { bankingEventSchema, savedAccountEventSchema } from "../banking.ts";
import { autopaySetupEventSchema } from "../mandates.ts";
import type { DocumentStep } from "../journey/steps.ts";
import type { CodedMessage } from "../i18n/translate.ts";
import { JOURNEY_CODES } from "../i18n/service-codes.ts";
import {
  accountAggregatorEventSchema,
  bankingDetailsEventSchema,
  docTypeField,
  documentUploadEventSchema,
  ekycInitiatedEventSchema,
  ekycVerifiedEventSchema,
  employmentDetailsEventSchema,
  eventObject,
  codedFieldErrors,
  generateLoanQuoteEventSchema,
  incomeDetailsEventSchema,
  loanQuotationDecisionEventSchema,
  loginEventSchema,
  otpVerifyEventSchema,
  pancardVerificationEventSchema,
  personalDetailsEventSchema,
  quoteDecisionExtrasShape,
  registerNowEventSchema,
  residenceDetailsEventSchema,
  resendOtpEventSchema,
  selfieUploadEventSchema,
  type SchemaOptions,
} from "../validation/index.ts";
import * as R from "./replies.ts";

export interface JourneyEventContract {
  summary: string;
  /** public: before sign-in; session: the customer's session cookie or app token. */
  access: "public" | "session";
  /** A schema per request: rules that compare with today take it from `opts.today`. */
  input: (opts: SchemaOptions) => z.ZodType;
  /** What the reference documents when `input` is a transform JSON Schema cannot show. */
  documentedInput?: z.ZodType;
  reply: z.ZodType;
}

const fixed =
  <S extends z.ZodType>(s: S) =>
  (_opts: SchemaOptions) =>
    s;

function documentEvent<E extends DocumentStep>(step: E) {
  return {
    summary: `Upload a document of the ${step.replace(/_upload$/, "").replaceAll("_", " ")} step (base64 file).`,
    access: "session",
    input: fixed(documentUploadEventSchema(step).extend({ doc_type: docTypeField })),
    reply: R.documentUploadReply,
  } as const satisfies JourneyEventContract;
}

export const journeyContract = {
  login: { summary: "Start sign-in: sends an OTP to the mobile number.", access: "public", input: fixed(loginEventSchema), reply: R.loginReply },
  resend_otp: { summary: "Send a new OTP.", access: "public", input: fixed(resendOtpEventSchema), reply: R.loginReply },
  otp_verify: { summary: "Check the OTP and open a session.", access: "public", input: fixed(otpVerifyEventSchema), reply: R.otpVerifyReply },
  logout: { summary: "End the session.", access: "session", input: fixed(eventObject("logout", {})), reply: R.noData },
  pancard_verification: { summary: "PAN and monthly income.", access: "session", input: fixed(pancardVerificationEventSchema), reply: R.pancardReply },
  personal_details: { summary: "Personal details.", access: "session", input: personalDetailsEventSchema, reply: R.stepReply },
  residence_details: { summary: "Residence address.", access: "session", input: fixed(residenceDetailsEventSchema), reply: R.residenceReply },
  income_details: { summary: "Income details.", access: "session", input: incomeDetailsEventSchema, reply: R.stepReply },
  selfie_upload: { summary: "Selfie (base64 image).", access: "session", input: fixed(selfieUploadEventSchema), reply: R.selfieReply },
  register_now: {
    summary: "Check eligibility; an eligible customer gets a lead and an offer.",
    access: "session",
    input: fixed(registerNowEventSchema),
    reply: R.registerNowReply,
  },
  generate_loan_quote: {
    summary: "The quote and KFS terms of the open lead.",
    access: "session",
    input: fixed(generateLoanQuoteEventSchema),
    reply: R.loanQuoteReply,
  },
  loan_quotation_decision: {
    summary: "Accept (accepted_id 1, KFS acknowledged) or decline (2) the quote.",
    access: "session",
    input: fixed(loanQuotationDecisionEventSchema.extend(quoteDecisionExtrasShape)),
    reply: R.quoteDecisionReply,
  },
  employment_details: { summary: "Employment details.", access: "session", input: employmentDetailsEventSchema, reply: R.stepReply },
  ekyc_initiated: {
    summary: "Start DigiLocker eKYC (run_ekyc_flag 1) or skip it (2).",
    access: "session",
    input: fixed(ekycInitiatedEventSchema),
    reply: R.ekycInitiatedReply,
  },
  ekyc_verified: { summary: "Collect the eKYC result after DigiLocker.", access: "session", input: fixed(ekycVerifiedEventSchema), reply: R.ekycVerifiedReply },
  account_aggregator_verify: {
    summary: "Account aggregator consent, status or skip.",
    access: "session",
    input: fixed(accountAggregatorEventSchema),
    reply: R.accountAggregatorReply,
  },
  aadhaar_upload: documentEvent("aadhaar_upload"),
  pan_upload: documentEvent("pan_upload"),
  bank_statement_upload: documentEvent("bank_statement_upload"),
  pay_slip_upload: documentEvent("pay_slip_upload"),
  residence_proof_upload: documentEvent("residence_proof_upload"),
  banking_details: {
    summary: "Bank account (penny drop, or skip for NEW customers), or use_saved_account 1 for a REPEAT customer; next_step autopay_setup.",
    access: "session",
    input: fixed(bankingEventSchema),
    documentedInput: z.union([bankingDetailsEventSchema, savedAccountEventSchema]),
    reply: R.bankingReply,
  },
  // Issue 24 (decision 39): AutoPay after the bank account, before the eSign.
  autopay_setup: {
    summary: "Set up AutoPay: mandate_method upi or enach answers the provider's url; skip 1 answers the eSign url.",
    access: "session",
    input: fixed(autopaySetupEventSchema),
    reply: R.autopaySetupReply,
  },
  // Not in the spec: back on the banking screen before signing, the customer asks for the signing link again.
  esign: { summary: "The open eSign link again (a new one when it expired).", access: "session", input: fixed(eventObject("esign", {})), reply: R.esignReply },
} as const satisfies Record<string, JourneyEventContract>;

export type JourneyContract = typeof journeyContract;
export type JourneyEventName = keyof JourneyContract;
export type JourneyInputSchema<E extends JourneyEventName> = ReturnType<JourneyContract[E]["input"]>;
/** What the server's handler receives (after the rules' transforms). */
export type JourneyEventInput<E extends JourneyEventName> = z.output<JourneyInputSchema<E>>;
/** What a client sends. */
export type JourneyEventPayload<E extends JourneyEventName> = z.input<JourneyInputSchema<E>>;
/** Data of the successful answer. */
export type JourneyEventReply<E extends JourneyEventName> = z.output<JourneyContract[E]["reply"]>;

export const JOURNEY_EVENT_NAMES = Object.keys(journeyContract) as JourneyEventName[];

/** The apps' refusals of a body with no usable event_name (the catalogue does not hold them: no screen shows them). */
export const JOURNEY_MESSAGES = {
  eventNameRequired: "event_name is required.",
  unknownEvent: "Unknown event_name.",
} as const;

export function isJourneyEventName(value: unknown): value is JourneyEventName {
  return typeof value === "string" && Object.hasOwn(journeyContract, value);
}

/** The payload schema of one event (made per request: date rules read `opts.today`). */
export function journeyInputSchema<E extends JourneyEventName>(name: E, opts: SchemaOptions = {}): JourneyInputSchema<E> {
  return journeyContract[name].input(opts) as JourneyInputSchema<E>;
}

/** A refusal of the input: a message is a coded rule's code or its English (decision 60), worded at the edge. */
export interface ValidationFailure {
  message: string | CodedMessage;
  errors: Record<string, string | CodedMessage>;
}

/** Decision 12: {field: message}, and the first message as the envelope's Message. */
export function validationFailure(error: z.ZodError): ValidationFailure {
  const errors = codedFieldErrors(error);
  return { message: Object.values(errors)[0] ?? JOURNEY_CODES.checkDetails, errors };
}

/** The event_name of a body, or why it cannot be dispatched. */
export function journeyEventName(body: unknown): { ok: true; event: JourneyEventName } | ({ ok: false } & ValidationFailure) {
  const name = typeof body === "object" && body !== null ? (body as { event_name?: unknown }).event_name : undefined;
  if (typeof name !== "string" || !name) {
    return { ok: false, message: JOURNEY_MESSAGES.eventNameRequired, errors: { event_name: JOURNEY_MESSAGES.eventNameRequired } };
  }
  if (!isJourneyEventName(name)) return { ok: false, message: JOURNEY_MESSAGES.unknownEvent, errors: { event_name: JOURNEY_MESSAGES.unknownEvent } };
  return { ok: true, event: name };
}

export type ParsedJourneyEvent =
  | { [E in JourneyEventName]: { ok: true; event: E; data: JourneyEventInput<E> } }[JourneyEventName]
  | ({ ok: false; event: JourneyEventName | null } & ValidationFailure);

/** Picks the schema by event_name and parses; never throws on bad input. */
export function parseJourneyEvent(input: unknown, opts: SchemaOptions = {}): ParsedJourneyEvent {
  const named = journeyEventName(input);
  if (!named.ok) return { ok: false, event: null, message: named.message, errors: named.errors };
  const r = journeyInputSchema(named.event, opts).safeParse(input);
  if (r.success) return { ok: true, event: named.event, data: r.data } as ParsedJourneyEvent;
  return { ok: false, event: named.event, ...validationFailure(r.error) };
}
