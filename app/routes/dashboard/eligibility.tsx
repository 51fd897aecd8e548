import { redirect } from "react-router";
import type { Route } from "./+types/eligibility.ts";
import { JourneyHome } from "../../components/dashboard/journey-home.tsx";
import { loadDashboard } from "../../lib/dashboard.server.ts";
import { journeyMeta } from "../../lib/journey-words.ts";

export const meta: Route.MetaFunction = journeyMeta("journey.home.applicationTitle");

/** Guarded on the server (spec section 2): a customer who is not eligible goes to /my-dashboard. */
export async function loader({ context }: Route.LoaderArgs) {
  const { dashboard } = await loadDashboard(context);
  if (dashboard && dashboard.eligibility_status !== 1) throw redirect("/my-dashboard");
  return null;
}

export default function Eligibility() {
  return <JourneyHome />;
}
