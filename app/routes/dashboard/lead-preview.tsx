import { ApplicationStatusCard, hasApplicationStatus } from "../../components/dashboard/application-status.tsx";
import { ProfileHeader } from "../../components/dashboard/profile-header.tsx";
import { LoadState } from "../../components/dashboard/step-screen.tsx";
import { useDashboardData } from "../../lib/dashboard-data.ts";
import { useT, useCodeText } from "../../lib/i18n.tsx";
import { journeyMeta, useDateText } from "../../lib/journey-words.ts";

export const meta = journeyMeta("journey.account.title");

/** My Account once eligible: the profile header and the current application. */
export default function LeadPreview() {
  const { data, error } = useDashboardData();
  const t = useT();
  const words = useCodeText();
  const date = useDateText();
  if (error || !data) return <LoadState error={error} loading={t("journey.account.loading")} />;
  const lead = data.lead_details;
  return (
    <>
      <ProfileHeader data={data} editPhoto={false} />
      {hasApplicationStatus(lead) ? (
        <ApplicationStatusCard data={data} />
      ) : (
        <section className="card detail-card" aria-labelledby="lead-title">
          <h2 id="lead-title">{t("journey.account.current")}</h2>
          {lead ? (
            <dl className="facts">
              <div>
                <dt>{t("journey.account.status")}</dt>
                <dd>{lead.application_stage ? t(`journey.stage.${lead.application_stage}`) : words(lead.status_label)}</dd>
              </div>
              <div>
                <dt>{t("journey.account.startedOn")}</dt>
                <dd>{date(lead.created_at)}</dd>
              </div>
            </dl>
          ) : (
            <p>{t("journey.account.none")}</p>
          )}
        </section>
      )}
    </>
  );
}
