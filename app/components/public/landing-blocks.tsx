// Issue 23: what the city, amount and purpose landing pages share on a Hindi page. Their shared blocks come
// from the catalogue; each page's own intro (and a city's questions) stays English for now, marked
// lang="en-IN" under one Hindi line that says so.
import type { ReactNode } from "react";
import { useLanguage, useT } from "../../lib/i18n.tsx";
import type { MessageKey } from "../../../core/i18n/index.ts";

/** The banner's three badges on a Hindi landing page. */
export const LANDING_TAGS = ["public.city.tag1", "public.city.tag2", "public.city.tag3"] as const satisfies MessageKey[];
/** The benefits list on a Hindi landing page. */
export const LANDING_BENEFITS = [
  "public.city.benefit1",
  "public.city.benefit2",
  "public.city.benefit3",
  "public.city.benefit4",
  "public.city.benefit5",
] as const satisfies MessageKey[];

/** On a Hindi page, the one line that says the page's own words below are English; nothing in English. */
export function EnglishNote({ say }: { say: MessageKey }) {
  const t = useT();
  return useLanguage() === "hi" ? <p className="hint">{t(say)}</p> : null;
}

/** A page's own English words: marked lang="en-IN" on a Hindi page, so screen readers read them as English. */
export function EnglishText({ children }: { children: ReactNode }) {
  return <div lang={useLanguage() === "hi" ? "en-IN" : undefined}>{children}</div>;
}
