// The disbursal desk's answers to staff (decisions 26, 35 and 36), in one place for the desk and its tests.
import { PAYOUT_DESK_TEXT } from "../../../core/admin/payout-desk.ts";

const REQUOTE_TAIL = "The payout was not sent. The customer has been asked by SMS to accept a fresh quote; the loan then comes back to credit for sanction.";

export const DISBURSAL_MESSAGES = {
  notSanctioned: "This loan is not waiting for payout.",
  fourEyes: "You sanctioned this loan; another person must pay it out.",
  notVerified: "The customer's bank account is not verified. It must pass a penny drop before payout.",
  kfsExpired: "The Key Fact Statement is older than 3 working days. The customer must accept a fresh quote first.",
  /** `minimumDays`: the shortest tenure the product allowed at the loan's KFS (its terms row). */
  tenureTooShort: (minimumDays: number) =>
    `The repayment date is now less than ${minimumDays} days away, so the loan would be shorter than the product allows. ${REQUOTE_TAIL}`,
  aprAboveKfs: `Paid out today, the loan would cost more per year (APR) than its Key Fact Statement says, because the repayment date is fixed and fewer days are left. ${REQUOTE_TAIL}`,
  unknown: PAYOUT_DESK_TEXT.unknown,
  stillUnknown: "The payout provider still cannot be reached. The payout stays unknown and nothing was sent again. Please check again in a few minutes.",
  notAtProvider: "The payout provider has no record of this payout, so nothing was paid. Press Retry to send it again under the same key.",
  noneToCheck: "This loan has no payout waiting for the provider's answer.",
} as const;
