// Apply Now: mobile + terms, then the one-time code (spec 5), and the login,
// resend_otp and otp_verify events (spec 7).

import * as z from "zod";
import { LIMITS } from "./limits.ts";
import { FIELD_LABELS as L, said } from "./messages.ts";
import { messageFor, mustBeTicked, ok, optionalText, schema, uuid, type Check } from "./primitives.ts";
import { mobileCheck, otpCheck } from "./rules.ts";
import { consentChoice } from "./shared.ts";

const utmText = optionalText({ label: L.utm, max: LIMITS.text.utm });
// Tracking values are optional extras: an absent or blank one is left out (undefined), not stored as null.
const utmCheck: Check<string | undefined> = (input) => {
  const r = utmText(input);
  return r.ok ? ok(r.value ?? undefined) : r;
};
const utm = () => schema(utmCheck, { type: "string", maxLength: LIMITS.text.utm, description: "Optional tracking parameter." });

/** Tracking parameters read from the address (spec 3) and stored with the lead (decision 22). */
const trackingShape = () => ({
  utm_source: utm(),
  utm_medium: utm(),
  utm_campaign: utm(),
  utm_term: utm(),
  utm_content: utm(),
  click_id: utm(),
});

export const mobileFormSchema = z.object({
  mobile: schema(mobileCheck),
  terms: schema(mustBeTicked(said("termsRequired"))),
});

export const otpFormSchema = z.object({ otp: schema(otpCheck) });

// These three come before a session exists, so profile_id is required where sent.
/**
 * The image captcha a code send carries once its address has sent many codes this hour (decision 15
 * as amended by issue 21): the id the server issued and what the customer typed. Absent otherwise.
 */
/** Absent or blank is left out (undefined), as the tracking values are. */
const leftOutWhenBlank =
  (check: Check<string | null>): Check<string | undefined> =>
  (input) => {
    const r = check(input);
    return r.ok ? ok(r.value ?? undefined) : r;
  };

export const otpCaptchaShape = () => ({
  captcha_id: schema(leftOutWhenBlank(optionalText({ label: L.captchaId, max: LIMITS.text.captchaId })), {
    type: "string",
    maxLength: LIMITS.text.captchaId,
    description: "Only when a reply asked for the captcha: the id it carried.",
  }),
  captcha: schema(leftOutWhenBlank(optionalText({ label: L.captcha, max: LIMITS.text.captcha })), {
    type: "string",
    maxLength: LIMITS.text.captcha,
    description: "Only when a reply asked for the captcha: the characters in its image.",
  }),
});

export const loginEventSchema = z.object({
  event_name: z.literal("login"),
  mobile: schema(mobileCheck),
  ...trackingShape(),
  ...otpCaptchaShape(),
});

export const resendOtpEventSchema = z.object({
  event_name: z.literal("resend_otp"),
  profile_id: schema(uuid(L.profileId)),
  ...trackingShape(),
  ...otpCaptchaShape(),
});

/** Issue 23: the optional purposes ticked on the sign-in form ("1"); absent or "0" gives nothing. */
const optionalConsent = () => consentChoice("1 when the optional purpose was ticked; absent or 0 gives nothing.");

export const otpVerifyEventSchema = z.object({
  event_name: z.literal("otp_verify"),
  profile_id: schema(uuid(L.profileId)),
  otp: schema(otpCheck),
  consent_marketing: optionalConsent(),
  consent_tracking: optionalConsent(),
  /** Issue 34: "Send my loan updates on WhatsApp". */
  consent_whatsapp: optionalConsent(),
});

// Form helpers: the message for a field, or null when it is fine.
const termsCheck = mustBeTicked(said("termsRequired"));
export const loginMobileError = (value: unknown): string | null => messageFor(mobileCheck, value);
export const loginOtpError = (value: unknown): string | null => messageFor(otpCheck, value);
export const termsError = (value: unknown): string | null => messageFor(termsCheck, value);

// Short names the server's event table uses.
export const loginEvent = loginEventSchema;
export const resendOtpEvent = resendOtpEventSchema;
export const otpVerifyEvent = otpVerifyEventSchema;
