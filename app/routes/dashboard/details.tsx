import type { Route } from "./+types/details.ts";
import { BackLink } from "../../components/dashboard/form-bits.tsx";
import { formatINR, formatPhone } from "../../../core/format.ts";
import { translate, type Translate } from "../../../core/i18n/index.ts";
import { errorText } from "../../lib/api.ts";
import { CONTROLLER } from "../../lib/dashboard-data.ts";
import { endOnSessionLoss, requireApi } from "../../lib/dashboard.server.ts";
import {
  kfsDownloadUrl,
  loanStatementUrl,
  noDuesCertificateUrl,
  sanctionLetterUrl,
  signedAgreementUrl,
  type CreditManager,
  type LeadCard,
  type LeadDetail,
} from "../../lib/loan-history.ts";
import { Link, type RouterContextProvider } from "react-router";
import type { ApiReply } from "../../../core/contract/index.ts";
import { useDashboardData } from "../../lib/dashboard-data.ts";
import { toNumber } from "../../lib/repayment.ts";
import { AutopayStateCard, type AutopayState } from "../../components/repayment/autopay-state.tsx";
import { autopayStateOf } from "../../lib/autopay-state.server.ts";
import { useRichT, useT, useCodeText } from "../../lib/i18n.tsx";
import { dashboardLanguage, useDates } from "../../lib/i18n-screen.ts";
import { leadExplanationWords, leadStatusWords } from "../../lib/lead-status-words.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translate(dashboardLanguage(matches), "servicing.details.title") },
  { name: "robots", content: "noindex" },
];

/** The sanction letter exists from sanction on (the statement from disbursal). */
const SANCTIONED_OR_LATER = new Set(["SANCTIONED", "DISBURSED", "CLOSED"]);

const money = (t: Translate, n: number | null) => (n === null ? t("servicing.details.notChosen") : formatINR(n));

type LeadRefunds = ApiReply<"getLeadRefunds">;

interface Loaded {
  detail: { lead: LeadDetail | null; manager: CreditManager | null } | null;
  /** A paid-out loan's excess held and its refunds (decision 37); null before payout or when not loaded. */
  refunds?: LeadRefunds | null;
  /** The AutoPay mandate of a loan (issue 24); null when not loaded. */
  autopay?: AutopayState | null;
  error: string;
}

/** One lead's details through getLeadDetail (ownership checked there: another customer's lead is Status 4). */
async function leadDetail(context: Readonly<RouterContextProvider>, leadId: string): Promise<Loaded> {
  if (!leadId) return { detail: { lead: null, manager: null }, error: "" };
  const reply = endOnSessionLoss(
    await requireApi(context).api<{ data: LeadDetail[]; collection: CreditManager[] }>(`${CONTROLLER}/getLeadDetail`, { lead_id: leadId }),
  );
  if (reply.Status !== 1 || !reply.Data) return { detail: null, error: errorText(reply) };
  const lead = reply.Data.data[0] ?? null;
  let refunds: LeadRefunds | null = null;
  const autopay = lead && lead.status === "DISBURSED" ? await autopayStateOf(context, leadId) : null;
  // A loan number on any other status: its payout was returned, and what was paid for it is held (issue 29).
  if (lead && (lead.status === "DISBURSED" || lead.status === "CLOSED" || lead.loan_no)) {
    const answer = endOnSessionLoss(await requireApi(context).api<LeadRefunds>(`${CONTROLLER}/getLeadRefunds`, { lead_id: leadId }));
    // The details still show if this part cannot be read.
    if (answer.Status === 1 && answer.Data) refunds = answer.Data;
  }
  return { detail: { lead, manager: reply.Data.collection[0] ?? null }, refunds, autopay, error: "" };
}

/** Opened directly (or from Congratulations): `?lead_id=`, else the newest application. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<Loaded> {
  let leadId = new URL(request.url).searchParams.get("lead_id") ?? "";
  if (!leadId) {
    const list = endOnSessionLoss(await requireApi(context).api<{ lead_list: LeadCard[] }>(`${CONTROLLER}/getLeadList`, {}));
    if (list.Status !== 1) return { detail: null, error: errorText(list) };
    leadId = list.Data?.lead_list[0]?.lead_id ?? "";
  }
  return leadDetail(context, leadId);
}

/** Loan History's 'View details' posts the chosen lead here. */
export async function action({ request, context }: Route.ActionArgs): Promise<Loaded> {
  const leadId = (await request.formData()).get("lead_id");
  return leadDetail(context, typeof leadId === "string" ? leadId : "");
}

/** Loan Details: Application Details, Credit Manager and Application Status cards. */
export default function LoanDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, refunds, autopay, error } = actionData ?? loaderData;
  const t = useT();
  const say = useCodeText();
  const { day } = useDates();
  // The active loan's total due and Pay Now, when this lead is that loan.
  const active = useDashboardData().data?.active_loan_details;
  const due = active && detail?.lead && active.lead_id === detail.lead.lead_id ? toNumber(active.total_due) : null;

  return (
    <section className="quote-page" aria-labelledby="details-title">
      <BackLink to="/my-dashboard/leads" label={t("servicing.details.back")} />
      <h1 id="details-title">{t("servicing.details.heading")}</h1>
      {error ? (
        <p className="alert alert-error" role="alert">
          {say(error)}
        </p>
      ) : !detail ? (
        <p className="loading" role="status">
          {t("servicing.details.loading")}
        </p>
      ) : !detail.lead ? (
        <p className="card">{t("validation.noLoanDetails")}</p>
      ) : (
        <div className="detail-grid">
          <section className="card" aria-labelledby="app-details-title">
            <h2 id="app-details-title">{t("servicing.details.application")}</h2>
            <dl className="facts">
              {detail.lead.loan_no ? (
                <div>
                  <dt>{t("servicing.loanNumber")}</dt>
                  <dd className="fact-code">{detail.lead.loan_no}</dd>
                </div>
              ) : null}
              {detail.lead.proposal_number ? (
                <div>
                  <dt>{t("servicing.history.proposalNumber")}</dt>
                  <dd className="fact-code">{detail.lead.proposal_number}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t("servicing.name")}</dt>
                <dd>{detail.lead.cust_full_name}</dd>
              </div>
              <div>
                <dt>{t("servicing.history.loanAmount")}</dt>
                <dd>{money(t, detail.lead.loan_amount)}</dd>
              </div>
              <div>
                <dt>{t("servicing.details.tenure")}</dt>
                <dd>{detail.lead.tenure ? t("servicing.details.days", { days: detail.lead.tenure }) : t("servicing.details.notChosen")}</dd>
              </div>
              <div>
                <dt>{t("servicing.details.purpose")}</dt>
                <dd>{detail.lead.purpose || t("servicing.details.notChosen")}</dd>
              </div>
              {detail.lead.net_disbursal !== null ? (
                <div>
                  <dt>{t("servicing.details.paidToAccount")}</dt>
                  <dd>{formatINR(detail.lead.net_disbursal)}</dd>
                </div>
              ) : null}
              {detail.lead.repayment_amount !== null ? (
                <div>
                  <dt>{t("servicing.details.totalRepay")}</dt>
                  <dd>{formatINR(detail.lead.repayment_amount)}</dd>
                </div>
              ) : null}
              {detail.lead.repayment_date ? (
                <div>
                  <dt>{t("servicing.repaymentDate")}</dt>
                  <dd>{day(detail.lead.repayment_date)}</dd>
                </div>
              ) : null}
              {detail.lead.apr !== null ? (
                <div>
                  <dt>{t("servicing.details.apr")}</dt>
                  <dd>{detail.lead.apr.toFixed(2)}%</dd>
                </div>
              ) : null}
              <div>
                <dt>{t("servicing.details.salary")}</dt>
                <dd>{formatINR(detail.lead.monthly_salary_amount)}</dd>
              </div>
              <div>
                <dt>{t("servicing.details.pan")}</dt>
                <dd>{detail.lead.pancard}</dd>
              </div>
              <div>
                <dt>{t("servicing.mobile")}</dt>
                <dd>{formatPhone(detail.lead.mobile)}</dd>
              </div>
              <div>
                <dt>{t("servicing.email")}</dt>
                <dd>{detail.lead.email}</dd>
              </div>
              <div>
                <dt>{t("servicing.details.city")}</dt>
                <dd>{[detail.lead.m_city_name, detail.lead.m_state_name].filter(Boolean).join(", ")}</dd>
              </div>
              {detail.lead.lead_final_disbursed_date ? (
                <div>
                  <dt>{t("servicing.details.disbursedOn")}</dt>
                  <dd>{day(detail.lead.lead_final_disbursed_date)}</dd>
                </div>
              ) : null}
            </dl>
            {/* Apart from the last row of facts, so a button never touches it. */}
            <div className="detail-downloads">
              {detail.lead.kfs_available === 1 ? (
                <p>
                  <a className="btn btn-secondary" href={kfsDownloadUrl(detail.lead.lead_id)} download>
                    {t("servicing.details.downloadKfs")}
                  </a>
                </p>
              ) : null}
              {detail.lead.kfs_available === 1 && SANCTIONED_OR_LATER.has(detail.lead.status) ? (
                <p>
                  <a className="btn btn-secondary" href={sanctionLetterUrl(detail.lead.lead_id)} download>
                    {t("servicing.details.downloadSanction")}
                  </a>
                </p>
              ) : null}
              {(detail.lead.status === "DISBURSED" || detail.lead.status === "CLOSED") && detail.lead.loan_no ? (
                <p>
                  <a className="btn btn-secondary" href={loanStatementUrl(detail.lead.lead_id)} download>
                    {t("servicing.details.downloadStatement")}
                  </a>
                </p>
              ) : null}
              {detail.lead.agreement_available === 1 ? (
                <p>
                  <a className="btn btn-secondary" href={signedAgreementUrl(detail.lead.lead_id)} download>
                    {t("servicing.details.downloadAgreement")}
                  </a>
                </p>
              ) : null}
              {detail.lead.status === "CLOSED" && detail.lead.loan_no ? (
                <p>
                  <a className="btn btn-secondary" href={noDuesCertificateUrl(detail.lead.lead_id)} download>
                    {t("servicing.details.downloadNoDues")}
                  </a>
                </p>
              ) : null}
            </div>
          </section>
          <section className="card" aria-labelledby="manager-title">
            <h2 id="manager-title">{t("servicing.details.manager")}</h2>
            {detail.manager ? (
              <dl className="facts">
                <div>
                  <dt>{t("servicing.name")}</dt>
                  <dd translate="no">{detail.manager.name}</dd>
                </div>
                <div>
                  <dt>{t("servicing.mobile")}</dt>
                  <dd>
                    <a href={`tel:${formatPhone(detail.manager.mobile).replaceAll(" ", "")}`}>{formatPhone(detail.manager.mobile)}</a>
                  </dd>
                </div>
                <div>
                  <dt>{t("servicing.email")}</dt>
                  <dd>
                    <a href={`mailto:${detail.manager.email}`}>{detail.manager.email}</a>
                  </dd>
                </div>
              </dl>
            ) : (
              <p>{t("servicing.details.managerLater")}</p>
            )}
          </section>
          {autopay ? <AutopayStateCard state={autopay} /> : null}
          {refunds && (refunds.excess_held > 0 || refunds.refunds.length > 0) ? <RefundsCard refunds={refunds} /> : null}
          <section className="card" aria-labelledby="status-title">
            <h2 id="status-title">{t("servicing.details.status")}</h2>
            <p>
              <span className="status-pill">{leadStatusWords(t, detail.lead)}</span>
            </p>
            <p>{leadExplanationWords(t, say, detail.lead)}</p>
            <p className="hint">
              {t("servicing.details.dates", { applied: day(detail.lead.lead_entry_date, ""), updated: day(detail.lead.status_changed_at, "") })}
            </p>
            {due !== null ? (
              <p>
                {t("servicing.details.dueToday")} <strong>{formatINR(due)}</strong>{" "}
                <Link className="btn btn-accent btn-small" to="/my-dashboard/repayment">
                  {t("chrome.payNow")}
                </Link>
              </p>
            ) : null}
          </section>
        </div>
      )}
    </section>
  );
}

/** Money paid above what was due (decision 37): what we hold, and each refund with its status and dates. */
function RefundsCard({ refunds }: { refunds: LeadRefunds }) {
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
