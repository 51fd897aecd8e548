// Building blocks: a rule is a pure function (input → value or message) that a
// form can call directly, and `schema()` turns it into a zod schema for the
// API. Writing rules this way keeps each spec message exact and lets one rule
// both check and normalise (trim, upper-case, "1" → 1).

import * as z from "zod";
import { defaultToday, isIsoDate, type Today } from "../calendar.ts";
import { FORM_ERROR_KEY } from "./field-errors.ts";
import { said, type Said } from "./messages.ts";
import { saidControlCharacter, saidInvalidOption, saidRange, saidRequired, saidTooLong, type Bound } from "./said.ts";
import type { CodedMessage } from "../i18n/translate.ts";

export type Ok<T> = { ok: true; value: T };
/** A refusal: its English (what the apps read) and, once the rule is coded, its catalogue code (decision 60). */
export type Fail = { ok: false; message: string; code?: CodedMessage };
export type Result<T> = Ok<T> | Fail;
/** A rule: takes whatever a form or JSON body holds, returns the clean value or one message. */
export type Check<T> = (input: unknown) => Result<T>;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
export const fail = (message: string | Said): Fail => (typeof message === "string" ? { ok: false, message } : { ok: false, ...message });

/** Runs a rule for a form field: the message, or null when the value is fine. */
export function messageFor<T>(check: Check<T>, input: unknown): string | null {
  const r = check(input);
  return r.ok ? null : r.message;
}

/** A rule's refusal for a screen to word (decision 60): its code, its English when not coded, or null. */
export function refusalFor<T>(check: Check<T>, input: unknown): string | CodedMessage | null {
  const r = check(input);
  return r.ok ? null : (r.code ?? r.message);
}

/**
 * What the API reference shows for a rule (a JSON Schema fragment: type, pattern, format, enum,
 * bounds): the rule itself is a function, which JSON Schema cannot show. It documents the
 * canonical form; a rule may accept more (a digit string for a number, lower case for a PAN).
 */
export type FieldDoc = { type?: string | string[]; description?: string; [keyword: string]: unknown };
const FIELD_DOCS = new WeakMap<Check<unknown>, FieldDoc>();

/** Attaches the reference's description to a rule; returns the rule unchanged. */
export function documented<C extends Check<unknown>>(check: C, doc: FieldDoc): C {
  FIELD_DOCS.set(check, doc);
  return check;
}

export const fieldDocOf = (check: Check<unknown>): FieldDoc | undefined => FIELD_DOCS.get(check);

/**
 * A zod schema from a rule. `.optional()` on the input side lets an absent key
 * reach the rule as undefined, so the rule itself says "required" (zod would
 * otherwise answer with its own English message). `doc` (or the rule's own, see
 * `documented`) is what /api/openapi.json shows for the field.
 */
export function schema<T>(check: Check<T>, doc?: FieldDoc) {
  const s = z
    .unknown()
    .optional()
    .transform((input, ctx): T => {
      const r = check(input);
      if (r.ok) return r.value;
      ctx.addIssue(issueOf(r));
      return z.NEVER;
    });
  const meta = doc ?? FIELD_DOCS.get(check as Check<unknown>);
  return meta ? s.meta(meta) : s;
}

/** A refusal as a zod issue: its English, and its code in `params` (read by codedFieldErrors). */
export function issueOf(r: { message: string; code?: CodedMessage }, path?: string) {
  return { code: "custom" as const, message: r.message, ...(path ? { path: [path] } : {}), ...(r.code ? { params: { code: r.code } } : {}) };
}

/** JSON Schema's pattern for a rule's RegExp (both are ECMAScript dialects; flags are not carried). */
const patternOf = (re: RegExp | undefined) => (re ? { pattern: re.source } : {});

/**
 * Spec 5 emptiness: empty string, zero, false, empty list or object, plus
 * null/undefined/NaN. A string of spaces counts as empty: it carries nothing.
 */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === "string") return value.trim() === "";
  if (typeof value === "number") return value === 0 || Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

/** Spec 5 generic required rule: '{field} is required!' when empty. */
export function requiredCheck(field: string): Check<unknown> {
  return (input) => (isEmpty(input) ? fail(saidRequired(field)) : ok(input));
}

/**
 * Text of a field: strings trimmed, finite numbers as their digits (a PIN
 * code may arrive as 110001), '' for null/undefined; null for other types.
 */
export function toText(input: unknown): string | null {
  if (input === undefined || input === null) return "";
  if (typeof input === "string") return input.trim();
  if (typeof input === "number" && Number.isFinite(input)) return String(input);
  return null;
}

type TextOptions = {
  label: string;
  max: number;
  /** Message when empty; default '{label} is required!'. */
  required?: string | Said;
  pattern?: RegExp;
  /** Message when the pattern fails; default '{label} is invalid!'. */
  invalid?: string | Said;
  /** Message when longer than max; default '{label} must be at most {max} characters.' */
  tooLong?: string | Said;
  /** Applied after trimming, before the pattern (e.g. upper-casing). */
  normalise?: (text: string) => string;
};

/**
 * Control characters (NUL and the other C0 codes but tab, line feed and carriage return, plus DEL)
 * are never part of what a customer types; PostgreSQL also refuses NUL in text. One rule for every text.
 */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * Every string anywhere in a request body or query (keys too), as field → message, for the
 * control-character rule. Applied at the API edge before any schema, so a text field that is
 * a plain zod string (a slug, a webhook id) gets the same rule as the form fields.
 */
export function controlCharacterErrors(value: unknown): Record<string, Said> {
  const errors: Record<string, Said> = {};
  const refuse = (at: string) => {
    errors[at || FORM_ERROR_KEY] ??= saidControlCharacter(at || "The request");
  };
  const visit = (v: unknown, at: string, depth: number) => {
    if (depth > 32) return;
    if (typeof v === "string") {
      if (hasControlCharacter(v)) refuse(at);
    } else if (Array.isArray(v)) {
      for (const item of v) visit(item, at, depth + 1);
    } else if (typeof v === "object" && v !== null) {
      for (const [key, item] of Object.entries(v)) {
        if (hasControlCharacter(key)) refuse(at);
        else visit(item, at ? `${at}.${key}` : key, depth + 1);
      }
    }
  };
  visit(value, "", 0);
  return errors;
}

function checkText(text: string, o: TextOptions): Result<string> {
  const value = o.normalise ? o.normalise(text) : text;
  // Length first: a pattern on a huge string is wasted work and the length message is clearer.
  if (value.length > o.max) return fail(o.tooLong ?? saidTooLong(o.label, o.max));
  if (hasControlCharacter(value)) return fail(saidControlCharacter(o.label));
  if (o.pattern && !o.pattern.test(value)) return fail(o.invalid ?? saidInvalidOption(o.label));
  return ok(value);
}

/** Required text field. */
export function text(o: TextOptions): Check<string> {
  return documented((input: unknown) => {
    const t = toText(input);
    if (t === null) return fail(o.invalid ?? saidInvalidOption(o.label));
    if (t === "") return fail(o.required ?? saidRequired(o.label));
    return checkText(t, o);
  }, textDoc(o));
}

const textDoc = (o: Omit<TextOptions, "required">, required = true): FieldDoc => ({
  type: "string",
  ...(required ? { minLength: 1 } : {}),
  maxLength: o.max,
  ...patternOf(o.pattern),
});

/** Optional text field: empty → null, otherwise the same checks as `text`. */
export function optionalText(o: Omit<TextOptions, "required">): Check<string | null> {
  return documented(
    (input: unknown) => {
      const t = toText(input);
      if (t === null) return fail(o.invalid ?? saidInvalidOption(o.label));
      if (t === "") return ok(null);
      return checkText(t, o);
    },
    { ...textDoc(o, false), description: "Optional: empty or absent means none." },
  );
}

/** Whole number from a number or a digit string ("1" → 1); null when it is neither. */
export function toWholeNumber(input: unknown): number | null {
  if (typeof input === "number") return Number.isSafeInteger(input) ? input : null;
  if (typeof input === "string" && /^\d{1,15}$/.test(input.trim())) return Number(input.trim());
  return null;
}

/** One id out of a master list; '', 0 and missing are "required", anything else off-list is invalid. */
export function choice<T extends number>(label: string, ids: readonly T[]): Check<T> {
  return documented(
    (input: unknown) => {
      if (isEmpty(input) || input === "0") return fail(saidRequired(label));
      const n = toWholeNumber(input);
      if (n === null || !(ids as readonly number[]).includes(n)) return fail(saidInvalidOption(label));
      return ok(n as T);
    },
    { type: "integer", enum: [...ids], description: `${label} (a digit string is accepted too).` },
  );
}

/** One of a list of string codes, matched case-insensitively and returned in canonical form. */
export function codeChoice<T extends string>(label: string, codes: readonly T[]): Check<T> {
  return documented(
    (input: unknown) => {
      const t = toText(input);
      if (t === null) return fail(saidInvalidOption(label));
      if (t === "") return fail(saidRequired(label));
      const found = codes.find((c) => c.toUpperCase() === t.toUpperCase());
      return found === undefined ? fail(saidInvalidOption(label)) : ok(found);
    },
    { type: "string", enum: [...codes], description: `${label} (any letter case).` },
  );
}

/** Whole number in [min, max]; `bound` gives each bound as the message shows it ('₹10,000', '7 days'). */
export function wholeNumberInRange(label: string, min: number, max: number, bound: (n: number) => Bound = plainBound): Check<number> {
  return documented(
    (input: unknown) => {
      if (isEmpty(input) || input === "0") return fail(saidRequired(label));
      const n = toWholeNumber(input);
      if (n === null || n < min || n > max) return fail(saidRange(label, bound(min), bound(max)));
      return ok(n);
    },
    { type: "integer", minimum: min, maximum: max },
  );
}

const plainBound = (n: number): Bound => ({ text: String(n), value: String(n) });

/** The one id rule: 8-4-4-4-12 hex digits, nothing else (the database's uuid cast takes more forms, and fails on others). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A record id in its canonical (trimmed, lower-case) form, or null when the value is not one.
 * Every id from a request goes through this before it reaches a query.
 */
/** Whether a value is a record id exactly as given (no trimming), so it can go to a query unchanged. */
export function isUuid(input: unknown): input is string {
  return typeof input === "string" && UUID.test(input.toLowerCase());
}

export function toUuid(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const id = input.trim().toLowerCase();
  return UUID.test(id) ? id : null;
}

/** A record id (profile_id): a UUID, returned lower-cased. */
export function uuid(label: string): Check<string> {
  return documented(
    (input: unknown) => {
      const t = toText(input);
      if (t === "") return fail(saidRequired(label));
      const id = toUuid(t);
      return id === null ? fail(saidInvalidOption(label)) : ok(id);
    },
    { type: "string", format: "uuid" },
  );
}

/** An id that may be left out: absent or blank → undefined. */
export function optionalUuid(label: string): Check<string | undefined> {
  const id = uuid(label);
  return documented((input: unknown) => (input === undefined || input === null || input === "" ? ok(undefined) : id(input)), {
    type: "string",
    format: "uuid",
    description: `${label}; optional (the session's own when given).`,
  });
}

type DateOptions = {
  label: string;
  /** Refuse dates after today ('Date cannot be in the future.'). */
  notFuture?: boolean;
  today?: Today;
};

/** A calendar date as 'YYYY-MM-DD' (what an HTML date input sends). */
export function isoDate({ label, notFuture = false, today = defaultToday }: DateOptions): Check<string> {
  return documented(
    (input: unknown) => {
      const t = toText(input);
      if (t === "") return fail(saidRequired(label));
      if (t === null || !isIsoDate(t)) return fail(said("invalidDate"));
      if (notFuture && t > today()) return fail(said("dateInFuture"));
      return ok(t);
    },
    { type: "string", format: "date", description: notFuture ? `${label}, not in the future.` : label },
  );
}

/** A checkbox that must be ticked: true, 'true', 'on', 1 or '1'. */
export function mustBeTicked(message: string | Said): Check<true> {
  return documented((input: unknown) => (input === true || input === 1 || input === "1" || input === "true" || input === "on" ? ok(true) : fail(message)), {
    type: ["boolean", "integer", "string"],
    enum: [true, 1, "1", "true", "on"],
  });
}

/** Accepts anything; lets an object-level rule look at a field that depends on another. */
export const passThrough: Check<unknown> = (input) => ok(input);
