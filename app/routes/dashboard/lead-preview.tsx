import type { Route } from "./+types/lead-preview.ts";
import { ProfileHeader } from "../../components/dashboard/profile-header.tsx";
import { useDashboardData } from "../../lib/dashboard-data.ts";

export const meta: Route.MetaFunction = () => [{ title: "My Account | SalaryOnTime" }, { name: "robots", content: "noindex" }];

const STATUS_TEXT: Record<string, string> = {
  IN_PROCESS: "In process",
  SUBMITTED: "Submitted",
  SANCTIONED: "Sanctioned",
  DISBURSED: "Disbursed",
  CLOSED: "Closed",
  REJECTED: "Rejected",
};

/** My Account once eligible: the profile header and the current application. */
export default function LeadPreview() {
  const { data, error } = useDashboardData();
  if (error)
    return (
      <p className="alert alert-error" role="alert">
        {error}
      </p>
    );
  if (!data)
    return (
      <p className="loading" role="status">
        Loading your account…
      </p>
    );
  const lead = data.lead_details;
  return (
    <>
      <ProfileHeader data={data} editPhoto={false} />
      <section className="card detail-card" aria-labelledby="lead-title">
        <h2 id="lead-title">Current application</h2>
        {lead ? (
          <dl className="facts">
            <div>
              <dt>Status</dt>
              <dd>{STATUS_TEXT[lead.status] ?? lead.status}</dd>
            </div>
            <div>
              <dt>Started on</dt>
              <dd>{new Date(lead.created_at).toLocaleDateString("en-IN", { timeZone: "Asia/Kolkata" })}</dd>
            </div>
          </dl>
        ) : (
          <p>You have no application yet.</p>
        )}
      </section>
    </>
  );
}
