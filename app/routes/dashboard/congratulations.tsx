import { Link } from "react-router";
import type { Route } from "./+types/congratulations.ts";
import { screenFor } from "../../../core/journey/index.ts";
import { MESSAGES } from "../../../core/validation/index.ts";
import { useDashboardData } from "../../lib/dashboard-data.ts";
import { kfsDownloadUrl, signedAgreementUrl } from "../../lib/loan-history.ts";
import { formatPhone } from "../../../core/format.ts";

export const meta: Route.MetaFunction = () => [{ title: "Congratulations | SalaryOnTime" }, { name: "robots", content: "noindex" }];

/** next_step 'completed': the application is signed and submitted. */
export default function Congratulations() {
  const { data, error } = useDashboardData();
  const lead = data?.lead_details ?? null;
  if (error)
    return (
      <p className="alert alert-error" role="alert">
        {error}
      </p>
    );
  if (!data)
    return (
      <p className="loading" role="status">
        Loading…
      </p>
    );
  if (data.next_event_name !== "completed") {
    return (
      <section className="card congrats" aria-labelledby="congrats-title">
        <h1 id="congrats-title">Your application</h1>
        <p className="alert alert-error" role="alert">
          {MESSAGES.stepNotAvailable}
        </p>
        <Link className="btn btn-primary" to={screenFor(data.next_event_name)}>
          Go to my current step
        </Link>
      </section>
    );
  }
  return (
    <section className="card congrats" aria-labelledby="congrats-title">
      <h1 id="congrats-title">Congratulations!</h1>
      <p>Your loan application is signed and submitted. Our credit team is reviewing it, and we will tell you by SMS as soon as the money is on its way.</p>
      {data?.excutive_details ? (
        <p>
          Your credit manager is <strong>{data.excutive_details.name}</strong> ({formatPhone(data.excutive_details.mobile)}, {data.excutive_details.email}).
        </p>
      ) : null}
      <div className="home-actions" style={{ justifyContent: "center" }}>
        {lead ? (
          <Link className="btn btn-primary" to={`/my-dashboard/details?lead_id=${encodeURIComponent(lead.lead_id)}`}>
            View application
          </Link>
        ) : null}
        <Link className="btn btn-secondary" to="/my-dashboard/leads">
          Loan History
        </Link>
        {lead && lead.agreement_available === 1 ? (
          <a className="btn btn-secondary" href={signedAgreementUrl(lead.lead_id)} download>
            Download signed agreement
          </a>
        ) : null}
        {lead?.quote_decision === "ACCEPTED" ? (
          <a className="btn btn-secondary" href={kfsDownloadUrl(lead.lead_id)} download>
            Download Key Fact Statement
          </a>
        ) : null}
      </div>
    </section>
  );
}
