// Issue 32: form F01 "Personal Information", read. A buyer app posts our form's fields (FIS12 2.0.1's names) as
// multipart/form-data or urlencoded; each is checked with the website's own rule from core/validation (PAN,
// date of birth, mobile, e-mail, PIN code, income, names), so a value refused on our site is refused here
// with the same words. A field left out or empty is ONDC's 80217 "Missing Data"; one that fails its rule is
// 80216 "Invalid Input"; `paths` names every field at fault. The lending rules (age 21+, service area,
// salaried, income, PAN verification, bureau) are the eligibility service's, applied when the offer is made,
// as on our site. Pure: the fields and "today" in, the values or the error out.
import type { Today } from "../../../core/calendar.ts";
import {
  dobCheck,
  emailCheck,
  incomeFormIncomeCheck,
  mobileCheck,
  nameCheck,
  officialEmailCheck,
  panCheck,
  pinCodeCheck,
} from "../../../core/validation/rules.ts";
import { isEmpty, type Check } from "../../../core/validation/primitives.ts";
import type { CodedMessage } from "../../../core/i18n/index.ts";
import type { OndcError } from "./answers.ts";

export const F01_GENDERS = ["male", "female", "transgender"] as const;
export const F01_EMPLOYMENT_TYPES = ["salaried", "selfEmployed"] as const;
export const F01_END_USES = ["consumerDurablePurchase", "education", "travel", "health", "other"] as const;

export interface F01Values {
  panName: string;
  firstName: string | null;
  lastName: string | null;
  dob: string;
  gender: (typeof F01_GENDERS)[number];
  pan: string;
  /** The customer's mobile: the same customer record as on our site. */
  contactNumber: string;
  personalEmail: string | null;
  officialEmail: string | null;
  employmentType: (typeof F01_EMPLOYMENT_TYPES)[number];
  /** Monthly income, whole rupees. */
  income: number;
  companyName: string;
  udyamNumber: string | null;
  endUse: (typeof F01_END_USES)[number];
  address: { line1: string | null; line2: string | null; city: string | null; state: string | null; pincode: string };
  aaId: string | null;
  bureauConsent: true;
}

/** `fields`: each field at fault and what is wrong with it, by the website's codes (the form page words them in its language). */
export type F01Result = { ok: true; values: F01Values } | { ok: false; error: OndcError; fields: Record<string, string | CodedMessage> };

/** A free-text field of the form (company, address lines, city, state, AA id): trimmed, 1 to `max` characters. */
function freeText(max: number): Check<string> {
  return (input) => {
    const text = typeof input === "string" ? input.trim() : null;
    if (text === null || text === "") return { ok: false, message: "is required", code: { key: "ondc.form.required" } };
    if (text.length > max || /[\u0000-\u001f\u007f]/.test(text))
      return { ok: false, message: `must be at most ${max} characters, without control characters`, code: { key: "ondc.form.tooLong", values: { max } } };
    return { ok: true, value: text };
  };
}

function oneOf<T extends string>(values: readonly T[]): Check<T> {
  return (input) =>
    typeof input === "string" && (values as readonly string[]).includes(input)
      ? { ok: true, value: input as T }
      : { ok: false, message: `must be one of ${values.join(", ")}`, code: { key: "ondc.form.chooseOne" } };
}

/** A ticked HTML checkbox sends "on" (or the value it was given); anything else is not consent. */
const ticked: Check<true> = (input) =>
  typeof input === "string" && ["on", "true", "yes", "1"].includes(input.trim().toLowerCase())
    ? { ok: true, value: true }
    : { ok: false, message: "must be ticked: the bureau is asked only with consent", code: { key: "ondc.f01.consentRequired" } };

export function readF01(fields: Record<string, unknown>, today: Today): F01Result {
  const missing: string[] = [];
  const invalid: { field: string; message: string; code?: CodedMessage }[] = [];
  function take<T>(field: string, check: Check<T>, required: true): T;
  function take<T>(field: string, check: Check<T>, required: false): T | null;
  function take<T>(field: string, check: Check<T>, required: boolean): T | null {
    const input = fields[field];
    if (isEmpty(input) || (typeof input === "string" && input.trim() === "")) {
      if (required) missing.push(field);
      return null;
    }
    const result = check(typeof input === "string" ? input.trim() : input);
    if (result.ok) return result.value;
    invalid.push({ field, message: result.message, code: result.code });
    return null;
  }
  const values = {
    panName: take("panName", nameCheck("Name as per PAN"), true),
    firstName: take("firstName", nameCheck("First name"), false),
    lastName: take("lastName", nameCheck("Last name"), false),
    dob: take("dob", dobCheck(today), true),
    gender: take("gender", oneOf(F01_GENDERS), true),
    pan: take("pan", panCheck, true),
    contactNumber: take("contactNumber", mobileCheck, true),
    personalEmail: take("personalemail", emailCheck, false),
    officialEmail: take("officialemail", officialEmailCheck, false),
    employmentType: take("employmentType", oneOf(F01_EMPLOYMENT_TYPES), true),
    income: take("income", incomeFormIncomeCheck, true),
    companyName: take("companyName", freeText(200), true),
    udyamNumber: take("udyamNumber", freeText(30), false),
    endUse: take("endUse", oneOf(F01_END_USES), true),
    address: {
      line1: take("addressL1", freeText(200), false),
      line2: take("addressL2", freeText(200), false),
      city: take("city", freeText(100), false),
      state: take("state", freeText(100), false),
      // Ours, not the spec's: the service area is a lending rule, so the PIN code is required.
      pincode: take("pincode", pinCodeCheck, true),
    },
    aaId: take("aa_id", freeText(100), false),
    bureauConsent: take("bureauConsent", ticked, true),
  };
  const fieldMessages: Record<string, string | CodedMessage> = Object.fromEntries([
    ...missing.map((f) => [f, { key: "ondc.form.required" } satisfies CodedMessage]),
    ...invalid.map((i) => [i.field, i.code ?? i.message]),
  ]);
  if (missing.length > 0) {
    return { ok: false, error: { code: "80217", message: `Required: ${missing.join(", ")}.`, paths: missing.join(", ") }, fields: fieldMessages };
  }
  if (invalid.length > 0) {
    return {
      ok: false,
      fields: fieldMessages,
      error: { code: "80216", message: invalid.map((i) => `${i.field}: ${i.message}`).join("; "), paths: invalid.map((i) => i.field).join(", ") },
    };
  }
  return { ok: true, values: values as F01Values };
}
