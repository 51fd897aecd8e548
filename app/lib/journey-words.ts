// Issue 23: the journey screens' words beyond their own catalogue keys: a label before a postposition and
// dates, in the page's language. Core's labels come by key (useT); messages are codes (useCodeText).
import { useMemo } from "react";
import { formatDate, formatDateInWords } from "../../core/format.ts";
import { beforePostposition, isLanguage, translate, type Language, type MessageKey } from "../../core/i18n/index.ts";
import { useLanguage } from "./i18n.tsx";

/** A label as it stands before का/की/के in the page's language (issue 30: "आधार के आगे के हिस्से की फ़ोटो"). */
export function useBeforePostposition(): (key: MessageKey) => string {
  const lang = useLanguage();
  return useMemo(() => (key: MessageKey) => beforePostposition(lang, key), [lang]);
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
