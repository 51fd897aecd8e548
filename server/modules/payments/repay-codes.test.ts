// Repayment's answers are codes; their English (the catalogue's) is the text Pay Now and the apps always read.
import { describe, expect, it } from "vitest";
import { REPAY_CODES, translate } from "../../../core/i18n/index.ts";

const ENGLISH: Record<keyof typeof REPAY_CODES, string> = {
  otpSent: "If this PAN has a loan with us, a code has been sent to the mobile number registered with it.",
  verified: "OTP verified successfully.",
  detailsLoaded: "Repayment details loaded.",
  orderCreated: "Order created.",
  paymentSuccessful: "Payment Successful",
  verificationFailed: "Payment Verification Failed",
  statusLoaded: "Payment status loaded.",
  noLoanDue: "There is no loan due for this PAN.",
  noActiveLoan: "You have no loan due.",
  unknownOrder: "We could not find this payment. Please check the link or contact us.",
  notClosed: "The No Dues Certificate is available once the loan is closed.",
  gatewayDown: "The payment gateway is not reachable right now. Please try again in a minute.",
  checkContact: "Please check your name, e-mail and mobile number.",
  noReceipt: "A receipt is available once the payment is confirmed.",
};

describe("REPAY_CODES", () => {
  it("speak repayment's English word for word", () => {
    for (const [name, code] of Object.entries(REPAY_CODES))
      expect([name, translate("en", code.key)]).toEqual([name, ENGLISH[name as keyof typeof REPAY_CODES]]);
  });
});
