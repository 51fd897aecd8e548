// Turns a zod error into the API's `errors` object (decision 12): {field: message},
// first message per field. Nested paths join with dots; errors about the whole
// payload go under '_form'.

import type * as z from "zod";

export const FORM_ERROR_KEY = "_form";

export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : FORM_ERROR_KEY;
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
