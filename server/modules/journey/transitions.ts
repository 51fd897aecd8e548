// Every move of next_step the product makes (spec 4, decisions 8-9), as one table. The step list and
// order live in core/journey/steps.ts; this says which step may follow which. journey.ts is the only
// writer of the column and refuses any move that is not here.
import { DOCUMENT_STEPS, JOURNEY_ORDER, type NextStep } from "../../../core/journey/index.ts";

const EKYC_STAGE = ["ekyc_initiated", "ekyc_verified", "account_aggregator_verify"] as const satisfies readonly NextStep[];
/** The documents stage moves to the first required document still missing, or on to banking when none is. */
const DOCUMENTS_OUT = [...DOCUMENT_STEPS, "banking_details"] as const satisfies readonly NextStep[];
/**
 * A quote decision: declined → eligibility afresh; accepted → employment (NEW) or eKYC (repeat customers skip employment);
 * a fresh quote asked for by credit (KFS older than 3 working days, decision 26) → back to completed.
 */
const QUOTE_DECIDED = ["register_now", "employment_details", "ekyc_initiated", "completed"] as const satisfies readonly NextStep[];

export const JOURNEY_TRANSITIONS: Readonly<Record<NextStep, readonly NextStep[]>> = {
  // The five profile steps, in order; an edit of a completed step never moves next_step.
  pancard_verification: ["personal_details"],
  personal_details: ["residence_details"],
  residence_details: ["income_details"],
  income_details: ["selfie_upload"],
  selfie_upload: ["register_now"],
  // Eligible: the lead is created and the quote follows.
  register_now: ["generate_loan_quote"],
  // A reload re-generates the quote while its decision is pending.
  generate_loan_quote: ["loan_quotation_decision", ...QUOTE_DECIDED],
  loan_quotation_decision: ["loan_quotation_decision", ...QUOTE_DECIDED],
  employment_details: ["ekyc_initiated"],
  // eKYC: start (again), DigiLocker's return, verified or skipped → the aggregator; a failed
  // verification goes back to ekyc_initiated. The aggregator stores the statement or is skipped.
  ekyc_initiated: ["ekyc_initiated", "ekyc_verified", "account_aggregator_verify"],
  ekyc_verified: ["ekyc_initiated", "ekyc_verified", "account_aggregator_verify"],
  account_aggregator_verify: ["ekyc_initiated", "account_aggregator_verify", ...DOCUMENTS_OUT],
  aadhaar_upload: DOCUMENTS_OUT,
  pan_upload: DOCUMENTS_OUT,
  bank_statement_upload: DOCUMENTS_OUT,
  pay_slip_upload: DOCUMENTS_OUT,
  residence_proof_upload: DOCUMENTS_OUT,
  banking_details: ["autopay_setup"],
  // AutoPay set up (the provider confirmed the mandate) or skipped: on to the eSign.
  autopay_setup: ["esign"],
  esign: ["completed"],
  // Re-Loan: once the loan is closed the customer asks again from eligibility (as REPEAT).
  // Credit found the KFS expired at sanction: the signed customer accepts a fresh quote (decision 26).
  completed: ["register_now", "generate_loan_quote"],
};

export const EKYC_STEPS = EKYC_STAGE;

export function canMove(from: NextStep, to: NextStep): boolean {
  return JOURNEY_TRANSITIONS[from].includes(to);
}

/** Every step, for loops over all pairs (tests). */
export const ALL_STEPS: readonly NextStep[] = JOURNEY_ORDER;
