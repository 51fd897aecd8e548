// event_name -> {schema, access, handler}: the single journey endpoint dispatches through this table.
import { z } from "zod";
import { todayInIndia } from "../core/calendar.ts";
import {
  employmentDetailsEventSchema,
  generateLoanQuoteEventSchema,
  loanQuotationDecisionEventSchema,
  quoteDecisionExtrasShape,
  incomeDetailsEventSchema,
  loginEvent,
  otpVerifyEvent,
  pancardVerificationEventSchema,
  personalDetailsEventSchema,
  registerNowEventSchema,
  residenceDetailsEventSchema,
  resendOtpEvent,
  selfieUploadEventSchema,
  accountAggregatorEventSchema,
  docTypeField,
  documentUploadEventSchema,
  ekycInitiatedEventSchema,
  ekycVerifiedEventSchema,
} from "../core/validation/index.ts";
import { DOCUMENT_STEPS, type DocumentStep } from "../core/journey/index.ts";
import type { SessionInfo } from "./modules/auth/auth.service.ts";
import type { Services } from "./services.ts";
import { bankingEventSchema } from "../core/banking.ts";

export interface EventContext {
  services: Services;
  /** Set for events with access "session"; null for public ones. */
  session: SessionInfo | null;
  ip: string;
  /** The token the request authenticated with, for logout. */
  token?: string;
}

export interface EventResult {
  message: string;
  data?: unknown;
  /** A new session to hand to the client (cookie for the web, Data.app_login_token for apps). */
  newSessionToken?: string;
  endSession?: boolean;
}

export interface JourneyEvent<S extends z.ZodType = z.ZodType> {
  /** A schema, or one made per request when it compares with today (the services' clock). */
  schema: S | ((services: Services) => S);
  access: "public" | "session";
  /** Uploads may exceed the default 1 MB body limit, and only with a session. */
  largeBody?: boolean;
  handle(input: z.infer<S>, ctx: EventContext): Promise<EventResult>;
}

function event<S extends z.ZodType>(definition: JourneyEvent<S>): JourneyEvent {
  return definition as unknown as JourneyEvent;
}

const today = (services: Services) => () => todayInIndia(services.now());
/** Session events act on the session's own profile only (decision 20). */
const me = (session: SessionInfo | null) => session!.profileId;

export const journeyEvents: Record<string, JourneyEvent> = {
  login: event({
    schema: loginEvent,
    access: "public",
    handle: (input, { services, ip }) => services.auth.login({ mobile: input.mobile, ip, utm: input }),
  }),
  resend_otp: event({
    schema: resendOtpEvent,
    access: "public",
    handle: (input, { services, ip }) => services.auth.resendOtp({ profileId: input.profile_id, ip }),
  }),
  otp_verify: event({
    schema: otpVerifyEvent,
    access: "public",
    async handle(input, { services }) {
      const result = await services.auth.verifyOtp({ profileId: input.profile_id, otp: input.otp });
      return { message: result.message, data: result.data, newSessionToken: result.token };
    },
  }),
  logout: event({
    schema: z.object({ event_name: z.literal("logout") }),
    access: "session",
    async handle(_input, { services, token }) {
      const result = await services.auth.logout(token!);
      return { ...result, endSession: true };
    },
  }),
  pancard_verification: event({
    schema: pancardVerificationEventSchema,
    access: "session",
    handle: (input, { services, session }) => services.profiles.verifyPan(me(session), input),
  }),
  personal_details: event({
    schema: (services) => personalDetailsEventSchema({ today: today(services) }),
    access: "session",
    handle: (input, { services, session }) => services.profiles.savePersonal(me(session), input),
  }),
  residence_details: event({
    schema: residenceDetailsEventSchema,
    access: "session",
    handle: (input, { services, session }) => services.profiles.saveResidence(me(session), input),
  }),
  income_details: event({
    schema: (services) => incomeDetailsEventSchema({ today: today(services) }),
    access: "session",
    handle: (input, { services, session }) => services.profiles.saveIncome(me(session), input),
  }),
  selfie_upload: event({
    schema: selfieUploadEventSchema,
    access: "session",
    largeBody: true,
    handle: (input, { services, session }) => services.profiles.saveSelfie(me(session), input),
  }),
  register_now: event({
    schema: registerNowEventSchema,
    access: "session",
    handle: (_input, { services, session }) => services.eligibility.registerNow(me(session)),
  }),
  generate_loan_quote: event({
    schema: generateLoanQuoteEventSchema,
    access: "session",
    handle: (_input, { services, session }) => services.quotes.generate(me(session)),
  }),
  loan_quotation_decision: event({
    schema: loanQuotationDecisionEventSchema.extend(quoteDecisionExtrasShape),
    access: "session",
    handle: (input, { services, session }) => services.quotes.decide(me(session), input),
  }),
  employment_details: event({
    schema: (services) => employmentDetailsEventSchema({ today: today(services) }),
    access: "session",
    handle: (input, { services, session }) => services.employment.save(me(session), input),
  }),
  // eKYC and account aggregator (issue 4): one stage, ekyc_initiated → ekyc_verified → account_aggregator_verify.
  ekyc_initiated: event({
    schema: ekycInitiatedEventSchema,
    access: "session",
    handle: (input, { services, session }) => services.kyc.initiate(me(session), input),
  }),
  ekyc_verified: event({
    schema: ekycVerifiedEventSchema,
    access: "session",
    handle: (_input, { services, session }) => services.kyc.verify(me(session)),
  }),
  account_aggregator_verify: event({
    schema: accountAggregatorEventSchema,
    access: "session",
    handle: (input, { services, session }) => services.kyc.accountAggregator(me(session), input),
  }),
  // Documents (dynamic upload, spec 7): profile_id, file_ext, file_password, event_name, doc_type, file.
  ...Object.fromEntries(DOCUMENT_STEPS.map((step) => [step, documentEvent(step)])),
  banking_details: event({
    schema: bankingEventSchema,
    access: "session",
    handle: (input, { services, session }) => services.banking.submit(me(session), input),
  }),
  // Not in the spec: back on the banking screen before signing, the customer asks for the signing link again.
  esign: event({
    schema: z.object({ event_name: z.literal("esign"), profile_id: z.string().optional() }),
    access: "session",
    handle: (_input, { services, session }) => services.banking.resumeEsign(me(session)),
  }),
};

function documentEvent(step: DocumentStep) {
  return event({
    schema: documentUploadEventSchema(step).extend({ doc_type: docTypeField }),
    access: "session",
    largeBody: true,
    handle: (input, { services, session }) =>
      services.documents.upload(me(session), { event: step, docType: input.doc_type, file: input.file, ext: input.file_ext, password: input.file_password }),
  });
}
