// Typing filters: what a form field keeps from each keystroke or paste. They
// shape input; the rules in rules.ts still decide on submit.

import { LIMITS } from "./limits.ts";

/** Keeps only ASCII digits, at most `max` of them. */
export function digitsOnly(raw: string, max: number): string {
  return raw.replace(/\D/g, "").slice(0, max);
}

export const filterMobileInput = (raw: string): string => digitsOnly(raw, LIMITS.mobileDigits);
export const filterOtpInput = (raw: string): string => digitsOnly(raw, LIMITS.otpDigits);
export const filterAadhaarInput = (raw: string): string => digitsOnly(raw, LIMITS.aadhaarLast4);
export const filterPinCodeInput = (raw: string): string => digitsOnly(raw, LIMITS.pinCodeDigits);

/**
 * Monthly income (PAN screen and income form): digits only, at most 7 typed.
 * Leading zeros are dropped: they carry no value and would miscount digits.
 */
export function filterIncomeInput(raw: string): string {
  return raw.replace(/\D/g, "").replace(/^0+/, "").slice(0, LIMITS.incomeTypedDigits);
}

/** Spouse number: digits only, at most 10, and a first digit of 0-5 is refused. */
export function filterSpouseNumberInput(raw: string): string {
  return raw
    .replace(/\D/g, "")
    .replace(/^[0-5]+/, "")
    .slice(0, LIMITS.spouseNumberDigits);
}

export type PanBoxKind = "letter" | "digit";

/** PAN box i (0-9): boxes 1-5 and 10 take letters, boxes 6-9 digits. */
export function panBoxKind(i: number): PanBoxKind {
  if (!Number.isInteger(i) || i < 0 || i >= LIMITS.panLength) throw new RangeError(`PAN box index out of range: ${i}`);
  return i >= 5 && i <= 8 ? "digit" : "letter";
}

/** One typed character for PAN box i: upper-cased if it fits the box, else '' (refused). */
export function sanitizePanChar(i: number, ch: string): string {
  const c = ch.slice(-1).toUpperCase();
  const fits = panBoxKind(i) === "digit" ? /^[0-9]$/.test(c) : /^[A-Z]$/.test(c);
  return fits ? c : "";
}

/**
 * A pasted PAN spread over the boxes: characters that fit the next box are
 * kept in order, others skipped (spaces, dashes), up to 10.
 */
export function filterPanInput(raw: string): string {
  let out = "";
  for (const ch of raw) {
    if (out.length >= LIMITS.panLength) break;
    out += sanitizePanChar(out.length, ch);
  }
  return out;
}

/** Pay Now PAN field: upper-cased letters and digits, at most 10. */
export function filterPayNowPanInput(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, LIMITS.panLength);
}

/** IFSC: upper-cased letters and digits, at most 11. */
export function filterIfscInput(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 11);
}

/** Bank account number: digits only, at most 18. */
export const filterAccountNumberInput = (raw: string): string => digitsOnly(raw, LIMITS.accountNumberDigits.max);

/**
 * Pay Now amount while typing: digits and one dot, at most 2 decimals, no
 * leading zero. The submit rule (PATTERNS.payAmount) still applies.
 */
export function filterPayAmountInput(raw: string): string {
  const cleaned = raw.replace(/[^\d.]/g, "").replace(/^0+/, "");
  const dot = cleaned.indexOf(".");
  if (dot < 0) return cleaned;
  const whole = cleaned.slice(0, dot);
  const frac = cleaned
    .slice(dot + 1)
    .replace(/\./g, "")
    .slice(0, 2);
  return `${whole}.${frac}`;
}
