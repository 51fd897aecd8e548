import type { Route } from "./+types/details.ts";
import { BackLink } from "../../components/dashboard/form-bits.tsx";
import {
  ApplicationDetailsCard,
  ApplicationStatusCard,
  CreditManagerCard,
  RefundsCard,
  type LeadRefunds,
} from "../../components/dashboard/loan-details-cards.tsx";
import { translate } from "../../../core/i18n/index.ts";
import { errorText } from "../../lib/api.ts";
import { CONTROLLER } from "../../lib/dashboard-data.ts";
import { endOnSessionLoss, requireApi } from "../../lib/dashboard.server.ts";
import type { CreditManager, LeadCard, LeadDetail } from "../../lib/loan-history.ts";
import type { RouterContextProvider } from "react-router";
import { useDashboardData } from "../../lib/dashboard-data.ts";
import { toNumber } from "../../lib/repayment.ts";
import { AutopayStateCard, type AutopayState } from "../../components/repayment/autopay-state.tsx";
import { autopayStateOf } from "../../lib/autopay-state.server.ts";
import { useCodeText, useT } from "../../lib/i18n.tsx";
import { dashboardLanguage } from "../../lib/i18n-screen.ts";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translate(dashboardLanguage(matches), "servicing.details.title") },
  { name: "robots", content: "noindex" },
];

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
          <ApplicationDetailsCard lead={detail.lead} />
          <CreditManagerCard manager={detail.manager} />
          {autopay ? <AutopayStateCard state={autopay} /> : null}
          {refunds && (refunds.excess_held > 0 || refunds.refunds.length > 0) ? <RefundsCard refunds={refunds} /> : null}
          <ApplicationStatusCard lead={detail.lead} due={due} />
        </div>
      )}
    </section>
  );
}
