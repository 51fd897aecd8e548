// The disbursal desk's words for a payout's state (issue 20): shared by the server's answers and the page.
import type { PayoutAttempt, PayoutState } from "./credit-desk.ts";

export const PAYOUT_DESK_TEXT = {
  unknown:
    "The payout provider did not answer, so we do not know whether the money went out. The payout is marked unknown: check with the provider before anything else. It will never be sent twice.",
  paid: "The provider confirms the payout was paid. The loan is now active.",
  stillProcessing: "The provider has the payout and is still processing it. Nothing was sent again.",
  failed: "The provider confirms the payout failed. It may be paid out again.",
} as const;

/** The latest attempt's state in words for the desk's list. */
export function payoutStateText(status: PayoutState): string {
  switch (status) {
    case "SUCCESS":
      return "Payout paid";
    case "FAILED":
      return "Payout failed";
    case "PENDING":
      return "Payout pending";
    case "UNKNOWN":
      return "Payout unknown: the provider did not answer. Being checked with the provider";
    case "REVERSED":
      return "Payout returned by the customer's bank";
  }
}

/** What the desk may do next with a loan's payout: pay, retry, pay again after a return, or ask the provider. */
export function payoutAction(last: PayoutAttempt | undefined): { intent: "disburse" | "check"; label: string } | null {
  if (!last) return { intent: "disburse", label: "Disburse" };
  if (last.status === "FAILED") return { intent: "disburse", label: "Retry" };
  if (last.status === "REVERSED") return { intent: "disburse", label: "Pay out again" };
  if (last.status === "UNKNOWN" || last.status === "PENDING") return { intent: "check", label: "Check with provider" };
  return null;
}
