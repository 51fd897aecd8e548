// Public Pay Now page (/repayloan): PAN, one-time code, amount and terms (spec 5).

import * as z from "zod";
import { paiseToRupees, rupeesToPaise, wholeRupeesToPaise } from "../money.ts";
import { repaymentChargePaise } from "../loan-math/repayment-charge.ts";
import { LIMITS } from "./limits.ts";
import { messageCode, said } from "./messages.ts";
import type { CodedMessage } from "../i18n/translate.ts";
import { documented, fail, mustBeTicked, ok, schema, text, toText, type Check } from "./primitives.ts";
import { PATTERNS } from "./rules.ts";
import { otpCaptchaShape } from "./auth.ts";

/** Pay Now PAN: upper-cased, 10-character pattern; empty → 'PAN card is required.' */
export const payNowPanCheck: Check<string> = text({
  label: "PAN",
  max: LIMITS.panLength,
  pattern: PATTERNS.pan,
  required: said("payNowPanRequired"),
  invalid: said("panInvalid"),
  tooLong: said("panInvalid"),
  normalise: (s) => s.toUpperCase(),
});

/** Pay Now code: empty → 'OTP is required.'; otherwise exactly 4 digits. */
export const payNowOtpCheck: Check<string> = text({
  label: "OTP",
  max: LIMITS.otpDigits,
  pattern: PATTERNS.otp,
  required: said("payNowOtpRequired"),
  invalid: said("otpInvalid"),
  tooLong: said("otpInvalid"),
});

// No loan comes near ₹100 crore; longer figures would overflow the paise arithmetic.
const MAX_PAY_AMOUNT_DIGITS = 9;

/**
 * Amount to pay: blank allowed (means the full total due, returned as null);
 * otherwise a positive number, no leading zero, up to 2 decimals.
 */
export const payAmountCheck: Check<number | null> = documented(
  (input: unknown) => {
    const t = toText(input);
    if (t === "") return ok(null);
    if (t === null || !PATTERNS.payAmount.test(t)) return fail(said("payNowAmountInvalid"));
    if (t.split(".")[0].length > MAX_PAY_AMOUNT_DIGITS) return fail(said("payNowAmountInvalid"));
    return ok(paiseToRupees(rupeesToPaise(t)));
  },
  { type: ["number", "string"], pattern: PATTERNS.payAmount.source, description: "Rupees, at most 2 decimals; may be left empty." },
);

/** Spec 7: the send-code call carries `pancard`. */
export const payNowSendOtpSchema = z.object({ pancard: schema(payNowPanCheck), ...otpCaptchaShape() });
/** Spec 7: the verifyOtp call carries `panNumber` and `otp`. */
export const payNowVerifyOtpSchema = z.object({ panNumber: schema(payNowPanCheck), otp: schema(payNowOtpCheck) });
/** The amountfetched stage's form. */
export const payNowPaymentFormSchema = z.object({
  amount: schema(payAmountCheck),
  terms: schema(mustBeTicked(said("payNowTermsRequired"))),
});

/**
 * The amount to charge, rupees: blank, or at least the total due → the total
 * due; otherwise the amount entered, at least ₹100 (repaymentChargePaise). Compared in paise so 999.999 style float
 * noise cannot flip the choice. Throws on an amount that fails payAmountCheck.
 */
export function resolvePayAmount(entered: number | string | null | undefined, totalDue: number): number {
  const r = payAmountCheck(entered);
  if (!r.ok) throw new RangeError(r.message);
  return paiseToRupees(repaymentChargePaise(r.value === null ? null : rupeesToPaise(r.value), rupeesToPaise(totalDue)));
}

/** Decision 29: a part payment is at least ₹100, unless the total due is smaller. */
export const MIN_PART_PAYMENT_RUPEES = 100;

/**
 * The amount field's message (by code, decision 60) against the total due, or null when it may be charged: the format
 * rule, then the ₹100 minimum for a part payment (blank or at least the total due is the total due).
 */
export function payAmountProblem(entered: string, totalDue: number): string | CodedMessage | null {
  const r = payAmountCheck(entered);
  if (!r.ok) return r.code ?? r.message;
  if (r.value === null) return null;
  const paise = rupeesToPaise(r.value);
  const duePaise = rupeesToPaise(totalDue);
  if (paise >= duePaise) return null;
  return paise < wholeRupeesToPaise(MIN_PART_PAYMENT_RUPEES) ? messageCode("payNowAmountMinimum") : null;
}
