import { Form } from "react-router";
import type { Route } from "./+types/leads.ts";
import { BackLink } from "../../components/dashboard/form-bits.tsx";
import { formatINR } from "../../../core/format.ts";
import { translate } from "../../../core/i18n/index.ts";
import { errorText } from "../../lib/api.ts";
import { CONTROLLER } from "../../lib/dashboard-data.ts";
import { endOnSessionLoss, requireApi } from "../../lib/dashboard.server.ts";
import { useT, useCodeText } from "../../lib/i18n.tsx";
import { dashboardLanguage, useDates } from "../../lib/i18n-screen.ts";
import { leadStatusWords } from "../../lib/lead-status-words.ts";
import type { LeadCard } from "../../lib/loan-history.ts";
import { Fact } from "../../components/fact.tsx";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translate(dashboardLanguage(matches), "servicing.history.title") },
  { name: "robots", content: "noindex" },
];

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
  const t = useT();
  const say = useCodeText();
  const { day } = useDates();

  return (
    <section className="quote-page" aria-labelledby="history-title">
      <BackLink label={t("servicing.backToDashboard")} />
      <h1 id="history-title">{t("servicing.history.heading")}</h1>
      {error ? (
        <p className="alert alert-error" role="alert">
          {say(error)}
        </p>
      ) : !leads ? (
        <p className="loading" role="status">
          {t("servicing.history.loading")}
        </p>
      ) : leads.length === 0 ? (
        <p className="card">{t("validation.noLoanHistory")}</p>
      ) : (
        <ul className="lead-cards">
          {leads.map((lead) => (
            <li key={lead.lead_id} className="lead-card">
              <h2 className="lead-card-title">{t("servicing.history.appliedOn", { date: day(lead.lead_entry_date) })}</h2>
              <dl className="facts">
                <div>
                  <dt>{t("servicing.history.loanAmount")}</dt>
                  <dd>{lead.loan_amount ? formatINR(lead.loan_amount) : t("servicing.history.upTo", { amount: formatINR(lead.offer_max_amount) })}</dd>
                </div>
                <div>
                  <dt>{t("servicing.status")}</dt>
                  <dd>
                    <span className="status-pill">{leadStatusWords(t, lead)}</span>
                  </dd>
                </div>
                <Fact term={t("servicing.loanNumber")}>{lead.loan_no || null}</Fact>
                <Fact term={t("servicing.history.proposalNumber")}>{lead.proposal_number || null}</Fact>
              </dl>
              <Form method="post" action="/my-dashboard/details">
                <input type="hidden" name="lead_id" value={lead.lead_id} />
                <button type="submit" className="btn btn-secondary btn-small lead-open">
                  {t("servicing.history.viewDetails")}
                  <span className="visually-hidden">{t("servicing.history.viewDetailsOf", { date: day(lead.lead_entry_date) })}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
