import type { CodedMessage, MessageKey as CatalogueKey } from "../i18n/translate.ts";

// Every customer-facing message of spec sections 5 and 8 and of the decisions,
// written once so forms, API answers and tests show the same text. Strings
// marked "spec" are copied character for character (including the spec's
// double spaces); the others fill gaps the spec leaves and follow its style.

export const MESSAGES = {
  // Login (spec 5)
  mobileInvalid: "The Mobile field must be at least 10 characters in length.",
  // Decision 33: a full-length number whose first digit cannot start an Indian mobile.
  mobileFirstDigit: "Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9.",
  termsRequired: "Please check the checkbox to accept our terms and conditions",
  otpInvalid: "Please enter 4-digit OTP",
  // PAN screen (spec 5)
  panInvalid: "Please enter a valid PAN number",
  monthlyIncomeRequired: "Monthly income is required",
  monthlyIncomeDigits: "Monthly income must be between 5 and 10 digits",
  // Generic rules (spec 5)
  emailRequired: "Email is required!",
  emailInvalid: "This is not a valid email format!",
  passwordRequired: "Password is required!",
  mobileNumberInvalid: "Mobile number invalid!",
  panNumberRequired: "Pan number is required!",
  panNumberInvalid: "Please enter valid pan number!",
  gstNumberRequired: "GST number is required!",
  gstNumberInvalid: "Please enter valid GST Number!",
  pinCodeRequired: "Pin code is required!",
  pinCodeInvalid: "Pin code invalid!",
  // Personal, income, employment (spec 5)
  minAge: "You must be at least 18 years old.",
  spouseNumberLength: "Spouse number must be exactly 10 digits.",
  dateInFuture: "Date cannot be in the future.",
  officialEmailInvalid: "Please enter a valid email address.",
  // Selfie and uploads (spec 5)
  selfieRequired: "Please select image",
  panImageRequired: "Please select  pan image",
  salarySlipRequired: "Please select salary slip",
  utilityImageRequired: "Please select  utility image",
  documentsRequired: "Please upload all required documents.",
  // Banking (spec 5)
  accountNumbersMismatch: "Account numbers do not match",
  // Pay Now (spec 5)
  payNowPanRequired: "PAN card is required.",
  payNowOtpRequired: "OTP is required.",
  payNowTermsRequired: "You must accept the terms and conditions to proceed.",
  payNowTermsPlease: "Please accept the terms and conditions to proceed.",
  // Error catalogue (spec 8)
  genericError: "An error occurred",
  otpVerifyError: "Error verifying OTP",
  payNowSendOtpError: "An error occurred while sending OTP.",
  payNowVerifyOtpError: "An error occurred while verifying OTP.",
  paymentVerificationFailed: "Payment Verification Failed",
  paymentSuccessful: "Payment Successful",
  razorpayLoadFailed: "Razorpay SDK failed to load. Are you online?",
  personalDetailsSaveError: "Error saving personal details",
  documentsFetchFailed: "Failed to fetch required documents.",
  uploadsError: "An error occurred while uploading documents. Please try again.",
  uploadsSuccess: "All documents uploaded successfully",
  documentsLoading: "Loading required documents...",
  noDocumentsRequired: "No documents are required at this moment.",
  noLoanHistory: "No loan history found.",
  noLoanDetails: "No loan details available.",
  panNotVerified: "PAN not verified.",
  basicDetailsNotFilled: "Basic details not filled",
  residenceAddressNotFound: "Residence address not found.",
  unexpectedError: "Unexpected Application Error!",
  logoutConfirm: "Are you sure you want to logout?",
  // Decisions 9 and 10
  stepNotAvailable: "This step is not available now.",
  repayCurrentLoanFirst: "Please repay your current loan first.",
  // Gaps the spec leaves (settled here; see the report to the lead)
  invalidDate: "Please enter a valid date.",
  nameInvalid: "Please enter a valid name.",
  monthlyIncomeDigitsOnly: "Monthly income must contain digits only.",
  monthlyIncomeMaxDigits: "Monthly income can have at most 7 digits.",
  ifscInvalid: "Please enter a valid IFSC code.",
  accountNumberInvalid: "Please enter a valid account number.",
  aadhaarLast4Invalid: "Please enter the last 4 digits of your Aadhaar.",
  payNowAmountInvalid: "Please enter a valid amount.",
  payNowAmountMinimum: "The minimum payment is ₹100.",
  bankStatementRequired: "Please select bank statement",
  aadhaarImageRequired: "Please select Aadhaar image",
  fileInvalid: "The file could not be read. Please select it again.",
  invalidRequest: "This request is not valid.",
} as const;

export type MessageKey = keyof typeof MESSAGES;

/**
 * Decision 60: each fixed message's catalogue key, by its name, so a rule says it by code and a screen
 * or the HTTP edge words it in the reader's language. The English above is what the apps get (the
 * catalogue's English is the same text; messages.test.ts holds them so). Staff-only texts have none.
 */
export const MESSAGE_CODES: Readonly<Partial<Record<MessageKey, CatalogueKey>>> = {
  mobileInvalid: "validation.mobileInvalid",
  mobileFirstDigit: "validation.mobileFirstDigit",
  termsRequired: "validation.termsRequired",
  otpInvalid: "validation.otpInvalid",
  panInvalid: "validation.panInvalid",
  monthlyIncomeRequired: "journey.msg.monthlyIncomeRequired",
  monthlyIncomeDigits: "journey.msg.monthlyIncomeDigits",
  emailRequired: "journey.msg.emailRequired",
  emailInvalid: "journey.msg.emailInvalid",
  mobileNumberInvalid: "journey.msg.mobileNumberInvalid",
  panNumberRequired: "journey.msg.panNumberRequired",
  panNumberInvalid: "journey.msg.panNumberInvalid",
  pinCodeRequired: "journey.msg.pinCodeRequired",
  pinCodeInvalid: "journey.msg.pinCodeInvalid",
  minAge: "journey.msg.minAge",
  spouseNumberLength: "journey.msg.spouseNumberLength",
  dateInFuture: "journey.msg.dateInFuture",
  officialEmailInvalid: "journey.msg.officialEmailInvalid",
  selfieRequired: "journey.msg.selfieRequired",
  panImageRequired: "journey.msg.panImageRequired",
  salarySlipRequired: "journey.msg.salarySlipRequired",
  utilityImageRequired: "journey.msg.utilityImageRequired",
  documentsRequired: "journey.msg.documentsRequired",
  accountNumbersMismatch: "journey.msg.accountNumbersMismatch",
  payNowPanRequired: "validation.payNowPanRequired",
  payNowOtpRequired: "validation.payNowOtpRequired",
  payNowTermsRequired: "validation.payNowTermsRequired",
  payNowTermsPlease: "validation.payNowTermsPlease",
  genericError: "validation.genericError",
  otpVerifyError: "apply.verifyError",
  payNowSendOtpError: "validation.payNowSendOtpError",
  payNowVerifyOtpError: "validation.payNowVerifyOtpError",
  paymentVerificationFailed: "validation.paymentVerificationFailed",
  paymentSuccessful: "validation.paymentSuccessful",
  razorpayLoadFailed: "validation.razorpayLoadFailed",
  personalDetailsSaveError: "journey.msg.personalDetailsSaveError",
  documentsFetchFailed: "journey.msg.documentsFetchFailed",
  uploadsError: "journey.msg.uploadsError",
  uploadsSuccess: "journey.msg.uploadsSuccess",
  documentsLoading: "journey.msg.documentsLoading",
  noDocumentsRequired: "journey.msg.noDocumentsRequired",
  noLoanHistory: "validation.noLoanHistory",
  noLoanDetails: "validation.noLoanDetails",
  panNotVerified: "journey.msg.panNotVerified",
  basicDetailsNotFilled: "journey.msg.basicDetailsNotFilled",
  residenceAddressNotFound: "journey.msg.residenceAddressNotFound",
  unexpectedError: "error.unexpected",
  logoutConfirm: "dashboard.logoutConfirm",
  stepNotAvailable: "journey.msg.stepNotAvailable",
  repayCurrentLoanFirst: "journey.msg.repayCurrentLoanFirst",
  invalidDate: "journey.msg.invalidDate",
  nameInvalid: "journey.msg.nameInvalid",
  monthlyIncomeDigitsOnly: "journey.msg.monthlyIncomeDigitsOnly",
  monthlyIncomeMaxDigits: "journey.msg.monthlyIncomeMaxDigits",
  ifscInvalid: "journey.msg.ifscInvalid",
  accountNumberInvalid: "journey.msg.accountNumberInvalid",
  aadhaarLast4Invalid: "journey.msg.aadhaarLast4Invalid",
  payNowAmountInvalid: "validation.payNowAmountInvalid",
  payNowAmountMinimum: "validation.payNowAmountMinimum",
  bankStatementRequired: "journey.msg.bankStatementRequired",
  aadhaarImageRequired: "journey.msg.aadhaarImageRequired",
  fileInvalid: "journey.msg.fileInvalid",
  invalidRequest: "journey.msg.invalidRequest",
};

/** A fixed message as a rule gives it: its English and, when the catalogue has it, its code. */
export interface Said {
  message: string;
  code?: CodedMessage;
}

export function said(name: MessageKey): Said {
  const key = MESSAGE_CODES[name];
  return key ? { message: MESSAGES[name], code: { key } } : { message: MESSAGES[name] };
}

/** A fixed message for a screen to word (useCodeText): its code, or its English when it has none. */
export function messageCode(name: MessageKey): string | CodedMessage {
  return said(name).code ?? MESSAGES[name];
}

/** Spec 5 generic rule: any other empty field → '{field} is required!'. */
export function requiredMessage(field: string): string {
  return `${field} is required!`;
}

/** A value outside a fixed list of options (same style as 'Pin code invalid!'). */
export function invalidOptionMessage(field: string): string {
  return `${field} is invalid!`;
}

/** Text carrying a control character (NUL, escape, ...): nothing a person types. */
export function controlCharacterMessage(field: string): string {
  return `${field} contains characters that are not allowed.`;
}

/** Over-long text is refused rather than cut. */
export function tooLongMessage(field: string, max: number): string {
  return `${field} must be at most ${groupThousands(max)} characters.`;
}

/** A number outside its allowed range; min and max come formatted, e.g. '₹10,000' or '7 days'. */
export function rangeMessage(field: string, min: string, max: string): string {
  return `${field} must be between ${min} and ${max}.`;
}

/** Wrong file type, e.g. 'Bank statement must be a PDF file.' */
export function fileTypeMessage(document: string, allowed: string): string {
  return `${document} must be a ${allowed} file.`;
}

export function fileTooLargeMessage(maxMb: number): string {
  return `File is too large. The maximum size is ${maxMb} MB.`;
}

// Spec 8 messages with a document name in them.
export function uploadFailedMessage(document: string): string {
  return `Failed to upload ${document}. Please try again.`;
}
export function fileNotFoundMessage(document: string): string {
  return `File for ${document} not found.`;
}
/** Issue 21: no file was chosen for a document (the spec's "File for … not found." reads as if one was lost). */
export function fileNotChosenMessage(document: string): string {
  return `Please choose a file for ${document}.`;
}
export function uploadUnknownErrorMessage(document: string): string {
  return `Unknown error uploading ${document}`;
}

/** Spec 2 payment result line. */
export function paymentStatusMessage(status: string): string {
  return `Your payment was ${status}.`;
}

// 1000 → 1,000. Below 1,00,000 Indian and Western grouping agree; messages never need more.
export function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ",");
}

/** Field labels for '{field} is required!' messages, one place so the wording stays consistent. */
export const FIELD_LABELS = {
  profileId: "Profile ID",
  otp: "OTP",
  residenceType: "Residence Type",
  addressLine1: "Address Line 1",
  addressLine2: "Address Line 2",
  landmark: "Landmark",
  dob: "Date of Birth",
  maritalStatus: "Marital Status",
  gender: "Gender",
  spouseName: "Spouse Name",
  incomeType: "Employment Type",
  monthlyIncome: "Monthly Income",
  salaryDate: "Last Salary Date",
  salaryMode: "Salary Mode",
  workMode: "Work Mode",
  organisationName: "Organisation Name",
  department: "Department",
  companyType: "Company Type",
  designation: "Designation",
  employmentSince: "Employment Since",
  officialEmail: "Official Email",
  accountNumber: "Account Number",
  confirmAccountNumber: "Confirm Account Number",
  ifsc: "IFSC Code",
  branch: "Branch",
  accountName: "Account Holder Name",
  accountType: "Account Type",
  verificationConsent: "Verification Consent",
  ekycFlag: "eKYC Choice",
  loanAmount: "Loan Amount",
  tenure: "Tenure",
  loanPurpose: "Loan Purpose",
  quoteDecision: "Quote Decision",
  fileExt: "File Type",
  filePassword: "File Password",
  docType: "Document Type",
  name: "Name",
  city: "City",
  message: "Message",
  captcha: "Captcha",
  captchaId: "Captcha ID",
  utm: "Tracking Parameter",
  password: "Password",
} as const;

/** Decision 6: one plain reason per failed eligibility rule. */
export const ELIGIBILITY_REASONS = {
  age: (min: number, max: number) => `Your age must be between ${min} and ${max} years.`,
  incomeType: () => "This loan is available to salaried customers only.",
  minIncome: (minFormatted: string) => `Your monthly income must be at least ${minFormatted}.`,
  salaryMode: () => "Your salary must be paid into a bank account.",
  panVerified: () => "Your PAN is not verified.",
  serviceArea: () => "We do not serve your PIN code yet.",
  bureauScore: (min: number) => `Your credit score must be at least ${min}.`,
} as const;

/** Decision 7: the dialog text when the offer is below the minimum loan. */
export const NOT_ELIGIBLE_MESSAGE = "Sorry, you are not eligible for a loan right now. Your details are saved.";

/** Decision 7 dialog text with the reasons of decision 6, e.g. for an income below the minimum. */
export function notEligibleMessage(reasons: readonly string[]): string {
  if (reasons.length === 0) return NOT_ELIGIBLE_MESSAGE;
  return `Sorry, you are not eligible for a loan right now. ${reasons.join(" ")} Your details are saved.`;
}

/** Decision 7: the largest offer is below the smallest loan. */
export const OFFER_BELOW_MINIMUM_REASON = (minFormatted: string) => `The loan we can offer on your income is below the minimum of ${minFormatted}.`;
