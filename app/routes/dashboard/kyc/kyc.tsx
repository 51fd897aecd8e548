import { redirect } from "react-router";
import type { Route } from "./+types/kyc.ts";
import { kycPathFor } from "../../../../core/journey/index.ts";
import { loadDashboard } from "../../../lib/dashboard.server.ts";

/** Spec section 2's kyc: the customer's current eKYC or document screen, else the dashboard (docs/decisions/journey.md, issue 14). */
export async function loader({ context }: Route.LoaderArgs) {
  const { dashboard } = await loadDashboard(context);
  throw redirect(kycPathFor(dashboard?.next_event_name));
}

export default function Kyc() {
  return null;
}
