import "./lib/zod-jitless.ts";
import { useContext, useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteError } from "react-router";
import type { LinksFunction } from "react-router";
import { NonceContext, TrackingScriptContext } from "./lib/server-context.ts";
import { pageHydrates, pageIslands } from "./lib/page-handle.ts";
import { loadTrackingTag, readConsentChoice } from "./lib/consent-choice.ts";
import { LanguageContext, pageLanguage, useLocalizedPath, useT } from "./lib/i18n.tsx";
import { HTML_LANG } from "../core/i18n/index.ts";
import baseCss from "./styles/base.css?url";
// The Devanagari face (base.css), preloaded on Hindi pages so their first paint already has it.
import devanagariFont from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url";
import devanagariBoldFont from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url";
// Issue 30: the switch's word "हिन्दी" alone (base.css), preloaded on every page: on English pages the
// full face loads only on demand, too late for the switch, which Chromium then leaves as boxes.
import hindiWordFont from "./fonts/noto-sans-devanagari-hindi-word-700.woff2?url";
// Vite bundles a `?worker&url` import into one minified file with a hashed name and gives its URL; used
// here as a page script (no worker API in it), so the island needs no build step of its own.
import publicIslandUrl from "./islands/public-site.ts?worker&url";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: baseCss },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useContext(NonceContext);
  // Only named when configured; the tag itself loads in the browser after the visitor's consent (issue 23).
  const trackingScript = useContext(TrackingScriptContext);
  // Marketing pages load no React, only the island. Once React runs (a client navigation from a hydrated
  // page), it keeps its scripts: its own components then do the island's work.
  const matches = useMatches();
  const hydrate = pageHydrates(matches) || typeof document !== "undefined";
  // Decided on the server and rendered into the HTML (issue 23): no flash of the other language.
  const lang = pageLanguage(matches, useLocation().pathname);
  return (
    <html lang={HTML_LANG[lang]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5d46" />
        {/* Phone browsers must not turn numbers into links: the changed HTML breaks hydration (React error 418 on Loan Details). */}
        <meta name="format-detection" content="telephone=no, date=no, email=no, address=no" />
        <Meta />
        {(lang === "hi" ? [hindiWordFont, devanagariFont, devanagariBoldFont] : [hindiWordFont]).map((href) => (
          <link key={href} rel="preload" as="font" type="font/woff2" href={href} crossOrigin="anonymous" />
        ))}
        <Links />
        {trackingScript ? <meta name="sot-tracking-script" content={trackingScript} /> : null}
        {hydrate ? null : [publicIslandUrl, ...pageIslands(matches)].map((src) => <script key={src} type="module" src={src} />)}
      </head>
      <body>
        <LanguageContext.Provider value={lang}>{children}</LanguageContext.Provider>
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  // Marks the page interactive, so browser tests act only once React has hydrated it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
    if (readConsentChoice(document.cookie) === "tracking") loadTrackingTag();
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const to = useLocalizedPath();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : error instanceof Error ? error.message : "";
  return (
    <main className="error-page" id="main">
      <title>{t(notFound ? "error.notFoundTitle" : "error.title")}</title>
      <meta name="robots" content="noindex" />
      <h1>{t(notFound ? "error.notFound" : "error.unexpected")}</h1>
      <p>{notFound ? t("error.moved") : detail}</p>
      <p>
        <a className="btn btn-primary" href={to("/")}>
          {t("error.home")}
        </a>{" "}
        <a className="btn btn-secondary" href={to("/apply-now")}>
          {t("chrome.applyNow")}
        </a>
      </p>
    </main>
  );
}
