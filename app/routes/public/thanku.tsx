import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { Route } from "./+types/thanku.ts";
import { PaymentResult } from "../../components/repayment/payment-result.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { serverContext } from "../../lib/server-context.ts";
import type { ThankYouState } from "../../lib/repayment.ts";
import { useT } from "../../lib/i18n.tsx";
import { splitLanguagePath, translate } from "../../../core/i18n/index.ts";
import repaymentCss from "../../styles/repayment.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: repaymentCss }];
export const meta: Route.MetaFunction = ({ location }) => {
  const lang = splitLanguagePath(location.pathname).lang;
  return pageMeta({
    title: translate(lang, "servicing.result.title"),
    description: translate(lang, "servicing.result.description"),
    path: "/thanku",
    noindex: true,
    lang,
  });
};
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** Signed in or not decides the way back (Go to Dashboard or Go to Home). */
export function loader({ context }: Route.LoaderArgs) {
  return { signedIn: !!context.get(serverContext).session };
}

/** Payment result (spec: reads txnStatus and txnId from navigation state). */
export default function ThankU({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const t = useT();
  // Navigation state exists only in the browser: render it after hydration so server and browser agree.
  const [state, setState] = useState<Partial<ThankYouState> | null>(null);
  useEffect(() => {
    setState((location.state as Partial<ThankYouState> | null) ?? {});
  }, [location.state]);
  return (
    <main id="main" className="repay-page">
      {state ? (
        <PaymentResult status={state.txnStatus ?? ""} txnId={state.txnId ?? ""} orderId={state.orderId ?? ""} signedIn={loaderData.signedIn} />
      ) : (
        <section className="card pay-result" aria-labelledby="pay-result-title">
          <h1 id="pay-result-title">{t("servicing.result.heading")}</h1>
          <p className="loading" role="status">
            {t("servicing.loading")}
          </p>
        </section>
      )}
    </main>
  );
}
