// Issue 23, decision 42 (DPDP Act 2023, Rules 2025): the purposes we ask consent for, each with its
// versioned notice. The notice text is ours, in plain English for now; it is kept here as data (one
// entry per purpose) so that it can move into the language catalogue of decision 38 unchanged.

export const CONSENT_PURPOSES = ["lending_servicing", "identity_checks", "credit_bureau", "account_aggregator", "reminders", "marketing", "tracking"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export function isConsentPurpose(value: unknown): value is ConsentPurpose {
  return typeof value === "string" && (CONSENT_PURPOSES as readonly string[]).includes(value);
}

/** Languages a notice was shown in (decision 38). Only English notices exist today. */
export const NOTICE_LANGUAGES = ["en", "hi"] as const;
export type NoticeLanguage = (typeof NOTICE_LANGUAGES)[number];

export interface PurposeNotice {
  purpose: ConsentPurpose;
  /** Bumped whenever the text below changes; each consent row records the version it was given on. */
  version: number;
  title: string;
  data: string;
  why: string;
  kept: string;
  withdraw: string;
  /** A loan in progress or open cannot go on without it (withdrawing stops the loan's other uses only). */
  neededByLoan: boolean;
}

const WITHDRAW_AT_ANY_TIME = "Open My data in your dashboard and press Withdraw next to this purpose. It is as quick as giving it.";

export const PURPOSE_NOTICES: Record<ConsentPurpose, PurposeNotice> = {
  lending_servicing: {
    purpose: "lending_servicing",
    version: 1,
    title: "Lending and servicing your loan",
    data: "Your mobile number, name, date of birth, address, employment and income, bank account, the loan's terms and every payment.",
    why: "To assess your application, pay out the loan, take repayments, answer your complaints and meet our duties as a lender.",
    kept: "While you are our customer, then five years after your last loan closes, as the anti-money-laundering rules and RBI's KYC directions require.",
    withdraw: `${WITHDRAW_AT_ANY_TIME} While a loan is open we must still keep and use its records to service and recover it.`,
    neededByLoan: true,
  },
  identity_checks: {
    purpose: "identity_checks",
    version: 1,
    title: "Identity checks (PAN and DigiLocker)",
    data: "Your PAN, and from DigiLocker your name, date of birth, gender, address and the last 4 digits of your Aadhaar. We never keep the full Aadhaar number.",
    why: "To confirm who you are before we lend, as RBI's KYC directions require.",
    kept: "Five years after your last loan closes (RBI KYC directions and the anti-money-laundering rules).",
    withdraw: `${WITHDRAW_AT_ANY_TIME} Without it we cannot start a new loan.`,
    neededByLoan: true,
  },
  credit_bureau: {
    purpose: "credit_bureau",
    version: 1,
    title: "Credit bureau check",
    data: "Your name, PAN, date of birth and mobile number are sent to a credit bureau; we receive your credit score and report.",
    why: "To decide whether we can lend to you and how much. While a loan is open we also report it to the bureaus, as the law requires of every lender.",
    kept: "The score and the decision made with it are kept with your loan records; a check that led to no loan is deleted after 12 months.",
    withdraw: `${WITHDRAW_AT_ANY_TIME} We will not pull your report again; reporting an open loan continues, as the law requires.`,
    neededByLoan: true,
  },
  account_aggregator: {
    purpose: "account_aggregator",
    version: 1,
    title: "Bank statements through an account aggregator",
    data: "Six months of statements of the bank account you choose, fetched once through an RBI-licensed account aggregator.",
    why: "To confirm your salary and judge what you can repay.",
    kept: "With your loan application's records, five years after the loan closes; if no loan follows, 12 months.",
    withdraw: `${WITHDRAW_AT_ANY_TIME} We fetch nothing further; you can upload statements yourself instead.`,
    neededByLoan: false,
  },
  reminders: {
    purpose: "reminders",
    version: 1,
    title: "Repayment reminders",
    data: "Your mobile number, e-mail address and your loan's due date and amount.",
    why: "To remind you by SMS and e-mail before and on your repayment date, and when a payment is late.",
    kept: "Sent messages are kept with your loan records.",
    withdraw: `${WITHDRAW_AT_ANY_TIME} Reminders stop at once; the amount still falls due on the repayment date.`,
    neededByLoan: false,
  },
  marketing: {
    purpose: "marketing",
    version: 1,
    title: "Offers by SMS and e-mail",
    data: "Your mobile number, e-mail address and first name.",
    why: "To tell you about new loan offers. We never sell or share your details for others' marketing.",
    kept: "Until you withdraw, or 12 months after your last loan closes, whichever is sooner.",
    withdraw: `${WITHDRAW_AT_ANY_TIME} Offers stop at once.`,
    neededByLoan: false,
  },
  tracking: {
    purpose: "tracking",
    version: 1,
    title: "Analytics and campaign tracking",
    data: "The advert or link that brought you to us (campaign parameters and click id), and events such as signing in and paying.",
    why: "To learn which of our adverts work. Nothing here is used to decide on your loan.",
    kept: "Until you withdraw, or 12 months after it was collected.",
    withdraw: `${WITHDRAW_AT_ANY_TIME} Visitors without an account use the choice on the site's cookie banner. Tracking stops at once.`,
    neededByLoan: false,
  },
};

/** Granted by pressing Get OTP with the terms ticked: without them there is no application at all. */
export const SIGN_IN_PURPOSES: readonly ConsentPurpose[] = ["lending_servicing", "identity_checks", "reminders"];
/** Offered as separate, unticked choices at sign-in (never bundled with the terms). */
export const OPTIONAL_SIGN_IN_PURPOSES: readonly ConsentPurpose[] = ["marketing", "tracking"];
