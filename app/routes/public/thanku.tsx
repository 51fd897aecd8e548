import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { Route } from "./+types/thanku.ts";
import { PaymentResult } from "../../components/repayment/payment-result.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { serverContext } from "../../lib/server-context.ts";
import type { ThankYouState } from "../../lib/repayment.ts";
import repaymentCss from "../../styles/repayment.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: repaymentCss }];
export const meta: Route.MetaFunction = () => pageMeta({ title: "Payment Result | SalaryOnTime", description: "The result of your SalaryOnTime loan payment.", path: "/thanku", noindex: true });
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** Signed in or not decides the way back (Go to Dashboard or Go to Home). */
export function loader({ context }: Route.LoaderArgs) {
  return { signedIn: !!context.get(serverContext).session };
}

/** Payment result (spec: reads txnStatus and txnId from navigation state). */
export default function ThankU({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
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
          <h1 id="pay-result-title">Payment result</h1>
          <p className="loading" role="status">Loading…</p>
        </section>
      )}
    </main>
  );
}
