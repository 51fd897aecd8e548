// Spec section 2 lists /my-dashboard/user-profile and /my-dashboard/kyc without saying what they
// show; they are read as aliases (docs/decisions/journey.md, issue 14): the screen that already shows it.

import { DASHBOARD_BASE, screenFor, stageOf } from "./steps.ts";

/** My Account: lead-preview once eligible, else profile-preview (the header chip's rule, spec 2). */
export function myAccountPath(eligibilityStatus: number | null | undefined): string {
  return `${DASHBOARD_BASE}/${eligibilityStatus === 1 ? "lead-preview" : "profile-preview"}`;
}

/** KYC: the customer's current eKYC or document screen while in those stages, else the dashboard home. */
export function kycPathFor(nextStep: string | null | undefined): string {
  const stage = stageOf(nextStep);
  return stage === "ekyc" || stage === "documents" ? screenFor(nextStep) : `${DASHBOARD_BASE}`;
}
