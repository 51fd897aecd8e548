// The Data of each successful answer, as the server sends it today (spec section 3 names).
// Objects are not strict: a new field is allowed, a renamed or missing one fails the tests.

import * as z from "zod";
import { APPLICATION_STAGES } from "../application-status.ts";

const str = z.string();
const int = z.number().int();
const nullableStr = z.string().nullable();
const nullableNum = z.number().nullable();
const flag = z.union([z.literal(0), z.literal(1)]);

/** Every journey step answers where the customer goes next. */
export const stepReplyShape = { next_step: str, step_percentage: z.number() };
export const stepReply = z.object(stepReplyShape);

// --- Journey events ---------------------------------------------------------

export const loginReply = z.object({ cust_profile_id: str });
export const otpVerifyReply = z.object({
  next_step: str,
  eligibility_status: int,
  /** Only for apps (requests without an Origin header); browsers get the httpOnly cookie. */
  app_login_token: str.optional(),
});
export const pancardReply = z.object({ ...stepReplyShape, full_name: nullableStr });
export const residenceReply = z.object({ ...stepReplyShape, city: nullableStr, state: nullableStr });
export const selfieReply = z.object({ ...stepReplyShape, selfie_doc_url: str });
export const registerNowReply = z.object({
  ...stepReplyShape,
  eligibility_status: int,
  lead_id: str,
  min_loan_amount: int,
  max_loan_amount: int,
});
export const loanQuoteReply = z.object({
  ...stepReplyShape,
  lead_id: str,
  proposal_number: nullableStr,
  issued_on: str,
  min_loan_amount: int,
  max_loan_amount: int,
  min_loan_tenure: int,
  max_loan_tenure: int,
  tenure: int,
  tenure_text: str,
  repayment_date: str,
  show_loan_tenure: int,
  show_loan_text: str,
  amount_step: int,
  loan_amount: int,
  purpose_id: int,
  borrower_name: str,
  interest_percent_per_day: z.number(),
  processing_fee_percent: z.number(),
  gst_percent: z.number(),
  cooling_off_days: int,
});
export const quoteFiguresShape = {
  processing_fee: z.number(),
  gst: z.number(),
  net_disbursal: z.number(),
  interest: z.number(),
  total_repayable: z.number(),
  apr: z.number(),
  repayment_date: str,
};
export const quoteAcceptedReply = z.object({
  ...stepReplyShape,
  lead_id: str,
  proposal_number: nullableStr,
  loan_amount: int,
  tenure: int,
  ...quoteFiguresShape,
  kfs_acknowledged_at: str,
});
/** eligibility_status is 0 (checked again on the next register_now). */
export const quoteDeclinedReply = z.object({ ...stepReplyShape, lead_id: str, eligibility_status: int });
/** accepted_id 1 answers the accepted figures; 2 (declined) sends the customer back to register_now. */
export const quoteDecisionReply = z.union([quoteAcceptedReply, quoteDeclinedReply]);
export const ekycInitiatedReply = z.object({ ...stepReplyShape, ekyc_url: str.optional() });
export const ekycVerifiedReply = z.object({ ...stepReplyShape, aadhar_no: str });
export const accountAggregatorReply = z.object({ ...stepReplyShape, aa_url: str.optional(), consent_handle: str.optional() });
export const documentUploadReply = z.object({ ...stepReplyShape, doc_type: str, document_id: str });
export const bankAccountView = z.object({
  account_number: str,
  ifsc_code: str,
  bank_name: str,
  branch: str,
  beneficiary_name: str,
});
/** go_to_esign is 1: the screen opens `url`. */
export const esignReply = z.object({ ...stepReplyShape, go_to_esign: int, url: str });
// Issue 24: the bank account is followed by AutoPay's step, so the reply carries no eSign url (go_to_esign 0).
export const bankingReply = z.object({ ...stepReplyShape, go_to_esign: int, customer_banking_details: bankAccountView });
/** autopay_setup: the provider's page to approve the mandate, or (skip) the eSign's page. */
export const autopaySetupReply = z.object({ ...stepReplyShape, go_to_esign: int, url: str, mandate_id: nullableStr });
const mandateView = z.object({
  id: str,
  method: z.enum(["upi", "enach"]),
  status: z.enum(["PENDING", "ACTIVE", "FAILED", "CANCELLED"]),
  max_amount_paise: int,
  account_last4: nullableStr,
  failure_reason: nullableStr,
  cancel_reason: nullableStr,
});
const when = { at: str };
/** Issue 30: one line of the loan's AutoPay history (core/mandates.ts MandateHistoryEntry), oldest first. */
const mandateHistoryEntry = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("registered"), ...when, method: z.enum(["upi", "enach"]), max_amount_paise: int, account_last4: nullableStr }),
  z.object({ kind: z.literal("activated"), ...when }),
  z.object({ kind: z.literal("not_set_up"), ...when, reason: z.enum(["declined", "abandoned", "bank"]) }),
  z.object({ kind: z.literal("cancelled"), ...when, reason: z.enum(["loan_closed", "revoked", "provider"]) }),
  z.object({ kind: z.literal("notice"), ...when, amount_paise: int, debit_on: str }),
  z.object({ kind: z.literal("debited"), ...when, amount_paise: int, debit_on: str }),
  z.object({ kind: z.literal("debit_failed"), ...when, amount_paise: int.nullable(), debit_on: str, reason: z.enum(["no_funds", "declined"]) }),
  z.object({ kind: z.literal("debit_skipped"), ...when, debit_on: str }),
]);
export const autopayDetailsReply = z.object({
  next_step: str,
  lead_id: nullableStr,
  account_last4: nullableStr.optional(),
  figures: z.object({ total_repayable_paise: int, penal_cap_paise: int, max_amount_paise: int, debit_on: str }).nullable(),
  mandate: mandateView.nullable(),
  next_debit_on: nullableStr.optional(),
  history: z.array(mandateHistoryEntry).optional(),
});
export const autopayRevokeReply = z.object({ status: z.literal("CANCELLED") });
export const mandateWebhookReply = z.object({ received: z.literal(true), applied: z.boolean() });
/** Issue 34: how many of the webhook's statuses and messages changed anything (a replay: 0). */
export const whatsappWebhookReply = z.object({ received: z.literal(true), applied: z.number().int().nonnegative() });

// --- Screen data and other paths ----------------------------------------------

export const profileDetailsReply = z.object({
  profile_id: str,
  first_name: str,
  full_name: str,
  mobile: str,
  pancard: str,
  pancard_verified_status: int,
  personal_email: str,
  dob: str,
  gender: nullableNum,
  marital_status_id: nullableNum,
  spouse_name: str,
  spouse_mobile: str,
  residence_type_id: nullableNum,
  residence_address_1: str,
  residence_address_2: str,
  residence_landmark: str,
  residence_pincode: str,
  residence_city: str,
  residence_state: str,
  income_type_id: nullableNum,
  monthly_income: nullableNum,
  salary_date: str,
  salary_mode: nullableNum,
  user_type: str,
  utm_source: str,
  utm_term: str,
});
const amountOrText = z.union([z.string(), z.number()]).nullable();
export const employmentView = z.object({
  emp_work_mode: str,
  employer_name: str,
  emp_department: str,
  companyid: z.number(),
  emp_designation: str,
  emp_since: str,
  emp_house: str,
  emp_street: str,
  emp_landmark: str,
  emp_pincode: str,
  emp_city: str,
  emp_state: str,
  office_email: str,
});
export const bankAccountStatusView = bankAccountView.extend({ verification_status: str });
export const contactPerson = z.object({ name: str, mobile: str, email: str });
export const dashboardReply = z.object({
  profile_filled_percent: z.number(),
  application_filled_percent: z.number(),
  is_editable: int,
  registration_successful: int,
  show_eligibility_btn: int,
  eligibility_status: int,
  profile_pic: str,
  profile_details: profileDetailsReply,
  next_event_name: str,
  active_loan_details: z
    .object({
      lead_id: str,
      loan_no: nullableStr,
      disbursal_date: amountOrText,
      repayment_date: amountOrText,
      repayment_amount: amountOrText,
      loan_recommended: amountOrText,
      roi: amountOrText,
      total_due: amountOrText,
    })
    .nullable(),
  excutive_details: contactPerson.nullable(),
  lead_details: z
    .object({
      lead_id: str,
      status: str,
      created_at: str,
      quote_decision: nullableStr,
      proposal_number: nullableStr,
      // Issue 14: the application's status in words, what happens next and when, and its documents.
      status_label: str,
      status_changed_at: str,
      application_stage: z.enum(APPLICATION_STAGES),
      application_stage_label: str,
      next_text: str,
      next_when: str,
      loan_no: nullableStr,
      loan_amount: nullableNum,
      repayment_date: nullableStr,
      kfs_available: flag,
      agreement_available: flag,
    })
    .nullable(),
  customer_employment_details: employmentView.nullable(),
  customer_banking_details: bankAccountStatusView.nullable(),
  // Issue 21: the latest eligibility check declined the customer (while they are back at Check Eligibility):
  // the one rule named, its reason, and when they may apply again (a date, or what must change first).
  eligibility_decline: z
    .object({
      rule: str,
      reason: str,
      checked_on: str,
      apply_again_on: nullableStr,
      apply_again_text: str,
    })
    .nullable(),
  Steps: z.object({
    steps: z.object({ step_stage: str, step_complete_percent: z.number() }),
    data: z.object({ user_type: str }),
  }),
});
export const customerDetailsReply = z.object({
  lead_customer_details: profileDetailsReply.extend({
    aadhar_no: str,
    aadhar_masked: str.optional(),
    customer_ekyc_request_initiated_on: nullableStr,
    customer_digital_ekyc_flag: int,
    // Issue 33: how the Aadhaar was verified, DigiLocker's eKYC or an approved video KYC (which counts as it).
    ekyc_source: z.enum(["digilocker", "video_kyc"]).nullable().optional(),
    ekyc_verified_on: nullableStr.optional(),
    video_kyc_audit: z.enum(["pending", "confirmed"]).nullable().optional(),
    utm_campaign: str,
  }),
});
export const leadCard = z.object({
  lead_id: str,
  loan_amount: nullableNum,
  offer_max_amount: z.number(),
  status: str,
  status_label: str,
  lead_entry_date: nullableStr,
  loan_no: nullableStr,
  proposal_number: nullableStr,
  quote_decision: nullableStr,
});
export const leadListReply = z.object({ lead_list: z.array(leadCard) });
export const leadDetail = z.object({
  lead_id: str,
  loan_no: nullableStr,
  proposal_number: nullableStr,
  cust_full_name: str,
  monthly_salary_amount: z.number(),
  loan_amount: nullableNum,
  tenure: nullableNum,
  purpose: str,
  mobile: str,
  email: str,
  status: str,
  status_label: str,
  status_explanation: str,
  status_changed_at: nullableStr,
  pancard: str,
  m_city_name: str,
  m_state_name: str,
  lead_final_disbursed_date: nullableStr,
  lead_entry_date: nullableStr,
  repayment_date: nullableStr,
  repayment_amount: nullableNum,
  net_disbursal: nullableNum,
  apr: nullableNum,
  kfs_available: flag,
  agreement_available: flag,
});
export const leadDetailReply = z.object({ data: z.array(leadDetail), collection: z.array(contactPerson) });
/** Decision 37: what we hold of the customer's money for a loan, and each refund (rupees, India dates). */
export const leadRefundsReply = z.object({
  excess_held: z.number(),
  refunds: z.array(z.object({ amount: z.number(), to: str, status: z.enum(["In progress", "Refunded"]), requested_on: str, refunded_on: nullableStr })),
});
export const requiredDocument = z.object({ name: str, doc_type: str, event_name: str, allowed_format: z.enum(["image", "pdf"]) });
export const mandatoryDocumentsReply = z.array(requiredDocument);
export const bankingDetailsReply = z.object({
  user_type: str,
  next_step: str,
  lead_id: nullableStr,
  locked: flag,
  can_skip: flag,
  account_holder_hint: str,
  customer_banking_details: bankAccountStatusView.nullable(),
  esign_pending: flag,
});
export const masterState = z.object({ state_id: int, state_name: str });
export const masterCity = z.object({ city_id: int, city_name: str, state_id: int });
export const masterPincode = z.object({ pincode: str, city_id: int });
export const pincodeInfo = z.object({ pincode: str, city_id: int, city_name: str, state_id: int, state_name: str });
/** type state → states; city → cities; pincode → that PIN's place, or a city's PIN codes. */
export const masterReply = z.union([z.array(masterState), z.array(masterCity), z.array(masterPincode), pincodeInfo]);
export const ifscReply = z.object({ ifsc: str, bank_code: str, bank_name: str });
export const blogSummary = z.object({
  title: str,
  slug: str,
  thumb_image_url: str,
  publish_date: str,
  category_name: str,
  banner_image_url: str,
});
export const blogDetail = blogSummary.extend({
  short_description: str,
  long_description: str,
  seo_title: str,
  seo_description: str,
  updated_at: str,
});
export const captchaReply = z.object({ captcha_id: str, captcha_image: str, width: int, height: int, expires_in: int });
export const enquiryReply = z.object({ enquiry_id: str });
export const esignWebhookReply = z.object({ status: str });
/** Events and paths that answer Status and Message only. */
export const noData = z.undefined();

// --- Repayment (REPAY-API.md): amounts in rupees, in replies-repayment.ts ---------

export * from "./replies-repayment.ts";

// --- Issue 14: the signed-in customer and where to go now ------------------------

export const userReply = z.object({
  profile_id: str,
  first_name: str,
  full_name: str,
  mobile: str,
  personal_email: str,
  /** Masked (XXXXXX1234F style), never the number. */
  pancard: str,
  pancard_verified_status: int,
  user_type: str,
  next_step: str,
  step_percentage: z.number(),
  eligibility_status: int,
  is_editable: int,
  profile_pic: str,
});
export const journeyRedirectReply = z.object({
  ...stepReplyShape,
  /** The site path of the screen for next_step (/my-dashboard/…). */
  route: str,
  eligibility_status: int,
  user_type: str,
  /** The open application, or null. */
  lead_id: nullableStr,
});

/** Issue 22: a complaint registered (its reference), and the customer's complaints with our replies and collections contacts. */
/** The file sent with a complaint, as the customer is told of it: a photo or a PDF and its size; null when none. */
const attachedFileReply = z.object({ kind: z.enum(["photo", "pdf"]), bytes: int }).nullable();
export const complaintRaisedReply = z.object({ reference: str, attachment: attachedFileReply });
export const complaintsReply = z.object({
  complaints: z.array(
    z.object({
      reference: str,
      category: str,
      category_label: str,
      status: str,
      status_label: str,
      loan_no: nullableStr,
      description: str,
      raised_at: str,
      events: z.array(z.object({ kind: z.enum(["reply", "escalated", "ombudsman_notice", "resolved", "closed"]), body: nullableStr, at: str })),
      attachment: attachedFileReply,
    }),
  ),
  collection_contacts: z.array(z.object({ loan_no: str, channel: str, agent_name: nullableStr, agency_name: nullableStr, contacted_at: str })),
});
// --- Issue 23: the borrower's data, in replies-data-rights.ts ---------------------

export * from "./replies-data-rights.ts";
