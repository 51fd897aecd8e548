// Lengths and limits of spec section 9 and the decisions, used by rules,
// input filters (maxLength) and tests. Loan figures live in core/product.ts.

export const LIMITS = {
  mobileDigits: 10,
  otpDigits: 4,
  /** Seconds before "resend code" is allowed. */
  otpResendSeconds: 30,
  panLength: 10,
  /** Monthly income: at most 7 digits can be typed (PAN screen and income form). */
  incomeTypedDigits: 7,
  /** Monthly income on the PAN step, on submit. */
  panIncomeDigits: { min: 5, max: 10 },
  minFormAge: 18,
  spouseNumberDigits: 10,
  pinCodeDigits: 6,
  aadhaarLast4: 4,
  enquiryMessageMax: 1000,
  /** Longest text accepted, per kind of field; longer input is refused, not cut. */
  text: {
    name: 100,
    address: 200,
    landmark: 100,
    email: 254,
    designation: 100,
    companyName: 150,
    branch: 100,
    city: 100,
    utm: 200,
    password: 128,
    docType: 50,
    captcha: 20,
    captchaId: 100,
  },
  /** Decision 19 size limits, bytes. */
  maxImageBytes: 5 * 1024 * 1024,
  maxPdfBytes: 10 * 1024 * 1024,
  /** Bank account numbers in India run 9 to 18 digits. */
  accountNumberDigits: { min: 9, max: 18 },
  /** Oldest date of birth accepted, to catch typos like 0199. */
  oldestDob: "1900-01-01",
} as const;
