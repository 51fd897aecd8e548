// The customer's routes beside the journey endpoint: dashboard data, the loan's documents, masters,
// the blog, the enquiry form and the legacy journey calls.
import * as P from "./paths.ts";
import * as z from "zod";
import { BLOG_PAGE_MAX } from "../blog.ts";
import { enquiryRequestSchema, legacyDocumentUploadSchema, pinCodeCheck, schema } from "../validation/index.ts";
import { JOURNEY_MESSAGES, journeyContract, type JourneyEventName } from "./journey-events.ts";
import * as R from "./replies.ts";
import { type ApiRoute, LEAD_ID_INVALID, ownedBody, leadId, unionOf, file, redirect } from "./api-route.ts";

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

export const customerRoutes = {
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
  getSanctionLetter: {
    ...P.API_ROUTES.getSanctionLetter,
    access: "session",
    ...file("application/pdf"),
    summary: "The sanction letter of the customer's sanctioned loan.",
    input: z.object({ lead_id: leadId }),
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
} as const satisfies Record<string, ApiRoute>;
