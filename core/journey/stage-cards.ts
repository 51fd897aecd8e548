// Issue 14: the loan-application card list names every stage the customer walks through (the
// account aggregator and eSign included), and each step screen says "Step N of M".
// The five APPLICATION_CARDS stay as they are for application_filled_percent (spec section 3).

import type { MessageKey } from "../i18n/translate.ts";
import { REGISTRATION_CARDS, type CardStatus, type StepCard } from "./cards.ts";
import { isRepeatCustomer } from "./customers.ts";
import { DASHBOARD_BASE, NEXT_STEP_TABLE, PROFILE_STEPS, journeyPosition, type NextStep } from "./steps.ts";

/** A card that stands for one or more consecutive next_step values. */
export type StageCard = StepCard & { steps: readonly NextStep[] };

function stage(titleKey: MessageKey, steps: readonly NextStep[]): StageCard {
  const { screen, index } = NEXT_STEP_TABLE[steps[0]];
  return { step: steps[0], titleKey, screen: `${DASHBOARD_BASE}/${screen}`, index, steps };
}

/** Decision 8's application stages in order, one card each. */
export const APPLICATION_STAGE_CARDS: readonly StageCard[] = [
  stage("journey.term.loanCalculator", ["generate_loan_quote", "loan_quotation_decision"]),
  stage("journey.term.employmentInformation", ["employment_details"]),
  stage("journey.term.ekycVerification", ["ekyc_initiated", "ekyc_verified"]),
  stage("journey.term.accountAggregator", ["account_aggregator_verify"]),
  stage("journey.term.uploadDocuments", ["aadhaar_upload", "pan_upload", "bank_statement_upload", "pay_slip_upload", "residence_proof_upload"]),
  stage("journey.term.bankingDetails", ["banking_details"]),
  stage("journey.term.esignAgreement", ["esign"]),
];

/** REPEAT and UNPAID-REPEAT customers skip employment (decision 8). */
export function applicationStageCardsFor(userType: string | null | undefined): readonly StageCard[] {
  return isRepeatCustomer(userType) ? APPLICATION_STAGE_CARDS.filter((c) => c.step !== "employment_details") : APPLICATION_STAGE_CARDS;
}

/** Done when the journey is past the card's last step, current while it is on one of them, else locked. */
export function stageCardStatus(card: StageCard, nextStep: string | null | undefined): CardStatus {
  const at = journeyPosition(nextStep);
  if (at < 0) return "locked";
  if (at > journeyPosition(card.steps[card.steps.length - 1])) return "done";
  return at >= journeyPosition(card.steps[0]) ? "current" : "locked";
}

export function stageCardsWithStatus(cards: readonly StageCard[], nextStep: string | null | undefined): (StageCard & { status: CardStatus })[] {
  return cards.map((c) => ({ ...c, status: stageCardStatus(c, nextStep) }));
}

/** Share of the shown stage cards done (the screen's progress bar), 0 to 100. */
export function stageCardsPercent(cards: readonly StageCard[], nextStep: string | null | undefined): number {
  if (nextStep === "completed") return 100;
  return Math.round((cards.filter((c) => stageCardStatus(c, nextStep) === "done").length / cards.length) * 100);
}

/** `list`: which list the step is in, by code (its name on the screen). */
export type StepProgress = { n: number; of: number; list: "journey.term.profileRegistration" | "journey.term.loanApplication" };

/**
 * Where a step screen sits: one of the five profile steps, or one of the application stages (7, or
 * 6 for repeat customers without employment). Null for steps outside both lists (eligibility, completed).
 */
export function stepProgress(step: string, userType: string | null | undefined): StepProgress | null {
  const profile = (PROFILE_STEPS as readonly string[]).indexOf(step);
  if (profile >= 0) return { n: profile + 1, of: REGISTRATION_CARDS.length, list: "journey.term.profileRegistration" };
  const cards = applicationStageCardsFor(userType);
  const at = cards.findIndex((c) => (c.steps as readonly string[]).includes(step));
  return at >= 0 ? { n: at + 1, of: cards.length, list: "journey.term.loanApplication" } : null;
}
