import { redirect } from "react-router";
import type { Route } from "./+types/user-profile.ts";
import { myAccountPath } from "../../../core/journey/index.ts";
import { loadDashboard } from "../../lib/dashboard.server.ts";

/** Spec section 2's user-profile: an alias of My Account (docs/decisions/journey.md, issue 14), answered on the server. */
export async function loader({ context }: Route.LoaderArgs) {
  const { dashboard } = await loadDashboard(context);
  throw redirect(myAccountPath(dashboard?.eligibility_status));
}

export default function UserProfile() {
  return null;
}
