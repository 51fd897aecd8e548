// What the refunds desk says when it refuses a request (decision 37): the staff's words, English only.
import { formatPaise } from "../../../core/money.ts";

export const REFUND_MESSAGES = {
  notFound: "No such refund.",
  noLoan: "No such loan.",
  amount: "Enter the amount in rupees, more than zero (up to two decimals).",
  route: "Choose where the refund goes: the original payment or the customer's bank account.",
  nothingHeld: "We hold no excess for this loan.",
  inFlight: "A refund for this loan is already in progress.",
  noGatewayPayment: "This loan's excess did not come from a gateway payment that can be refunded; refund it to the bank account.",
  aboveGatewayPayment: "A gateway refund cannot be more than the payment it goes back to.",
  notVerified: "The customer's bank account is not verified; the refund cannot be paid to it.",
  fourEyes: "You requested this refund; another person in accounts must approve or reject it.",
  notRequested: "This refund is not waiting for approval.",
  notOpen: "This refund is not waiting for the provider.",
  reason: "Please give a reason (at least 5 characters).",
} as const;

export const aboveExcessMessage = (heldPaise: number) =>
  `The refund cannot be more than the excess we hold for this loan (${formatPaise(heldPaise, { decimals: 2 })}).`;
