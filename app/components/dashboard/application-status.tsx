import { Link } from "react-router";
import type { ApplicationStage } from "../../../core/application-status.ts";
import { formatDate, formatMoney, formatPhone } from "../../../core/format.ts";
import type { DashboardData } from "../../lib/dashboard-data.ts";
import { kfsDownloadUrl, noDuesCertificateUrl, signedAgreementUrl } from "../../lib/loan-history.ts";
import { Fact } from "../fact.tsx";

type Lead = NonNullable<DashboardData["lead_details"]>;

/** The tracker's milestones, in order; rejected and declined applications show no tracker. */
const MILESTONES: { stage: ApplicationStage; label: string }[] = [
  { stage: "submitted", label: "Submitted" },
  { stage: "under_review", label: "Under review" },
  { stage: "sanctioned", label: "Sanctioned" },
  { stage: "disbursed", label: "Disbursed" },
];
const POSITION: Partial<Record<ApplicationStage, number>> = { submitted: 0, requote: 0, under_review: 1, sanctioned: 2, disbursed: 3, closed: 4 };
/** Stages whose credit manager is still the customer's contact. */
const MANAGED: ApplicationStage[] = ["submitted", "under_review", "requote", "sanctioned", "disbursed"];

/**
 * Shown once a lead is past the journey's steps (or ended), so the dashboard never falls silent after
 * submission. Not for a declined offer: the dashboard's own notice says that (LoanNotices).
 */
export function hasApplicationStatus(lead: DashboardData["lead_details"]): boolean {
  return !!lead && lead.application_stage !== "in_process" && lead.application_stage !== "declined";
}

/**
 * The application's status on the dashboard home and My Account: stage, what happens next and when,
 * the credit manager, and the documents (KFS, signed agreement, No Dues Certificate), each download
 * checked against the session's owner by the server.
 */
export function ApplicationStatusCard({ data, headingLevel = 2 }: { data: DashboardData; headingLevel?: 2 | 3 }) {
  const lead: Lead | null = data.lead_details;
  if (!lead || !hasApplicationStatus(lead)) return null;
  const stage = lead.application_stage;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const position = POSITION[stage];
  const manager = MANAGED.includes(stage) ? data.excutive_details : null;
  const noDues = stage === "closed" && lead.loan_no;
  const documents = lead.kfs_available === 1 || lead.agreement_available === 1 || noDues;
  return (
    <section className={`card application-status is-${stage}`} aria-labelledby="application-status-title" data-stage={stage}>
      <div className="detail-card-head">
        <Heading id="application-status-title">Your loan application</Heading>
        <span className="status-pill">{lead.application_stage_label}</span>
      </div>
      {position !== undefined ? (
        <ol className="status-track" aria-label="Application progress">
          {MILESTONES.map((m, i) => {
            const state = i < position || stage === "closed" ? "done" : i === position ? "current" : "todo";
            return (
              <li key={m.stage} className={`is-${state}`} aria-current={state === "current" ? "step" : undefined}>
                <span aria-hidden="true">{state === "done" ? "✓" : i + 1}</span> {m.label}
                <span className="visually-hidden">{state === "done" ? " (done)" : state === "current" ? " (current)" : ""}</span>
              </li>
            );
          })}
        </ol>
      ) : null}
      <dl className="facts">
        <Fact term="Proposal number">{lead.proposal_number || null}</Fact>
        <Fact term="Loan number">{lead.loan_no || null}</Fact>
        <Fact term="Loan amount">{lead.loan_amount !== null ? formatMoney(lead.loan_amount) : null}</Fact>
        <Fact term="Last update">{formatDate(lead.status_changed_at)}</Fact>
      </dl>
      <p className="status-next">
        <strong>What happens next: </strong>
        {lead.next_text}
      </p>
      {lead.next_when ? <p className="status-when">{lead.next_when}</p> : null}
      {stage === "requote" ? (
        <p>
          <Link className="btn btn-primary" to="/my-dashboard/calculate-loan">
            Review the new quote
          </Link>
        </p>
      ) : null}
      {manager ? (
        <div className="status-manager">
          <Heading className="status-sub">Your credit manager</Heading>
          <p>
            <strong>{manager.name}</strong>
            <br />
            <a href={`tel:${formatPhone(manager.mobile).replaceAll(" ", "")}`}>{formatPhone(manager.mobile)}</a>
            {" · "}
            <a href={`mailto:${manager.email}`}>{manager.email}</a>
          </p>
        </div>
      ) : null}
      {documents ? (
        <div className="status-docs">
          <Heading className="status-sub">Your documents</Heading>
          <ul className="status-doc-list">
            {lead.kfs_available === 1 ? (
              <li>
                <a href={kfsDownloadUrl(lead.lead_id)} download>
                  Download Key Fact Statement (PDF)
                </a>
              </li>
            ) : null}
            {lead.agreement_available === 1 ? (
              <li>
                <a href={signedAgreementUrl(lead.lead_id)} download>
                  Download signed loan agreement (PDF)
                </a>
              </li>
            ) : null}
            {noDues ? (
              <li>
                <a href={noDuesCertificateUrl(lead.lead_id)} download>
                  Download No Dues Certificate (PDF)
                </a>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
      <p>
        <Link className="btn-link" to={`/my-dashboard/details?lead_id=${encodeURIComponent(lead.lead_id)}`}>
          View loan details
        </Link>
      </p>
    </section>
  );
}
