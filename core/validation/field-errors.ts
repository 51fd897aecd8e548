// Turns a zod error into the API's `errors` object (decision 12): {field: message},
// first message per field. Nested paths join with dots; errors about the whole
// payload go under '_form'.

import type * as z from "zod";
import type { CodedMessage } from "../i18n/translate.ts";

export const FORM_ERROR_KEY = "_form";

export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : FORM_ERROR_KEY;
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/**
 * Zod's own checks (an enum, a type, a length) keep no params, so a schema that refuses with a coded
 * message names it here (`{ error: zodError(said("invalidRequest")) }`): the message is the code's
 * English, registered once beside its code for codedFieldErrors.
 */
const ZOD_CODES = new Map<string, CodedMessage>();
export function zodError(refusal: { message: string; code?: CodedMessage }): string {
  if (refusal.code) ZOD_CODES.set(refusal.message, refusal.code);
  return refusal.message;
}

/**
 * The same, with a coded rule's code in place of its English (decision 60: primitives.ts `schema()`
 * puts it in the issue's params), so the HTTP edge words it in the client's language.
 */
export function codedFieldErrors(error: z.ZodError): Record<string, string | CodedMessage> {
  const errors: Record<string, string | CodedMessage> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : FORM_ERROR_KEY;
    const code = (issue as { params?: { code?: CodedMessage } }).params?.code;
    if (!(key in errors)) errors[key] = code ?? ZOD_CODES.get(issue.message) ?? issue.message;
  }
  return errors;
}
