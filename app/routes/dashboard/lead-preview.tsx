import type { Route } from "./+types/lead-preview.ts";
import { ApplicationStatusCard, hasApplicationStatus } from "../../components/dashboard/application-status.tsx";
import { ProfileHeader } from "../../components/dashboard/profile-header.tsx";
import { formatDate } from "../../../core/format.ts";
import { useDashboardData } from "../../lib/dashboard-data.ts";

export const meta: Route.MetaFunction = () => [{ title: "My Account | SalaryOnTime" }, { name: "robots", content: "noindex" }];

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
      {hasApplicationStatus(lead) ? (
        <ApplicationStatusCard data={data} />
      ) : (
        <section className="card detail-card" aria-labelledby="lead-title">
          <h2 id="lead-title">Current application</h2>
          {lead ? (
            <dl className="facts">
              <div>
                <dt>Status</dt>
                <dd>{lead.status_label}</dd>
              </div>
              <div>
                <dt>Started on</dt>
                <dd>{formatDate(lead.created_at)}</dd>
              </div>
            </dl>
          ) : (
            <p>You have no application yet.</p>
          )}
        </section>
      )}
    </>
  );
}
