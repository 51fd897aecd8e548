// Screens read words from the catalogue in core/i18n through these hooks (issue 23). The language is
// decided on the server (the /hi address of a public page, or the dashboard's cookie and profile) and
// rendered into the HTML, so there is no flash of the other language.
import { createContext, Fragment, useContext, useMemo, type ReactNode } from "react";
import type { UIMatch } from "react-router";
import { FALLBACK_ERROR } from "./api.ts";
import {
  isLanguage,
  localizedPath,
  messageText,
  splitLanguagePath,
  translateRich,
  translator,
  type CodedMessage,
  type Language,
  type MessageKey,
  type RichValues,
  type Translate,
} from "../../core/i18n/index.ts";

export const LanguageContext = createContext<Language>("en");

export function useLanguage(): Language {
  return useContext(LanguageContext);
}

/** `t(key, values)` in the page's language. */
export function useT(): Translate {
  const lang = useLanguage();
  return useMemo(() => translator(lang), [lang]);
}

/**
 * A coded message (a rule's refusal, a screen's own) in the page's language; a text (the server's answer,
 * already in the page's language) as it is. The one text the browser makes itself when no answer came
 * (api.ts's FALLBACK_ERROR, English for the islands, which carry no catalogue) is said by its code.
 */
export function useCodeText(): (message: string | CodedMessage) => string {
  const lang = useLanguage();
  return useMemo(() => (message: string | CodedMessage) => messageText(lang, message === FALLBACK_ERROR ? NO_ANSWER : message), [lang]);
}

const NO_ANSWER: CodedMessage = { key: "journey.msg.genericError" };

/** A message with tags (`<terms>…</terms>`) as React nodes; each tag's function wraps its text. */
export function useRichT() {
  const lang = useLanguage();
  return (key: MessageKey, values: RichValues<ReactNode>): ReactNode =>
    translateRich<ReactNode>(lang, key, values).map((part, i) => <Fragment key={i}>{part}</Fragment>);
}

/** A public path in the page's language: "/apply-now" on a Hindi page is "/hi/apply-now". */
export function useLocalizedPath(): (path: string) => string {
  const lang = useLanguage();
  return (path) => localizedPath(path, lang);
}

/** The language a public page's address says (/hi/… is Hindi), for loaders: `addressLanguage(request.url)`. */
export function addressLanguage(url: string): Language {
  return splitLanguagePath(new URL(url, "http://x").pathname).lang;
}

/**
 * The language of the page being rendered: a loader that decides it (the dashboard's, from the
 * cookie and profile) returns `lang`; otherwise the address says it (/hi/… is Hindi).
 */
export function pageLanguage(matches: UIMatch[], pathname: string): Language {
  for (const match of matches) {
    const lang = (match.loaderData as { lang?: unknown } | undefined)?.lang;
    if (isLanguage(lang)) return lang;
  }
  return splitLanguagePath(pathname).lang;
}
