// Issue 23: labels kept in core (a field, a master-list entry, a card, a document) in the reader's
// language. Messages travel by code (decision 60); only these labels are still found by their English
// (`journey.term.*`), until core's lists carry their label keys.
import { en, type MessageKey } from "./en.ts";
import type { Language } from "./languages.ts";
import { translate } from "./translate.ts";

const TERM = /^journey\.term\./;

const byTerm = new Map<string, MessageKey>();
for (const [key, text] of Object.entries(en) as [MessageKey, string][]) {
  if (!text.includes("{") && TERM.test(key) && !byTerm.has(text)) byTerm.set(text, key);
}

/** A label kept in core (a field, a master list entry, a card, a document) in the reader's language. */
export function termText(lang: Language, english: string): string {
  if (lang === "en") return english;
  const key = byTerm.get(english);
  return key ? translate(lang, key) : english;
}

/**
 * Issue 30: a label as it stands before a postposition (का/की/के/में) in Hindi, its oblique form: "आधार
 * का आगे का हिस्सा" becomes "आधार के आगे के हिस्से" ("… की फ़ोटो"). Masculine labels ending in ा change; the
 * others (PAN कार्ड, सैलरी स्लिप, बैंक स्टेटमेंट) stay as they are. English is the label itself.
 */
const HINDI_OBLIQUE: Partial<Record<MessageKey, string>> = {
  "journey.term.aadhaarFront": "आधार के आगे के हिस्से",
  "journey.term.aadhaarBack": "आधार के पीछे के हिस्से",
  "journey.term.utilityBill": "बिजली/पानी/गैस के बिल",
};

export function termBeforePostposition(lang: Language, english: string): string {
  const key = byTerm.get(english);
  return lang === "hi" && key && HINDI_OBLIQUE[key] ? HINDI_OBLIQUE[key] : termText(lang, english);
}
