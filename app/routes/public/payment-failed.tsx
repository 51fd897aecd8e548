import type { Route } from "./+types/payment-failed.ts";
import { PaymentResult } from "../../components/repayment/payment-result.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { serverContext } from "../../lib/server-context.ts";
import { splitLanguagePath, translate } from "../../../core/i18n/index.ts";
import repaymentCss from "../../styles/repayment.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: repaymentCss }];
export const meta: Route.MetaFunction = ({ location }) => {
  const lang = splitLanguagePath(location.pathname).lang;
  return pageMeta({
    title: translate(lang, "servicing.failed.title"),
    description: translate(lang, "servicing.failed.description"),
    path: "/fail",
    noindex: true,
    lang,
  });
};
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { signedIn: !!context.get(serverContext).session, txnId: (url.searchParams.get("txnid") ?? "").slice(0, 64) };
}

/** Payment outcome page (spec section 2 lists /fail): the failure view. */
export default function PaymentFailed({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="repay-page">
      <PaymentResult status="FAILED" txnId={loaderData.txnId} orderId={loaderData.txnId} signedIn={loaderData.signedIn} />
    </main>
  );
}
