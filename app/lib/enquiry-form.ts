// The contact page's enquiry form: paths and words shared by its markup (contact.tsx) and the
// enquiry island that runs it (app/islands/enquiry-form.ts), so both say the same things.
import { formatCount } from "../../core/format.ts";
import { LIMITS } from "../../core/validation/limits.ts";

export const CAPTCHA_PATH = "/index.php/Api/EnquiryController/generate_captcha";
export const ENQUIRE_PATH = "/Api/EnquiryController/enquire";

export const ENQUIRY_FIELDS = ["name", "mobile", "email", "city", "message"] as const;
export type EnquiryFields = Record<(typeof ENQUIRY_FIELDS)[number], string>;
export type Captcha = { captcha_id: string; captcha_image: string; width: number; height: number };

/**
 * The words the island writes, in the page's language: contact.tsx builds them from the catalogue and
 * hands them over in the form's data-enquiry-words, so the island carries no catalogue (issue 23).
 * `hint` holds {max} and {typed}.
 */
export interface EnquiryWords {
  alt: string;
  loading: string;
  newImage: string;
  failed: string;
  required: string;
  idle: string;
  busy: string;
  hint: string;
  /** The rules' English field messages → the page's words (app/lib/enquiry-error-words.ts); empty in English. */
  errors: Record<string, string>;
}

/** The English words, the island's fallback (app/lib/i18n-content.test.ts holds them to the catalogue's). */
export const ENGLISH_ENQUIRY_WORDS: EnquiryWords = {
  alt: "Security image with 5 distorted letters and digits",
  loading: "Loading the image…",
  newImage: "A new image is shown. Type the characters you see.",
  failed: "The image could not be loaded. Please press New image.",
  required: "Captcha is required!",
  idle: "Send enquiry",
  busy: "Sending…",
  hint: "At most {max} characters ({typed} typed).",
  errors: {},
};

/** The message field's hint, with the count typed so far. */
export function messageHint(typed: number, words: EnquiryWords = ENGLISH_ENQUIRY_WORDS): string {
  return words.hint.replace("{max}", formatCount(LIMITS.enquiryMessageMax)).replace("{typed}", formatCount(typed));
}
