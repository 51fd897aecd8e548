// eKYC (Aadhaar last 4) and banking details (spec 5 and 7).

import * as z from "zod";
import { ACCOUNT_TYPE_ID, RUN_EKYC_FLAG, VERIFICATION_CONSENT } from "../journey/masters.ts";
import { LIMITS } from "./limits.ts";
import { FIELD_LABELS as L, said } from "./messages.ts";
import { choice, documented, ok, optionalText, passThrough, schema, text, type Check } from "./primitives.ts";
import { aadhaarLast4Check, accountNumberCheck, ifscCheck, nameCheck, PATTERNS } from "./rules.ts";
import { crossField, eventObject, issueFor, stepConsentShape } from "./shared.ts";

// --- eKYC -------------------------------------------------------------------

const ekycShape = () => ({
  run_ekyc_flag: schema(choice(L.ekycFlag, [RUN_EKYC_FLAG.run, RUN_EKYC_FLAG.skip])),
  // Checked below: required only when running eKYC (flag 1); skipping needs no number.
  aadhaar_no: schema(passThrough, {
    type: "string",
    pattern: PATTERNS.aadhaarLast4.source,
    description: "The last 4 digits of the Aadhaar; required when run_ekyc_flag is 1.",
  }),
  // Issue 23: DigiLocker is the identity checks purpose; its notice is ticked on the screen (run only).
  ...stepConsentShape(),
});

function withAadhaarRule<T extends z.ZodType<{ run_ekyc_flag: number; aadhaar_no: unknown }>>(s: T) {
  return crossField(s, (v) => (v.run_ekyc_flag === RUN_EKYC_FLAG.run ? issueFor("aadhaar_no", aadhaarLast4Check, v.aadhaar_no) : [])).transform((v) => {
    const last4 = aadhaarLast4Check(v.aadhaar_no);
    return { ...(v as Omit<z.output<T>, "aadhaar_no">), aadhaar_no: last4.ok ? last4.value : null };
  });
}

export const aadhaarFormSchema = z.object({ aadhaar_no: schema(aadhaarLast4Check) });
export const ekycInitiatedEventSchema = withAadhaarRule(eventObject("ekyc_initiated", ekycShape()));
export const ekycVerifiedEventSchema = eventObject("ekyc_verified", {});

// --- Banking ----------------------------------------------------------------

/** The spec sends account_type_id 1 always; absent means 1. */
const accountTypeCheck: Check<number> = documented(
  (input: unknown) => (input === undefined ? ok(ACCOUNT_TYPE_ID) : choice(L.accountType, [ACCOUNT_TYPE_ID])(input)),
  { type: "integer", enum: [ACCOUNT_TYPE_ID], description: "Always 1; absent means 1." },
);

const bankingShape = () => ({
  account_number: schema(accountNumberCheck(L.accountNumber)),
  // Only compared with account_number (below), so a typo reads "do not match".
  confirm_account_number: schema(text({ label: L.confirmAccountNumber, max: LIMITS.accountNumberDigits.max, tooLong: said("accountNumbersMismatch") })),
  account_ifsc: schema(ifscCheck),
  // Optional (issue 30): the IFSC names the branch, and our IFSC directory has no branch names to fill it from.
  account_branch: schema(optionalText({ label: L.branch, max: LIMITS.text.branch })),
  account_name: schema(nameCheck(L.accountName)),
  account_type_id: schema(accountTypeCheck),
  verification_consent: schema(choice(L.verificationConsent, [VERIFICATION_CONSENT.given, VERIFICATION_CONSENT.skipped])),
});

function withAccountMatch<T extends z.ZodType<{ account_number: string; confirm_account_number: string }>>(s: T): T {
  return crossField(s, (v) =>
    typeof v.account_number === "string" && typeof v.confirm_account_number === "string" && v.account_number !== v.confirm_account_number
      ? [{ path: "confirm_account_number", ...said("accountNumbersMismatch") }]
      : [],
  );
}

/**
 * All fields are required even when verification_consent is 2 (skip): the
 * skip declines the penny-drop check, not the account the loan is paid into.
 */
export const bankingFormSchema = withAccountMatch(z.object(bankingShape()));
export const bankingDetailsEventSchema = withAccountMatch(eventObject("banking_details", bankingShape()));
