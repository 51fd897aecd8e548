import { Link } from "react-router";
import type { Route } from "./+types/repayment.ts";
import { PayOptions } from "../../components/repayment/pay-options.tsx";
import { AutopayStateCard, type AutopayState } from "../../components/repayment/autopay-state.tsx";
import { RepaymentSummary } from "../../components/repayment/repayment-summary.tsx";
import { errorText } from "../../lib/api.ts";
import { autopayStateOf } from "../../lib/autopay-state.server.ts";
import { endOnSessionLoss, requireApi } from "../../lib/dashboard.server.ts";
import { repaymentView, type PgOption, type RepaymentData } from "../../lib/repayment.ts";
import { apiPath } from "../../../core/contract/paths.ts";
import type { ApiReply } from "../../../core/contract/index.ts";
import { translate } from "../../../core/i18n/index.ts";
import { useT, useCodeText } from "../../lib/i18n.tsx";
import { dashboardLanguage } from "../../lib/i18n-screen.ts";
import repaymentCss from "../../styles/repayment.css?url";
import repaymentLinesCss from "../../styles/repayment-lines.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: repaymentCss },
  { rel: "stylesheet", href: repaymentLinesCss },
];
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translate(dashboardLanguage(matches), "servicing.repayment.title") },
  { name: "robots", content: "noindex" },
];

interface Loaded {
  repayment: RepaymentData | null;
  pgData: PgOption[];
  autopay?: AutopayState | null;
  error: string;
}

/** The customer's active loan through getRepaymentDetails (in-process, with the session). */
export async function loader({ context }: Route.LoaderArgs): Promise<Loaded> {
  const reply = endOnSessionLoss(await requireApi(context).api<ApiReply<"getRepaymentDetails">>(apiPath("getRepaymentDetails"), {}));
  if (reply.Status === 1 && reply.Data) {
    const repayment = reply.Data.repayment_data;
    const autopay = repayment ? await autopayStateOf(context, String(repayment.lead_id)) : null;
    return { repayment, pgData: reply.Data.pg_data ?? [], autopay, error: "" };
  }
  return { repayment: null, pgData: [], error: errorText(reply) };
}

/** Loan repayment (signed in): the figures, where the money goes, then the same payment choice as Pay Now. */
export default function Repayment({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const say = useCodeText();
  const { repayment, pgData, autopay, error } = loaderData;
  const loan = repayment ? repaymentView(repayment) : null;
  return (
    <div className="repay-dashboard">
      <h1>{t("servicing.repayment.heading")}</h1>
      {error ? (
        <p className="alert alert-error" role="alert">
          {say(error)}
        </p>
      ) : !loan ? (
        <div className="card">
          <p>{t("servicing.repayment.nothingDue")}</p>
          <p>
            <Link className="btn btn-primary" to="/my-dashboard">
              {t("servicing.goToDashboard")}
            </Link>
          </p>
        </div>
      ) : (
        <>
          <RepaymentSummary loan={loan} />
          {autopay ? <AutopayStateCard state={autopay} /> : null}
          <PayOptions loan={loan} pgData={pgData} />
        </>
      )}
    </div>
  );
}
