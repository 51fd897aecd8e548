// Loan History and Loan Details wording (spec 2 and 3; decision 11's statuses).
import { rejectionText } from "./credit.ts";
import type { LeadStatus } from "./journey/customers.ts";

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  IN_PROCESS: "In progress",
  SUBMITTED: "Submitted",
  SANCTIONED: "Sanctioned",
  DISBURSED: "Disbursed",
  CLOSED: "Closed",
  REJECTED: "Rejected",
};

/** A declined quote is a REJECTED lead with quote_decision DECLINED; it reads as the customer's choice. */
export function leadStatusLabel(status: string, quoteDecision?: string | null): string {
  if (status === "REJECTED" && quoteDecision === "DECLINED") return "Declined by you";
  return LEAD_STATUS_LABELS[status as LeadStatus] ?? status;
}

/** The Application Status card: what happens next for each status. */
export function leadStatusExplanation(status: string, quoteDecision?: string | null, rejectionReason?: string | null): string {
  if (status === "REJECTED" && quoteDecision === "DECLINED")
    return "You declined this loan offer. You can check your eligibility again whenever you need a loan.";
  switch (status) {
    case "IN_PROCESS":
      return "Your application is not finished yet. Continue from the dashboard.";
    case "SUBMITTED":
      return "Your signed application is with our credit team for review.";
    case "SANCTIONED":
      return "Your loan is approved and will be paid into your bank account shortly.";
    case "DISBURSED":
      return "Your loan has been paid into your bank account. Repay it by the repayment date.";
    case "CLOSED":
      return "This loan is fully repaid and closed.";
    case "REJECTED": {
      // A credit rejection says why, in the customer's words (the same words as the SMS).
      const why = rejectionText(rejectionReason);
      return why ? `We could not approve this application because ${why}` : "We could not approve this application.";
    }
    default:
      return "";
  }
}
