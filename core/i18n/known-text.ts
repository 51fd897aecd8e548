// A fixed English message the catalogue knows (core/validation's MESSAGES, or any message without
// values), shown in the reader's language. For texts that reach a screen as plain English: the
// spec's validation messages the screens check themselves, and answers of services not yet coded.
// A text the catalogue does not know stays as it is.
import { MESSAGES } from "../validation/messages.ts";
import { en, type MessageKey } from "./en.ts";
import type { Language } from "./languages.ts";
import { translate } from "./translate.ts";

let byText: Map<string, MessageKey> | null = null;

function index(): Map<string, MessageKey> {
  if (byText) return byText;
  byText = new Map();
  for (const [key, text] of Object.entries(en) as [MessageKey, string][]) if (!/[{<]/.test(text) && !byText.has(text)) byText.set(text, key);
  // validation.* keys first: they are the spec's texts.
  for (const [name, text] of Object.entries(MESSAGES)) if (`validation.${name}` in en) byText.set(text, `validation.${name}` as MessageKey);
  return byText;
}

/** `text` in `lang` when the catalogue has it, else `text` unchanged. */
export function knownText(lang: Language, text: string): string {
  if (lang === "en" || !text) return text;
  const key = index().get(text.trim());
  return key ? translate(lang, key) : text;
}
