// Spec 5 "generic rules": named rules a form can apply by field kind, plus the
// '{field} is required!' rule for everything else.

import { requiredMessage } from "./messages.ts";
import { isEmpty, type Check } from "./primitives.ts";
import { emailCheck, gstNumberCheck, mobileNumberCheck, panNumberCheck, passwordCheck, pinCodeCheck } from "./rules.ts";

export const GENERIC_RULES = {
  email: emailCheck,
  password: passwordCheck,
  mobileNumber: mobileNumberCheck,
  panNumber: panNumberCheck,
  gstNumber: gstNumberCheck,
  pinCode: pinCodeCheck,
} as const satisfies Record<string, Check<unknown>>;

export type GenericRuleName = keyof typeof GENERIC_RULES;

/**
 * Checks a flat form. Each field names a generic rule, or gives a label for
 * the plain required rule. Returns {field: message} for the fields that fail.
 */
export function validateFields(values: Record<string, unknown>, fields: Record<string, GenericRuleName | { required: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, rule] of Object.entries(fields)) {
    const value = values[field];
    if (typeof rule === "string") {
      const r = GENERIC_RULES[rule](value);
      if (!r.ok) errors[field] = r.message;
    } else if (isEmpty(value)) {
      errors[field] = requiredMessage(rule.required);
    }
  }
  return errors;
}
