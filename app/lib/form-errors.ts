import type * as z from "zod";
import type { CodedMessage } from "../../core/i18n/translate.ts";
import { codedFieldErrors, fieldErrors } from "../../core/validation/field-errors.ts";

/**
 * Runs a core form schema: the clean values, or every field's message at once. A screen passes `word`
 * (useCodeText) so a coded rule's refusal is worded in its language (decision 60); the islands, which
 * carry no catalogue, get the English.
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
  word?: (message: string | CodedMessage) => string,
): { ok: true; value: z.output<S> } | { ok: false; errors: Record<string, string> } {
  const r = schema.safeParse(values);
  if (r.success) return { ok: true, value: r.data };
  if (!word) return { ok: false, errors: fieldErrors(r.error) };
  return { ok: false, errors: Object.fromEntries(Object.entries(codedFieldErrors(r.error)).map(([field, m]) => [field, word(m)])) };
}

/** Moves focus to the first control with an error, so its message is read out. */
export function focusFirstError(errors: Record<string, string>) {
  const first = Object.keys(errors)[0];
  if (first) document.getElementById(first)?.focus();
}
