import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { Route } from "./+types/leads.ts";
import { BackLink } from "../../components/dashboard/form-bits.tsx";
import { formatINR } from "../../../core/loan-math/index.ts";
import { MESSAGES } from "../../../core/validation/index.ts";
import { errorText } from "../../lib/api.ts";
import { getLeadList, shortDate, type LeadCard } from "../../lib/loan-history.ts";
import { writeState } from "../../lib/session-state.ts";

export const meta: Route.MetaFunction = () => [{ title: "Loan History | SalaryOnTime" }, { name: "robots", content: "noindex" }];

/** Loan History: a card per lead; a click opens the details with the lead id in navigation state. */
export default function LoanHistory() {
  const navigate = useNavigate();
  const [leads, setLeads] = useState<LeadCard[] | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    void getLeadList().then((reply) => {
      if (reply.Status === 1 && reply.Data) setLeads(reply.Data.lead_list);
      else setError(errorText(reply));
    });
  }, []);

  function open(lead: LeadCard) {
    writeState({ lead_id: lead.lead_id });
    navigate("/my-dashboard/details", { state: { lead_id: lead.lead_id } });
  }

  return (
    <section className="quote-page" aria-labelledby="history-title">
      <BackLink />
      <h1 id="history-title">Loan History</h1>
      {error ? (
        <p className="alert alert-error" role="alert">{error}</p>
      ) : !leads ? (
        <p className="loading" role="status">Loading your loans…</p>
      ) : leads.length === 0 ? (
        <p className="card">{MESSAGES.noLoanHistory}</p>
      ) : (
        <ul className="lead-cards">
          {leads.map((lead) => (
            <li key={lead.lead_id} className="lead-card">
              <h2 className="lead-card-title">Applied on {shortDate(lead.lead_entry_date)}</h2>
              <dl className="facts">
                <div><dt>Loan amount</dt><dd>{lead.loan_amount ? formatINR(lead.loan_amount) : `Up to ${formatINR(lead.offer_max_amount)} offered`}</dd></div>
                <div><dt>Status</dt><dd><span className="status-pill">{lead.status_label}</span></dd></div>
                {lead.loan_no ? <div><dt>Loan number</dt><dd>{lead.loan_no}</dd></div> : null}
                {lead.proposal_number ? <div><dt>Proposal number</dt><dd>{lead.proposal_number}</dd></div> : null}
              </dl>
              <button type="button" className="btn btn-secondary btn-small lead-open" onClick={() => open(lead)}>
                View details<span className="visually-hidden"> of the loan applied on {shortDate(lead.lead_entry_date)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
