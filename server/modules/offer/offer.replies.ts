// The legacy answers of Loan History and Loan Details (spec 3, 7): the history answers leads and
// their facts; these name them as the screens and apps read them (status wording included).
import type { ApiReply } from "../../../core/contract/index.ts";
import { maskPan } from "../../../core/journey/index.ts";
import { purposeLabel } from "../../../core/kfs.ts";
import { bpsToPercent, paiseToRupees } from "../../../core/loan-math/index.ts";
import { leadStatusExplanation, leadStatusLabel } from "../../../core/loan-history.ts";
import type { Language } from "../../../core/i18n/index.ts";
import type { Lead } from "../leads/leads.service.ts";
import type { LoanHistory } from "./loan-history.ts";

const isoDay = (d: Date | null) => (d ? d.toISOString() : null);

function card(lead: Lead) {
  return {
    lead_id: lead.id,
    loan_amount: lead.loanRecommended,
    offer_max_amount: lead.offerMaxAmount,
    status: lead.status,
    status_label: leadStatusLabel(lead.status, lead.quoteDecision),
    lead_entry_date: isoDay(lead.createdAt),
    loan_no: lead.loanNo,
    proposal_number: lead.proposalNumber,
    quote_decision: lead.quoteDecision,
  };
}

export function leadListReply(r: Awaited<ReturnType<LoanHistory["leadList"]>>): ApiReply<"getLeadList"> {
  return { lead_list: r.leads.map(card) };
}

export function leadDetailReply(
  { lead, profile, quote, creditManager, agreementAvailable }: Awaited<ReturnType<LoanHistory["leadDetail"]>>,
  lang: Language = "en",
): ApiReply<"getLeadDetail"> {
  return {
    data: [
      {
        lead_id: lead.id,
        loan_no: lead.loanNo,
        proposal_number: lead.proposalNumber,
        cust_full_name: profile.fullName ?? "",
        monthly_salary_amount: lead.monthlyIncome,
        loan_amount: lead.loanRecommended,
        tenure: lead.tenureDays,
        purpose: purposeLabel(lead.purposeId, lang),
        mobile: profile.mobile,
        email: profile.personalEmail ?? "",
        status: lead.status,
        status_label: leadStatusLabel(lead.status, lead.quoteDecision),
        status_explanation: leadStatusExplanation(lead.status, lead.quoteDecision, lead.rejectionReason),
        status_changed_at: isoDay(lead.statusChangedAt),
        pancard: maskPan(profile.pancardLast4),
        m_city_name: profile.residenceCity ?? "",
        m_state_name: profile.residenceState ?? "",
        lead_final_disbursed_date: lead.disbursalDate,
        lead_entry_date: isoDay(lead.createdAt),
        repayment_date: lead.repaymentDate,
        repayment_amount: lead.repaymentAmountPaise === null ? null : paiseToRupees(lead.repaymentAmountPaise),
        net_disbursal: quote ? paiseToRupees(quote.netDisbursalPaise) : null,
        apr: quote ? bpsToPercent(quote.aprBps) : null,
        kfs_available: quote ? 1 : 0,
        agreement_available: agreementAvailable ? 1 : 0,
      },
    ],
    collection: creditManager ? [{ name: creditManager.name, mobile: creditManager.mobile, email: creditManager.email }] : [],
  };
}
