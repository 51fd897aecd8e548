// Issue 30: which blocks the dashboard home shows. A customer whose loan is closed and who has not
// started a new application sees that loan (the status card, with its No Dues Certificate) and Re-Loan:
// not an empty "Loan application 0%" list with every step locked, and the credit bureau's notice only
// once they press Re-Loan (the check it asks consent for comes after that press).
import { isNextStep } from "../../core/journey/index.ts";
import type { DashboardData } from "./dashboard-data.ts";

export type HomeSections = {
  /** The progress bar and step cards of the profile or the application. */
  steps: boolean;
  /** The three banner cards shown when there are no steps to walk. */
  banners: boolean;
  /** The credit bureau notice waits for the first press of Check Eligibility / Re-Loan. */
  noticeOnRequest: boolean;
};

export function homeSections(data: Pick<DashboardData, "next_event_name" | "eligibility_decline" | "lead_details">): HomeSections {
  const next = data.next_event_name;
  const closedAndIdle = data.lead_details?.application_stage === "closed" && next === "register_now";
  if (closedAndIdle) return { steps: false, banners: false, noticeOnRequest: true };
  const hasSteps = isNextStep(next) && next !== "completed" && !data.eligibility_decline;
  return { steps: hasSteps, banners: !hasSteps, noticeOnRequest: false };
}
