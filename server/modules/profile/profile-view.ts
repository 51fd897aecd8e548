// What getDashboardData and the customer-details fetch answer (spec section 3).
import { isRegistrationComplete, applicationFilledPercent, maskPan, profileFilledPercent, stepInfo, type NextStep } from "../../../core/journey/index.ts";
import { applicationStatus } from "../../../core/application-status.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import { leadStatusLabel } from "../../../core/loan-history.ts";
import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { customerProfiles } from "../../db/schema/index.ts";
import type { EsignRequest } from "../esign/esign.service.ts";
import { stepNotAvailable } from "../journey/journey.service.ts";
import type { CreditManagerContact, Lead, LeadsService } from "../leads/leads.service.ts";
import { isEditable, selfieUrl, type Profile, type ProfileService } from "./profile.service.ts";
import { paiseToRupees } from "../../../core/money.ts";
import type { Language } from "../../../core/i18n/index.ts";
import type { EligibilityDecline } from "../eligibility/eligibility.service.ts";

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
    repayment_amount: lead.repaymentAmountPaise === null ? null : paiseToRupees(lead.repaymentAmountPaise),
    loan_recommended: pick("loanRecommended"),
    roi: pick("roi"),
    total_due: totalDue ?? null,
  };
}

type EkycSummary = { aadhar_no: string; customer_ekyc_request_initiated_on: string | null; customer_digital_ekyc_flag: number } & Record<string, unknown>;

/** Each module's part of the dashboard's one statement: its SQL (given the statement's SQL for the ids) and how its value is read back. */
interface DashboardParts {
  /** customer_employment_details (the quote issue's employment step). */
  employment: { viewPart(profileId: SQL): { sql: SQL; decode(value: unknown): Record<string, unknown> | null } };
  /** The open lead's bank account (or a REPEAT customer's earlier one), masked (decision 18). */
  banking: {
    accountViewPart(profileId: SQL, openLeadId: SQL): { sql: SQL; view(value: unknown, profile: Profile, open: Lead | null): Record<string, unknown> | null };
  };
  /** Today's total due of a disbursed loan, rupees (the payments module, from core dues()). */
  payments: {
    totalDuePart(loanId: SQL): { sql: SQL; figures(lead: Lead, value: unknown): { totalDue: number; dueOnRepaymentDate: number } | null };
  };
  /** The lead's latest eSign request, and whether it makes the signed agreement downloadable. */
  esign: { latestPart(leadId: SQL): { sql: SQL; decode(value: unknown): EsignRequest | null } };
  agreementSigned: (request: EsignRequest | null) => boolean;
  /** The latest eligibility check's decline (issue 21), given the profile's dob from the same statement. */
  eligibility: { declinePart(profileId: SQL): { sql: SQL; decline(value: unknown, dob: string | null, lang: Language): EligibilityDecline | null } };
}

/** Check Eligibility: the only step with its button, and where a declined customer is told why (a later step means a later check passed). */
const CHECK_ELIGIBILITY = "register_now" satisfies NextStep;

export function createProfileViews(
  deps: {
    db: Db;
    profiles: ProfileService;
    leads: LeadsService;
    ekycSummary?: (profileId: string) => Promise<EkycSummary>;
  } & DashboardParts,
) {
  const { db, profiles, leads, ekycSummary, employment, banking, payments, esign, agreementSigned, eligibility } = deps;
  function executive(manager: CreditManagerContact | null) {
    return manager ? { name: manager.name, mobile: manager.mobile, email: manager.email } : null;
  }

  // Everything the dashboard shows, in one statement (one round trip, built once): the profile row,
  // and each module's part as a column; the parts that hang on a lead use the leads part's SQL for it.
  const customer = sql.placeholder("profileId");
  const leadsPart = leads.summaryPart(sql`${customer}::uuid`);
  const employmentPart = employment.viewPart(sql`${customer}::uuid`);
  const paymentsPart = payments.totalDuePart(leadsPart.openId);
  const bankingPart = banking.accountViewPart(sql`${customer}::uuid`, leadsPart.openId);
  const esignPart = esign.latestPart(leadsPart.shownId);
  const declinePart = eligibility.declinePart(sql`${customer}::uuid`);
  const dashboardRead = db
    .select({
      profile: customerProfiles,
      // Nested, so drizzle keeps the table names a single-table select strips from a field's own columns.
      leads: sql`${leadsPart.sql}`,
      employment: sql`${employmentPart.sql}`,
      payments: sql`${paymentsPart.sql}`,
      accounts: sql`${bankingPart.sql}`,
      esign: sql`${esignPart.sql}`,
      // Read only for a customer the dashboard tells of a decline.
      decline: sql`case when ${customerProfiles.nextStep} = ${CHECK_ELIGIBILITY} then ${declinePart.sql} end`,
    })
    .from(customerProfiles)
    .where(eq(customerProfiles.id, sql`${customer}::uuid`))
    .prepare("dashboard_read");

  /** lead_details: the spec's status plus what the dashboard and My Account say about it (issue 14). */
  function leadView(lead: Lead, repaymentAmount: number | null, agreementAvailable: boolean, lang: Language) {
    const facts = {
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
    };
    const status = applicationStatus(facts, lang);
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
      agreement_available: lead.status !== "IN_PROCESS" && agreementAvailable ? 1 : 0,
    };
  }

  return {
    /** The status and decline sentences in `lang`, the client's language (decision 60). */
    async dashboard(profileId: string, leadId?: string, lang: Language = "en") {
      if (leadId) await leads.requireOwned(profileId, leadId);
      const [read] = await dashboardRead.execute({ profileId });
      if (!read) throw stepNotAvailable();
      const { profile } = read;
      const summary = leadsPart.decode(read.leads);
      const { userType, open } = summary;
      const latest = open ?? summary.latest;
      const next = profile.nextStep;
      const loanFigures = open ? paymentsPart.figures(open, read.payments) : null;
      const bankingView = bankingPart.view(read.accounts, profile, open);
      const employmentView = employmentPart.decode(read.employment);
      // "Repay X by <date>" quotes the amount due on the repayment date, not today's figure; for a loan
      // paid out, what it will owe then after the payments made so far.
      const dueOnRepaymentDate = loanFigures?.dueOnRepaymentDate ?? null;
      const leadDetails = latest
        ? leadView(
            latest,
            dueOnRepaymentDate ?? (latest.repaymentAmountPaise === null ? null : paiseToRupees(latest.repaymentAmountPaise)),
            agreementSigned(esignPart.decode(read.esign)),
            lang,
          )
        : null;
      return {
        profile_filled_percent: profileFilledPercent(next),
        application_filled_percent: applicationFilledPercent(next),
        is_editable: isEditable(profile),
        registration_successful: isRegistrationComplete(next) ? 1 : 0,
        show_eligibility_btn: next === CHECK_ELIGIBILITY ? 1 : 0,
        eligibility_status: profile.eligibilityStatus,
        profile_pic: selfieUrl(profile.selfieFileId),
        profile_details: profileDetails(profile, userType),
        next_event_name: next,
        active_loan_details: activeLoan(open, loanFigures?.totalDue),
        // Assigned when a lead is submitted (decision 11): the loan issues fill these.
        excutive_details: executive(latest && summary.creditManagerOf(latest)),
        lead_details: leadDetails,
        customer_employment_details: employmentView,
        customer_banking_details: bankingView,
        // Only while the customer is back at Check Eligibility: a later step means a later check passed.
        eligibility_decline: next === CHECK_ELIGIBILITY ? declinePart.decline(read.decline, profile.dob, lang) : null,
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
