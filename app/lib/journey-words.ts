// Issue 23: the journey screens' words beyond their own catalogue keys: labels kept in core (master-list
// entries, card titles, documents) and dates, in the page's language. Messages are codes (useCodeText).
import { useMemo } from "react";
import { termBeforePostposition, termText } from "../../core/i18n/journey-messages.ts";
import { formatDate, formatDateInWords } from "../../core/format.ts";
import { isLanguage, translate, type Language, type MessageKey } from "../../core/i18n/index.ts";
import { useLanguage } from "./i18n.tsx";

/** A label kept in core (a master-list entry, a card, a field) in the page's language. */
export function useTerm(): (english: string) => string {
  const lang = useLanguage();
  return useMemo(() => (english: string) => termText(lang, english), [lang]);
}

/** A label as it stands before का/की/के in the reader's language (issue 30: "आधार के आगे के हिस्से की फ़ोटो"). */
export function useTermBeforePostposition(): (english: string) => string {
  const lang = useLanguage();
  return useMemo(() => (english: string) => termBeforePostposition(lang, english), [lang]);
}

/** A date as the screens showed it in English ("14 Mar 2027"), and in words in Hindi ("14 मार्च 2027"). */
export function useDateText(): (value: string | null | undefined, fallback?: string) => string {
  const lang = useLanguage();
  return useMemo(
    () =>
      (value: string | null | undefined, fallback = "") =>
        lang === "en" ? formatDate(value, { fallback }) : formatDateInWords(value, lang, fallback),
    [lang],
  );
}

/** The dashboard's language in a meta function: the layout's loader decides it. */
export function metaLanguage(matches: readonly ({ loaderData?: unknown; data?: unknown } | undefined)[]): Language {
  for (const match of matches) {
    const lang = ((match?.loaderData ?? match?.data) as { lang?: unknown } | undefined)?.lang;
    if (isLanguage(lang)) return lang;
  }
  return "en";
}

/** A dashboard screen's meta: its title from the catalogue, never indexed. */
export function journeyMeta(key: MessageKey) {
  return ({ matches }: { matches: readonly ({ loaderData?: unknown; data?: unknown } | undefined)[] }) => [
    { title: translate(metaLanguage(matches), key) },
    { name: "robots", content: "noindex" },
  ];
}
