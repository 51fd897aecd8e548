// Dates on the screens in the reader's language (issue 23). English dates keep their
// short form (5 Nov 2026); Hindi writes the month in words (5 नवंबर 2026). Amounts need nothing:
// formatINR's Indian grouping (₹1,00,000) is the same in both languages.
import { useMemo } from "react";
import { formatDate, formatDateInWords, formatDateTimeIn } from "../../core/format.ts";
import type { Language } from "../../core/i18n/index.ts";
import { useLanguage } from "./i18n.tsx";

/** A day, "—" (or `fallback`) when there is none. */
export function dayIn(lang: Language, value: string | null | undefined, fallback = "—"): string {
  return lang === "hi" ? formatDateInWords(value, "hi", fallback) : formatDate(value, { fallback });
}

/** An instant with its time in India: "14 Mar 1992, 3:05 pm" / "14 मार्च 1992, दोपहर 3:05 बजे". */
export function dayTimeIn(lang: Language, value: string | null | undefined): string {
  return formatDateTimeIn(value, lang);
}

/** `day(value)` and `dayTime(value)` in the page's language. */
export function useDates() {
  const lang = useLanguage();
  return useMemo(
    () => ({
      day: (value: string | null | undefined, fallback = "—") => dayIn(lang, value, fallback),
      dayTime: (value: string | null | undefined) => dayTimeIn(lang, value),
    }),
    [lang],
  );
}

/** A dashboard page's language in its meta function: the dashboard layout's loader decides it. */
export function dashboardLanguage(matches: readonly ({ loaderData?: unknown } | undefined)[]): Language {
  for (const match of matches) {
    const lang = (match?.loaderData as { lang?: unknown } | undefined)?.lang;
    if (lang === "en" || lang === "hi") return lang;
  }
  return "en";
}
