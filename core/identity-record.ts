// A person's identity as a registry's file takes it: the checks the credit bureau's TUDF writer
// (core/bureau/tudf.ts) and CERSAI's CKYC writer (core/ckyc/ckyc-file.ts) share, written once. Each
// writer adds its own field widths; the character sets, the state codes and the checks below are one.
import { ageOn, parseIsoDate, type IsoDate } from "./calendar.ts";

export const NAME_CHARS = /^[A-Za-z][A-Za-z .'-]*$/;
export const ADDRESS_CHARS = /^[A-Za-z0-9 ,./\-#&()':]+$/;
export const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const MOBILE = /^[6-9][0-9]{9}$/;
export const PINCODE = /^[1-9][0-9]{5}$/;
export const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

/**
 * Every state and union territory by the two-digit census and GST codes the bureau's and CKYCR's files
 * use (Ladakh 38 since 2019; Dadra and Nagar Haveli and Daman and Diu, one territory since 2020, as 26).
 * Older names and spellings map to the same code.
 */
export const STATE_CODES: Record<string, string> = {
  "Jammu and Kashmir": "01",
  "Himachal Pradesh": "02",
  Punjab: "03",
  Chandigarh: "04",
  Uttarakhand: "05",
  Uttaranchal: "05",
  Haryana: "06",
  Delhi: "07",
  "NCT of Delhi": "07",
  Rajasthan: "08",
  "Uttar Pradesh": "09",
  Bihar: "10",
  Sikkim: "11",
  "Arunachal Pradesh": "12",
  Nagaland: "13",
  Manipur: "14",
  Mizoram: "15",
  Tripura: "16",
  Meghalaya: "17",
  Assam: "18",
  "West Bengal": "19",
  Jharkhand: "20",
  Odisha: "21",
  Orissa: "21",
  Chhattisgarh: "22",
  "Madhya Pradesh": "23",
  Gujarat: "24",
  "Daman and Diu": "25",
  "Dadra and Nagar Haveli": "26",
  "Dadra and Nagar Haveli and Daman and Diu": "26",
  Maharashtra: "27",
  "Andhra Pradesh": "28",
  Karnataka: "29",
  Goa: "30",
  Lakshadweep: "31",
  Kerala: "32",
  "Tamil Nadu": "33",
  Puducherry: "34",
  Pondicherry: "34",
  "Andaman and Nicobar Islands": "35",
  Telangana: "36",
  Ladakh: "38",
};

const stateKey = (name: string) => name.trim().toLowerCase().replace(/&/g, " and ").replace(/\s+/g, " ");
const STATE_CODE_BY_KEY = new Map(Object.entries(STATE_CODES).map(([name, code]) => [stateKey(name), code]));

/** The code of a state or union territory as an address writes it ("Jammu & Kashmir", "TAMIL NADU"), or undefined. */
export function stateCode(name: string): string | undefined {
  return STATE_CODE_BY_KEY.get(stateKey(name));
}

export const words = (text: string) => text.trim().split(/\s+/).filter(Boolean);

/** Words packed into fields of at most `width` characters; null when a single word is longer. */
export function packWords(list: string[], width: number): string[] | null {
  const out: string[] = [];
  for (const word of list) {
    if (word.length > width) return null;
    const last = out.length ? out[out.length - 1] : null;
    if (last !== null && last.length + 1 + word.length <= width) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out;
}

/** The identity fields as our data holds them (any may be missing). */
export interface IdentityInput {
  name: string | null;
  dob: IsoDate | null;
  /** Our profile's code: 1 male, 2 female. */
  gender: number | null;
  pan: string | null;
  mobile: string | null;
  email: string | null;
  address: { line1: string | null; line2: string | null; city: string | null; state: string | null; pincode: string | null };
}

/** How a file's messages name the person and the format, and its own e-mail width. */
export interface IdentityWording {
  /** "borrower" or "customer". */
  person: string;
  /** "the bureau format", "CKYCR's format". */
  format: string;
  /** "the bureau", "CKYCR": who has the state codes. */
  registry: string;
  emailMax: number;
}

/** The checked fields, trimmed and upper-cased where the files want them; null where a problem was listed. */
export interface IdentityValues {
  name: string | null;
  dob: IsoDate | null;
  gender: 1 | 2 | null;
  pan: string;
  mobile: string;
  email: string | null;
  /** The address lines given (line 1, line 2), trimmed, when they are present and allowed. */
  street: string[] | null;
  city: string;
  stateCode: string | null;
  pincode: string;
}

export const nameCharsProblem = (label: string, w: IdentityWording) =>
  `The ${label} has characters ${w.format} does not allow (letters, spaces, dots, hyphens and apostrophes only).`;

/**
 * The checks every registry file makes of a person, with every problem in the wording's words (the
 * record is then refused whole): name, date of birth (18 or over on `on`), gender, PAN, mobile, e-mail,
 * address characters, state, PIN. The writer checks its own widths on the values answered.
 */
export function checkIdentity(input: IdentityInput, on: IsoDate, w: IdentityWording): { problems: string[]; values: IdentityValues } {
  const problems: string[] = [];
  let name: string | null = (input.name ?? "").trim();
  if (!name) {
    problems.push(`The ${w.person}'s name is missing.`);
    name = null;
  } else if (!NAME_CHARS.test(name)) {
    problems.push(nameCharsProblem("name", w));
    name = null;
  }
  let dob = input.dob && parseIsoDate(input.dob) ? input.dob : null;
  if (!dob) problems.push("The date of birth is missing.");
  else if (ageOn(dob, on) < 18) {
    problems.push(`The date of birth makes the ${w.person} younger than 18.`);
    dob = null;
  }
  const gender = input.gender === 1 || input.gender === 2 ? input.gender : null;
  if (!gender) problems.push("The gender is missing.");
  const pan = (input.pan ?? "").trim().toUpperCase();
  if (!pan) problems.push("The PAN is missing.");
  else if (!PAN.test(pan)) problems.push("The PAN is not in the form ABCDE1234F.");
  const mobile = (input.mobile ?? "").trim();
  if (!MOBILE.test(mobile)) problems.push("The mobile number is not 10 digits starting 6-9.");
  const email = input.email?.trim() || null;
  if (email && (!EMAIL.test(email) || email.length > w.emailMax)) problems.push("The e-mail address is not a valid address.");
  const a = input.address;
  const given = [a.line1, a.line2].map((p) => (p ?? "").trim()).filter(Boolean);
  const city = (a.city ?? "").trim();
  let street: string[] | null = null;
  if (!given.length) problems.push("The address is missing.");
  else if (![...given, city].filter(Boolean).every((p) => ADDRESS_CHARS.test(p))) problems.push(`The address has characters ${w.format} does not allow.`);
  else street = given;
  const code = a.state ? (stateCode(a.state) ?? null) : null;
  if (!code) problems.push(`The address has no state ${w.registry} has a code for.`);
  const pincode = (a.pincode ?? "").trim();
  if (!PINCODE.test(pincode)) problems.push("The PIN code is not 6 digits.");
  return { problems, values: { name, dob, gender, pan, mobile, email, street, city, stateCode: code, pincode } };
}
