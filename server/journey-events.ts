// event_name -> handler: the single journey endpoint dispatches through this table. Who may send an
// event, its payload schema and its reply's Data come from the contract (core/contract/journey-events.ts);
// each handler receives the schema's parsed input and must answer the contract's Data.
import { todayInIndia } from "../core/calendar.ts";
import type { JourneyEventInput, JourneyEventName, JourneyEventReply } from "../core/contract/index.ts";
import type { DocumentStep } from "../core/journey/index.ts";
import { SIGN_IN_PURPOSES, STEP_PURPOSES, type ConsentPurpose, type ConsentStep } from "../core/data-rights/index.ts";
import { RUN_EKYC_FLAG } from "../core/journey/index.ts";
import type { Language } from "../core/i18n/index.ts";
import type { SchemaOptions } from "../core/validation/index.ts";
import * as replies from "./http/journey-replies.ts";
import type { Reply } from "./http/journey-replies.ts";
import type { SessionInfo } from "./modules/auth/auth.service.ts";
import type { FirstTouch } from "./http/first-touch.ts";
import type { Services } from "./services.ts";

/** The modules the journey's events call: the endpoint is given these and no others (decision 65). */
export type JourneyServices = Pick<
  Services,
  "auth" | "banking" | "consents" | "documents" | "eligibility" | "employment" | "kyc" | "mandates" | "now" | "profiles" | "quotes" | "tracking"
>;

export interface EventContext {
  services: JourneyServices;
  /** Set for events with access "session"; null for public ones. */
  session: SessionInfo | null;
  ip: string;
  /** The token the request authenticated with, for logout. */
  token?: string;
  /** The visitor's first-touch tracking parameters (cookie set on the landing page), if any. */
  firstTouch?: FirstTouch | null;
  /** Issue 23: the visitor's cookie-banner choice on tracking (true, false, or null when none made). */
  visitorConsent?: boolean | null;
  /** Issue 23: the language the visitor asked in (lang cookie, `lang` field, Accept-Language Hindi); null when none. */
  language?: Language | null;
}

/** The service's result shaped by its reply (server/http/journey-replies.ts), plus session changes. */
export interface EventResult<D = unknown> extends Reply<D> {
  /** A new session to hand to the client (cookie for the web, Data.app_login_token for apps). */
  newSessionToken?: string;
  endSession?: boolean;
}

export interface JourneyEvent<E extends JourneyEventName> {
  /** Uploads may exceed the default 1 MB body limit, and only with a session. */
  largeBody?: boolean;
  handle(input: JourneyEventInput<E>, ctx: EventContext): Promise<EventResult<JourneyEventReply<E>>>;
}

export type JourneyEvents = { [E in JourneyEventName]: JourneyEvent<E> };

/** Rules that compare with today read the services' clock. */
export const schemaOptions = (services: Pick<Services, "now">): SchemaOptions => ({ today: () => todayInIndia(services.now()) });

/** Session events act on the session's own profile only (decision 20). */
const me = (session: SessionInfo | null) => session!.profileId;

// Services answer domain results; the edge shapes each into the legacy answer.
const R = {
  auth: replies.authReplies,
  profile: replies.profileReplies,
  eligibility: replies.eligibilityReplies,
  quote: replies.quoteReplies,
  kyc: replies.kycReplies,
  documents: replies.documentReplies,
  banking: replies.bankingReplies,
};

function documentEvent(step: DocumentStep): JourneyEvent<DocumentStep> {
  return {
    largeBody: true,
    handle: async (input, { services, session }) =>
      R.documents.saved(
        await services.documents.upload(me(session), {
          event: step,
          docType: input.doc_type,
          file: input.file,
          ext: input.file_ext,
          password: input.file_password,
        }),
      ),
  };
}

/**
 * Issue 23: the terms tick covers the purposes no application can go without, recorded the first time
 * (a later withdrawal is never undone by signing in again). Marketing and tracking are separate, unticked
 * choices: a tick (or, for tracking, the banner's yes) grants them.
 */
async function recordSignInConsents(
  services: Pick<Services, "consents">,
  input: { profile_id: string; consent_marketing?: "0" | "1"; consent_tracking?: "0" | "1"; consent_whatsapp?: "0" | "1" },
  visitorConsent: boolean | null | undefined,
  language: Language,
) {
  const wanted: ConsentPurpose[] = [];
  for (const purpose of SIGN_IN_PURPOSES) if ((await services.consents.choice(input.profile_id, purpose)) === null) wanted.push(purpose);
  if (input.consent_marketing === "1") wanted.push("marketing");
  if (input.consent_tracking === "1" || (input.consent_tracking === undefined && visitorConsent === true)) wanted.push("tracking");
  // Issue 34: the loan's notices on WhatsApp instead of SMS, only when ticked.
  if (input.consent_whatsapp === "1") wanted.push("whatsapp_updates");
  // The notices were shown on Apply Now in the page's language (issue 23): the consent records it.
  if (wanted.length) await services.consents.grant(input.profile_id, wanted, { source: "sign_in", language });
}

/**
 * Issue 23: a step that uses a purpose (STEP_PURPOSES) shows its notice with a tick; the tick is recorded
 * through the consents service in the same request, before the step runs, with the step as its source.
 */
async function stepConsent(
  services: Pick<Services, "consents">,
  profileId: string,
  step: ConsentStep,
  choice: "0" | "1" | undefined,
  language?: Language | null,
) {
  await services.consents.atStep(profileId, STEP_PURPOSES[step], choice, { source: step, language: language ?? "en" });
}

export const journeyEvents: JourneyEvents = {
  login: {
    async handle(input, { services, ip, firstTouch, visitorConsent, language }) {
      // Decision 22: the landing page's parameters (first touch) win over those of the sign-in page.
      const result = await services.auth.login({ mobile: input.mobile, ip, utm: firstTouch ?? input, captcha: input, lang: language });
      await services.tracking.track("login", result.profileId, { visitorConsent });
      return R.auth.otpSent(result);
    },
  },
  resend_otp: {
    handle: async (input, { services, ip, language }) =>
      R.auth.otpSent(await services.auth.resendOtp({ profileId: input.profile_id, ip, captcha: input, lang: language })),
  },
  otp_verify: {
    async handle(input, { services, visitorConsent, language }) {
      const result = await services.auth.verifyOtp({ profileId: input.profile_id, otp: input.otp });
      await recordSignInConsents(services, input, visitorConsent, language ?? "en");
      await services.tracking.track("otp_verified", input.profile_id);
      return { ...R.auth.verified(result), newSessionToken: result.token };
    },
  },
  logout: {
    async handle(_input, { services, token }) {
      await services.auth.logout(token!);
      return { ...R.auth.loggedOut(), endSession: true };
    },
  },
  pancard_verification: {
    handle: async (input, { services, session }) => R.profile.pan(await services.profiles.verifyPan(me(session), input)),
  },
  personal_details: {
    handle: async (input, { services, session }) => R.profile.personal(await services.profiles.savePersonal(me(session), input)),
  },
  residence_details: {
    handle: async (input, { services, session }) => R.profile.residence(await services.profiles.saveResidence(me(session), input)),
  },
  income_details: {
    handle: async (input, { services, session }) => R.profile.income(await services.profiles.saveIncome(me(session), input)),
  },
  selfie_upload: {
    largeBody: true,
    handle: async (input, { services, session }) => R.profile.selfie(await services.profiles.saveSelfie(me(session), input)),
  },
  register_now: {
    async handle(input, { services, session, language }) {
      // The eligibility check pulls the credit report: its notice's tick is recorded first (issue 23).
      await stepConsent(services, me(session), "register_now", input.consent, language);
      const result = await services.eligibility.registerNow(me(session));
      // Eligible (a refusal throws): the answer's dialog offers 'Process', the conversion of spec 7.
      await services.tracking.track("eligibility_process", me(session));
      return R.eligibility.eligible(result);
    },
  },
  generate_loan_quote: {
    handle: async (_input, { services, session }) => R.quote.quote(await services.quotes.generate(me(session))),
  },
  loan_quotation_decision: {
    handle: async (input, { services, session }) => R.quote.decision(await services.quotes.decide(me(session), input)),
  },
  employment_details: {
    handle: async (input, { services, session }) => R.quote.employment(await services.employment.save(me(session), input)),
  },
  // eKYC and account aggregator (issue 4): one stage, ekyc_initiated → ekyc_verified → account_aggregator_verify.
  ekyc_initiated: {
    async handle(input, { services, session, language }) {
      // Running DigiLocker records the identity checks notice's tick; skipping it only respects a withdrawal.
      await stepConsent(services, me(session), "ekyc_initiated", input.run_ekyc_flag === RUN_EKYC_FLAG.run ? input.consent : undefined, language);
      return R.kyc.initiated(await services.kyc.initiate(me(session), input));
    },
  },
  ekyc_verified: {
    handle: async (_input, { services, session }) => R.kyc.verified(await services.kyc.verify(me(session))),
  },
  account_aggregator_verify: {
    async handle(input, { services, session, language }) {
      // Skipping to upload statements stays open to a customer who withdrew the account aggregator; the
      // notice's tick comes with the consent action (the status call after the aggregator's page has none).
      if (input.action !== "skip")
        await stepConsent(services, me(session), "account_aggregator_verify", input.action === "consent" ? input.consent : undefined, language);
      return R.kyc.accountAggregator(await services.kyc.accountAggregator(me(session), input));
    },
  },
  // Documents (dynamic upload, spec 7): profile_id, file_ext, file_password, event_name, doc_type, file.
  aadhaar_upload: documentEvent("aadhaar_upload"),
  pan_upload: documentEvent("pan_upload"),
  bank_statement_upload: documentEvent("bank_statement_upload"),
  pay_slip_upload: documentEvent("pay_slip_upload"),
  residence_proof_upload: documentEvent("residence_proof_upload"),
  banking_details: {
    handle: async (input, { services, session }) => R.banking.submitted(await services.banking.submit(me(session), input)),
  },
  autopay_setup: {
    handle: async (input, { services, session }) => R.banking.autopay(await services.mandates.setup(me(session), input)),
  },
  esign: {
    handle: async (_input, { services, session }) => R.banking.esign(await services.banking.resumeEsign(me(session))),
  },
};
