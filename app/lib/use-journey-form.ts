// One form helper for the journey steps: the values, the field errors (the browser's own check
// first, then what the step's action answered), focus on the first error, and the busy state.
// The form is a React Router <Form method="post">, so it also works without JavaScript: the
// action answers the same errors and the values sent, and the page renders them.
import { useEffect, useState, type ChangeEvent, type FormEvent } from "react";
import { useActionData, useNavigation } from "react-router";
import type * as z from "zod";
import { checkForm, focusFirstError } from "./form-errors.ts";
import { useCodeText } from "./i18n.tsx";
import type { CodedMessage } from "../../core/i18n/translate.ts";

/** What a step's action answers on failure (see submitJourneyEvent in dashboard.server.ts). */
export interface JourneyFormReply {
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

type Values = Record<string, string>;

export function useJourneyForm<V extends Values>(initial: V, options: { schema?: z.ZodType; check?: (values: V) => Record<string, string> } = {}) {
  const reply = useActionData<JourneyFormReply>();
  const navigation = useNavigation();
  const codeText = useCodeText();
  // Without JavaScript the page is rendered anew from the action's answer: start from what was sent.
  const [values, setStoredValues] = useState<V>(() => ({ ...initial, ...pick(initial, reply?.values) }));
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  // The answer that was on screen when the form was last sent: its errors are stale from then on,
  // so an old "We could not verify this PAN" does not stay beside a new income error.
  const [staleReply, setStaleReply] = useState<JourneyFormReply | undefined>(undefined);
  const current = reply && reply !== staleReply ? reply : undefined;
  // Fields changed since the last check: their old message no longer describes them (a PIN that
  // was "Pin code invalid!" and is now 799001 shows only the service-area note).
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const serverErrors = Object.fromEntries(Object.entries(current?.errors ?? {}).filter(([k]) => !edited.has(k)));
  const busy = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";

  // The action's errors: move focus to the first, so its message is read out.
  useEffect(() => {
    if (reply?.errors && Object.keys(reply.errors).length) focusFirstError(reply.errors);
  }, [reply]);

  /** A field's message: the browser's check, else the server's. */
  const error = (key: string): string | undefined => clientErrors[key] ?? serverErrors[key];

  function setValues(next: V) {
    const changed = Object.keys(next).filter((k) => next[k] !== values[k]);
    setStoredValues(next);
    if (!changed.length) return;
    setEdited((all) => new Set([...all, ...changed]));
    setClientErrors((all) => Object.fromEntries(Object.entries(all).filter(([k]) => !changed.includes(k))));
  }

  const set = (key: keyof V) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setValues({ ...values, [key]: event.target.value });

  /** Runs the core rules before sending; on a problem the form is not sent and focus goes to it. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const errors = findErrors(values);
    setClientErrors(errors);
    setStaleReply(reply);
    setEdited(new Set());
    if (Object.keys(errors).length) {
      event.preventDefault();
      focusFirstError(errors);
    }
  }

  function findErrors(v: V): Record<string, string> {
    const found = options.check ? options.check(v) : options.schema ? errorsOf(options.schema, v, codeText) : {};
    return Object.fromEntries(Object.entries(found).filter(([, m]) => m));
  }

  /** Checks one field as it is left (e.g. a malformed IFSC), so its message shows before Continue. */
  function checkField(key: keyof V & string) {
    if (!values[key]) return;
    const message = findErrors(values)[key];
    setClientErrors((all) => {
      const { [key]: _old, ...rest } = all;
      return message ? { ...rest, [key]: message } : rest;
    });
  }

  // The form-level message shows only when no field carries the reason.
  const message = Object.keys(serverErrors).length || Object.keys(clientErrors).length ? "" : (current?.message ?? "");
  /** The last answer was a failure and is still the current one (not yet sent again). */
  const failed = !!current;
  return { values, setValues, set, error, onSubmit, checkField, busy, message, failed, serverErrors };
}

function errorsOf(schema: z.ZodType, values: unknown, word: (message: string | CodedMessage) => string): Record<string, string> {
  const checked = checkForm(schema, values, word);
  return checked.ok ? {} : checked.errors;
}

function pick<V extends Values>(initial: V, sent: Values | undefined): Partial<V> {
  if (!sent) return {};
  return Object.fromEntries(
    Object.keys(initial)
      .filter((k) => typeof sent[k] === "string")
      .map((k) => [k, sent[k]]),
  ) as Partial<V>;
}
