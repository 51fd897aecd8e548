import { useLocation } from "react-router";
import { HTML_LANG, LANGUAGES, LANGUAGE_NAMES } from "../../core/i18n/index.ts";
import { useLanguage, useT } from "../lib/i18n.tsx";
import { API_ROUTES } from "../../core/contract/paths.ts";

/**
 * English / हिन्दी in the header of every page. A plain form post to /language (no JavaScript needed:
 * the static pages load no React); the server remembers the choice and returns to this page in it.
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const lang = useLanguage();
  const t = useT();
  const { pathname, search } = useLocation();
  return (
    <form method="post" action={API_ROUTES.languageSwitch.path} className={`lang-switch ${className}`.trim()} aria-label={t("chrome.language")}>
      <input type="hidden" name="next" value={pathname + search} />
      {LANGUAGES.map((l) =>
        l === lang ? (
          <span key={l} className="lang-current" lang={HTML_LANG[l]} aria-current="true">
            {LANGUAGE_NAMES[l]}
          </span>
        ) : (
          <button key={l} type="submit" name="lang" value={l} lang={HTML_LANG[l]} className="lang-option">
            {LANGUAGE_NAMES[l]}
          </button>
        ),
      )}
    </form>
  );
}
