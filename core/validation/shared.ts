// Helpers shared by the form and event schemas.

import * as z from "zod";
import type { Today } from "../calendar.ts";
import { FIELD_LABELS as L } from "./messages.ts";
import { issueOf, optionalUuid, schema, type Check } from "./primitives.ts";
import type { CodedMessage } from "../i18n/translate.ts";

/** Options of schemas that compare dates with today (age, "not in the future"). */
export type SchemaOptions = { today?: Today };

/** Wraps form fields as a journey event: event_name plus the optional profile_id. */
export function eventObject<N extends string, S extends z.ZodRawShape>(name: N, shape: S) {
  return z.object({
    event_name: z.literal(name),
    // The session names the customer; a profile_id, when sent, must be the session's own (decision 20).
    profile_id: schema(optionalUuid(L.profileId)),
    ...shape,
  });
}

/**
 * Issue 23: a consent choice sent with a form ("1" ticked, "0" not). Optional: a client that sends none
 * (the mobile apps) is answered as before (docs/decisions/compliance.md, "Issue 23: notices at their journey steps").
 */
export const consentChoice = (description: string) => z.enum(["0", "1"], { error: "A consent choice must be 0 or 1." }).optional().meta({ description });

/** The notice of the purpose a journey step uses, ticked on the step's screen (issue 23). */
export const stepConsentShape = () => ({
  consent: consentChoice("1 when the customer ticked this step's purpose notice (recorded once per notice version); 0 refuses the step; absent: as before."),
});

/** A cross-field refusal: its English and, for a coded rule, its code (decision 60). */
type Issue = { path: string; message: string; code?: CodedMessage };

/**
 * An object-level rule that reports alongside field errors, so a form shows
 * every message at once. It runs even when some fields failed: it sees the
 * fields parsed so far (failed ones are absent), so it must read defensively.
 */
export function crossField<T extends z.ZodType>(s: T, rule: (value: Record<string, unknown>) => Issue[]): T {
  return s.superRefine(
    (value, ctx) => {
      for (const issue of rule(value as Record<string, unknown>)) {
        ctx.addIssue(issueOf(issue, issue.path));
      }
    },
    { when: (p) => typeof p.value === "object" && p.value !== null },
  );
}

/** Runs a rule on a value and gives its message, for cross-field rules. */
export function issueFor<V>(path: string, check: Check<V>, input: unknown): Issue[] {
  const r = check(input);
  return r.ok ? [] : [{ path, message: r.message, ...(r.code ? { code: r.code } : {}) }];
}
