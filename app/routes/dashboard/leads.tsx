import { Form } from "react-router";
import type { Route } from "./+types/leads.ts";
import { BackLink } from "../../components/dashboard/form-bits.tsx";
import { formatINR } from "../../../core/format.ts";
import { MESSAGES } from "../../../core/validation/index.ts";
import { errorText } from "../../lib/api.ts";
import { CONTROLLER } from "../../lib/dashboard-data.ts";
import { endOnSessionLoss, requireApi } from "../../lib/dashboard.server.ts";
import { shortDate, type LeadCard } from "../../lib/loan-history.ts";
import { Fact } from "../../components/fact.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Loan History | SalaryOnTime" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs): Promise<{ leads: LeadCard[] | null; error: string }> {
  const reply = endOnSessionLoss(await requireApi(context).api<{ lead_list: LeadCard[] }>(`${CONTROLLER}/getLeadList`, {}));
  return reply.Status === 1 && reply.Data ? { leads: reply.Data.lead_list, error: "" } : { leads: null, error: errorText(reply) };
}

/**
 * Loan History: a card per lead. 'View details' posts the lead id to /my-dashboard/details, which
 * shows that lead (the id travels in the request, not in the address or the browser's storage).
 */
export default function LoanHistory({ loaderData }: Route.ComponentProps) {
  const { leads, error } = loaderData;

  return (
    <section className="quote-page" aria-labelledby="history-title">
      <BackLink />
      <h1 id="history-title">Loan History</h1>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : !leads ? (
        <p className="loading" role="status">
          Loading your loans…
        </p>
      ) : leads.length === 0 ? (
        <p className="card">{MESSAGES.noLoanHistory}</p>
      ) : (
        <ul className="lead-cards">
          {leads.map((lead) => (
            <li key={lead.lead_id} className="lead-card">
              <h2 className="lead-card-title">Applied on {shortDate(lead.lead_entry_date)}</h2>
              <dl className="facts">
                <div>
                  <dt>Loan amount</dt>
                  <dd>{lead.loan_amount ? formatINR(lead.loan_amount) : `Up to ${formatINR(lead.offer_max_amount)} offered`}</dd>
                </div>
                <div>
                  <dt>Status</dt>
                  <dd>
                    <span className="status-pill">{lead.status_label}</span>
                  </dd>
                </div>
                <Fact term="Loan number">{lead.loan_no || null}</Fact>
                <Fact term="Proposal number">{lead.proposal_number || null}</Fact>
              </dl>
              <Form method="post" action="/my-dashboard/details">
                <input type="hidden" name="lead_id" value={lead.lead_id} />
                <button type="submit" className="btn btn-secondary btn-small lead-open">
                  View details<span className="visually-hidden"> of the loan applied on {shortDate(lead.lead_entry_date)}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
