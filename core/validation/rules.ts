// Single-field rules of spec section 5, each returning the spec's exact message.
// Forms call them through messageFor(); schemas wrap them with schema().

import { ageOn, defaultToday, type Today } from "../calendar.ts";
import { LIMITS } from "./limits.ts";
import { FIELD_LABELS as L, said } from "./messages.ts";
import { saidRequired } from "./said.ts";
import { documented, fail, fieldDocOf, isEmpty, isoDate, ok, optionalText, text, toText, type Check } from "./primitives.ts";

export const PATTERNS = {
  /** Login and enquiry mobile: 10 digits, first 6-9. */
  mobile: /^[6-9]\d{9}$/,
  otp: /^\d{4}$/,
  pan: /^[A-Z]{5}[0-9]{4}[A-Z]$/,
  /** 2 digits, 5 letters, 4 digits, a letter, a non-zero alphanumeric, Z, an alphanumeric. */
  gst: /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/,
  /** Decision 13: Indian PIN code, 6 digits, first 1-9. */
  pinCode: /^[1-9][0-9]{5}$/,
  ifsc: /^[A-Z]{4}0[A-Z0-9]{6}$/,
  /** Practical e-mail shape: no spaces, one @, dotted domain ending in letters, no '..'. */
  email: /^(?!\.)(?!.*\.\.)[A-Za-z0-9._%+'-]+(?<!\.)@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/,
  /** Letters of any script, with spaces, dots, apostrophes and hyphens between them. */
  name: /^\p{L}[\p{L}\p{M} .'-]*$/u,
  accountNumber: /^\d{9,18}$/,
  aadhaarLast4: /^\d{4}$/,
  /** Pay Now: positive, no leading zero, up to 2 decimals. */
  payAmount: /^[1-9]\d*(?:\.\d{1,2})?$/,
} as const;

const upper = (s: string) => s.toUpperCase();

/**
 * Login mobile (spec 5, decision 33): too short, empty or not digits gets the
 * spec's one message; ten digits with a first digit 0-5 are told which digits
 * may start a mobile number.
 */
const mobileText = text({
  label: "Mobile",
  max: LIMITS.mobileDigits,
  pattern: PATTERNS.mobile,
  required: said("mobileInvalid"),
  invalid: said("mobileInvalid"),
  tooLong: said("mobileInvalid"),
});
const TEN_DIGITS = /^\d{10}$/;

export const mobileCheck: Check<string> = documented(
  (input: unknown) => {
    const r = mobileText(input);
    if (r.ok) return r;
    return TEN_DIGITS.test(toText(input) ?? "") ? fail(said("mobileFirstDigit")) : r;
  },
  fieldDocOf(mobileText) ?? { type: "string" },
);

/** Login code: exactly 4 digits. */
export const otpCheck: Check<string> = text({
  label: L.otp,
  max: LIMITS.otpDigits,
  pattern: PATTERNS.otp,
  required: said("otpInvalid"),
  invalid: said("otpInvalid"),
  tooLong: said("otpInvalid"),
});

/** PAN screen: upper-cased, 5 letters, 4 digits, 1 letter. */
export const panCheck: Check<string> = text({
  label: "PAN",
  max: LIMITS.panLength,
  pattern: PATTERNS.pan,
  required: said("panInvalid"),
  invalid: said("panInvalid"),
  tooLong: said("panInvalid"),
  normalise: upper,
});

/**
 * PAN screen monthly income, on submit: 5 to 10 digits, no leading zero (the
 * typing filter strips it). Returns rupees as a number.
 */
const PAN_INCOME = new RegExp(`^[1-9]\\d{${LIMITS.panIncomeDigits.min - 1},${LIMITS.panIncomeDigits.max - 1}}$`);

export const panScreenIncomeCheck: Check<number> = documented(
  (input: unknown) => {
    const t = toText(input);
    if (t === "" || t === null || isEmpty(input)) return fail(said("monthlyIncomeRequired"));
    return PAN_INCOME.test(t) ? ok(Number(t)) : fail(said("monthlyIncomeDigits"));
  },
  { type: "integer", minimum: 10 ** (LIMITS.panIncomeDigits.min - 1), maximum: 10 ** LIMITS.panIncomeDigits.max - 1, description: "Monthly income in rupees." },
);

/** Income form monthly income: digits only, at most 7, not zero. Returns rupees as a number. */
export const incomeFormIncomeCheck: Check<number> = documented(
  (input: unknown) => {
    const t = toText(input);
    if (t === null) return fail(said("monthlyIncomeDigitsOnly"));
    if (t === "" || isEmpty(input)) return fail(saidRequired(L.monthlyIncome));
    if (!/^\d+$/.test(t)) return fail(said("monthlyIncomeDigitsOnly"));
    if (t.length > LIMITS.incomeTypedDigits) return fail(said("monthlyIncomeMaxDigits"));
    const n = Number(t);
    return n === 0 ? fail(saidRequired(L.monthlyIncome)) : ok(n);
  },
  { type: "integer", minimum: 1, maximum: 10 ** LIMITS.incomeTypedDigits - 1, description: "Monthly income in rupees." },
);

/** Decision 13 PIN code: 'Pin code is required!' / 'Pin code invalid!'. Kept as text. */
export const pinCodeCheck: Check<string> = text({
  label: "Pin code",
  max: LIMITS.pinCodeDigits,
  pattern: PATTERNS.pinCode,
  required: said("pinCodeRequired"),
  invalid: said("pinCodeInvalid"),
  tooLong: said("pinCodeInvalid"),
});

/** Generic email rule. Lower-cased so the same address is always stored the same way. */
export const emailCheck: Check<string> = text({
  label: "Email",
  max: LIMITS.text.email,
  pattern: PATTERNS.email,
  required: said("emailRequired"),
  invalid: said("emailInvalid"),
  tooLong: said("emailInvalid"),
  normalise: (s) => s.toLowerCase(),
});

/** Employment official e-mail: optional, own message. */
export const officialEmailCheck: Check<string | null> = optionalText({
  label: L.officialEmail,
  max: LIMITS.text.email,
  pattern: PATTERNS.email,
  invalid: said("officialEmailInvalid"),
  tooLong: said("officialEmailInvalid"),
  normalise: (s) => s.toLowerCase(),
});

export const passwordCheck: Check<string> = (input) => {
  // Passwords are not trimmed: spaces may be part of them.
  if (typeof input !== "string" || input === "") return fail(said("passwordRequired"));
  return input.length > LIMITS.text.password ? fail(said("passwordRequired")) : ok(input);
};

/** Generic mobileNumber rule: one message for every failure. */
export const mobileNumberCheck: Check<string> = text({
  label: "Mobile number",
  max: LIMITS.mobileDigits,
  pattern: PATTERNS.mobile,
  required: said("mobileNumberInvalid"),
  invalid: said("mobileNumberInvalid"),
  tooLong: said("mobileNumberInvalid"),
});

/** Generic panNumber rule. */
export const panNumberCheck: Check<string> = text({
  label: "Pan number",
  max: LIMITS.panLength,
  pattern: PATTERNS.pan,
  required: said("panNumberRequired"),
  invalid: said("panNumberInvalid"),
  tooLong: said("panNumberInvalid"),
  normalise: upper,
});

/** Generic gstNumber rule. */
export const gstNumberCheck: Check<string> = text({
  label: "GST number",
  max: 15,
  pattern: PATTERNS.gst,
  required: said("gstNumberRequired"),
  invalid: said("gstNumberInvalid"),
  tooLong: said("gstNumberInvalid"),
  normalise: upper,
});

/** A person's name (spouse, account holder, enquirer). */
export function nameCheck(label: string, max: number = LIMITS.text.name): Check<string> {
  return text({ label, max, pattern: PATTERNS.name, invalid: said("nameInvalid") });
}

/** Spouse number: exactly 10 digits, first 6-9. */
export const spouseNumberCheck: Check<string> = documented(
  (input: unknown) => {
    const t = toText(input);
    if (t === null || !/^\d{10}$/.test(t)) return fail(said("spouseNumberLength"));
    return PATTERNS.mobile.test(t) ? ok(t) : fail(said("mobileNumberInvalid"));
  },
  { type: "string", pattern: PATTERNS.mobile.source },
);

export const ifscCheck: Check<string> = text({
  label: L.ifsc,
  max: 11,
  pattern: PATTERNS.ifsc,
  invalid: said("ifscInvalid"),
  tooLong: said("ifscInvalid"),
  normalise: upper,
});

export function accountNumberCheck(label: string): Check<string> {
  return text({
    label,
    max: LIMITS.accountNumberDigits.max,
    pattern: PATTERNS.accountNumber,
    invalid: said("accountNumberInvalid"),
    tooLong: said("accountNumberInvalid"),
  });
}

/** Aadhaar field: exactly the last 4 digits (decision 17: never the full number). */
export const aadhaarLast4Check: Check<string> = text({
  label: "Aadhaar",
  max: LIMITS.aadhaarLast4,
  pattern: PATTERNS.aadhaarLast4,
  required: said("aadhaarLast4Invalid"),
  invalid: said("aadhaarLast4Invalid"),
  tooLong: said("aadhaarLast4Invalid"),
});

/**
 * Date of birth: a real date, not in the future, not before 1900, and at least
 * 18 years before `today` (the form's minimum; eligibility asks 21, decision 6).
 */
export function dobCheck(today: Today = defaultToday): Check<string> {
  const date = isoDate({ label: L.dob, notFuture: true, today });
  return documented(
    (input: unknown) => {
      const r = date(input);
      if (!r.ok) return r;
      if (r.value < LIMITS.oldestDob) return fail(said("invalidDate"));
      return ageOn(r.value, today()) >= LIMITS.minFormAge ? r : fail(said("minAge"));
    },
    { type: "string", format: "date", description: `Date of birth: at least ${LIMITS.minFormAge} years ago, not before ${LIMITS.oldestDob}.` },
  );
}
