import type { Route } from "./+types/home.ts";
import { JourneyHome } from "../../components/dashboard/journey-home.tsx";

export const meta: Route.MetaFunction = () => [{ title: "My Dashboard | SalaryOnTime" }, { name: "robots", content: "noindex" }];

export default function DashboardHome() {
  return <JourneyHome />;
}
