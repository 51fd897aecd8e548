// User types (decision 10) and lead statuses (decision 11).

import { JOURNEY_ORDER, journeyPosition, type NextStep } from "./steps.ts";

export const USER_TYPES = ["NEW", "REPEAT", "UNPAID-REPEAT"] as const;
export type UserType = (typeof USER_TYPES)[number];

/**
 * NEW: no loan closed yet. REPEAT: at least one closed loan and none open.
 * UNPAID-REPEAT: at least one closed loan and one open.
 */
export function userTypeFor({ closedLoans, openLoans }: { closedLoans: number; openLoans: number }): UserType {
  if (closedLoans < 1) return "NEW";
  return openLoans > 0 ? "UNPAID-REPEAT" : "REPEAT";
}

/** REPEAT and UNPAID-REPEAT see Re-Loan, skip employment, and have locked bank fields. */
export function isRepeatCustomer(userType: string | null | undefined): boolean {
  return userType === "REPEAT" || userType === "UNPAID-REPEAT";
}

/** The journey a customer walks: repeat customers skip employment (decision 8). */
export function journeyFor(userType: string | null | undefined): readonly NextStep[] {
  return isRepeatCustomer(userType) ? JOURNEY_ORDER.filter((s) => s !== "employment_details") : JOURNEY_ORDER;
}

/** The step after `step` on this customer's journey; null at the end or when unknown. */
export function stepAfter(step: string, userType: string | null | undefined): NextStep | null {
  const order = journeyFor(userType);
  if (journeyPosition(step) < 0) return null;
  const i = order.indexOf(step as NextStep);
  if (i >= 0) return order[i + 1] ?? null;
  // A skipped step (employment for a repeat customer): continue with the first later step.
  return order.find((s) => journeyPosition(s) > journeyPosition(step)) ?? null;
}

export const LEAD_STATUSES = ["IN_PROCESS", "SUBMITTED", "SANCTIONED", "DISBURSED", "CLOSED", "REJECTED"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Allowed moves: forward one step, or REJECTED from any status before DISBURSED. */
export const LEAD_TRANSITIONS: Readonly<Record<LeadStatus, readonly LeadStatus[]>> = {
  IN_PROCESS: ["SUBMITTED", "REJECTED"],
  SUBMITTED: ["SANCTIONED", "REJECTED"],
  // Back to SUBMITTED when the KFS no longer holds at payout (decision 35); DISBURSED back to
  // SANCTIONED when the bank returns the payout (decision 36).
  SANCTIONED: ["DISBURSED", "REJECTED", "SUBMITTED"],
  DISBURSED: ["CLOSED", "SANCTIONED"],
  // Issue 29: a loan repaid before the bank's return of its payout arrived was never a loan.
  CLOSED: ["SANCTIONED"],
  REJECTED: [],
};

export function canTransitionLead(from: LeadStatus, to: LeadStatus): boolean {
  return LEAD_TRANSITIONS[from].includes(to);
}

/** A DISBURSED lead is the customer's active loan. */
export function isActiveLoan(status: LeadStatus): boolean {
  return status === "DISBURSED";
}
