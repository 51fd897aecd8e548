import { Link } from "react-router";
import type { Route } from "./+types/thank-you-vkyc.ts";
import { pageMeta } from "../../lib/seo.ts";
import { STATIC_PAGE, loadAsDocument } from "../../lib/page-handle.ts";

/** Plain HTML plus the public-site island; no React in the browser (root.tsx). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;
/** Nothing to load; without a server loader React Router would wait for the clientLoader to render the page. */
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Video KYC Complete | SalaryOnTime", description: "Your video KYC with SalaryOnTime is complete.", path: "/thankyouvkyc", noindex: true });

/** Video KYC thank-you (spec section 2). */
export default function ThankYouVkyc() {
  return (
    <main id="main" className="error-page">
      <h1>Thank You!</h1>
      <p>Your Video KYC has been completed successfully.</p>
      <p><Link className="btn btn-primary" to="/">Go to Dashboard</Link></p>
    </main>
  );
}
