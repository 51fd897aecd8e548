// The HTTP edge's shaping of journey results: services answer domain facts (camelCase, no wording),
// and these functions turn them into the legacy answer ({Message, Data} in spec section 3's
// snake_case names). One function per event; the contract types what each must produce.
import { BANKING_CODES, KYC_CODES, MANDATE_CODES, ONBOARDING_CODES, QUOTE_CODES, type CodedMessage } from "../../core/i18n/index.ts";
import type { JourneyEventName, JourneyEventReply } from "../../core/contract/index.ts";
import { stepPercentage, type NextStep } from "../../core/journey/index.ts";
import { formatKfsDate } from "../../core/kfs.ts";
import { formatINR, paiseToRupees, quoteFigures } from "../../core/loan-math/index.ts";
import { AUTH_CODES, type AuthService } from "../modules/auth/auth.service.ts";
import type { BankingService } from "../modules/banking/banking.service.ts";
import type { MandatesService } from "../modules/mandates/mandates.service.ts";
import type { DocumentsService } from "../modules/documents/documents.service.ts";
import type { EligibilityService } from "../modules/eligibility/eligibility.service.ts";
import type { KycService } from "../modules/kyc/kyc.service.ts";
import type { EmploymentService } from "../modules/offer/employment.service.ts";
import type { QuoteService } from "../modules/offer/quote.service.ts";
import type { ProfileService } from "../modules/profile/profile.service.ts";

/** What the journey endpoint sends: the envelope's Message and Data. */
export interface Reply<D = unknown> {
  /** Text, or a code the endpoint words in the client's language (issue 23). */
  message: string | CodedMessage;
  data?: D;
}

type Result<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
type EventReply<E extends JourneyEventName> = Reply<JourneyEventReply<E>>;

/** Every step answers where the customer goes next and how far along that is. */
export const stepFields = (nextStep: NextStep | string) => ({ next_step: nextStep, step_percentage: stepPercentage(nextStep) });

export const authReplies = {
  otpSent: (r: Result<AuthService["login"]> | Result<AuthService["resendOtp"]>): EventReply<"login"> => ({
    message: r.kind === "otpSent" ? AUTH_CODES.otpSent : AUTH_CODES.otpResent,
    data: { cust_profile_id: r.profileId },
  }),
  verified: (r: Result<AuthService["verifyOtp"]>): EventReply<"otp_verify"> => ({
    message: AUTH_CODES.verified,
    data: { next_step: r.nextStep, eligibility_status: r.eligibilityStatus },
  }),
  loggedOut: (): EventReply<"logout"> => ({ message: AUTH_CODES.loggedOut }),
};

export const profileReplies = {
  pan: (r: Result<ProfileService["verifyPan"]>): EventReply<"pancard_verification"> => ({
    message: ONBOARDING_CODES.panVerified,
    data: { full_name: r.fullName, ...stepFields(r.nextStep) },
  }),
  personal: (r: Result<ProfileService["savePersonal"]>): EventReply<"personal_details"> => ({
    message: ONBOARDING_CODES.personalSaved,
    data: stepFields(r.nextStep),
  }),
  residence: (r: Result<ProfileService["saveResidence"]>): EventReply<"residence_details"> => ({
    message: ONBOARDING_CODES.residenceSaved,
    data: { ...stepFields(r.nextStep), city: r.city, state: r.state },
  }),
  income: (r: Result<ProfileService["saveIncome"]>): EventReply<"income_details"> => ({ message: ONBOARDING_CODES.incomeSaved, data: stepFields(r.nextStep) }),
  selfie: (r: Result<ProfileService["saveSelfie"]>): EventReply<"selfie_upload"> => ({
    message: ONBOARDING_CODES.selfieSaved,
    data: { ...stepFields(r.nextStep), selfie_doc_url: r.selfieUrl },
  }),
};

export const eligibilityReplies = {
  eligible: (r: Result<EligibilityService["registerNow"]>): EventReply<"register_now"> => ({
    message: ONBOARDING_CODES.eligible(formatINR(r.offer.max)),
    data: {
      ...stepFields(r.nextStep),
      eligibility_status: 1,
      lead_id: r.leadId,
      min_loan_amount: r.offer.min,
      max_loan_amount: r.offer.max,
    },
  }),
};

export const quoteReplies = {
  quote: (r: Result<QuoteService["generate"]>): EventReply<"generate_loan_quote"> => {
    const { terms, product } = r;
    return {
      message: QUOTE_CODES.quoteReady,
      data: {
        ...stepFields(r.nextStep),
        lead_id: r.leadId,
        proposal_number: r.proposalNumber,
        issued_on: r.issuedOn,
        min_loan_amount: terms.min_loan_amount,
        max_loan_amount: terms.max_loan_amount,
        min_loan_tenure: terms.min_loan_tenure,
        max_loan_tenure: terms.max_loan_tenure,
        tenure: terms.tenure,
        tenure_text: `${terms.tenure} days`,
        repayment_date: terms.repayment_date,
        show_loan_tenure: terms.show_loan_tenure,
        show_loan_text:
          terms.show_loan_tenure === 0
            ? `Repay in one payment on your next salary date, ${formatKfsDate(terms.repayment_date)}.`
            : `Choose a tenure of ${terms.min_loan_tenure} to ${terms.max_loan_tenure} days; you repay in one payment at its end.`,
        amount_step: terms.amount_step,
        loan_amount: terms.max_loan_amount,
        purpose_id: r.purposeId,
        borrower_name: r.borrowerName,
        interest_percent_per_day: product.interestPercentPerDay,
        processing_fee_percent: product.processingFeePercent,
        gst_percent: product.gstPercent,
        cooling_off_days: product.coolingOffDays,
      },
    };
  },
  decision: (r: Result<QuoteService["decide"]>): EventReply<"loan_quotation_decision"> => {
    if (r.kind === "declined") {
      return { message: QUOTE_CODES.declined, data: { ...stepFields(r.nextStep), lead_id: r.leadId, eligibility_status: 0 } };
    }
    return {
      message: QUOTE_CODES.accepted,
      data: {
        ...stepFields(r.nextStep),
        lead_id: r.leadId,
        proposal_number: r.proposalNumber,
        loan_amount: paiseToRupees(r.quote.principalPaise),
        tenure: r.quote.tenureDays,
        ...quoteFigures(r.quote, r.repaymentDate),
        kfs_acknowledged_at: r.kfsAcknowledgedAt.toISOString(),
      },
    };
  },
  employment: (r: Result<EmploymentService["save"]>): EventReply<"employment_details"> => ({
    message: QUOTE_CODES.employmentSaved,
    data: stepFields(r.nextStep),
  }),
};

export const kycReplies = {
  initiated: (r: Result<KycService["initiate"]>): EventReply<"ekyc_initiated"> =>
    r.kind === "ekycSkipped"
      ? { message: KYC_CODES.ekycSkipped, data: stepFields(r.nextStep) }
      : { message: KYC_CODES.ekycStarted, data: { ...stepFields(r.nextStep), ekyc_url: r.ekycUrl } },
  verified: (r: Result<KycService["verify"]>): EventReply<"ekyc_verified"> => ({
    message: KYC_CODES.ekycVerified,
    data: { ...stepFields(r.nextStep), aadhar_no: r.aadhaarMasked },
  }),
  accountAggregator: (r: Result<KycService["accountAggregator"]>): EventReply<"account_aggregator_verify"> => {
    if (r.kind === "aaConsentCreated") {
      return { message: KYC_CODES.aaConsentCreated, data: { ...stepFields(r.nextStep), aa_url: r.consentUrl, consent_handle: r.consentHandle } };
    }
    return { message: r.kind === "aaSkipped" ? KYC_CODES.aaSkipped : KYC_CODES.aaFetched, data: stepFields(r.nextStep) };
  },
};

export const documentReplies = {
  saved: (r: Result<DocumentsService["upload"]>): Reply<JourneyEventReply<"aadhaar_upload">> => ({
    message: KYC_CODES.documentSaved,
    data: { ...stepFields(r.nextStep), doc_type: r.docType, document_id: r.documentId },
  }),
};

export const bankingReplies = {
  submitted: (r: Result<BankingService["submit"]>): EventReply<"banking_details"> => ({
    message: r.kind === "verified" ? MANDATE_CODES.verifiedNext : MANDATE_CODES.skippedNext,
    data: {
      ...stepFields(r.nextStep),
      go_to_esign: 0,
      customer_banking_details: {
        account_number: r.account.numberMasked,
        ifsc_code: r.account.ifsc,
        bank_name: r.account.bankName,
        branch: r.account.branch,
        beneficiary_name: r.account.holderName,
      },
    },
  }),
  autopay: (r: Result<MandatesService["setup"]>): EventReply<"autopay_setup"> => ({
    message: r.kind === "skipped" ? MANDATE_CODES.skipped : MANDATE_CODES.started,
    data: { ...stepFields(r.nextStep), go_to_esign: r.kind === "skipped" ? 1 : 0, url: r.url, mandate_id: r.mandateId },
  }),
  esign: (r: Result<BankingService["resumeEsign"]>): EventReply<"esign"> => ({
    message: BANKING_CODES.esignResumed,
    data: { ...stepFields(r.nextStep), go_to_esign: 1, url: r.esignUrl },
  }),
};
