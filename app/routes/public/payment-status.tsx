import { useEffect, useState } from "react";
import type { Route } from "./+types/payment-status.ts";
import { PaymentResult } from "../../components/repayment/payment-result.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { serverContext } from "../../lib/server-context.ts";
import { repayApi } from "../../lib/repayment.ts";
import repaymentCss from "../../styles/repayment.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: repaymentCss }];
export const meta: Route.MetaFunction = () => pageMeta({ title: "Payment Status | SalaryOnTime", description: "Checking the status of your SalaryOnTime loan payment.", path: "/thank-you", noindex: true });
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export function loader({ context, params }: Route.LoaderArgs) {
  // The URL tail is /thank-you/<order id>/<txn id> (the gateways' return address).
  const [orderId = "", txnId = ""] = (params["*"] ?? "").split("/").filter(Boolean);
  return { signedIn: !!context.get(serverContext).session, orderId, txnId };
}

type Result = { status: string; txnId: string };

/** Payment status page (spec: /thank-you/{any}): asks the server once, success only for 'Completed'. */
export default function PaymentStatus({ loaderData }: Route.ComponentProps) {
  const { orderId, txnId, signedIn } = loaderData;
  const [result, setResult] = useState<Result | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      let next: Result = { status: "FAILED", txnId };
      try {
        const reply = await repayApi.status(orderId, txnId);
        const data = reply.Status === 1 ? reply.Data?.data : undefined;
        if (data) next = { status: data.transactionStatus, txnId: data.transactionId || txnId };
      } catch {
        // Any fetch error is a failed view (spec).
      }
      if (live) setResult(next);
    })();
    return () => {
      live = false;
    };
  }, [orderId, txnId]);
  return (
    <main id="main" className="repay-page">
      {result ? (
        <PaymentResult status={result.status} txnId={result.txnId} orderId={orderId === "unknown" ? "" : orderId} signedIn={signedIn} />
      ) : (
        <section className="card pay-result" aria-labelledby="pay-result-title">
          <h1 id="pay-result-title">Payment status</h1>
          <p className="pay-wait" role="status">
            <span className="spinner" aria-hidden="true" />
            Please wait ... while fetching payment status
          </p>
        </section>
      )}
    </main>
  );
}
