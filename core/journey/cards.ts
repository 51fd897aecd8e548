// Dashboard home cards (spec section 2 "Dashboard home" and section 4): the five
// profile-registration cards, then the loan-application cards. A card is done
// when its index is below the current step index, current when equal (the only
// one that opens), locked otherwise.

import type { MessageKey } from "../i18n/translate.ts";
import { isRepeatCustomer } from "./customers.ts";
import { DASHBOARD_BASE, NEXT_STEP_TABLE, stepIndex, type NextStep } from "./steps.ts";

export type CardStatus = "done" | "current" | "locked";

export type StepCard = {
  step: NextStep;
  /** The card's title by code (`journey.term.*`). */
  titleKey: MessageKey;
  /** Full path of the card's screen. */
  screen: string;
  /** Step index of spec section 4. */
  index: number;
};

function card(step: NextStep, titleKey: MessageKey): StepCard {
  const { screen, index } = NEXT_STEP_TABLE[step];
  return { step, titleKey, screen: `${DASHBOARD_BASE}/${screen}`, index };
}

/** Decision: the first of the spec's two orders (PAN, Personal, Residence, Income, Selfie), matching decision 8. */
export const REGISTRATION_CARDS: readonly StepCard[] = [
  card("pancard_verification", "journey.term.panAuthentication"),
  card("personal_details", "journey.term.personalInformation"),
  card("residence_details", "journey.term.currentResidence"),
  card("income_details", "journey.term.incomeDetails"),
  card("selfie_upload", "journey.term.selfieUpload"),
];

/** Shown once registration is complete (spec section 2). */
export const APPLICATION_CARDS: readonly StepCard[] = [
  card("generate_loan_quote", "journey.term.loanCalculator"),
  card("employment_details", "journey.term.employmentInformation"),
  card("ekyc_initiated", "journey.term.ekycVerification"),
  card("aadhaar_upload", "journey.term.uploadDocuments"),
  card("banking_details", "journey.term.bankingDetails"),
];

/** REPEAT and UNPAID-REPEAT customers skip employment (decision 8), so they get no card for it. */
export function applicationCardsFor(userType: string | null | undefined): readonly StepCard[] {
  return isRepeatCustomer(userType) ? APPLICATION_CARDS.filter((c) => c.step !== "employment_details") : APPLICATION_CARDS;
}

export function cardStatus(card: StepCard, nextStep: string | null | undefined): CardStatus {
  const current = stepIndex(nextStep);
  if (card.index < current) return "done";
  return card.index === current ? "current" : "locked";
}

export function cardsWithStatus(cards: readonly StepCard[], nextStep: string | null | undefined): (StepCard & { status: CardStatus })[] {
  return cards.map((c) => ({ ...c, status: cardStatus(c, nextStep) }));
}

/** True once all five registration cards are done (next step index beyond selfie). */
export function isRegistrationComplete(nextStep: string | null | undefined): boolean {
  return stepIndex(nextStep) > NEXT_STEP_TABLE.selfie_upload.index;
}
