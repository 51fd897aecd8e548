import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/** The 404 page body, shown inside the public layout. */
export function NotFoundView() {
  return (
    <main id="main" className="error-page">
      <title>Page not found | SalaryOnTime</title>
      <meta name="robots" content="noindex" />
      <h1>We could not find that page</h1>
      <p>The page may have moved or never existed. These links can help you carry on.</p>
      <p>
        <Link className="btn btn-primary" to="/">Go to Home</Link> <Link className="btn btn-secondary" to="/apply-now">Apply Now</Link>
      </p>
      <p>
        <Link to="/service-area">Cities we serve</Link> · <Link to="/faq">FAQ</Link> · <Link to="/rate-and-terms">Rates and terms</Link>
      </p>
    </main>
  );
}

/** Error boundary for public routes: a real 404 page, or 'Unexpected Application Error!' with the status or message. */
export function PublicErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : String(error ?? "");
  return (
    <main id="main" className="error-page">
      <title>Error | SalaryOnTime</title>
      <meta name="robots" content="noindex" />
      <h1>Unexpected Application Error!</h1>
      <p className="error-detail">{detail}</p>
      <p>
        <Link className="btn btn-primary" to="/">Go to Home</Link>
      </p>
    </main>
  );
}
