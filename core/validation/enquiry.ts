// Contact page enquiry form (decision 14).

import * as z from "zod";
import { LIMITS } from "./limits.ts";
import { FIELD_LABELS as L } from "./messages.ts";
import { optionalText, schema, text } from "./primitives.ts";
import { emailCheck, mobileCheck, nameCheck } from "./rules.ts";

const enquiryShape = () => ({
  name: schema(nameCheck(L.name)),
  mobile: schema(mobileCheck),
  email: schema(emailCheck),
  city: schema(optionalText({ label: L.city, max: LIMITS.text.city })),
  message: schema(text({ label: L.message, max: LIMITS.enquiryMessageMax })),
});

/** What the visitor types. */
export const enquiryFormSchema = z.object(enquiryShape());

/** What the browser posts: the form plus the captcha id the server issued and the visitor's answer. */
export const enquiryRequestSchema = z.object({
  ...enquiryShape(),
  captcha_id: schema(text({ label: L.captchaId, max: LIMITS.text.captchaId })),
  captcha: schema(text({ label: L.captcha, max: LIMITS.text.captcha })),
});

/** Messages of the enquiry and captcha calls (decision 14; the spec shows none). */
export const ENQUIRY_MESSAGES = {
  captchaIssued: "Type the characters shown in the image.",
  sent: "Thank you. Your enquiry has reached us and our team will contact you within one working day.",
  captchaWrong: "The characters you typed did not match the image. Please type the characters in the new image.",
  captchaUsed: "This image has already been used. Please type the characters in the new image.",
  captchaExpired: "This image has expired. Please type the characters in the new image.",
  captchaUnknown: "This image is not valid. Please type the characters in the new image.",
} as const;

/** Answer to a rate-limited enquiry or captcha request (decision 12: say when to retry). */
export function enquiryRateLimitedMessage(wait: string): string {
  return `Too many requests from your network. Please try again in ${wait}.`;
}
