// getLeadList and getLeadDetail (spec 3 "Loan history lead", "Loan detail"): the session's
// own leads only (decision 20); another customer's lead_id is Status 4 with nothing read.
import { maskPan } from "../../../core/journey/index.ts";
import { purposeLabel } from "../../../core/kfs.ts";
import { leadStatusExplanation, leadStatusLabel } from "../../../core/loan-history.ts";
import type { Lead, LeadsService } from "../leads/leads.service.ts";
import type { ProfileService } from "../profile/profile.service.ts";
import type { QuoteService } from "./quote.service.ts";

const isoDay = (d: Date | null) => (d ? d.toISOString() : null);

export function createLoanHistory(deps: {
  leads: LeadsService;
  profiles: ProfileService;
  quotes: QuoteService;
  /** Whether the lead's signed agreement can be downloaded (the eSign module). */
  signedAgreementAvailable?: (leadId: string) => Promise<boolean>;
}) {
  const { leads, profiles, quotes, signedAgreementAvailable } = deps;

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

  return {
    /** Whatever PAN the body names, the list is the session customer's. */
    async leadList(profileId: string) {
      return { lead_list: (await leads.listFor(profileId)).map(card) };
    },

    async leadDetail(profileId: string, leadId: string) {
      const lead = await leads.requireOwned(profileId, leadId);
      const profile = await profiles.load(profileId);
      const quote = await quotes.acceptedQuote(lead.id);
      const manager = await leads.creditManagerOf(lead);
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
            purpose: purposeLabel(lead.purposeId),
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
            repayment_amount: lead.repaymentAmount,
            net_disbursal: quote?.netDisbursal ?? null,
            apr: quote?.apr ?? null,
            kfs_available: quote ? 1 : 0,
            agreement_available: lead.status !== "IN_PROCESS" && signedAgreementAvailable && (await signedAgreementAvailable(lead.id)) ? 1 : 0,
          },
        ],
        // The credit manager, once one is assigned at submission (decision 11).
        collection: manager ? [{ name: manager.name, mobile: manager.mobile, email: manager.email }] : [],
      };
    },
  };
}

export type LoanHistory = ReturnType<typeof createLoanHistory>;
