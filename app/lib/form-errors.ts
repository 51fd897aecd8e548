import type * as z from "zod";
import { fieldErrors } from "../../core/validation/field-errors.ts";

/** Runs a core form schema: the clean values, or every field's message at once. */
export function checkForm<S extends z.ZodType>(schema: S, values: unknown): { ok: true; value: z.output<S> } | { ok: false; errors: Record<string, string> } {
  const r = schema.safeParse(values);
  return r.success ? { ok: true, value: r.data } : { ok: false, errors: fieldErrors(r.error) };
}

/** Moves focus to the first control with an error, so its message is read out. */
export function focusFirstError(errors: Record<string, string>) {
  const first = Object.keys(errors)[0];
  if (first) document.getElementById(first)?.focus();
}
