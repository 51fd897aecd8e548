// The next_step table of spec section 4 and the journey order of decision 8.
// The server owns next_step (decision 9); the client only maps it to a screen.

export const DASHBOARD_BASE = "/my-dashboard";
export const APPLY_NOW_PATH = "/apply-now";

/** next_step → dashboard screen (path segment) and step index, spec section 4. */
export const NEXT_STEP_TABLE = {
  pancard_verification: { screen: "pan-details", index: 0 },
  personal_details: { screen: "captur-personal-information", index: 1 },
  residence_details: { screen: "captur-address", index: 2 },
  income_details: { screen: "captur-income-details", index: 3 },
  selfie_upload: { screen: "upload-picture", index: 4 },
  register_now: { screen: "profile-preview", index: 8 },
  generate_loan_quote: { screen: "calculate-loan", index: 9 },
  loan_quotation_decision: { screen: "calculate-loan", index: 9 },
  employment_details: { screen: "about-your-company", index: 10 },
  ekyc_initiated: { screen: "adhar", index: 11 },
  ekyc_verified: { screen: "aadhaar-verify", index: 11 },
  // Not in the spec's table: the account aggregator sits in the eKYC stage (decision 8), so index 11.
  account_aggregator_verify: { screen: "account-aggregator-verify", index: 11 },
  aadhaar_upload: { screen: "adhar-upload", index: 12 },
  pan_upload: { screen: "adhar-upload", index: 12 },
  bank_statement_upload: { screen: "adhar-upload", index: 12 },
  pay_slip_upload: { screen: "adhar-upload", index: 12 },
  residence_proof_upload: { screen: "adhar-upload", index: 12 },
  banking_details: { screen: "bank-detail", index: 13 },
  // Not in the spec's table: eSign is reached from the banking reply (go_to_esign, url);
  // a customer who returns before signing lands on the banking screen to resume it.
  esign: { screen: "bank-detail", index: 13 },
  // Issue 24 (decision 39): AutoPay between the bank account and the eSign, for every customer.
  autopay_setup: { screen: "autopay", index: 13 },
  completed: { screen: "congratulations", index: 14 },
} as const;

export type NextStep = keyof typeof NEXT_STEP_TABLE;

/** Decision 8, as stages in order; each stage lists its next_step values in order. */
export const JOURNEY_STAGES = [
  { stage: "pan", steps: ["pancard_verification"] },
  { stage: "personal", steps: ["personal_details"] },
  { stage: "residence", steps: ["residence_details"] },
  { stage: "income", steps: ["income_details"] },
  { stage: "selfie", steps: ["selfie_upload"] },
  { stage: "eligibility", steps: ["register_now"] },
  { stage: "quote", steps: ["generate_loan_quote", "loan_quotation_decision"] },
  { stage: "employment", steps: ["employment_details"] },
  { stage: "ekyc", steps: ["ekyc_initiated", "ekyc_verified", "account_aggregator_verify"] },
  {
    stage: "documents",
    steps: ["aadhaar_upload", "pan_upload", "bank_statement_upload", "pay_slip_upload", "residence_proof_upload"],
  },
  { stage: "banking", steps: ["banking_details"] },
  { stage: "autopay", steps: ["autopay_setup"] },
  { stage: "esign", steps: ["esign"] },
  { stage: "completed", steps: ["completed"] },
] as const satisfies readonly { stage: string; steps: readonly NextStep[] }[];

export type JourneyStage = (typeof JOURNEY_STAGES)[number]["stage"];

/** Every next_step in journey order. */
export const JOURNEY_ORDER: readonly NextStep[] = JOURNEY_STAGES.flatMap((s) => s.steps);

/** The five profile-registration steps (dashboard cards). */
export const PROFILE_STEPS = [
  "pancard_verification",
  "personal_details",
  "residence_details",
  "income_details",
  "selfie_upload",
] as const satisfies readonly NextStep[];

export type ProfileStep = (typeof PROFILE_STEPS)[number];

export const DOCUMENT_STEPS = JOURNEY_STAGES[9].steps;
export type DocumentStep = (typeof DOCUMENT_STEPS)[number];

export function isNextStep(value: unknown): value is NextStep {
  return typeof value === "string" && Object.hasOwn(NEXT_STEP_TABLE, value);
}

export function isProfileStep(value: unknown): value is ProfileStep {
  return typeof value === "string" && (PROFILE_STEPS as readonly string[]).includes(value);
}

export function isDocumentStep(value: unknown): value is DocumentStep {
  return typeof value === "string" && (DOCUMENT_STEPS as readonly string[]).includes(value);
}

/** Step index of spec section 4; 0 for 'login' and anything unknown. */
export function stepIndex(nextStep: string | null | undefined): number {
  return isNextStep(nextStep) ? NEXT_STEP_TABLE[nextStep].index : 0;
}

/** Full path of the screen for a next_step; '/apply-now' for 'login' and anything unknown. */
export function screenFor(nextStep: string | null | undefined): string {
  return isNextStep(nextStep) ? `${DASHBOARD_BASE}/${NEXT_STEP_TABLE[nextStep].screen}` : APPLY_NOW_PATH;
}

/** Position in JOURNEY_ORDER, -1 when unknown. Finer than stepIndex (which groups steps). */
export function journeyPosition(step: string | null | undefined): number {
  return isNextStep(step) ? JOURNEY_ORDER.indexOf(step) : -1;
}

export function stageOf(step: string | null | undefined): JourneyStage | null {
  if (!isNextStep(step)) return null;
  return JOURNEY_STAGES.find((s) => (s.steps as readonly string[]).includes(step))?.stage ?? null;
}

/** True when `step` comes before `current` in the journey (i.e. it is done). */
export function isStepCompleted(step: string, current: string): boolean {
  const a = journeyPosition(step);
  const b = journeyPosition(current);
  return a >= 0 && b >= 0 && a < b;
}

/**
 * Decision 9: an event is accepted when it belongs to the current stage, or
 * when it edits a completed profile step while is_editable is 1. Steps of one
 * stage are interchangeable so a reload can resend generate_loan_quote while
 * loan_quotation_decision is current, or re-initiate eKYC after a failed
 * verification; the stage's service checks its own finer state.
 */
export function acceptsEvent({ event, current, isEditable }: { event: string; current: string; isEditable: boolean | 0 | 1 }): boolean {
  if (!isNextStep(event) || !isNextStep(current)) return false;
  if (stageOf(event) === stageOf(current)) return true;
  return Boolean(isEditable) && isProfileStep(event) && isStepCompleted(event, current);
}
