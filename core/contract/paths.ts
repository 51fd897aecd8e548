// The API's path prefixes, written once: the server mounts its routes from these and the
// web client and tests call them (spec section 7 keeps the legacy controller names).

export const JOURNEY_CONTROLLER = "/Api/Website/RepeatInstantJourneyController";
/** The single journey endpoint: every event_name is posted here. */
export const JOURNEY_PATH = `${JOURNEY_CONTROLLER}/appCustomerRegisteration`;
export const MASTER_CONTROLLER = "/Api/MasterController";
export const BLOG_CONTROLLER = "/Api/Website/BlogsController";
export const ENQUIRY_CONTROLLER = "/Api/EnquiryController";
/** Spec section 7 shows the captcha call under /index.php; both prefixes answer. */
export const ENQUIRY_CONTROLLER_LEGACY = "/index.php/Api/EnquiryController";
/** The eSign provider's webhook lives here. */
export const ESIGN_API = "/Api/esign";
/** Where the eSign provider sends the browser back. */
export const ESIGN_PAGES = "/esign";
/** DigiLocker's redirect back to us after eKYC. */
export const DIGILOCKER_CALLBACK_PATH = "/ekyc/digilocker/callback";

/** Pay Now and the payment calls of spec 7 (legacy controller name). */
export const REPAY_CONTROLLER = "/Api/RepayLoanApi";
/**
 * Gateways' own calls: PayU's form POST to surl/furl, PhonePe's redirect back, and the webhooks.
 * Outside /Api: they carry no Origin of ours and PayU posts a form, which the /Api guard refuses.
 */
export const PAYMENT_CALLBACKS = "/payments";

/** Where the mandate provider's hosted page sends the browser back (issue 24). */
export const AUTOPAY_PAGES = "/autopay";

/** The payout provider's webhook (RazorpayX): mounted ahead of the /Api guard, verified by its signature. */
export const PAYOUT_API = "/Api/payout";
/** Issue 34: the WhatsApp Cloud API's webhook (Meta's GET verification and its signed POSTs), outside /Api. */
export const WHATSAPP_WEBHOOK = "/webhooks/whatsapp";
/** Staff-only routes the back office answers itself (not pages): a lead's document as a download. */
export const ADMIN_CREDIT = "/admin/credit";
export const ADMIN_BUREAU = "/admin/bureau";
/** Issue 33: the video KYC officials' calls (JSON, under /admin so the staff cookie reaches them). */
export const ADMIN_VIDEO_KYC_API = "/admin/video-kyc/api";

/** Spec 7's user data call sits directly under /Api/Website. */
export const WEBSITE_API = "/Api/Website";

/** The machine-readable contract and its reference page. */
export const OPENAPI_PATH = "/api/openapi.json";
export const API_DOCS_PATH = "/api/docs";

/**
 * Where each route of the contract is mounted: `path` under `prefix` (and `aliasPrefixes`).
 * Kept free of zod so the web client can name paths without loading the schemas.
 */
export const API_ROUTES = {
  getDashboardData: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/getDashboardData" },
  getCustomerDetails: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/getCustomerDetails" },
  getProfilePicture: { method: "GET", prefix: JOURNEY_CONTROLLER, path: "/getProfilePicture" },
  getLeadList: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/getLeadList" },
  getLeadDetail: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/getLeadDetail" },
  downloadKfs: { method: "GET", prefix: JOURNEY_CONTROLLER, path: "/downloadKfs" },
  check_customer_mandatory_documents: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/check_customer_mandatory_documents" },
  saveCustomerDocument: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/saveCustomerDocument" },
  getCustomerDocument: { method: "GET", prefix: JOURNEY_CONTROLLER, path: "/getCustomerDocument" },
  getBankingDetails: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/getBankingDetails" },
  getSignedAgreement: { method: "GET", prefix: JOURNEY_CONTROLLER, path: "/getSignedAgreement" },
  masterAPI: { method: "POST", prefix: MASTER_CONTROLLER, path: "/masterAPI" },
  ifsc: { method: "GET", prefix: MASTER_CONTROLLER, path: "/ifsc" },
  blog: { method: "POST", prefix: BLOG_CONTROLLER, path: "/blog" },
  blogDetail: { method: "POST", prefix: BLOG_CONTROLLER, path: "/blogDetail" },
  generate_captcha: { method: "POST", prefix: ENQUIRY_CONTROLLER, aliasPrefixes: [ENQUIRY_CONTROLLER_LEGACY], path: "/generate_captcha" },
  enquire: { method: "POST", prefix: ENQUIRY_CONTROLLER, aliasPrefixes: [ENQUIRY_CONTROLLER_LEGACY], path: "/enquire" },
  esignWebhook: { method: "POST", prefix: ESIGN_API, path: "/webhook" },
  esignReturn: { method: "GET", prefix: ESIGN_PAGES, path: "/return" },
  digilockerCallback: { method: "GET", prefix: DIGILOCKER_CALLBACK_PATH, path: "/" },
  repaySendOtp: { method: "POST", prefix: REPAY_CONTROLLER, path: "/sendOtp" },
  repayVerifyOtp: { method: "POST", prefix: REPAY_CONTROLLER, path: "/verifyOtp" },
  generateRazorpayorderId: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/generateRazorpayorderId" },
  razorpayVerify: { method: "POST", prefix: REPAY_CONTROLLER, path: "/razorpayVerify" },
  payuOrder: { method: "POST", prefix: REPAY_CONTROLLER, path: "/payuOrder" },
  phonepeOrder: { method: "POST", prefix: REPAY_CONTROLLER, path: "/phonepeOrder" },
  instifiGetSataus: { method: "POST", prefix: REPAY_CONTROLLER, path: "/instifiGetSataus" },
  paymentResult: { method: "POST", prefix: REPAY_CONTROLLER, path: "/paymentResult" },
  getPaymentReceipt: { method: "GET", prefix: REPAY_CONTROLLER, path: "/getPaymentReceipt" },
  getRepaymentDetails: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/getRepaymentDetails" },
  getNoDuesCertificate: { method: "GET", prefix: JOURNEY_CONTROLLER, path: "/getNoDuesCertificate" },
  getLoanStatement: { method: "GET", prefix: JOURNEY_CONTROLLER, path: "/getLoanStatement" },
  getLeadRefunds: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/getLeadRefunds" },
  raiseComplaint: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/raiseComplaint" },
  getComplaints: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/getComplaints" },
  raisePublicComplaint: { method: "POST", prefix: ENQUIRY_CONTROLLER, path: "/complaint" },
  getSanctionLetter: { method: "GET", prefix: JOURNEY_CONTROLLER, path: "/getSanctionLetter" },
  // Issue 23: the borrower's data (DPDP Act 2023).
  getMyData: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/getMyData" },
  saveConsent: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/saveConsent" },
  requestDataRight: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/requestDataRight" },
  getMyDataJson: { method: "GET", prefix: JOURNEY_CONTROLLER, path: "/getMyDataJson" },
  getMyDataPdf: { method: "GET", prefix: JOURNEY_CONTROLLER, path: "/getMyDataPdf" },
  payuReturn: { method: "POST", prefix: PAYMENT_CALLBACKS, path: "/payu/return" },
  phonepeReturn: { method: "GET", prefix: PAYMENT_CALLBACKS, path: "/phonepe/return" },
  razorpayWebhook: { method: "POST", prefix: PAYMENT_CALLBACKS, path: "/razorpay/webhook" },
  phonepeWebhook: { method: "POST", prefix: PAYMENT_CALLBACKS, path: "/phonepe/webhook" },
  payuNotify: { method: "POST", prefix: PAYMENT_CALLBACKS, path: "/payu/notify" },
  payuRefundNotify: { method: "POST", prefix: PAYMENT_CALLBACKS, path: "/payu/refund-notify" },
  // Decision 55: the generic checkout, for any gateway of the list (core/payment-gateways.ts). The Pay Now
  // dialog uses it; the spec's per-gateway calls above are bindings of the same handlers.
  gatewayCheckout: { method: "POST", prefix: REPAY_CONTROLLER, path: "/checkout/:gateway" },
  gatewayCheckoutVerify: { method: "POST", prefix: REPAY_CONTROLLER, path: "/checkout/:gateway/verify" },
  gatewayReturn: { method: "GET", prefix: PAYMENT_CALLBACKS, path: "/:gateway/return" },
  gatewayReturnPost: { method: "POST", prefix: PAYMENT_CALLBACKS, path: "/:gateway/return" },
  gatewayWebhook: { method: "POST", prefix: PAYMENT_CALLBACKS, path: "/:gateway/webhook" },
  payoutWebhook: { method: "POST", prefix: PAYOUT_API, path: "/webhook" },
  // Issue 24: AutoPay's screen data, the customer's revoke, the provider's return and webhook.
  getAutopayDetails: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/getAutopayDetails" },
  revokeAutopay: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/revokeAutopay" },
  autopayReturn: { method: "GET", prefix: AUTOPAY_PAGES, path: "/return" },
  mandateWebhook: { method: "POST", prefix: PAYMENT_CALLBACKS, path: "/mandates/webhook" },
  whatsappWebhookVerify: { method: "GET", prefix: WHATSAPP_WEBHOOK, path: "/" },
  whatsappWebhook: { method: "POST", prefix: WHATSAPP_WEBHOOK, path: "/" },
  staffDocument: { method: "POST", prefix: ADMIN_CREDIT, path: "/:leadId/documents/:documentId" },
  bureauFileDownload: { method: "POST", prefix: ADMIN_BUREAU, path: "/files/:fileId/download" },
  // Issue 33: video KYC before the call (the customer's), and the officials' queue, take, decision and audit.
  startVideoKyc: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/startVideoKyc" },
  submitVideoKycEkyc: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/submitVideoKycEkyc" },
  joinVideoKycQueue: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/joinVideoKycQueue" },
  getVideoKyc: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/getVideoKyc" },
  // Issue 33: the call's signalling (WebRTC messages), the customer's side: a server-sent event stream and a post.
  videoKycSignals: { method: "GET", prefix: JOURNEY_CONTROLLER, path: "/videoKycSignals" },
  sendVideoKycSignal: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/sendVideoKycSignal" },
  // Issue 33: CKYC in the journey.
  getCkyc: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/getCkyc" },
  searchCkyc: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/searchCkyc" },
  sendCkycCode: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/sendCkycCode" },
  downloadCkyc: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/downloadCkyc" },
  confirmCkyc: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/confirmCkyc" },
  setCkycRelative: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/setCkycRelative" },
  getCkycPrefill: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/getCkycPrefill" },
  videoKycQueue: { method: "GET", prefix: ADMIN_VIDEO_KYC_API, path: "/queue" },
  videoKycTake: { method: "POST", prefix: ADMIN_VIDEO_KYC_API, path: "/:sessionId/take" },
  videoKycDecide: { method: "POST", prefix: ADMIN_VIDEO_KYC_API, path: "/:sessionId/decide" },
  videoKycAudit: { method: "POST", prefix: ADMIN_VIDEO_KYC_API, path: "/:sessionId/audit" },
  videoKycCallSignals: { method: "GET", prefix: ADMIN_VIDEO_KYC_API, path: "/:sessionId/signals" },
  videoKycCallSignal: { method: "POST", prefix: ADMIN_VIDEO_KYC_API, path: "/:sessionId/signal" },
  videoKycRecordingChunk: { method: "POST", prefix: ADMIN_VIDEO_KYC_API, path: "/:sessionId/recording" },
  videoKycRecordings: { method: "GET", prefix: ADMIN_VIDEO_KYC_API, path: "/:sessionId/recordings" },
  videoKycRecordingFile: { method: "GET", prefix: ADMIN_VIDEO_KYC_API, path: "/:sessionId/recordings/:recordingId" },
  videoKycSnapshot: { method: "POST", prefix: ADMIN_VIDEO_KYC_API, path: "/:sessionId/snapshot" },
  videoKycSnapshotFile: { method: "GET", prefix: ADMIN_VIDEO_KYC_API, path: "/:sessionId/snapshots/:snapshotId" },
  // Spec 7 (issue 14): the signed-in customer, where to go now, and the legacy apps' lead-detail saves.
  getUser: { method: "POST", prefix: WEBSITE_API, path: "/getUser" },
  getJourneyRedirectionData: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/getJourneyRedirectionData" },
  saveleadDetails: { method: "POST", prefix: JOURNEY_CONTROLLER, path: "/saveleadDetails" },
  // Issue 23: the header's language switch, a plain form post that works without JavaScript.
  languageSwitch: { method: "POST", prefix: "", path: "/language" },
  openapi: { method: "GET", prefix: "", path: OPENAPI_PATH },
  docs: { method: "GET", prefix: "", path: API_DOCS_PATH },
} as const satisfies Record<string, { method: "GET" | "POST"; prefix: string; aliasPrefixes?: readonly string[]; path: string }>;

export type ApiRouteName = keyof typeof API_ROUTES;

/** Every full path a route answers under (its prefix first). */
export function routePaths(route: { prefix: string; aliasPrefixes?: readonly string[]; path: string }): string[] {
  return [route.prefix, ...(route.aliasPrefixes ?? [])].map((prefix) => (prefix === "" ? route.path : route.path === "/" ? prefix : `${prefix}${route.path}`));
}

/** A route's path with its `:name` parameters filled in (`/checkout/:gateway` → `/checkout/payu`). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}

/** The full path of a route (under its first prefix). */
export function apiPath(name: ApiRouteName): string {
  return routePaths(API_ROUTES[name])[0];
}
