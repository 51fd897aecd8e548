import type { Route } from "./+types/home.ts";
import { JourneyHome } from "../../components/dashboard/journey-home.tsx";
import { VideoKycCard } from "../../components/dashboard/video-kyc-card.tsx";
import { endOnSessionLoss, loadDashboard, requireApi } from "../../lib/dashboard.server.ts";
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
// Issue 33: and the application's video KYC, when one was started (its outcome shows here).
export async function loader({ context }: Route.LoaderArgs): Promise<{ repayment: RepaymentData | null; videoKyc: VideoKycSession | null }> {
  const api = requireApi(context);
  const reply = endOnSessionLoss(await api.api<ApiReply<"getRepaymentDetails">>(apiPath("getRepaymentDetails"), {}));
  const leadId = (await loadDashboard(context)).dashboard?.lead_details?.lead_id;
  const vkyc = leadId ? endOnSessionLoss(await api.api<ApiReply<"getVideoKyc">>(apiPath("getVideoKyc"), { lead_id: leadId })) : null;
  return {
    repayment: reply.Status === 1 && reply.Data ? reply.Data.repayment_data : null,
    videoKyc: vkyc?.Status === 1 && vkyc.Data ? vkyc.Data.session : null,
  };
}

type VideoKycSession = ApiReply<"getVideoKyc">["session"];

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <JourneyHome repayment={loaderData.repayment} />
      {loaderData.videoKyc ? <VideoKycCard session={loaderData.videoKyc} /> : null}
    </>
  );
}
