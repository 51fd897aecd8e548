// Loan Details' cards (issue 31: split from routes/dashboard/details.tsx): the application's facts and
// documents, its credit manager, its status with Pay Now, and the refunds of what was paid above the dues.
import { Link } from "react-router";
import type { ApiReply } from "../../../core/contract/index.ts";
import { formatINR, formatPhone } from "../../../core/format.ts";
import type { Translate } from "../../../core/i18n/index.ts";
import { useCodeText, useRichT, useT } from "../../lib/i18n.tsx";
import { useDates } from "../../lib/i18n-screen.ts";
import { leadExplanationWords, leadStatusWords } from "../../lib/lead-status-words.ts";
import {
  kfsDownloadUrl,
  loanStatementUrl,
  noDuesCertificateUrl,
  sanctionLetterUrl,
  signedAgreementUrl,
  type CreditManager,
  type LeadDetail,
} from "../../lib/loan-history.ts";

export type LeadRefunds = ApiReply<"getLeadRefunds">;

/** The sanction letter exists from sanction on (the statement from disbursal). */
const SANCTIONED_OR_LATER = new Set(["SANCTIONED", "DISBURSED", "CLOSED"]);

const money = (t: Translate, n: number | null) => (n === null ? t("servicing.details.notChosen") : formatINR(n));

/** Application Details: what was applied for and by whom, then the loan's documents. */
export function ApplicationDetailsCard({ lead }: { lead: LeadDetail }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="app-details-title">
      <h2 id="app-details-title">{t("servicing.details.application")}</h2>
      <ApplicationFacts lead={lead} />
      {/* Apart from the last row of facts, so a button never touches it. */}
      <LoanDownloads lead={lead} />
    </section>
  );
}

function ApplicationFacts({ lead }: { lead: LeadDetail }) {
  const t = useT();
  const { day } = useDates();
  return (
    <dl className="facts">
      {lead.loan_no ? (
        <div>
          <dt>{t("servicing.loanNumber")}</dt>
          <dd className="fact-code">{lead.loan_no}</dd>
        </div>
      ) : null}
      {lead.proposal_number ? (
        <div>
          <dt>{t("servicing.history.proposalNumber")}</dt>
          <dd className="fact-code">{lead.proposal_number}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t("servicing.name")}</dt>
        <dd>{lead.cust_full_name}</dd>
      </div>
      <div>
        <dt>{t("servicing.history.loanAmount")}</dt>
        <dd>{money(t, lead.loan_amount)}</dd>
      </div>
      <div>
        <dt>{t("servicing.details.tenure")}</dt>
        <dd>{lead.tenure ? t("servicing.details.days", { days: lead.tenure }) : t("servicing.details.notChosen")}</dd>
      </div>
      <div>
        <dt>{t("servicing.details.purpose")}</dt>
        <dd>{lead.purpose || t("servicing.details.notChosen")}</dd>
      </div>
      {lead.net_disbursal !== null ? (
        <div>
          <dt>{t("servicing.details.paidToAccount")}</dt>
          <dd>{formatINR(lead.net_disbursal)}</dd>
        </div>
      ) : null}
      {lead.repayment_amount !== null ? (
        <div>
          <dt>{t("servicing.details.totalRepay")}</dt>
          <dd>{formatINR(lead.repayment_amount)}</dd>
        </div>
      ) : null}
      {lead.repayment_date ? (
        <div>
          <dt>{t("servicing.repaymentDate")}</dt>
          <dd>{day(lead.repayment_date)}</dd>
        </div>
      ) : null}
      {lead.apr !== null ? (
        <div>
          <dt>{t("servicing.details.apr")}</dt>
          <dd>{lead.apr.toFixed(2)}%</dd>
        </div>
      ) : null}
      <div>
        <dt>{t("servicing.details.salary")}</dt>
        <dd>{formatINR(lead.monthly_salary_amount)}</dd>
      </div>
      <div>
        <dt>{t("servicing.details.pan")}</dt>
        <dd>{lead.pancard}</dd>
      </div>
      <div>
        <dt>{t("servicing.mobile")}</dt>
        <dd>{formatPhone(lead.mobile)}</dd>
      </div>
      <div>
        <dt>{t("servicing.email")}</dt>
        <dd>{lead.email}</dd>
      </div>
      <div>
        <dt>{t("servicing.details.city")}</dt>
        <dd>{[lead.m_city_name, lead.m_state_name].filter(Boolean).join(", ")}</dd>
      </div>
      {lead.lead_final_disbursed_date ? (
        <div>
          <dt>{t("servicing.details.disbursedOn")}</dt>
          <dd>{day(lead.lead_final_disbursed_date)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Each document the loan has reached: KFS, sanction letter, statement, signed agreement, no-dues certificate. */
function LoanDownloads({ lead }: { lead: LeadDetail }) {
  const t = useT();
  return (
    <div className="detail-downloads">
      {lead.kfs_available === 1 ? (
        <p>
          <a className="btn btn-secondary" href={kfsDownloadUrl(lead.lead_id)} download>
            {t("servicing.details.downloadKfs")}
          </a>
        </p>
      ) : null}
      {lead.kfs_available === 1 && SANCTIONED_OR_LATER.has(lead.status) ? (
        <p>
          <a className="btn btn-secondary" href={sanctionLetterUrl(lead.lead_id)} download>
            {t("servicing.details.downloadSanction")}
          </a>
        </p>
      ) : null}
      {(lead.status === "DISBURSED" || lead.status === "CLOSED") && lead.loan_no ? (
        <p>
          <a className="btn btn-secondary" href={loanStatementUrl(lead.lead_id)} download>
            {t("servicing.details.downloadStatement")}
          </a>
        </p>
      ) : null}
      {lead.agreement_available === 1 ? (
        <p>
          <a className="btn btn-secondary" href={signedAgreementUrl(lead.lead_id)} download>
            {t("servicing.details.downloadAgreement")}
          </a>
        </p>
      ) : null}
      {lead.status === "CLOSED" && lead.loan_no ? (
        <p>
          <a className="btn btn-secondary" href={noDuesCertificateUrl(lead.lead_id)} download>
            {t("servicing.details.downloadNoDues")}
          </a>
        </p>
      ) : null}
    </div>
  );
}

/** Credit Manager: who handles the application, once one is assigned. */
export function CreditManagerCard({ manager }: { manager: CreditManager | null }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="manager-title">
      <h2 id="manager-title">{t("servicing.details.manager")}</h2>
      {manager ? (
        <dl className="facts">
          <div>
            <dt>{t("servicing.name")}</dt>
            <dd translate="no">{manager.name}</dd>
          </div>
          <div>
            <dt>{t("servicing.mobile")}</dt>
            <dd>
              <a href={`tel:${formatPhone(manager.mobile).replaceAll(" ", "")}`}>{formatPhone(manager.mobile)}</a>
            </dd>
          </div>
          <div>
            <dt>{t("servicing.email")}</dt>
            <dd>
              <a href={`mailto:${manager.email}`}>{manager.email}</a>
            </dd>
          </div>
        </dl>
      ) : (
        <p>{t("servicing.details.managerLater")}</p>
      )}
    </section>
  );
}

/** Application Status, with the total due and Pay Now when this lead is the active loan (`due` is null otherwise). */
export function ApplicationStatusCard({ lead, due }: { lead: LeadDetail; due: number | null }) {
  const t = useT();
  const say = useCodeText();
  const { day } = useDates();
  return (
    <section className="card" aria-labelledby="status-title">
      <h2 id="status-title">{t("servicing.details.status")}</h2>
      <p>
        <span className="status-pill">{leadStatusWords(t, lead)}</span>
      </p>
      <p>{leadExplanationWords(t, say, lead)}</p>
      <p className="hint">{t("servicing.details.dates", { applied: day(lead.lead_entry_date, ""), updated: day(lead.status_changed_at, "") })}</p>
      {due !== null ? (
        <p>
          {t("servicing.details.dueToday")} <strong>{formatINR(due)}</strong>{" "}
          <Link className="btn btn-accent btn-small" to="/my-dashboard/repayment">
            {t("chrome.payNow")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** Money paid above what was due (decision 37): what we hold, and each refund with its status and dates. */
export function RefundsCard({ refunds }: { refunds: LeadRefunds }) {
  const t = useT();
  const rich = useRichT();
  const { day } = useDates();
  const rupees = (n: number) => formatINR(n, { decimals: 2 });
  return (
    <section className="card" aria-labelledby="refunds-title">
      <h2 id="refunds-title">{t("servicing.refunds.title")}</h2>
      {refunds.excess_held > 0 ? (
        <p>{rich("servicing.refunds.held", { amount: rupees(refunds.excess_held), b: (chunks) => <strong>{chunks}</strong> })}</p>
      ) : (
        <p>{t("servicing.refunds.none")}</p>
      )}
      {refunds.refunds.length > 0 ? (
        <ul className="refund-list">
          {refunds.refunds.map((r) => (
            <li key={`${r.requested_on}-${r.amount}-${r.to}`}>
              {r.status === "Refunded"
                ? t("servicing.refunds.refunded", { amount: rupees(r.amount), to: r.to, date: day(r.refunded_on ?? r.requested_on, "") })
                : t("servicing.refunds.inProgress", { amount: rupees(r.amount), to: r.to, date: day(r.requested_on, "") })}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
