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
} as const satisfies Codes;

/** PAN, personal details, income, selfie, eligibility (ONBOARDING_MESSAGES). */
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
  /** `max` already formatted (₹1,00,000: the same in both languages). */
  eligible: (max: string) => ({ key: "journey.msg.eligible", values: { max } }),
} as const satisfies Codes;
