// Turns a message key and its values into text in one language, through FormatJS's ICU message
// formatter (plurals, interpolation, rich-text tags). Each message is compiled once per language.
import { IntlMessageFormat } from "intl-messageformat";
import { en, type MessageKey } from "./en.ts";
import { hi } from "./hi.ts";
import { HTML_LANG, type Language } from "./languages.ts";
import { formatDate, formatDateInWords } from "../format.ts";

export type { MessageKey };
export const catalogues: Record<Language, Record<MessageKey, string>> = { en, hi };

export type MessageValues = Record<string, string | number>;
/**
 * Values that may be elements (a figure in its own <strong>), and tags (`<terms>…</terms>`) whose
 * content goes through a function that wraps it, e.g. in a link.
 */
export type RichValues<T> = Record<string, string | number | T | ((chunks: (string | T)[]) => T)>;

/** Each message's formatter, once per language; null for a message that formats to itself. */
const compiled: Record<Language, Map<MessageKey, IntlMessageFormat | null>> = { en: new Map(), hi: new Map() };

/**
 * ICU's syntax: arguments and tags, and a doubled apostrophe (one apostrophe quotes only a brace, a tag's
 * bracket or another apostrophe, so without those it is a plain apostrophe). A message with none of it
 * formats to itself, so it is given as it is, uncompiled: modules word their fixed refusals and notices
 * as they load, and compiling each cost the server's start ~30 ms.
 */
const ICU_SYNTAX = /[{}<>]|''/;

function formatter(lang: Language, key: MessageKey): IntlMessageFormat | null {
  let format = compiled[lang].get(key);
  if (format === undefined) {
    const text = catalogues[lang][key];
    compiled[lang].set(key, (format = ICU_SYNTAX.test(text) ? new IntlMessageFormat(text, HTML_LANG[lang]) : null));
  }
  return format;
}

/** The text of `key` in `lang`. Amounts and dates arrive already formatted (core/format.ts: ₹1,00,000). */
export function translate(lang: Language, key: MessageKey, values?: MessageValues): string {
  const format = formatter(lang, key);
  if (!format) return catalogues[lang][key];
  const out = format.format(values);
  return Array.isArray(out) ? out.join("") : String(out);
}

/** The parts of a message with tags, each tag's content passed through its function (React elements on screens). */
export function translateRich<T>(lang: Language, key: MessageKey, values: RichValues<T>): (string | T)[] {
  const format = formatter(lang, key);
  if (!format) return [catalogues[lang][key]];
  const out = format.format<T>(values);
  return Array.isArray(out) ? out : [out as string | T];
}

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** `t(key, values)` bound to one language. */
export function translator(lang: Language): Translate {
  return (key, values) => translate(lang, key, values);
}

/** A wait's values for the messages that say it in words: seconds under a minute, else whole minutes rounded up. */
export function waitValues(seconds: number): { unit: "seconds" | "minutes"; n: number } {
  return seconds < 60 ? { unit: "seconds", n: seconds } : { unit: "minutes", n: Math.ceil(seconds / 60) };
}

/** The text of a coded message, or a plain text as it is (messages not yet given a code stay English). */
export function messageText(lang: Language, message: string | CodedMessage): string {
  return typeof message === "string" ? message : translate(lang, message.key, valuesIn(lang, message.values));
}

/**
 * A refusal by code with its English beside it (core/validation's `Said`): the English is the English
 * catalogue's, for logs, tests and the apps; the code is what the HTTP edge words (decision 60).
 */
export function saidByCode(code: CodedMessage): { message: string; code: CodedMessage } {
  return { message: messageText("en", code), code };
}

/** A coded message's values with each coded value (a field's name, a number of days) worded in `lang`. */
export function valuesIn(lang: Language, values: CodedValues | undefined): MessageValues | undefined {
  if (!values) return undefined;
  const out: MessageValues = {};
  for (const [name, value] of Object.entries(values))
    out[name] = typeof value !== "object" ? value : "date" in value ? dayText(lang, value.date) : messageText(lang, value);
  return out;
}

/** A day as the English texts give it ("14 Mar 2027"), and in words in Hindi ("14 मार्च 2027"). */
export function dayText(lang: Language, day: string): string {
  return lang === "en" ? formatDate(day) : formatDateInWords(day, lang);
}

/** Several coded sentences as one text, each worded on its own. */
export function sentencesText(lang: Language, sentences: readonly CodedMessage[]): string {
  return sentences.map((s) => messageText(lang, s)).join(" ");
}

/**
 * A message known by code: the key and its values. Services return these (or throw errors that
 * carry one) and the HTTP edge or the screen turns them into text in the reader's language.
 */
export interface CodedMessage {
  key: MessageKey;
  values?: CodedValues;
}

/** Values of a coded message: data, or words of their own by code (a field's label is `journey.term.<name>`, decision 60). */
export type CodedValues = Record<string, string | number | CodedMessage | CodedDay>;

/** A day (ISO) as a value: worded per language by `dayText`, so a date in a sentence reads in words in Hindi. */
export interface CodedDay {
  date: string;
}
