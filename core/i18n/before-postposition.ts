// Issue 30: a label as it stands before a postposition (का/की/के/में) in Hindi, its oblique form: "आधार का
// आगे का हिस्सा" becomes "आधार के आगे के हिस्से" ("… की फ़ोटो"). Masculine labels ending in ा change; the
// others (PAN कार्ड, सैलरी स्लिप, बैंक स्टेटमेंट) stay as they are.
import type { MessageKey } from "./en.ts";
import type { Language } from "./languages.ts";
import { translate } from "./translate.ts";

const HINDI_OBLIQUE: Partial<Record<MessageKey, string>> = {
  "journey.term.aadhaarFront": "आधार के आगे के हिस्से",
  "journey.term.aadhaarBack": "आधार के पीछे के हिस्से",
  "journey.term.utilityBill": "बिजली/पानी/गैस के बिल",
};

/** The label `key` in `lang` as it stands before a postposition; in English, the label itself. */
export function beforePostposition(lang: Language, key: MessageKey): string {
  return (lang === "hi" && HINDI_OBLIQUE[key]) || translate(lang, key);
}
