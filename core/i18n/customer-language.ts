// Issue 23: the language a customer's messages (SMS, e-mail) are written in.
import { formatDateInWords } from "../format.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./languages.ts";

/** The profile's saved choice (`preferred_language`), or English when there is none. */
export function customerLanguage(saved: string | null | undefined): Language {
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

/**
 * A date in a message: in Hindi in words ("10 दिसंबर 2026"); in English as the message has always
 * written it (`english`), so the English texts stay exactly as they are.
 */
export function messageDate(iso: string, lang: Language, english: (iso: string) => string): string {
  return lang === "hi" ? formatDateInWords(iso, "hi", iso) : english(iso);
}
