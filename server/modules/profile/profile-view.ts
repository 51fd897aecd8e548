// What getDashboardData and the customer-details fetch answer (spec section 3).
import { isRegistrationComplete, applicationFilledPercent, maskPan, profileFilledPercent, stepInfo } from "../../../core/journey/index.ts";
import { applicationStatus } from "../../../core/application-status.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import { leadStatusLabel } from "../../../core/loan-history.ts";
import type { CreditManagerContact, Lead, LeadsService } from "../leads/leads.service.ts";
import { isEditable, selfieUrl, type Profile, type ProfileService } from "./profile.service.ts";

/** The profile as the screens read it: PAN masked, never the ciphertext or hash. */
export function profileDetails(profile: Profile, userType: string) {
  return {
    profile_id: profile.id,
    first_name: profile.firstName ?? "",
    full_name: profile.fullName ?? "",
    mobile: profile.mobile,
    pancard: maskPan(profile.pancardLast4),
    pancard_verified_status: profile.pancardVerifiedStatus,
    personal_email: profile.personalEmail ?? "",
    dob: profile.dob ?? "",
    gender: profile.gender,
    marital_status_id: profile.maritalStatusId,
    spouse_name: profile.spouseName ?? "",
    spouse_mobile: profile.spouseMobile ?? "",
    residence_type_id: profile.residenceTypeId,
    residence_address_1: profile.residenceAddress1 ?? "",
    residence_address_2: profile.residenceAddress2 ?? "",
    residence_landmark: profile.residenceLandmark ?? "",
    residence_pincode: profile.residencePincode ?? "",
    residence_city: profile.residenceCity ?? "",
    residence_state: profile.residenceState ?? "",
    income_type_id: profile.incomeTypeId,
    monthly_income: profile.monthlyIncome,
    salary_date: profile.salaryDate ?? "",
    salary_mode: profile.salaryMode,
    user_type: userType,
    utm_source: profile.utmSource ?? "",
    utm_term: profile.utmTerm ?? "",
  };
}

/** The disbursed loan; total_due is today's from its payments (decision 27) when the payments module is wired. */
function activeLoan(lead: Lead | null, totalDue?: number | null) {
  if (!lead || lead.status !== "DISBURSED") return null;
  const row = lead as Lead & Record<string, unknown>;
  const pick = (key: string) => (row[key] ?? null) as string | number | null;
  return {
    lead_id: lead.id,
    loan_no: lead.loanNo,
    disbursal_date: pick("disbursalDate"),
    repayment_date: pick("repaymentDate"),
    repayment_amount: pick("repaymentAmount"),
    loan_recommended: pick("loanRecommended"),
    roi: pick("roi"),
    total_due: totalDue ?? pick("totalDue"),
  };
}

type EkycSummary = { aadhar_no: string; customer_ekyc_request_initiated_on: string | null; customer_digital_ekyc_flag: number } & Record<string, unknown>;

export function createProfileViews(deps: {
  profiles: ProfileService;
  leads: LeadsService;
  /** customer_employment_details (the quote issue's employment step). */
  employment?: { view(profileId: string): Promise<Record<string, unknown> | null> };
  ekycSummary?: (profileId: string) => Promise<EkycSummary>;
  /** The open lead's bank account (or a REPEAT customer's earlier one), masked (decision 18), from the profile and open lead already read. */
  bankingDetails?: (profileId: string, profile: Profile, open: Lead | null) => Promise<Record<string, unknown> | null>;
  /** Today's total due of a disbursed loan, rupees (the payments module, from core dues()). */
  totalDueToday?: (lead: Lead) => Promise<number | null>;
  /** Whether the lead's signed agreement can be downloaded (the eSign module). */
  signedAgreementAvailable?: (leadId: string) => Promise<boolean>;
}) {
  const { profiles, leads, employment, ekycSummary, bankingDetails, totalDueToday, signedAgreementAvailable } = deps;
  function executive(manager: CreditManagerContact | null) {
    return manager ? { name: manager.name, mobile: manager.mobile, email: manager.email } : null;
  }

  /** lead_details: the spec's status plus what the dashboard and My Account say about it (issue 14). */
  async function leadView(lead: Lead, repaymentAmount: number | null) {
    const status = applicationStatus({
      status: lead.status,
      quoteDecision: lead.quoteDecision,
      rejectionReason: lead.rejectionReason,
      statusDay: todayInIndia(lead.statusChangedAt),
      recommended: !!lead.recommendedAt,
      requoteRequested: !!lead.requoteRequestedAt,
      quoteIssuedOn: lead.quoteIssuedOn,
      repaymentDate: lead.repaymentDate,
      repaymentAmount,
      loanNo: lead.loanNo,
    });
    return {
      lead_id: lead.id,
      status: lead.status,
      created_at: lead.createdAt.toISOString(),
      quote_decision: lead.quoteDecision,
      proposal_number: lead.proposalNumber,
      status_label: leadStatusLabel(lead.status, lead.quoteDecision),
      status_changed_at: lead.statusChangedAt.toISOString(),
      application_stage: status.stage,
      application_stage_label: status.label,
      next_text: status.next,
      next_when: status.when,
      loan_no: lead.loanNo,
      loan_amount: lead.loanRecommended,
      repayment_date: lead.repaymentDate,
      kfs_available: lead.quoteDecision === "ACCEPTED" && lead.proposalNumber ? 1 : 0,
      agreement_available: signedAgreementAvailable && lead.status !== "IN_PROCESS" && (await signedAgreementAvailable(lead.id)) ? 1 : 0,
    };
  }

  return {
    async dashboard(profileId: string, leadId?: string) {
      if (leadId) await leads.requireOwned(profileId, leadId);
      // Independent reads run together (a pool runs them at once); what depends on the open lead follows.
      const [profile, summary, employmentView] = await Promise.all([
        profiles.load(profileId),
        leads.summaryOf(profileId),
        employment ? employment.view(profileId) : null,
      ]);
      const { userType, open } = summary;
      const latest = open ?? summary.latest;
      const next = profile.nextStep;
      const [totalDue, bankingView, leadDetails] = await Promise.all([
        open && open.status === "DISBURSED" && totalDueToday ? totalDueToday(open) : undefined,
        bankingDetails ? bankingDetails(profileId, profile, open) : null,
        // "Repay X by <date>" quotes the amount due on the repayment date, not today's figure.
        latest ? leadView(latest, latest.repaymentAmount === null ? null : Number(latest.repaymentAmount)) : null,
      ]);
      return {
        profile_filled_percent: profileFilledPercent(next),
        application_filled_percent: applicationFilledPercent(next),
        is_editable: isEditable(profile),
        registration_successful: isRegistrationComplete(next) ? 1 : 0,
        show_eligibility_btn: next === "register_now" ? 1 : 0,
        eligibility_status: profile.eligibilityStatus,
        profile_pic: selfieUrl(profile.selfieFileId),
        profile_details: profileDetails(profile, userType),
        next_event_name: next,
        active_loan_details: activeLoan(open, totalDue),
        // Assigned when a lead is submitted (decision 11): the loan issues fill these.
        excutive_details: executive(latest && summary.creditManagerOf(latest)),
        lead_details: leadDetails,
        customer_employment_details: employmentView,
        customer_banking_details: bankingView,
        Steps: { steps: stepInfo(next), data: { user_type: userType } },
      };
    },

    /** getUser and getJourneyRedirectionData (spec 7): who the customer is and where the journey stands. */
    async summary(profileId: string) {
      const profile = await profiles.load(profileId);
      const open = await leads.open(profileId);
      return {
        profile,
        userType: await leads.userTypeOf(profileId),
        nextStep: profile.nextStep,
        editable: isEditable(profile) === 1,
        openLeadId: open?.id ?? null,
      };
    },

    async customerDetails(profileId: string) {
      const profile = await profiles.load(profileId);
      const userType = await leads.userTypeOf(profileId);
      return {
        lead_customer_details: {
          ...profileDetails(profile, userType),
          // The eKYC issue fills these from its own tables; none is kept before eKYC.
          aadhar_no: "",
          customer_ekyc_request_initiated_on: null,
          customer_digital_ekyc_flag: 0,
          utm_campaign: profile.utmCampaign ?? "",
          ...(ekycSummary ? await ekycSummary(profileId) : {}),
        },
      };
    },
  };
}

export type ProfileViews = ReturnType<typeof createProfileViews>;
