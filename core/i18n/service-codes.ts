// Issue 23: what the customer-facing services answer, named by code. A service throws or returns one
// of these (a catalogue key and its values), never text; the HTTP edge and the screens word it in the
// customer's language (translate.ts messageText). The English of each key is the very text of the
// area's message constant (core/validation, core/banking, ...), which stays for the field errors,
// the browser's own checks and the tests (service-codes.test.ts holds them equal). Sign-in's codes
// are AUTH_CODES (server/modules/auth).
import type { CodedMessage } from "./translate.ts";

type Codes = Record<string, CodedMessage | ((...values: never[]) => CodedMessage)>;

/** The journey's own answers (core/validation's MESSAGES). */
export const JOURNEY_CODES = {
  stepNotAvailable: { key: "journey.msg.stepNotAvailable" },
  repayCurrentLoanFirst: { key: "journey.msg.repayCurrentLoanFirst" },
  /** A refusal of the input with no field message of its own. */
  checkDetails: { key: "journey.msg.checkDetails" },
} as const satisfies Codes;

/** PAN, personal details, income, selfie, eligibility, the PIN code look-up. */
export const ONBOARDING_CODES = {
  panVerified: { key: "journey.msg.panVerified" },
  panNotIndividual: { key: "journey.msg.panNotIndividual" },
  panNotFound: { key: "journey.msg.panNotFound" },
  panAlreadyRegistered: { key: "journey.msg.panAlreadyRegistered" },
  panLocked: { key: "journey.msg.panLocked" },
  panServiceDown: { key: "journey.msg.panServiceDown" },
  bureauServiceDown: { key: "journey.msg.bureauServiceDown" },
  personalSaved: { key: "journey.msg.personalSaved" },
  residenceSaved: { key: "journey.msg.residenceSaved" },
  incomeSaved: { key: "journey.msg.incomeSaved" },
  selfieSaved: { key: "journey.msg.selfieSaved" },
  selfieNotImage: { key: "journey.msg.selfieNotImage" },
  pinNotServed: { key: "journey.msg.pinNotServed" },
  pinFound: { key: "journey.msg.pinFound" },
  /** `max` already formatted (₹1,00,000: the same in both languages). */
  eligible: (max: string) => ({ key: "journey.msg.eligible", values: { max } }),
} as const satisfies Codes;

/** eKYC, the account aggregator and the document uploads. */
export const KYC_CODES = {
  ekycStarted: { key: "journey.msg.ekycStarted" },
  ekycSkipped: { key: "journey.msg.ekycSkipped" },
  ekycSkipNotAllowed: { key: "journey.msg.ekycSkipNotAllowed" },
  ekycVerified: { key: "journey.msg.ekycVerified" },
  ekycNotStarted: { key: "journey.msg.ekycNotStarted" },
  ekycDenied: { key: "journey.msg.ekycDenied" },
  ekycCodeRefused: { key: "journey.msg.ekycCodeRefused" },
  ekycProviderDown: { key: "journey.msg.ekycProviderDown" },
  ekycLast4Mismatch: { key: "journey.msg.ekycLast4Mismatch" },
  aaConsentCreated: { key: "journey.msg.aaConsentCreated" },
  aaFetched: { key: "journey.msg.aaFetched" },
  aaRejected: { key: "journey.msg.aaRejected" },
  aaPending: { key: "journey.msg.aaPending" },
  aaFetchFailed: { key: "journey.msg.aaFetchFailed" },
  aaSkipped: { key: "journey.msg.aaSkipped" },
  aaNoConsent: { key: "journey.msg.aaNoConsent" },
  aaProviderDown: { key: "journey.msg.aaProviderDown" },
  documentSaved: { key: "journey.msg.documentSaved" },
  documentTypeWrong: { key: "journey.msg.documentTypeWrong" },
  pdfPasswordNeeded: { key: "journey.msg.pdfPasswordNeeded" },
  noOpenLead: { key: "journey.msg.noOpenLead" },
  /** core/validation's fileTooLargeMessage. */
  fileTooLarge: (mb: number) => ({ key: "journey.msg.fileTooLarge", values: { mb: String(mb) } }),
} as const satisfies Codes;

/** The bank account's verification and the eSign. The payout checks are the back office's, in English. */
export const BANKING_CODES = {
  ifscNotFound: { key: "journey.msg.ifscNotFound" },
  ifscFound: { key: "journey.msg.ifscFound" },
  accountInvalid: { key: "journey.msg.accountInvalid" },
  nameMismatch: { key: "journey.msg.nameMismatch" },
  verifyUnavailable: { key: "journey.msg.verifyUnavailable" },
  tooManyAttempts: { key: "journey.msg.tooManyAttempts" },
  repeatNoSkip: { key: "journey.msg.repeatNoSkip" },
  repeatLocked: { key: "journey.msg.repeatLocked" },
  noSavedAccount: { key: "journey.msg.noSavedAccount" },
  esignResumed: { key: "journey.msg.esignResumed" },
  esignUnavailable: { key: "journey.msg.esignUnavailable" },
  esignPending: { key: "journey.msg.esignPending" },
  agreementNotSigned: { key: "journey.msg.agreementNotSigned" },
  signedCopyMissing: { key: "journey.msg.signedCopyMissing" },
} as const satisfies Codes;

/** The loan quote, the KFS and employment details. */
export const QUOTE_CODES = {
  quoteReady: { key: "journey.msg.quoteReady" },
  accepted: { key: "journey.msg.accepted" },
  declined: { key: "journey.msg.declined" },
  kfsAcknowledgementRequired: { key: "journey.msg.kfsAcknowledgementRequired" },
  figuresChanged: { key: "journey.msg.figuresChanged" },
  proposalMismatch: { key: "journey.msg.proposalMismatch" },
  quoteFirst: { key: "journey.msg.quoteFirst" },
  employmentSaved: { key: "journey.msg.employmentSaved" },
  kfsNotAvailable: { key: "journey.msg.kfsNotAvailable" },
  /** The amounts already formatted (₹10,000: the same in both languages). */
  amountOutsideOffer: (min: string, max: string, step: string) => ({ key: "journey.msg.amountOutsideOffer", values: { min, max, step } }),
  tenureFixed: (days: number) => ({ key: "journey.msg.tenureFixed", values: { days: String(days) } }),
  tenureOutsideOffer: (min: number, max: number) => ({ key: "journey.msg.tenureOutsideOffer", values: { min: String(min), max: String(max) } }),
} as const satisfies Codes;

/** Repayment: Pay Now, the checkout, the payment result and the No Dues Certificate (server/modules/payments). */
export const REPAY_CODES = {
  // The same words whether or not the PAN has a loan (decision 29).
  otpSent: { key: "pay.otpSent" },
  verified: { key: "auth.verified" },
  detailsLoaded: { key: "servicing.api.detailsLoaded" },
  orderCreated: { key: "servicing.api.orderCreated" },
  paymentSuccessful: { key: "validation.paymentSuccessful" },
  verificationFailed: { key: "validation.paymentVerificationFailed" },
  statusLoaded: { key: "servicing.api.statusLoaded" },
  noLoanDue: { key: "servicing.api.noLoanDue" },
  noActiveLoan: { key: "servicing.api.noActiveLoan" },
  unknownOrder: { key: "servicing.api.unknownOrder" },
  notClosed: { key: "servicing.api.notClosed" },
  gatewayDown: { key: "servicing.api.gatewayDown" },
  checkContact: { key: "servicing.api.checkContact" },
  noReceipt: { key: "servicing.api.noReceipt" },
} as const satisfies Codes;

/** The loans module's refusals: a lead that is not (or no longer) an open loan, or terms that cannot change. */
export const LOAN_CODES = {
  noLoan: { key: "servicing.api.noLoan" },
  noLoanTerms: { key: "servicing.api.noLoanTerms" },
  termsFixed: { key: "servicing.api.termsFixed" },
  loanNotOpen: { key: "servicing.api.loanNotOpen" },
  noApplication: { key: "servicing.api.noApplication" },
} as const satisfies Codes;

/** The customer's consents and rights requests. The back office's handling stays English. */
export const DATA_RIGHTS_CODES = {
  unknownPurpose: { key: "servicing.myData.error.unknownPurpose" },
  notGranted: { key: "servicing.myData.error.notGranted" },
  alreadyGranted: { key: "servicing.myData.error.alreadyGranted" },
  correctionTextRequired: { key: "servicing.myData.error.correctionTextRequired" },
  textTooLong: { key: "servicing.myData.error.textTooLong" },
  openRequestExists: { key: "servicing.myData.error.openRequestExists" },
  erasureActiveLoan: { key: "servicing.myData.error.erasureActiveLoan" },
  granted: { key: "servicing.myData.msg.granted" },
  withdrawn: { key: "servicing.myData.msg.withdrawn" },
  requestReceived: (due: string) => ({ key: "servicing.myData.requestReceived", values: { date: due } }),
} as const satisfies Codes;

/** AutoPay mandates. A failed mandate's stored reason stays its English text (MANDATE_FAILURE_REASONS). */
export const MANDATE_CODES = {
  started: { key: "autopay.msg.started" },
  skipped: { key: "autopay.msg.skipped" },
  verifiedNext: { key: "autopay.msg.verifiedNext" },
  skippedNext: { key: "autopay.msg.skippedNext" },
  otherAccount: { key: "autopay.msg.otherAccount" },
  accountNotVerified: { key: "autopay.msg.accountNotVerified" },
  providerDown: { key: "autopay.msg.providerDown" },
  alreadyActive: { key: "autopay.msg.alreadyActive" },
  noMandate: { key: "autopay.msg.noMandate" },
  revoked: { key: "autopay.msg.revoked" },
  loaded: { key: "autopay.msg.loaded" },
} as const satisfies Codes;

/** The loan statement and sanction letter downloads (server/modules/statements). */
export const STATEMENT_CODES = {
  noStatement: { key: "servicing.api.noStatement" },
  noSanction: { key: "servicing.api.noSanction" },
} as const satisfies Codes;

/** The customer's complaint: its form's refusals and its answer. The officers' desk stays English. */
export const GRIEVANCE_CODES = {
  description: { key: "servicing.complaint.error.description" },
  loanNo: { key: "servicing.complaint.error.loanNo" },
  contactNeeded: { key: "servicing.complaint.error.contactNeeded" },
  attachment: { key: "servicing.complaint.error.attachment" },
  notYourLoan: { key: "servicing.complaint.error.notYourLoan" },
  notFound: { key: "servicing.complaint.error.notFound" },
  /** The answer to a complaint raised, with its reference. */
  raised: (reference: string) => ({ key: "servicing.api.complaintRaised", values: { reference } }),
} as const satisfies Codes;

/** The captcha's refusals, on the public complaint form and the contact page's enquiry. */
export const CAPTCHA_CODES = {
  captchaWrong: { key: "servicing.complaint.error.captchaWrong" },
  captchaUsed: { key: "servicing.complaint.error.captchaUsed" },
  captchaExpired: { key: "servicing.complaint.error.captchaExpired" },
  captchaUnknown: { key: "servicing.complaint.error.captchaUnknown" },
} as const satisfies Codes;

/** The contact page's enquiry: a new captcha image, and the enquiry received. */
export const ENQUIRY_CODES = {
  captchaIssued: { key: "public.enquiry.captchaIssued" },
  sent: { key: "public.enquiry.sent" },
} as const satisfies Codes;

/** Issue 33: video KYC, the customer's side (the officials' desk stays English, decision 38). */
export const VIDEO_KYC_CODES = {
  notOffered: { key: "journey.msg.vkyc.notOffered" },
  notFound: { key: "journey.msg.vkyc.notFound" },
  wrongStep: { key: "journey.msg.vkyc.wrongStep" },
  started: { key: "journey.msg.vkyc.started" },
  identityRead: { key: "journey.msg.vkyc.identityRead" },
  queued: { key: "journey.msg.vkyc.queued" },
  fileRequired: { key: "journey.msg.vkyc.fileRequired" },
  shareCodeFormat: { key: "journey.msg.vkyc.shareCodeFormat" },
  notOfflineEkyc: { key: "journey.msg.vkyc.notOfflineEkyc" },
  wrongShareCode: { key: "journey.msg.vkyc.wrongShareCode" },
  signatureNotVerified: { key: "journey.msg.vkyc.signatureNotVerified" },
  stale: { key: "journey.msg.vkyc.stale" },
  datedAhead: { key: "journey.msg.vkyc.datedAhead" },
  last4Mismatch: { key: "journey.msg.vkyc.last4Mismatch" },
  incomplete: { key: "journey.msg.vkyc.incomplete" },
  outsideIndia: { key: "journey.msg.vkyc.outsideIndia" },
} as const satisfies Codes;
