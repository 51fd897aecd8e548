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

/** Answer to a rate-limited enquiry or captcha request (decision 12: say when to retry). */
export function enquiryRateLimitedMessage(wait: string): string {
  return `Too many requests from your network. Please try again in ${wait}.`;
}
