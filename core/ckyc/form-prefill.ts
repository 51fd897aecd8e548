// Issue 33: what a confirmed CKYC record fills on the journey's personal-details and address forms, in the
// forms' own values (gender ids, YYYY-MM-DD, the e-mail as the form keeps it). Only a field the customer has
// not saved is filled: a saved value wins. The address is filled as one (both lines and the PIN) only when
// none of it is saved, so a saved address is never mixed with the record's. The customer still submits each
// step (docs/decisions/kyc.md, "CKYC in the journey").
import { parseIsoDate } from "../calendar.ts";
import { GENDERS } from "../journey/masters.ts";
import { LIMITS } from "../validation/limits.ts";
import { PATTERNS } from "../validation/rules.ts";

/** The confirmed record's fields the forms can use; the spouse's name only when the customer said the record's name is their spouse's. */
export interface CkycRecordForForms {
  gender: "M" | "F" | "T";
  dob: string;
  email: string | null;
  address: { lines: string[]; pincode: string };
  spouseName: string | null;
}

/** What the customer has saved on those forms (empty or null: nothing saved). */
export interface SavedForForms {
  gender: number | null;
  personal_email: string | null;
  dob: string | null;
  spouse_name: string | null;
  residence_address_1: string | null;
  residence_address_2: string | null;
  residence_pincode: string | null;
}

/** Each filled field under the form's own name; a field left out is not filled. */
export interface CkycFormPrefill {
  gender?: string;
  personal_email?: string;
  dob?: string;
  spouse_name?: string;
  residence_address_1?: string;
  residence_address_2?: string;
  residence_pincode?: string;
}

// The form offers Male and Female only: a record's "T" fills nothing, and the customer chooses.
const GENDER_ID: Partial<Record<CkycRecordForForms["gender"], number>> = {
  M: GENDERS.find((g) => g.label === "Male")?.id,
  F: GENDERS.find((g) => g.label === "Female")?.id,
};

/**
 * CKYCR's address is up to three lines; the form has two. Two or more lines: the first, then the rest joined.
 * One line: split at its first comma (house and street, then the rest), else all of it on line 1.
 */
export function addressLinesOf(lines: readonly string[]): [string, string] {
  const parts = lines.map((l) => l.trim().replace(/\s+/g, " ")).filter(Boolean);
  if (parts.length >= 2) return [parts[0], parts.slice(1).join(", ")];
  const one = parts[0] ?? "";
  const comma = one.indexOf(",");
  return comma > 0 ? [one.slice(0, comma).trim(), one.slice(comma + 1).trim()] : [one, ""];
}

export function ckycFormPrefill(record: CkycRecordForForms, saved: SavedForForms): CkycFormPrefill {
  const out: CkycFormPrefill = {};
  const gender = GENDER_ID[record.gender];
  if (!saved.gender && gender) out.gender = String(gender);
  if (!saved.dob && parseIsoDate(record.dob)) out.dob = record.dob;
  const email = record.email?.trim().toLowerCase();
  if (!saved.personal_email && email && email.length <= LIMITS.text.email && PATTERNS.email.test(email)) out.personal_email = email;
  const spouse = record.spouseName?.trim();
  if (!saved.spouse_name && spouse && spouse.length <= LIMITS.text.name && PATTERNS.name.test(spouse)) out.spouse_name = spouse;
  const [line1, line2] = addressLinesOf(record.address.lines);
  const noAddress = !saved.residence_address_1 && !saved.residence_address_2 && !saved.residence_pincode;
  if (noAddress && line1 && line1.length <= LIMITS.text.address && line2.length <= LIMITS.text.address) {
    out.residence_address_1 = line1;
    if (line2) out.residence_address_2 = line2;
    if (PATTERNS.pinCode.test(record.address.pincode)) out.residence_pincode = record.address.pincode;
  }
  return out;
}
