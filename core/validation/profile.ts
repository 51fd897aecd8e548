// Profile registration forms (spec 5) and their journey events (spec 7):
// PAN, personal details, residence, income. Field names are the spec's payload names.

import * as z from "zod";
import { defaultToday } from "../calendar.ts";
import { GENDERS, INCOME_TYPES, MARITAL_STATUSES, MARRIED_ID, RESIDENCE_TYPES, SALARY_MODES, idsOf } from "../journey/masters.ts";
import { LIMITS } from "./limits.ts";
import { FIELD_LABELS as L } from "./messages.ts";
import { choice, isoDate, optionalText, passThrough, schema, text } from "./primitives.ts";
import { dobCheck, emailCheck, incomeFormIncomeCheck, nameCheck, panCheck, panScreenIncomeCheck, PATTERNS, pinCodeCheck, spouseNumberCheck } from "./rules.ts";
import { crossField, eventObject, issueFor, type SchemaOptions } from "./shared.ts";

// --- PAN screen -------------------------------------------------------------

const panShape = () => ({
  pancard: schema(panCheck),
  monthly_income: schema(panScreenIncomeCheck),
});

export const panFormSchema = z.object(panShape());
export const pancardVerificationEventSchema = eventObject("pancard_verification", panShape());

// --- Personal details -------------------------------------------------------

const spouseNameCheck = nameCheck(L.spouseName);

const personalShape = ({ today = defaultToday }: SchemaOptions) => ({
  personal_email: schema(emailCheck),
  dob: schema(dobCheck(today)),
  marital_status_id: schema(choice(L.maritalStatus, idsOf(MARITAL_STATUSES))),
  gender: schema(choice(L.gender, idsOf(GENDERS))),
  // Checked below: required only when married.
  spouse_name: schema(passThrough, { type: "string", maxLength: LIMITS.text.name, pattern: PATTERNS.name.source, description: "Required when married (2)." }),
  spouse_number: schema(passThrough, { type: "string", pattern: PATTERNS.mobile.source, description: "Required when married (2)." }),
});

/** Married (2): spouse name and number required. Otherwise they are ignored and stored as null. */
function withSpouseRules<T extends z.ZodType<{ marital_status_id: number; spouse_name: unknown; spouse_number: unknown }>>(s: T) {
  return crossField(s, (v) =>
    v.marital_status_id === MARRIED_ID
      ? [...issueFor("spouse_name", spouseNameCheck, v.spouse_name), ...issueFor("spouse_number", spouseNumberCheck, v.spouse_number)]
      : [],
  ).transform((v) => {
    const married = v.marital_status_id === MARRIED_ID;
    const name = spouseNameCheck(v.spouse_name);
    const number = spouseNumberCheck(v.spouse_number);
    return {
      ...(v as Omit<z.output<T>, "spouse_name" | "spouse_number">),
      spouse_name: married && name.ok ? name.value : null,
      spouse_number: married && number.ok ? number.value : null,
    };
  });
}

export const personalFormSchema = (opts: SchemaOptions = {}) => withSpouseRules(z.object(personalShape(opts)));
export const personalDetailsEventSchema = (opts: SchemaOptions = {}) => withSpouseRules(eventObject("personal_details", personalShape(opts)));

// --- Residence --------------------------------------------------------------

const residenceShape = () => ({
  residence_type_id: schema(choice(L.residenceType, idsOf(RESIDENCE_TYPES))),
  residence_address_1: schema(text({ label: L.addressLine1, max: LIMITS.text.address })),
  residence_address_2: schema(text({ label: L.addressLine2, max: LIMITS.text.address })),
  residence_landmark: schema(optionalText({ label: L.landmark, max: LIMITS.text.landmark })),
  residence_pincode: schema(pinCodeCheck),
});

export const residenceFormSchema = z.object(residenceShape());
export const residenceDetailsEventSchema = eventObject("residence_details", residenceShape());

// --- Income -----------------------------------------------------------------

const incomeShape = ({ today = defaultToday }: SchemaOptions) => ({
  income_type_id: schema(choice(L.incomeType, idsOf(INCOME_TYPES))),
  monthly_income: schema(incomeFormIncomeCheck),
  salary_date: schema(isoDate({ label: L.salaryDate, notFuture: true, today })),
  // Spec 7 sends salary_mode_id; the profile stores it as salary_mode.
  salary_mode_id: schema(choice(L.salaryMode, idsOf(SALARY_MODES))),
});

export const incomeFormSchema = (opts: SchemaOptions = {}) => z.object(incomeShape(opts));
export const incomeDetailsEventSchema = (opts: SchemaOptions = {}) => eventObject("income_details", incomeShape(opts));
