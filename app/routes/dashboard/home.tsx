import type { Route } from "./+types/home.ts";
import { JourneyHome } from "../../components/dashboard/journey-home.tsx";
import { endOnSessionLoss, requireApi } from "../../lib/dashboard.server.ts";
import type { RepaymentData } from "../../lib/repayment.ts";
import { apiPath } from "../../../core/contract/paths.ts";
import type { ApiReply } from "../../../core/contract/index.ts";
import { translate } from "../../../core/i18n/index.ts";
import { dashboardLanguage } from "../../lib/i18n-screen.ts";
import repaymentLinesCss from "../../styles/repayment-lines.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: repaymentLinesCss }];
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translate(dashboardLanguage(matches), "servicing.home.title") },
  { name: "robots", content: "noindex" },
];

/** The active loan's lines for its card (issue 20): the same repayment_data the Repayment screen reads; null without a loan due. */
export async function loader({ context }: Route.LoaderArgs): Promise<{ repayment: RepaymentData | null }> {
  const reply = endOnSessionLoss(await requireApi(context).api<ApiReply<"getRepaymentDetails">>(apiPath("getRepaymentDetails"), {}));
  return { repayment: reply.Status === 1 && reply.Data ? reply.Data.repayment_data : null };
}

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  return <JourneyHome repayment={loaderData.repayment} />;
}
