// Decision 60: the rules' messages with a field in them, by code. Each gives the English the apps read
// (messages.ts's functions) and the catalogue code a screen or the HTTP edge words in the reader's
// language; the field travels as its own term key (`journey.term.<name>`), so it is worded too. Only
// types come from the catalogue: the browser islands that run these rules carry no catalogue.
import type { CodedMessage, CodedValues, MessageKey } from "../i18n/translate.ts";
import {
  FIELD_LABELS,
  controlCharacterMessage,
  fileTooLargeMessage,
  fileTypeMessage,
  groupThousands,
  invalidOptionMessage,
  rangeMessage,
  requiredMessage,
  tooLongMessage,
  type Said,
} from "./messages.ts";

/** FIELD_LABELS' names that are not customer words (no term in the catalogue). */
type Untermed = "profileId" | "otp" | "captcha" | "captchaId" | "utm" | "password";
type TermName = Exclude<keyof typeof FIELD_LABELS, Untermed>;
const UNTERMED: readonly string[] = ["profileId", "otp", "captcha", "captchaId", "utm", "password"] satisfies Untermed[];

/** Labels core's rules use beside FIELD_LABELS (the login, generic and document rules name their fields so). */
const OTHER_LABELS: Record<string, MessageKey> = {
  Mobile: "journey.term.mobile",
  Email: "journey.term.email",
  PAN: "journey.term.pan",
  "Pin code": "journey.term.pinCode",
  Aadhaar: "journey.term.aadhaar",
  "PAN card": "journey.term.panCard",
  "Bank statement": "journey.term.bankStatement",
  "Salary slip": "journey.term.salarySlip",
  "Utility bill": "journey.term.utilityBill",
};

/** Each of core's field labels (its English, as the rules take it) → its term key. */
const TERMS = new Map<string, MessageKey>(Object.entries(OTHER_LABELS));
for (const name of Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]) {
  if (!UNTERMED.includes(name)) TERMS.set(FIELD_LABELS[name], `journey.term.${name as TermName}`);
}

/** A field's label as a message value: its term by code, or the label itself when it has none (staff-only, ids). */
export function fieldTerm(label: string): string | CodedMessage {
  const key = TERMS.get(label);
  return key ? { key } : label;
}

const coded = (message: string, key: MessageKey, values: CodedValues): Said => ({ message, code: { key, values } });

/** '{field} is required!' */
export const saidRequired = (field: string): Said => coded(requiredMessage(field), "journey.msg.required", { field: fieldTerm(field) });

/** '{field} is invalid!' */
export const saidInvalidOption = (field: string): Said => coded(invalidOptionMessage(field), "journey.msg.invalidOption", { field: fieldTerm(field) });

/** '{field} contains characters that are not allowed.' */
export const saidControlCharacter = (field: string): Said => coded(controlCharacterMessage(field), "journey.msg.controlCharacter", { field: fieldTerm(field) });

/** '{field} must be at most {max} characters.' */
export const saidTooLong = (field: string, max: number): Said =>
  coded(tooLongMessage(field, max), "journey.msg.tooLong", { field: fieldTerm(field), max: groupThousands(max) });

/** A bound of a range as its English and its value (a number of days is words of its own). */
export interface Bound {
  text: string;
  value: string | CodedMessage;
}

/** A number of days as a range's bound: '7 days'. */
export const daysBound = (n: number): Bound => ({ text: `${n} days`, value: { key: "journey.msg.days", values: { n: String(n) } } });

/** '{field} must be between {min} and {max}.' */
export const saidRange = (field: string, min: Bound, max: Bound): Said =>
  coded(rangeMessage(field, min.text, max.text), "journey.msg.range", { field: fieldTerm(field), min: min.value, max: max.value });

/** '{document} must be a {allowed} file.' */
export const saidFileType = (document: string, allowed: string): Said =>
  coded(fileTypeMessage(document, allowed), "journey.msg.fileType", { document: fieldTerm(document), allowed });

/** 'File is too large. The maximum size is {mb} MB.' */
export const saidFileTooLarge = (mb: number): Said => coded(fileTooLargeMessage(mb), "journey.msg.fileTooLarge", { mb: String(mb) });
