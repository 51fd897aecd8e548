// Every API path besides the journey endpoint: method, where it is mounted, its input (the
// JSON body of a POST, the query of a GET), and the Data of its successful answer.
// A route file mounts `route.path` under `route.prefix`, so each path is written here once.

import * as z from "zod";
import { BLOG_PAGE_MAX } from "../blog.ts";
import { DATA_RIGHTS_MESSAGES, RIGHTS_TEXT_MAX } from "../data-rights/index.ts";
import {
  emailCheck,
  enquiryRequestSchema,
  legacyDocumentUploadSchema,
  mobileCheck,
  payAmountCheck,
  payNowSendOtpSchema,
  payNowVerifyOtpSchema,
  pinCodeCheck,
  schema,
} from "../validation/index.ts";
import { complaintSchema, publicComplaintSchema } from "../grievances.ts";
import { JOURNEY_MESSAGES, journeyContract, type JourneyEventName } from "./journey-events.ts";
import * as P from "./paths.ts";
import * as R from "./replies.ts";

export type ApiAnswer =
  /** {Status, Message, Data}: `reply` is the Data. */
  | "envelope"
  /** {Status, Message, data} (spec 7's blog calls read lower-case data): `reply` is the data. */
  | "envelope-lower-data"
  /** A file download (the owner's own), or the envelope on failure. */
  | "file"
  /** A 302/303 redirect for a browser. */
  | "redirect"
  /** A page or a document of its own (the reference, the OpenAPI JSON). */
  | "document";

export interface ApiRoute {
  method: "GET" | "POST";
  prefix: string;
  /** Other prefixes the same route answers under. */
  aliasPrefixes?: readonly string[];
  path: string;
  summary: string;
  /** public; session (cookie or app token); provider (an outside service calls it, signed); staff (the back office's staff cookie and role). */
  access: "public" | "session" | "provider" | "staff";
  answer: ApiAnswer;
  input: z.ZodType;
  /** What the reference shows when `input` is a transform JSON Schema cannot show. */
  documentedInput?: z.ZodType;
  reply: z.ZodType;
  /** For files and documents: the content type of a successful answer. */
  contentType?: string;
}

export const LEAD_ID_REQUIRED = "lead_id is required.";
export const LEAD_ID_INVALID = "lead_id is not valid.";

/** POST bodies beside the journey: a profile_id, when sent, must be the session's own (decision 20). */
const ownedBody = z.object({ profile_id: z.string().nullish() });
const leadId = z.string({ error: LEAD_ID_REQUIRED }).trim().min(1, LEAD_ID_REQUIRED).max(64, LEAD_ID_REQUIRED);

const position = z.coerce.number().int().min(0).max(100_000);
export const blogListInput = z
  .object({ start: position.default(0), end: position.default(10) })
  .refine((q) => q.end >= q.start && q.end - q.start <= BLOG_PAGE_MAX);
export const blogDetailInput = z.object({ blog_slug: z.string().trim().min(1).max(200) });

const masterId = z.coerce.number().int().positive();
/** Spec 7 names state, city and pincode without a payload; `type` picks one. */
export const masterInput = z.discriminatedUnion("type", [
  z.object({ type: z.literal("state") }),
  z.object({ type: z.literal("city"), state_id: masterId.optional() }),
  z.object({ type: z.literal("pincode"), city_id: masterId.optional(), pincode: schema(pinCodeCheck).optional() }),
]);

export const OTP_REF_REQUIRED = "Please request a new OTP.";
const otpRef = z.string({ error: OTP_REF_REQUIRED }).trim().min(1, OTP_REF_REQUIRED).max(64, OTP_REF_REQUIRED);
const gatewayId = z.string().trim().min(1).max(100);
const shortText = (max: number) => z.string().trim().min(1).max(max);
const amountInput = schema(payAmountCheck);

/**
 * Spec 7's lead-detail saves (customer document, about company, calculate loan, generate loan,
 * eKYC initiate, account aggregator): the journey events the legacy apps post to saveleadDetails.
 */
export const LEAD_DETAIL_EVENTS = [
  "aadhaar_upload",
  "pan_upload",
  "bank_statement_upload",
  "pay_slip_upload",
  "residence_proof_upload",
  "employment_details",
  "generate_loan_quote",
  "loan_quotation_decision",
  "ekyc_initiated",
  "account_aggregator_verify",
] as const satisfies readonly JourneyEventName[];
export const LEAD_DETAIL_EVENT_INVALID = `event_name must be one of the lead detail saves: ${LEAD_DETAIL_EVENTS.join(", ")}.`;
const leadDetailEvent = z.looseObject({
  event_name: z.enum(LEAD_DETAIL_EVENTS, {
    error: (issue) => (issue.input === undefined || issue.input === "" ? JOURNEY_MESSAGES.eventNameRequired : LEAD_DETAIL_EVENT_INVALID),
  }),
});
const unionOf = (schemas: z.ZodType[]) => z.union([...new Set(schemas)] as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]);

const file = (contentType: string) => ({ answer: "file" as const, reply: R.noData, contentType });
const redirect = { answer: "redirect" as const, reply: R.noData };

export const apiContract = {
  getDashboardData: {
    ...P.API_ROUTES.getDashboardData,
    access: "session",
    answer: "envelope",
    summary: "The dashboard data of spec 3 (profile, next step, lead, loan); lead_id must be the customer's own.",
    input: ownedBody.extend({ lead_id: z.string({ error: LEAD_ID_INVALID }).max(64, LEAD_ID_INVALID).optional() }),
    reply: R.dashboardReply,
  },
  getCustomerDetails: {
    ...P.API_ROUTES.getCustomerDetails,
    access: "session",
    answer: "envelope",
    summary: "The profile with its eKYC fields (lead_customer_details).",
    input: ownedBody,
    reply: R.customerDetailsReply,
  },
  getProfilePicture: {
    ...P.API_ROUTES.getProfilePicture,
    access: "session",
    ...file("image/*"),
    summary: "The customer's own selfie, as an attachment.",
    input: z.object({ profile_id: z.string().optional(), v: z.string().optional() }),
  },
  getLeadList: {
    ...P.API_ROUTES.getLeadList,
    access: "session",
    answer: "envelope",
    summary: "Loan History: the session customer's leads (a pancard in the body is ignored).",
    input: ownedBody.extend({ pancard: z.unknown().optional().meta({ type: "string", description: "Ignored: the session picks the customer." }) }),
    reply: R.leadListReply,
  },
  getLeadDetail: {
    ...P.API_ROUTES.getLeadDetail,
    access: "session",
    answer: "envelope",
    summary: "Loan Details of one of the customer's leads, with the credit manager.",
    input: ownedBody.extend({ lead_id: leadId }),
    reply: R.leadDetailReply,
  },
  downloadKfs: {
    ...P.API_ROUTES.downloadKfs,
    access: "session",
    ...file("application/pdf"),
    summary: "The KFS PDF of an accepted quote.",
    input: z.object({ lead_id: leadId }),
  },
  check_customer_mandatory_documents: {
    ...P.API_ROUTES.check_customer_mandatory_documents,
    access: "session",
    answer: "envelope",
    summary: "The documents the lead in progress still needs.",
    input: ownedBody,
    reply: R.mandatoryDocumentsReply,
  },
  saveCustomerDocument: {
    ...P.API_ROUTES.saveCustomerDocument,
    access: "session",
    answer: "envelope",
    summary: "Legacy single-document upload (docs_id 4/6/16/8).",
    input: legacyDocumentUploadSchema,
    documentedInput: z.object({
      profile_id: z.string().optional(),
      lead_id: z.string(),
      docs_id: z.number().int(),
      file: z.string(),
      ext: z.string(),
      password: z.string().optional(),
    }),
    reply: R.documentUploadReply,
  },
  getCustomerDocument: {
    ...P.API_ROUTES.getCustomerDocument,
    access: "session",
    ...file("application/pdf, image/*"),
    summary: "One of the customer's own documents, as an attachment.",
    input: z.object({ id: z.string() }),
  },
  getBankingDetails: {
    ...P.API_ROUTES.getBankingDetails,
    access: "session",
    answer: "envelope",
    summary: "The Banking Details screen: lock, skip, masked account, pending eSign.",
    input: ownedBody,
    reply: R.bankingDetailsReply,
  },
  getSignedAgreement: {
    ...P.API_ROUTES.getSignedAgreement,
    access: "session",
    ...file("application/pdf"),
    summary: "The signed loan agreement (404 before signing).",
    input: z.object({ lead_id: z.string().optional(), profile_id: z.string().optional() }),
  },
  masterAPI: {
    ...P.API_ROUTES.masterAPI,
    access: "public",
    answer: "envelope",
    summary: "Service-area master data: states, cities, a city's PIN codes, or one PIN code's place.",
    input: masterInput,
    reply: R.masterReply,
  },
  ifsc: {
    ...P.API_ROUTES.ifsc,
    access: "public",
    answer: "envelope",
    summary: "The bank of an IFSC code (offline dataset).",
    input: z.object({ code: z.string() }),
    reply: R.ifscReply,
  },
  blog: {
    ...P.API_ROUTES.blog,
    access: "public",
    answer: "envelope-lower-data",
    summary: `Blog posts, newest first: start is the offset, end exclusive, at most ${BLOG_PAGE_MAX} per call.`,
    input: blogListInput,
    reply: z.array(R.blogSummary),
  },
  blogDetail: {
    ...P.API_ROUTES.blogDetail,
    access: "public",
    answer: "envelope-lower-data",
    summary: "One blog post (data[0]).",
    input: blogDetailInput,
    reply: z.array(R.blogDetail),
  },
  generate_captcha: {
    ...P.API_ROUTES.generate_captcha,
    access: "public",
    answer: "envelope",
    summary: "A new captcha image for the enquiry form (the body is ignored).",
    input: z.object({}),
    reply: R.captchaReply,
  },
  enquire: {
    ...P.API_ROUTES.enquire,
    access: "public",
    answer: "envelope",
    summary: "Send a contact-page enquiry with its captcha answer.",
    input: enquiryRequestSchema,
    reply: R.enquiryReply,
  },
  esignWebhook: {
    ...P.API_ROUTES.esignWebhook,
    access: "provider",
    answer: "envelope",
    summary: "The eSign provider's webhook, signed with x-webhook-signature over the raw body.",
    input: z.object({ data: z.object({ verification_id: z.string(), reference_id: z.string(), status: z.string() }) }),
    reply: R.esignWebhookReply,
  },
  esignReturn: {
    ...P.API_ROUTES.esignReturn,
    access: "public",
    ...redirect,
    summary: "Where the eSign provider sends the browser back: on to congratulations once signed.",
    // Absent or unknown: the browser goes on to the "failed" screen, never an error page.
    input: z.object({ verification_id: z.string().optional() }),
  },
  digilockerCallback: {
    ...P.API_ROUTES.digilockerCallback,
    access: "session",
    ...redirect,
    summary: "DigiLocker's redirect back after eKYC (OAuth code and state).",
    input: z.object({ state: z.string().optional(), code: z.string().optional(), error: z.string().optional() }),
  },
  repaySendOtp: {
    ...P.API_ROUTES.repaySendOtp,
    access: "public",
    answer: "envelope",
    summary: "Pay Now: a code to the mobile registered with this PAN; the same answer whether or not the PAN has a loan.",
    input: payNowSendOtpSchema,
    reply: R.repaySendOtpReply,
  },
  repayVerifyOtp: {
    ...P.API_ROUTES.repayVerifyOtp,
    access: "public",
    answer: "envelope",
    summary: "Pay Now: checks the code, sets the sot_repay cookie (15 min, one loan) and answers the loan due.",
    input: payNowVerifyOtpSchema.extend({ otp_ref: otpRef }),
    reply: R.repayVerifyOtpReply,
  },
  generateRazorpayorderId: {
    ...P.API_ROUTES.generateRazorpayorderId,
    access: "session",
    answer: "envelope",
    summary: "A Razorpay order for the lead (its owner, or the sot_repay cookie of it): blank or at least the total due charges the total due.",
    input: z.object({ lead_id: leadId, rzp_amount: amountInput }),
    reply: R.razorpayOrderReply,
  },
  razorpayVerify: {
    ...P.API_ROUTES.razorpayVerify,
    access: "public",
    answer: "envelope",
    summary: "Razorpay checkout result: signature over our stored order id, then the payment fetched from Razorpay; posted once.",
    input: z.object({ razorpay_payment_id: gatewayId, razorpay_order_id: gatewayId, razorpay_signature: gatewayId }),
    reply: R.razorpayVerifyReply,
  },
  payuOrder: {
    ...P.API_ROUTES.payuOrder,
    access: "session",
    answer: "envelope",
    summary: "The PayU hosted-checkout form (udf5 = lead id) with its request hash; surl/furl are our return route.",
    input: z.object({
      // Name, e-mail and mobile are taken from the loan's customer on the server: the Pay Now page only has the masked mobile.
      amount: amountInput,
      productinfo: shortText(100),
      firstname: z.string().max(60).optional(),
      email: z.string().max(200).optional(),
      mobile: z.string().max(20).optional(),
      udf5: leadId,
    }),
    reply: R.payuOrderReply,
  },
  phonepeOrder: {
    ...P.API_ROUTES.phonepeOrder,
    access: "session",
    answer: "envelope",
    summary: "A PhonePe Standard Checkout order; the browser goes to data.url and comes back through our return route.",
    input: z.object({
      amount: amountInput,
      leadId,
      customerName: z.string().max(100).optional(),
      customerEmail: z.string().max(200).optional(),
      customerMobile: z.string().max(20).optional(),
    }),
    reply: R.phonepeOrderReply,
  },
  instifiGetSataus: {
    ...P.API_ROUTES.instifiGetSataus,
    access: "public",
    answer: "envelope",
    summary: "Payment status of an order: asks the gateway when not final, posts once; PhonePe COMPLETED → Completed.",
    input: z.object({ order_id: gatewayId, txn_id: z.string().max(100).optional() }),
    reply: R.paymentStatusReply,
  },
  paymentResult: {
    ...P.API_ROUTES.paymentResult,
    access: "session",
    answer: "envelope",
    summary:
      "The payment result page's facts of one order (amount, loan number, what is still due, what next), for its payer: the signed-in owner or the sot_repay cookie of the loan.",
    input: z.object({ order_id: gatewayId }),
    reply: R.paymentResultReply,
  },
  getPaymentReceipt: {
    ...P.API_ROUTES.getPaymentReceipt,
    access: "session",
    ...file("application/pdf"),
    summary: "The receipt (PDF) of a confirmed payment, for its payer: the signed-in owner or the sot_repay cookie of the loan.",
    input: z.object({ order_id: gatewayId }),
  },
  getRepaymentDetails: {
    ...P.API_ROUTES.getRepaymentDetails,
    access: "session",
    answer: "envelope",
    summary: "The Repayment screen: repayment_data of the customer's loan due (or null) and the gateways.",
    input: ownedBody.extend({ lead_id: z.string({ error: LEAD_ID_INVALID }).max(64, LEAD_ID_INVALID).optional() }),
    reply: R.repaymentDetailsReply,
  },
  getNoDuesCertificate: {
    ...P.API_ROUTES.getNoDuesCertificate,
    access: "session",
    ...file("application/pdf"),
    summary: "The No Dues Certificate of the customer's closed loan.",
    input: z.object({ lead_id: leadId }),
  },
  getLoanStatement: {
    ...P.API_ROUTES.getLoanStatement,
    access: "session",
    ...file("application/pdf"),
    summary: "The loan statement (every ledger entry, running balance, totals) of the customer's disbursed or closed loan.",
    input: z.object({ lead_id: leadId }),
  },
  getLeadRefunds: {
    ...P.API_ROUTES.getLeadRefunds,
    access: "session",
    answer: "envelope",
    summary: "Loan Details: the excess we hold for one of the customer's loans and its refunds (decision 37), amounts in rupees.",
    input: ownedBody.extend({ lead_id: leadId }),
    reply: R.leadRefundsReply,
  },
  raiseComplaint: {
    ...P.API_ROUTES.raiseComplaint,
    access: "session",
    answer: "envelope",
    summary:
      "Issue 22: the signed-in customer raises a complaint (a loan number, when given, must be their own); answers its reference, acknowledged by SMS and e-mail.",
    input: complaintSchema.extend({ profile_id: z.string().nullish() }),
    reply: R.complaintRaisedReply,
  },
  getComplaints: {
    ...P.API_ROUTES.getComplaints,
    access: "session",
    answer: "envelope",
    summary:
      "Issue 22: the customer's complaints with our replies and notices, and the collections contacts made on their loans (with the recovery agent's name when made through one).",
    input: ownedBody,
    reply: R.complaintsReply,
  },
  raisePublicComplaint: {
    ...P.API_ROUTES.raisePublicComplaint,
    access: "public",
    answer: "envelope",
    summary: "Issue 22: anyone raises a complaint from the public page, with a mobile or e-mail and the enquiry form's captcha; answers its reference.",
    input: publicComplaintSchema,
    reply: R.complaintRaisedReply,
  },
  getMyData: {
    ...P.API_ROUTES.getMyData,
    access: "session",
    answer: "envelope",
    summary: "My data (issue 23): each purpose's notice and consent, how long loan records are kept, and the rights requests.",
    input: ownedBody,
    reply: R.myDataReply,
  },
  saveConsent: {
    ...P.API_ROUTES.saveConsent,
    access: "session",
    answer: "envelope",
    summary: "Gives or withdraws consent for one purpose, at once; a withdrawal also says what an open loan still keeps.",
    input: ownedBody.extend({
      purpose: z.string({ error: DATA_RIGHTS_MESSAGES.unknownPurpose }).max(40, DATA_RIGHTS_MESSAGES.unknownPurpose),
      action: z.enum(["grant", "withdraw"], { error: "action must be grant or withdraw." }),
    }),
    reply: R.saveConsentReply,
  },
  requestDataRight: {
    ...P.API_ROUTES.requestDataRight,
    access: "session",
    answer: "envelope",
    summary: "Asks for a correction (details required) or an erasure of the customer's data; answered by the due date.",
    input: ownedBody.extend({
      kind: z.enum(["correction", "erasure"], { error: "kind must be correction or erasure." }),
      details: z.string().max(RIGHTS_TEXT_MAX, DATA_RIGHTS_MESSAGES.textTooLong).optional(),
    }),
    reply: R.dataRequestReply,
  },
  getMyDataJson: {
    ...P.API_ROUTES.getMyDataJson,
    access: "session",
    ...file("application/json"),
    summary: "Everything we hold about the customer, as JSON: profile, loans, payments, documents list, consents, contacts.",
    input: z.object({}),
  },
  getMyDataPdf: {
    ...P.API_ROUTES.getMyDataPdf,
    access: "session",
    ...file("application/pdf"),
    summary: "The same as getMyDataJson, as a readable PDF.",
    input: z.object({}),
  },
  getSanctionLetter: {
    ...P.API_ROUTES.getSanctionLetter,
    access: "session",
    ...file("application/pdf"),
    summary: "The sanction letter of the customer's sanctioned loan.",
    input: z.object({ lead_id: leadId }),
  },
  payuReturn: {
    ...P.API_ROUTES.payuReturn,
    access: "provider",
    ...redirect,
    summary: "PayU surl/furl (form POST): reverse hash and verify_payment, then 303 to /thank-you/<order>/<txn>.",
    input: z.record(z.string(), z.unknown()),
  },
  phonepeReturn: {
    ...P.API_ROUTES.phonepeReturn,
    access: "provider",
    ...redirect,
    summary: "PhonePe redirect back: the status API decides, then 303 to /thank-you/<order>/<txn>.",
    input: z.object({ order_id: z.string().optional() }),
  },
  razorpayWebhook: {
    ...P.API_ROUTES.razorpayWebhook,
    access: "provider",
    answer: "envelope",
    summary: "Razorpay webhook (payment.captured, order.paid, payment.failed), X-Razorpay-Signature over the raw body; de-duplicated.",
    input: z.record(z.string(), z.unknown()),
    reply: R.webhookReply,
  },
  phonepeWebhook: {
    ...P.API_ROUTES.phonepeWebhook,
    access: "provider",
    answer: "envelope",
    summary: "PhonePe webhook, Authorization = SHA256(username:password); the status API is asked before crediting.",
    input: z.record(z.string(), z.unknown()),
    reply: R.webhookReply,
  },
  payuNotify: {
    ...P.API_ROUTES.payuNotify,
    access: "provider",
    answer: "envelope",
    summary: "PayU server-to-server notification (form POST, the surl fields and reverse hash); verify_payment decides; de-duplicated.",
    input: z.record(z.string(), z.unknown()),
    reply: R.webhookReply,
  },
  payoutWebhook: {
    ...P.API_ROUTES.payoutWebhook,
    access: "provider",
    answer: "envelope",
    summary: "RazorpayX payout webhook (payout.processed, payout.failed, payout.reversed), X-Razorpay-Signature over the raw body; settles the payout once.",
    input: z.record(z.string(), z.unknown()),
    reply: R.payoutWebhookReply,
  },
  getAutopayDetails: {
    ...P.API_ROUTES.getAutopayDetails,
    access: "session",
    answer: "envelope",
    summary: "The AutoPay screen: the loan's figures (maximum, debit date) and the mandate's state and last failure.",
    input: ownedBody.extend({ lead_id: z.string().max(64).optional() }),
    reply: R.autopayDetailsReply,
  },
  revokeAutopay: {
    ...P.API_ROUTES.revokeAutopay,
    access: "session",
    answer: "envelope",
    summary: "The customer cancels the AutoPay mandate of their own loan.",
    input: ownedBody.extend({ lead_id: z.string().max(64) }),
    reply: R.autopayRevokeReply,
  },
  autopayReturn: {
    ...P.API_ROUTES.autopayReturn,
    access: "public",
    ...redirect,
    summary: "Where the mandate provider sends the browser back: the provider is asked; on to the eSign, or back to the AutoPay step.",
    input: z.object({ registration_id: z.string().optional(), outcome: z.string().optional() }),
  },
  mandateWebhook: {
    ...P.API_ROUTES.mandateWebhook,
    access: "provider",
    answer: "envelope",
    summary: "Razorpay recurring payments webhook (token.*, payment.captured, payment.failed), X-Razorpay-Signature over the raw body; de-duplicated.",
    input: z.record(z.string(), z.unknown()),
    reply: R.mandateWebhookReply,
  },
  staffDocument: {
    ...P.API_ROUTES.staffDocument,
    access: "staff",
    ...file("application/octet-stream"),
    summary:
      "A lead's document for the back office (credit manager, credit head, disbursal, auditor): a form post with the reason (5+ characters), audited, answered as an attachment.",
    input: z.object({ reason: z.string().min(5).max(200) }),
  },
  bureauFileDownload: {
    ...P.API_ROUTES.bureauFileDownload,
    access: "staff",
    ...file("text/plain"),
    summary: "A fortnightly credit-bureau file (TUDF) for accounts, as a form post from /admin/bureau; every download is audited.",
    input: z.object({}),
  },
  getUser: {
    ...P.API_ROUTES.getUser,
    access: "session",
    answer: "envelope",
    summary: "The signed-in customer's profile summary (PAN masked) and where the journey stands.",
    input: ownedBody,
    reply: R.userReply,
  },
  getJourneyRedirectionData: {
    ...P.API_ROUTES.getJourneyRedirectionData,
    access: "session",
    answer: "envelope",
    summary: "Where the client should go now: next_step and the dashboard route of its screen.",
    input: ownedBody,
    reply: R.journeyRedirectReply,
  },
  saveleadDetails: {
    ...P.API_ROUTES.saveleadDetails,
    access: "session",
    answer: "envelope",
    summary: "Legacy apps' path for the lead-detail journey events; same input, checks and answer as the journey endpoint.",
    input: leadDetailEvent,
    documentedInput: unionOf(LEAD_DETAIL_EVENTS.map((event) => journeyContract[event].input({}))),
    reply: unionOf(LEAD_DETAIL_EVENTS.map((event) => journeyContract[event].reply)),
  },
  languageSwitch: {
    ...P.API_ROUTES.languageSwitch,
    access: "public",
    ...redirect,
    summary:
      "Issue 23: the header's language switch (a form post: lang en or hi, next a same-site path). Sets the lang cookie, and the profile's preferred_language when signed in, then 303 to that page in the chosen language; bad input changes nothing.",
    input: z.object({ lang: z.enum(["en", "hi"]), next: z.string().max(2000).optional() }),
  },
  openapi: {
    ...P.API_ROUTES.openapi,
    access: "public",
    answer: "document",
    reply: R.noData,
    contentType: "application/json",
    summary: "This contract as OpenAPI 3.1.",
    input: z.object({}),
  },
  docs: {
    ...P.API_ROUTES.docs,
    access: "public",
    answer: "document",
    reply: R.noData,
    contentType: "text/html",
    summary: "This contract as a readable page.",
    input: z.object({}),
  },
} as const satisfies Record<string, ApiRoute>;

export type ApiContract = typeof apiContract;
export type ApiName = keyof ApiContract;
/** The JSON-answering paths a web client may call with `api(name, body)`. */
export type JsonApiName = { [K in ApiName]: ApiContract[K]["answer"] extends "envelope" | "envelope-lower-data" ? K : never }[ApiName];
export type ApiInput<K extends ApiName> = z.input<ApiContract[K]["input"]>;
export type ApiParsedInput<K extends ApiName> = z.output<ApiContract[K]["input"]>;
export type ApiReply<K extends ApiName> = z.output<ApiContract[K]["reply"]>;

/** Every full path a route answers under. */
export const apiPaths = (route: ApiRoute): string[] => P.routePaths(route);
