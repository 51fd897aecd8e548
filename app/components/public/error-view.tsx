import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { useLocalizedPath, useT } from "../../lib/i18n.tsx";

/** The 404 page body, shown inside the public layout, in the address's language (/hi/… is Hindi). */
export function NotFoundView() {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <main id="main" className="error-page">
      <title>{t("error.notFoundTitle")}</title>
      <meta name="robots" content="noindex" />
      <h1>{t("error.notFound")}</h1>
      <p>{t("public.notFound.lead")}</p>
      <p>
        <Link className="btn btn-primary" to={to("/")}>
          {t("error.home")}
        </Link>{" "}
        <Link className="btn btn-secondary" to={to("/apply-now")}>
          {t("chrome.applyNow")}
        </Link>
      </p>
      <p>
        <Link to={to("/service-area")}>{t("public.notFound.cities")}</Link> · <Link to={to("/faq")}>{t("footer.faq")}</Link> ·{" "}
        <Link to={to("/rate-and-terms")}>{t("nav.rates")}</Link>
      </p>
    </main>
  );
}

/** Error boundary for public routes: a real 404 page, or 'Unexpected Application Error!' with the status or message. */
export function PublicErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const to = useLocalizedPath();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : error instanceof Error ? error.message : String(error ?? "");
  return (
    <main id="main" className="error-page">
      <title>{t("error.title")}</title>
      <meta name="robots" content="noindex" />
      <h1>{t("error.unexpected")}</h1>
      <p className="error-detail">{detail}</p>
      <p>
        <Link className="btn btn-primary" to={to("/")}>
          {t("error.home")}
        </Link>
      </p>
    </main>
  );
}
