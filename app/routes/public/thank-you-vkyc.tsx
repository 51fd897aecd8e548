import { Link } from "react-router";
import type { Route } from "./+types/thank-you-vkyc.ts";
import { pageMeta } from "../../lib/seo.ts";
import { STATIC_PAGE, loadAsDocument } from "../../lib/page-handle.ts";
import { useLocalizedPath, useT } from "../../lib/i18n.tsx";
import { splitLanguagePath, translate } from "../../../core/i18n/index.ts";

/** Plain HTML plus the public-site island; no React in the browser (root.tsx). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;
/** Nothing to load; without a server loader React Router would wait for the clientLoader to render the page. */
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = splitLanguagePath(location.pathname).lang;
  return pageMeta({
    title: translate(lang, "servicing.vkyc.title"),
    description: translate(lang, "servicing.vkyc.description"),
    path: "/thankyouvkyc",
    noindex: true,
    lang,
  });
};

/** Video KYC thank-you (spec section 2). */
export default function ThankYouVkyc() {
  const t = useT();
  const to = useLocalizedPath();
  return (
    <main id="main" className="error-page">
      <h1>{t("servicing.result.thanks")}</h1>
      <p>{t("servicing.vkyc.done")}</p>
      <p>
        <Link className="btn btn-primary" to={to("/")}>
          {t("servicing.goToDashboard")}
        </Link>
      </p>
    </main>
  );
}
