import { useEffect } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import type { Route } from "./+types/layout.ts";
import { SiteFooter } from "../../components/public/site-footer.tsx";
import { SiteHeader } from "../../components/public/site-header.tsx";
import { ConsentBanner } from "../../components/public/consent-banner.tsx";
import { PublicErrorBoundary } from "../../components/public/error-view.tsx";
import { siteChrome } from "../../lib/site-chrome.ts";
import publicCss from "../../styles/public.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: publicCss }];

/** Header and footer data; static, so prerendering and the page cache can keep it. */
export function loader() {
  return siteChrome();
}

/** Child routes keep their own headers; the layout adds none. */
export function shouldRevalidate() {
  return false;
}

/** Scrolls to the top on every forward navigation (Back keeps the browser's restored position). */
function useScrollTopOnRouteChange() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== "POP") window.scrollTo(0, 0);
  }, [pathname, type]);
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  useScrollTopOnRouteChange();
  return (
    <div className="public-shell">
      <SiteHeader nav={loaderData.nav} />
      <Outlet />
      <SiteFooter data={loaderData.footer} />
      <ConsentBanner />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: loaderData.organizationJsonLd }} />
    </div>
  );
}

export const ErrorBoundary = PublicErrorBoundary;
