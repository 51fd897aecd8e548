import { useEffect, useState } from "react";
import type { Route } from "./+types/payment-status.ts";
import { PaymentResult } from "../../components/repayment/payment-result.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { serverContext } from "../../lib/server-context.ts";
import { repayApi } from "../../lib/repayment.ts";
import { useT } from "../../lib/i18n.tsx";
import { translate } from "../../../core/i18n/index.ts";
import repaymentCss from "../../styles/repayment.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: repaymentCss }];
export const meta: Route.MetaFunction = ({ loaderData }) => {
  const lang = loaderData?.lang ?? "en";
  return pageMeta({
    title: translate(lang, "servicing.status.title"),
    description: translate(lang, "servicing.status.description"),
    path: "/thank-you",
    noindex: true,
  });
};
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export function loader({ context, params }: Route.LoaderArgs) {
  // The URL tail is /thank-you/<order id>/<txn id> (the gateways' return address).
  const [orderId = "", txnId = ""] = (params["*"] ?? "").split("/").filter(Boolean);
  // The gateways return here at an address of their own (no /hi): the page follows the visitor's language, as the dashboard does.
  const { session, language } = context.get(serverContext);
  return { signedIn: !!session, orderId, txnId, lang: language ?? "en" };
}

type Result = { status: string; txnId: string };

/** Payment status page (spec: /thank-you/{any}): asks the server once, success only for 'Completed'. */
export default function PaymentStatus({ loaderData }: Route.ComponentProps) {
  const { orderId, txnId, signedIn } = loaderData;
  const t = useT();
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
          <h1 id="pay-result-title">{t("servicing.status.heading")}</h1>
          <p className="pay-wait" role="status">
            <span className="spinner" aria-hidden="true" />
            {t("servicing.status.wait")}
          </p>
        </section>
      )}
    </main>
  );
}
