import { Link } from "react-router";
import type { ApplicationStage } from "../../../core/application-status.ts";
import { formatMoney, formatPhone } from "../../../core/format.ts";
import type { MessageKey } from "../../../core/i18n/index.ts";
import type { DashboardData } from "../../lib/dashboard-data.ts";
import { kfsDownloadUrl, noDuesCertificateUrl, signedAgreementUrl } from "../../lib/loan-history.ts";
import { Fact } from "../fact.tsx";
import { useT } from "../../lib/i18n.tsx";
import { useDateText } from "../../lib/journey-words.ts";

type Lead = NonNullable<DashboardData["lead_details"]>;

/** The tracker's milestones, in order; rejected and declined applications show no tracker. */
const MILESTONES: ApplicationStage[] = ["submitted", "under_review", "sanctioned", "disbursed"];

/** A stage's short label in the catalogue (core's APPLICATION_STAGE_LABELS are its English). */
export function stageKey(stage: ApplicationStage): MessageKey {
  return `journey.stage.${stage}`;
}
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
  const t = useT();
  const date = useDateText();
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
        <Heading id="application-status-title">{t("journey.status.heading")}</Heading>
        <span className="status-pill">{t(stageKey(stage))}</span>
      </div>
      {position !== undefined ? (
        <ol className="status-track" aria-label={t("journey.status.progress")}>
          {MILESTONES.map((milestone, i) => {
            const state = i < position || stage === "closed" ? "done" : i === position ? "current" : "todo";
            return (
              <li key={milestone} className={`is-${state}`} aria-current={state === "current" ? "step" : undefined}>
                <span aria-hidden="true">{state === "done" ? "✓" : i + 1}</span> {t(stageKey(milestone))}
                <span className="visually-hidden">{state === "done" ? t("journey.status.done") : state === "current" ? t("journey.status.current") : ""}</span>
              </li>
            );
          })}
        </ol>
      ) : null}
      <dl className="facts">
        <Fact term={t("journey.status.proposalNumber")}>{lead.proposal_number || null}</Fact>
        <Fact term={t("journey.status.loanNumber")}>{lead.loan_no || null}</Fact>
        <Fact term={t("journey.status.loanAmount")}>{lead.loan_amount !== null ? formatMoney(lead.loan_amount) : null}</Fact>
        <Fact term={t("journey.status.lastUpdate")}>{date(lead.status_changed_at)}</Fact>
      </dl>
      <p className="status-next">
        <strong>{t("journey.status.next")}</strong>
        {lead.next_text}
      </p>
      {lead.next_when ? <p className="status-when">{lead.next_when}</p> : null}
      {stage === "requote" ? (
        <p>
          <Link className="btn btn-primary" to="/my-dashboard/calculate-loan">
            {t("journey.status.requote")}
          </Link>
        </p>
      ) : null}
      {manager ? (
        <div className="status-manager">
          <Heading className="status-sub">{t("journey.status.manager")}</Heading>
          <p>
            <strong translate="no">{manager.name}</strong>
            <br />
            <a href={`tel:${formatPhone(manager.mobile).replaceAll(" ", "")}`}>{formatPhone(manager.mobile)}</a>
            {" · "}
            <a href={`mailto:${manager.email}`}>{manager.email}</a>
          </p>
        </div>
      ) : null}
      {documents ? (
        <div className="status-docs">
          <Heading className="status-sub">{t("journey.status.documents")}</Heading>
          <ul className="status-doc-list">
            {lead.kfs_available === 1 ? (
              <li>
                <a href={kfsDownloadUrl(lead.lead_id)} download>
                  {t("journey.status.kfs")}
                </a>
              </li>
            ) : null}
            {lead.agreement_available === 1 ? (
              <li>
                <a href={signedAgreementUrl(lead.lead_id)} download>
                  {t("journey.status.agreement")}
                </a>
              </li>
            ) : null}
            {noDues ? (
              <li>
                <a href={noDuesCertificateUrl(lead.lead_id)} download>
                  {t("journey.status.noDues")}
                </a>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
      <p>
        <Link className="btn-link" to={`/my-dashboard/details?lead_id=${encodeURIComponent(lead.lead_id)}`}>
          {t("journey.status.details")}
        </Link>
      </p>
    </section>
  );
}
