import { Link } from "react-router";
import type { Route } from "./+types/congratulations.ts";
import { screenFor } from "../../../core/journey/index.ts";
import { LoadState } from "../../components/dashboard/step-screen.tsx";
import { useDashboardData } from "../../lib/dashboard-data.ts";
import { kfsDownloadUrl, signedAgreementUrl } from "../../lib/loan-history.ts";
import { formatPhone } from "../../../core/format.ts";
import { useRichT, useT } from "../../lib/i18n.tsx";
import { journeyMeta } from "../../lib/journey-words.ts";

export const meta: Route.MetaFunction = journeyMeta("journey.done.title");

/** next_step 'completed': the application is signed and submitted. */
export default function Congratulations() {
  const { data, error } = useDashboardData();
  const lead = data?.lead_details ?? null;
  const t = useT();
  const rich = useRichT();
  if (error || !data) return <LoadState error={error} loading={t("journey.loading")} />;
  if (data.next_event_name !== "completed") {
    return (
      <section className="card congrats" aria-labelledby="congrats-title">
        <h1 id="congrats-title">{t("journey.done.yourApplication")}</h1>
        <p className="alert alert-error" role="alert">
          {t("journey.msg.stepNotAvailable")}
        </p>
        <Link className="btn btn-primary" to={screenFor(data.next_event_name)}>
          {t("journey.goToCurrentStep")}
        </Link>
      </section>
    );
  }
  return (
    <section className="card congrats" aria-labelledby="congrats-title">
      <h1 id="congrats-title">{t("journey.done.heading")}</h1>
      <p>{t("journey.done.text")}</p>
      {data?.excutive_details ? (
        <p>
          {rich("journey.done.manager", {
            name: data.excutive_details.name,
            phone: formatPhone(data.excutive_details.mobile),
            email: data.excutive_details.email,
            strong: (chunks) => <strong translate="no">{chunks}</strong>,
          })}
        </p>
      ) : null}
      <div className="home-actions" style={{ justifyContent: "center" }}>
        {lead ? (
          <Link className="btn btn-primary" to={`/my-dashboard/details?lead_id=${encodeURIComponent(lead.lead_id)}`}>
            {t("journey.done.view")}
          </Link>
        ) : null}
        <Link className="btn btn-secondary" to="/my-dashboard/leads">
          {t("journey.done.history")}
        </Link>
        {lead && lead.agreement_available === 1 ? (
          <a className="btn btn-secondary" href={signedAgreementUrl(lead.lead_id)} download>
            {t("journey.done.agreement")}
          </a>
        ) : null}
        {lead?.quote_decision === "ACCEPTED" ? (
          <a className="btn btn-secondary" href={kfsDownloadUrl(lead.lead_id)} download>
            {t("journey.done.kfs")}
          </a>
        ) : null}
      </div>
    </section>
  );
}
