// event_name → payload schema for the single journey endpoint (spec 7). The
// server pairs each with its handler; the client can pre-check a payload.

import type * as z from 'zod';
import { loginEventSchema, otpVerifyEventSchema, resendOtpEventSchema } from './auth.ts';
import { fieldErrors, FORM_ERROR_KEY } from './field-errors.ts';
import { bankingDetailsEventSchema, ekycInitiatedEventSchema, ekycVerifiedEventSchema } from './kyc-banking.ts';
import {
  employmentDetailsEventSchema,
  generateLoanQuoteEventSchema,
  loanQuotationDecisionEventSchema,
  registerNowEventSchema,
} from './loan.ts';
import { MESSAGES } from './messages.ts';
import {
  incomeDetailsEventSchema,
  pancardVerificationEventSchema,
  personalDetailsEventSchema,
  residenceDetailsEventSchema,
} from './profile.ts';
import type { SchemaOptions } from './shared.ts';
import { selfieUploadEventSchema } from './uploads.ts';

/** Schemas that compare with today take it from `opts.today` (default: today in India). */
export function makeJourneyEventSchemas(opts: SchemaOptions = {}) {
  return {
    login: loginEventSchema,
    resend_otp: resendOtpEventSchema,
    otp_verify: otpVerifyEventSchema,
    pancard_verification: pancardVerificationEventSchema,
    personal_details: personalDetailsEventSchema(opts),
    residence_details: residenceDetailsEventSchema,
    income_details: incomeDetailsEventSchema(opts),
    selfie_upload: selfieUploadEventSchema,
    register_now: registerNowEventSchema,
    generate_loan_quote: generateLoanQuoteEventSchema,
    loan_quotation_decision: loanQuotationDecisionEventSchema,
    employment_details: employmentDetailsEventSchema(opts),
    ekyc_initiated: ekycInitiatedEventSchema,
    ekyc_verified: ekycVerifiedEventSchema,
    banking_details: bankingDetailsEventSchema,
  } as const;
}

export type JourneyEventSchemas = ReturnType<typeof makeJourneyEventSchemas>;
export type JourneyEventName = keyof JourneyEventSchemas;
export type JourneyEventPayload<E extends JourneyEventName> = z.output<JourneyEventSchemas[E]>;

export const journeyEventSchemas: JourneyEventSchemas = makeJourneyEventSchemas();
export const JOURNEY_EVENT_NAMES = Object.keys(journeyEventSchemas) as JourneyEventName[];

export function isJourneyEventName(value: unknown): value is JourneyEventName {
  return typeof value === 'string' && Object.hasOwn(journeyEventSchemas, value);
}

export type ParsedJourneyEvent =
  | { [E in JourneyEventName]: { ok: true; event: E; data: JourneyEventPayload<E> } }[JourneyEventName]
  | { ok: false; event: JourneyEventName | null; message: string; errors: Record<string, string> };

/**
 * Picks the schema by event_name and parses. On failure `message` is the
 * first field's message (for clients that show only Message) and `errors`
 * is the decision-12 {field: message} object.
 */
export function parseJourneyEvent(input: unknown, schemas: JourneyEventSchemas = journeyEventSchemas): ParsedJourneyEvent {
  const name = typeof input === 'object' && input !== null ? (input as { event_name?: unknown }).event_name : undefined;
  if (!isJourneyEventName(name)) {
    return { ok: false, event: null, message: MESSAGES.invalidRequest, errors: { event_name: MESSAGES.invalidRequest } };
  }
  const r = schemas[name].safeParse(input);
  if (r.success) return { ok: true, event: name, data: r.data } as ParsedJourneyEvent;
  const errors = fieldErrors(r.error);
  const first = Object.values(errors)[0] ?? MESSAGES.invalidRequest;
  return { ok: false, event: name, message: errors[FORM_ERROR_KEY] ? MESSAGES.invalidRequest : first, errors };
}
