// TransUnion CIBIL's consumer data input format (TUDF, version 12 header): a 146-character header, then
// per borrower the name (PN), identification (ID), telephone (PT), e-mail (EC), address (PA) and
// account (TL) segments and an end-of-subject mark (ES02**), then TRLR. Each segment is its tag, the
// length of its header value and that value (PN03N01), then fields as two-digit tag, two-digit length
// and value. Dates are DDMMYYYY, amounts whole rupees. Mapping and choices: docs/decisions/compliance.md, issue 22.
import type { AssetClass } from "../loan-math/asset-class.ts";
import { ageOn, parseIsoDate, type IsoDate } from "../calendar.ts";
import { paiseToWholeRupees } from "../money.ts";

/** Account type 69: short-term personal loan (unsecured, under a year), the bureau's code for a payday loan. */
export const ACCOUNT_TYPE_SHORT_TERM_PERSONAL_LOAN = "69";
const OWNERSHIP_INDIVIDUAL = "1";
export const ID_TYPE_PAN = "01";
const PHONE_TYPE_MOBILE = "01";
const ADDRESS_CATEGORY_RESIDENCE = "02";

/**
 * The bureau's state codes (PA field 06): every state and union territory, by the two-digit codes of
 * the census and GST that CIBIL's format uses (Ladakh 38 since 2019; Dadra and Nagar Haveli and Daman
 * and Diu, one territory since 2020, report as 26). Older names and spellings map to the same code.
 */
export const TUDF_STATE_CODES: Record<string, string> = {
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
const STATE_CODE_BY_KEY = new Map(Object.entries(TUDF_STATE_CODES).map(([name, code]) => [stateKey(name), code]));

/** The bureau's code of a state or union territory as an address writes it ("Jammu & Kashmir", "TAMIL NADU"), or undefined. */
export function tudfStateCode(name: string): string | undefined {
  return STATE_CODE_BY_KEY.get(stateKey(name));
}

/** TL field 26: standard 01, any special-mention class 05 (the days past due say which), NPA sub-standard 02, after a year doubtful 03. */
export function assetClassCode(assetClass: AssetClass, daysPastDue: number): string {
  if (assetClass === "STANDARD") return "01";
  if (assetClass === "NPA") return daysPastDue > 90 + 365 ? "03" : "02";
  return "05";
}

export type Gender = 1 | 2;

/** What a loan's record is built from, as our data holds it (any field may be missing). */
export interface BureauRecordInput {
  leadId: string;
  loanNo: string | null;
  name: string | null;
  dob: IsoDate | null;
  /** Our profile's code: 1 male, 2 female (spec). */
  gender: number | null;
  pan: string | null;
  mobile: string | null;
  email: string | null;
  address: { line1: string | null; line2: string | null; city: string | null; state: string | null; pincode: string | null; residenceTypeId: number | null };
  dateOpened: IsoDate;
  dateLastPayment: IsoDate | null;
  dateClosed: IsoDate | null;
  dateReported: IsoDate;
  sanctionedPaise: number;
  currentBalancePaise: number;
  overduePaise: number;
  daysPastDue: number;
  assetClass: AssetClass;
}

/** The record as it is written and read back: the file's own words. */
export interface TudfRecord {
  nameParts: string[];
  dob: IsoDate;
  gender: "1" | "2";
  pan: string;
  mobile: string;
  email: string | null;
  addressLines: string[];
  stateCode: string;
  pincode: string;
  residenceCode: string | null;
  loanNo: string;
  accountType: string;
  dateOpened: IsoDate;
  dateLastPayment: IsoDate | null;
  dateClosed: IsoDate | null;
  dateReported: IsoDate;
  sanctionedRupees: number;
  currentBalanceRupees: number;
  overdueRupees: number;
  daysPastDue: number;
  assetClassCode: string;
}

export interface TudfHeader {
  memberId: string;
  memberShortName: string;
  cycle: string;
  dateReported: IsoDate;
}

export const NAME_CHARS = /^[A-Za-z][A-Za-z .'-]*$/;
export const ADDRESS_CHARS = /^[A-Za-z0-9 ,./\-#&()':]+$/;
export const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const MOBILE = /^[6-9][0-9]{9}$/;
export const PINCODE = /^[1-9][0-9]{5}$/;
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const ACCOUNT_NO = /^[A-Za-z0-9-]{1,30}$/;
export const NAME_FIELD = 26;
export const ADDRESS_FIELD = 40;

/** Whole rupees as the bureau takes them: paise rounded to the nearest rupee (half up). */
export const wholeRupees = paiseToWholeRupees;

export const ddmmyyyy = (d: IsoDate) => `${d.slice(8, 10)}${d.slice(5, 7)}${d.slice(0, 4)}`;
export function fromDdmmyyyy(text: string): IsoDate | null {
  if (!/^\d{8}$/.test(text)) return null;
  const iso = `${text.slice(4, 8)}-${text.slice(2, 4)}-${text.slice(0, 2)}`;
  return parseIsoDate(iso) ? iso : null;
}

/** Words packed into fields of at most `width` characters; null when a single word is longer. */
function pack(words: string[], width: number): string[] | null {
  const out: string[] = [];
  for (const word of words) {
    if (word.length > width) return null;
    const last = out.length ? out[out.length - 1] : null;
    if (last !== null && last.length + 1 + word.length <= width) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out;
}

const words = (text: string) => text.trim().split(/\s+/).filter(Boolean);

/**
 * The record in the file's words, or every reason it cannot be written (the record is then left out
 * whole and listed for accounts; the rest of the file is still built).
 */
export function toTudfRecord(input: BureauRecordInput): { ok: true; record: TudfRecord } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const name = (input.name ?? "").trim();
  let nameParts: string[] | null = null;
  if (!name) problems.push("The borrower's name is missing.");
  else if (!NAME_CHARS.test(name))
    problems.push("The name has characters the bureau format does not allow (letters, spaces, dots, hyphens and apostrophes only).");
  else {
    nameParts = pack(words(name.toUpperCase()), NAME_FIELD);
    if (!nameParts || nameParts.length > 5) problems.push("The name is too long for the bureau's five name fields of 26 characters.");
  }
  const dob = input.dob && parseIsoDate(input.dob) ? input.dob : null;
  if (!dob) problems.push("The date of birth is missing.");
  else if (ageOn(dob, input.dateReported) < 18) problems.push("The date of birth makes the borrower younger than 18.");
  const gender = input.gender === 1 ? "2" : input.gender === 2 ? "1" : null;
  if (!gender) problems.push("The gender is missing.");
  const pan = (input.pan ?? "").trim().toUpperCase();
  if (!pan) problems.push("The PAN is missing.");
  else if (!PAN.test(pan)) problems.push("The PAN is not in the form ABCDE1234F.");
  const mobile = (input.mobile ?? "").trim();
  if (!MOBILE.test(mobile)) problems.push("The mobile number is not 10 digits starting 6-9.");
  const email = input.email?.trim() || null;
  if (email && (!EMAIL.test(email) || email.length > 70)) problems.push("The e-mail address is not a valid address.");
  const a = input.address;
  const addressText = [a.line1, a.line2, a.city].map((p) => (p ?? "").trim()).filter(Boolean);
  let addressLines: string[] | null = null;
  if (!(a.line1 ?? "").trim()) problems.push("The address is missing.");
  else if (!addressText.every((p) => ADDRESS_CHARS.test(p))) problems.push("The address has characters the bureau format does not allow.");
  else {
    addressLines = pack(words(addressText.join(", ").toUpperCase()), ADDRESS_FIELD);
    if (!addressLines || addressLines.length > 5) problems.push("The address is too long for the bureau's five address lines of 40 characters.");
  }
  const stateCode = a.state ? tudfStateCode(a.state) : undefined;
  if (!stateCode) problems.push("The address has no state the bureau has a code for.");
  const pincode = (a.pincode ?? "").trim();
  if (!PINCODE.test(pincode)) problems.push("The PIN code is not 6 digits.");
  const loanNo = (input.loanNo ?? "").trim();
  if (!ACCOUNT_NO.test(loanNo)) problems.push("The loan number is missing or not 1-30 letters and digits.");
  if (!Number.isInteger(input.daysPastDue) || input.daysPastDue < 0 || input.daysPastDue > 999) problems.push("The days past due are out of range.");
  for (const [label, paise] of [
    ["sanctioned amount", input.sanctionedPaise],
    ["current balance", input.currentBalancePaise],
    ["amount overdue", input.overduePaise],
  ] as const) {
    if (!Number.isInteger(paise) || paise < 0) problems.push(`The ${label} is not a whole number of paise of 0 or more.`);
  }
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    record: {
      nameParts: nameParts!,
      dob: dob!,
      gender: gender!,
      pan,
      mobile,
      email: email ? email.toUpperCase() : null,
      addressLines: addressLines!,
      stateCode: stateCode!,
      pincode,
      residenceCode: input.address.residenceTypeId === 1 ? "01" : input.address.residenceTypeId === 2 ? "02" : null,
      loanNo,
      accountType: ACCOUNT_TYPE_SHORT_TERM_PERSONAL_LOAN,
      dateOpened: input.dateOpened,
      dateLastPayment: input.dateLastPayment,
      dateClosed: input.dateClosed,
      dateReported: input.dateReported,
      sanctionedRupees: wholeRupees(input.sanctionedPaise),
      currentBalanceRupees: wholeRupees(input.currentBalancePaise),
      overdueRupees: wholeRupees(input.overduePaise),
      daysPastDue: input.daysPastDue,
      assetClassCode: assetClassCode(input.assetClass, input.daysPastDue),
    },
  };
}

const two = (n: number) => String(n).padStart(2, "0");
const field = (tag: string, value: string | null) => (value === null || value === "" ? "" : `${tag}${two(value.length)}${value}`);
const segment = (tag: string, head: string, fields: string) => `${tag}${two(head.length)}${head}${fields}`;

/** One borrower's segments, ES included. */
export function tudfSubject(r: TudfRecord, member: { memberId: string; memberShortName: string }): string {
  const pn = segment("PN", "N01", r.nameParts.map((p, i) => field(two(i + 1), p)).join("") + field("07", ddmmyyyy(r.dob)) + field("08", r.gender));
  const id = segment("ID", "I01", field("01", ID_TYPE_PAN) + field("02", r.pan));
  const pt = segment("PT", "T01", field("01", r.mobile) + field("03", PHONE_TYPE_MOBILE));
  const ec = r.email ? segment("EC", "C01", field("01", r.email)) : "";
  const pa = segment(
    "PA",
    "A01",
    r.addressLines.map((l, i) => field(two(i + 1), l)).join("") +
      field("06", r.stateCode) +
      field("07", r.pincode) +
      field("08", ADDRESS_CATEGORY_RESIDENCE) +
      field("09", r.residenceCode),
  );
  const tl = segment(
    "TL",
    "T001",
    field("01", member.memberId) +
      field("02", member.memberShortName) +
      field("03", r.loanNo) +
      field("04", r.accountType) +
      field("05", OWNERSHIP_INDIVIDUAL) +
      field("08", ddmmyyyy(r.dateOpened)) +
      field("09", r.dateLastPayment ? ddmmyyyy(r.dateLastPayment) : null) +
      field("10", r.dateClosed ? ddmmyyyy(r.dateClosed) : null) +
      field("11", ddmmyyyy(r.dateReported)) +
      field("12", String(r.sanctionedRupees)) +
      field("13", String(r.currentBalanceRupees)) +
      field("14", r.overdueRupees > 0 ? String(r.overdueRupees) : null) +
      field("15", String(r.daysPastDue).padStart(3, "0")) +
      field("26", r.assetClassCode),
  );
  return `${pn}${id}${pt}${ec}${pa}${tl}ES02**`;
}

/** The 146-character header: TUDF, version 12, member id (30), short name (16), cycle (2), date reported, password (30, left blank: it goes with the upload), L, 00000, member data (48). */
export function tudfHeader(h: TudfHeader): string {
  return `TUDF12${h.memberId.padEnd(30)}${h.memberShortName.padEnd(16)}${h.cycle.padEnd(2)}${ddmmyyyy(h.dateReported)}${"".padEnd(30)}L00000${"".padEnd(48)}`;
}

export function tudfFile(header: TudfHeader, records: TudfRecord[]): string {
  return tudfHeader(header) + records.map((r) => tudfSubject(r, header)).join("") + "TRLR";
}
