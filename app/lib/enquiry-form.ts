// The contact page's enquiry form: paths and words shared by its markup (contact.tsx) and the
// enquiry island that runs it (app/islands/enquiry-form.ts), so both say the same things.
import { formatCount } from "../../core/format.ts";
import { LIMITS } from "../../core/validation/limits.ts";

export const CAPTCHA_PATH = "/index.php/Api/EnquiryController/generate_captcha";
export const ENQUIRE_PATH = "/Api/EnquiryController/enquire";

export const ENQUIRY_FIELDS = ["name", "mobile", "email", "city", "message"] as const;
export type EnquiryFields = Record<(typeof ENQUIRY_FIELDS)[number], string>;
export type Captcha = { captcha_id: string; captcha_image: string; width: number; height: number };

export const CAPTCHA_TEXT = {
  alt: "Security image with 5 distorted letters and digits",
  loading: "Loading the image…",
  newImage: "A new image is shown. Type the characters you see.",
  failed: "The image could not be loaded. Please press New image.",
  required: "Captcha is required!",
};

export const SUBMIT_TEXT = { idle: "Send enquiry", busy: "Sending…" };

/** The message field's hint, with the count typed so far. */
export function messageHint(typed: number): string {
  return `At most ${formatCount(LIMITS.enquiryMessageMax)} characters (${formatCount(typed)} typed).`;
}
