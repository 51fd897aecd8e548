// Issue 23: a public page that exists in Hindi answers at /hi too ("/hi", "/hi/apply-now"), from the
// same route module through an optional "hi?" segment. The list of such pages is core/i18n's, shared
// with the server (redirects, page cache) and the prerender list.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { HINDI_PUBLIC_PATHS } from "../../core/i18n/languages.ts";

/** The dynamic public routes whose pages are listed one by one in HINDI_PUBLIC_PATHS. */
const LISTED_ROUTES = [":slug", "amount/:slug", "personal-need/:url"];

function withHindi(entry: RouteConfigEntry): RouteConfigEntry {
  if (entry.index && HINDI_PUBLIC_PATHS.includes("/")) {
    const { index: _index, ...rest } = entry;
    return { ...rest, path: "hi?" };
  }
  if (entry.path && HINDI_PUBLIC_PATHS.includes(`/${entry.path}`)) return { ...entry, path: `hi?/${entry.path}` };
  // "/:slug" (text and city pages), the amount and purpose pages answer under /hi too; their loaders
  // refuse a page with no Hindi version (404).
  if (entry.path && LISTED_ROUTES.includes(entry.path)) return { ...entry, path: `hi?/${entry.path}` };
  return entry;
}

/** The public layout with its Hindi-ready children also answering under /hi. */
export function withHindiAddresses(layout: RouteConfigEntry): RouteConfigEntry {
  return { ...layout, children: layout.children?.map(withHindi) };
}
