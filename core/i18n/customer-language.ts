// Issue 23: the language a customer's messages (SMS, e-mail) are written in.
import { formatDate, formatDateInWords } from "../format.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./languages.ts";

/** The profile's saved choice (`preferred_language`), or English when there is none. */
export function customerLanguage(saved: string | null | undefined): Language {
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

/**
 * Issue 30: the one way a date is written in a notice (every SMS and e-mail), in the customer's
 * language: "7 Dec 2026" in English, "7 दिसंबर 2026" in Hindi (never a Latin month name). A value that
 * is not a date is returned as it is, so a message never hides what it was given.
 */
export function noticeDate(iso: string, lang: Language): string {
  return lang === "hi" ? formatDateInWords(iso, "hi", iso) : formatDate(iso, { fallback: iso });
}

/** A bank's reason for a failed AutoPay debit, as the catalogue words it (messages.autopayFailure.*). */
export type DebitFailure = "no_funds" | "declined";

/** The provider's own text is English (and not for customers); a notice names only the kind of failure. */
export function debitFailureOf(providerReason: string | null | undefined): DebitFailure {
  return /insufficient|balance|funds/i.test(providerReason ?? "") ? "no_funds" : "declined";
}
