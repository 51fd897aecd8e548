// TransUnion CIBIL's consumer data input format (TUDF, version 12 header): a 146-character header, then
// per borrower the name (PN), identification (ID), telephone (PT), e-mail (EC), address (PA) and
// account (TL) segments and an end-of-subject mark (ES02**), then TRLR. Each segment is its tag, the
// length of its header value and that value (PN03N01), then fields as two-digit tag, two-digit length
// and value. Dates are DDMMYYYY, amounts whole rupees. Mapping and choices: docs/decisions/compliance.md, issue 22.
import type { AssetClass } from "../loan-math/asset-class.ts";
import { parseIsoDate, type IsoDate } from "../calendar.ts";
import { paiseToWholeRupees } from "../money.ts";
import { ADDRESS_CHARS, MOBILE, NAME_CHARS, PAN, PINCODE, STATE_CODES, checkIdentity, packWords, stateCode, words } from "../identity-record.ts";

/** Account type 69: short-term personal loan (unsecured, under a year), the bureau's code for a payday loan. */
export const ACCOUNT_TYPE_SHORT_TERM_PERSONAL_LOAN = "69";
const OWNERSHIP_INDIVIDUAL = "1";
export const ID_TYPE_PAN = "01";
const PHONE_TYPE_MOBILE = "01";
const ADDRESS_CATEGORY_RESIDENCE = "02";

/** The bureau's state codes (PA field 06): the census and GST codes, shared with CKYCR's file (core/identity-record.ts). */
export const TUDF_STATE_CODES = STATE_CODES;
export const tudfStateCode = stateCode;

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

export { ADDRESS_CHARS, MOBILE, NAME_CHARS, PAN, PINCODE };
const BUREAU_WORDING = { person: "borrower", format: "the bureau format", registry: "the bureau", emailMax: 70 };
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

/**
 * The record in the file's words, or every reason it cannot be written (the record is then left out
 * whole and listed for accounts; the rest of the file is still built).
 */
export function toTudfRecord(input: BureauRecordInput): { ok: true; record: TudfRecord } | { ok: false; problems: string[] } {
  const { problems, values } = checkIdentity(input, input.dateReported, BUREAU_WORDING);
  const { dob, pan, mobile, email, stateCode: code, pincode } = values;
  let nameParts: string[] | null = null;
  if (values.name) {
    nameParts = packWords(words(values.name.toUpperCase()), NAME_FIELD);
    if (!nameParts || nameParts.length > 5) problems.push("The name is too long for the bureau's five name fields of 26 characters.");
  }
  // The bureau's file has one gender code the other way round from our profile's: 1 female, 2 male.
  const gender = values.gender === 1 ? "2" : values.gender === 2 ? "1" : null;
  let addressLines: string[] | null = null;
  if (values.street) {
    addressLines = packWords(words([...values.street, values.city].filter(Boolean).join(", ").toUpperCase()), ADDRESS_FIELD);
    if (!addressLines || addressLines.length > 5) problems.push("The address is too long for the bureau's five address lines of 40 characters.");
  }
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
      stateCode: code!,
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
