// Progress figures of the dashboard data and step replies (spec section 3):
// profile_filled_percent, application_filled_percent, step_percentage and the
// Steps.steps block. All follow from next_step, so server and screens agree.

import { APPLICATION_CARDS, REGISTRATION_CARDS, cardStatus, isRegistrationComplete, type StepCard } from "./cards.ts";
import { NEXT_STEP_TABLE, stageOf, stepIndex } from "./steps.ts";

const LAST_INDEX = NEXT_STEP_TABLE.completed.index;

function donePercent(cards: readonly StepCard[], nextStep: string | null | undefined): number {
  const done = cards.filter((c) => cardStatus(c, nextStep) === "done").length;
  return Math.round((done / cards.length) * 100);
}

/** Share of the five registration cards done: 0, 20, ... 100. */
export function profileFilledPercent(nextStep: string | null | undefined): number {
  return isRegistrationComplete(nextStep) ? 100 : donePercent(REGISTRATION_CARDS, nextStep);
}

/** Share of the five loan-application cards done; 100 once the journey is completed. */
export function applicationFilledPercent(nextStep: string | null | undefined): number {
  return nextStep === "completed" ? 100 : donePercent(APPLICATION_CARDS, nextStep);
}

/** The whole journey's progress by step index (0 to 14 → 0 to 100). */
export function stepPercentage(nextStep: string | null | undefined): number {
  return Math.round((stepIndex(nextStep) / LAST_INDEX) * 100);
}

/** Steps.steps of the dashboard data: the current stage and the journey percent. */
export function stepInfo(nextStep: string | null | undefined): { step_stage: string; step_complete_percent: number } {
  return { step_stage: stageOf(nextStep) ?? "login", step_complete_percent: stepPercentage(nextStep) };
}

/** PAN shown masked except the last 4 characters, e.g. XXXXXX234F. */
export function maskPan(panOrLast4: string | null | undefined): string {
  if (!panOrLast4) return "";
  return `XXXXXX${panOrLast4.slice(-4)}`;
}
