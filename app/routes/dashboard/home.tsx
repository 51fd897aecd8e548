import type { Route } from "./+types/home.ts";

export const meta: Route.MetaFunction = () => [{ title: "My Dashboard | SalaryOnTime" }, { name: "robots", content: "noindex" }];

export default function DashboardHome() {
  return (
    <section className="card dash-welcome" aria-labelledby="welcome-title">
      <h1 id="welcome-title">Welcome to SalaryOnTime</h1>
      <p>Your registration starts with your PAN. Keep your PAN card handy: we verify it first, then ask for a few personal, residence and income details and a selfie.</p>
      <p className="hint">It takes about two minutes. You can stop at any step and carry on later from this dashboard.</p>
    </section>
  );
}
