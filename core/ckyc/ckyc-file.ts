// CERSAI's Central KYC Records Registry (CKYCR): the bulk upload of an individual's KYC record (issue 33).
// The upload is a ZIP holding a pipe-delimited text file (a header record, then per customer the detail
// record, its address records, identity document records and image records) and, per customer, a ZIP of
// the images the image records name. Dates are DD-MM-YYYY; text ASCII, upper case, no pipe. Record types,
// field order, codes and every choice where the public material did not confirm a field:
// docs/decisions/compliance.md ("Issue 33: the CKYC upload file"). The reader is ckyc-reader.ts.
import { parseIsoDate, type IsoDate } from "../calendar.ts";
import { ADDRESS_CHARS, EMAIL, MOBILE, NAME_CHARS, PAN, PINCODE, STATE_CODES, checkIdentity, nameCharsProblem, packWords, words } from "../identity-record.ts";
import { writeZip } from "./zip.ts";

export const RECORD_HEADER = "10";
export const RECORD_DETAIL = "20";
export const RECORD_IDENTITY = "30";
export const RECORD_ADDRESS = "35";
export const RECORD_IMAGE = "70";
export const FILE_VERSION = "V1.3";
export const CONSTITUTION_INDIVIDUAL = "01";
export const ACCOUNT_TYPE_NORMAL = "01";
export const APPLICATION_NEW = "01";
export const APPLICATION_UPDATE = "03";
export const RESIDENT_INDIVIDUAL = "01";
/** Identity document types: C income-tax PAN, E Aadhaar (proof of possession, last four digits only). */
export const ID_PAN = "C";
export const ID_AADHAAR = "E";
/** Address types: 01 residential / permanent, 02 correspondence, 03 both (the same address). */
export const ADDRESS_PERMANENT_AND_CORRESPONDENCE = "03";
/** Image types and the names the images have in the customer's image ZIP. */
export const IMAGE_TYPES = {
  photo: { code: "02", fileName: "PHOTOGRAPH.jpg" },
  proofOfAddress: { code: "03", fileName: "PROOF_OF_ADDRESS.jpg" },
  signature: { code: "04", fileName: "SIGNATURE.jpg" },
} as const;
/** How the KYC was done (detail record, field 31). */
export const KYC_MODE_CODES = { CERTIFIED_COPIES: "01", EKYC: "02", OFFLINE_VERIFICATION: "03", DIGITAL_KYC: "04", E_DOCUMENT: "05", VIDEO_KYC: "06" } as const;
export type KycMode = keyof typeof KYC_MODE_CODES;

export const CKYC_NUMBER = /^\d{14}$/;
export const NAME_PART = 50;
export const ADDRESS_LINE = 55;
export const CITY = 50;
export const REFERENCE = /^[A-Z0-9-]{1,30}$/;
export const PLAIN_TEXT = /^[A-Z0-9 ,./\-#&()':]*$/;
/** The state codes are the bureau file's (census and GST), named as the reader has always read them. */
export const TUDF_STATE_CODES = STATE_CODES;
export { ADDRESS_CHARS, EMAIL, MOBILE, NAME_CHARS, PAN, PINCODE };
const CKYC_WORDING = { person: "customer", format: "CKYCR's format", registry: "CKYCR", emailMax: 100 };

/** What one customer's record is built from, as our data holds it (any field may be missing). */
export interface CkycCustomerInput {
  /** Ours, per customer and version (e.g. SOT-1A2B3C4D-V2): CKYCR answers the record by it. */
  reference: string;
  /** The identifier CKYCR gave before: the upload is then an update of that record. */
  ckycNumber: string | null;
  name: string | null;
  /** CKYCR's template asks for the father's or the spouse's name. */
  relative: { kind: "father" | "spouse"; name: string | null } | null;
  /** Our profile's code: 1 male, 2 female. */
  gender: number | null;
  dob: IsoDate | null;
  pan: string | null;
  mobile: string | null;
  email: string | null;
  address: { line1: string | null; line2: string | null; city: string | null; state: string | null; pincode: string | null };
  /** The Aadhaar's last four digits, when the KYC was done with Aadhaar. */
  aadhaarLast4: string | null;
  kycMode: KycMode;
  /** The day the KYC was verified (and declared). */
  verifiedOn: IsoDate;
  images: { photo: Uint8Array | null; proofOfAddress: Uint8Array | null; signature: Uint8Array | null };
}

/** Who verified the KYC and where it is declared: the regulated entity's side of every record. */
export interface CkycInstitution {
  fiCode: string;
  regionCode: string;
  branchCode: string;
  orgName: string;
  declarationPlace: string;
  verifier: { name: string; designation: string; employeeCode: string };
}

export interface CkycAddress {
  type: string;
  lines: [string, string | null, string | null];
  city: string;
  district: string;
  stateCode: string;
  pincode: string;
  country: string;
  proofType: string;
}

export interface CkycIdentity {
  type: string;
  number: string;
  verified: boolean;
}

export interface CkycImage {
  typeCode: string;
  fileName: string;
  data: Uint8Array;
}

/** One customer's record in the file's words (written and read back). */
export interface CkycRecord {
  reference: string;
  applicationType: string;
  ckycNumber: string | null;
  branchCode: string;
  constitutionType: string;
  accountType: string;
  prefix: string;
  firstName: string;
  middleName: string | null;
  lastName: string | null;
  relativeType: string;
  relativePrefix: string;
  relativeFirstName: string;
  relativeMiddleName: string | null;
  relativeLastName: string | null;
  gender: string;
  dob: IsoDate;
  nationality: string;
  residentialStatus: string;
  pan: string;
  mobileCountryCode: string;
  mobile: string;
  email: string | null;
  declarationDate: IsoDate;
  declarationPlace: string;
  verificationDate: IsoDate;
  kycModeCode: string;
  verifierName: string;
  verifierDesignation: string;
  verifierEmployeeCode: string;
  orgName: string;
  orgCode: string;
  addresses: CkycAddress[];
  identities: CkycIdentity[];
  images: CkycImage[];
}

export interface CkycHeader {
  batchNumber: string;
  fiCode: string;
  regionCode: string;
  createdOn: IsoDate;
  version: string;
}

export const ddMmYyyy = (d: IsoDate) => `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`;
export function fromDdMmYyyy(text: string): IsoDate | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return parseIsoDate(iso) ? iso : null;
}

/** First word, last word, and what lies between; one word is a first name alone. */
export function splitName(name: string): { first: string; middle: string | null; last: string | null } {
  const w = words(name.toUpperCase());
  if (w.length === 1) return { first: w[0], middle: null, last: null };
  return { first: w[0], middle: w.length > 2 ? w.slice(1, -1).join(" ") : null, last: w[w.length - 1] };
}

/** Words packed into at most `count` lines of `width`; null when they do not fit. */
function pack(text: string, width: number, count: number): string[] | null {
  const out = packWords(words(text.toUpperCase()), width);
  return out && out.length <= count ? out : null;
}

function namePartProblems(label: string, name: string): string[] {
  const { first, middle, last } = splitName(name);
  if ([first, middle, last].some((p) => p !== null && p.length > NAME_PART)) return [`The ${label} has a part longer than ${NAME_PART} characters.`];
  return [];
}

const isJpeg = (data: Uint8Array | null) => !!data && data.length > 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;

/**
 * The record in the file's words, or every reason it cannot be written (nothing is written half: the
 * customer's upload waits until the data is put right).
 */
export function toCkycRecord(input: CkycCustomerInput, institution: CkycInstitution): { ok: true; record: CkycRecord } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const reference = input.reference.trim().toUpperCase();
  if (!REFERENCE.test(reference)) problems.push("The upload reference is not 1-30 letters, digits and hyphens.");
  const ckycNumber = input.ckycNumber?.trim() || null;
  if (ckycNumber && !CKYC_NUMBER.test(ckycNumber)) problems.push("The CKYC identifier is not 14 digits.");
  const { problems: identity, values } = checkIdentity(input, input.verifiedOn, CKYC_WORDING);
  problems.push(...identity);
  const { dob, pan, mobile, email, stateCode, pincode } = values;
  const name = values.name ?? "";
  if (name) problems.push(...namePartProblems("name", name));
  const relativeName = (input.relative?.name ?? "").trim();
  if (!input.relative || !relativeName) problems.push("The father's or spouse's name is missing (CKYCR's template asks for one).");
  else if (!NAME_CHARS.test(relativeName)) problems.push(nameCharsProblem("father's or spouse's name", CKYC_WORDING));
  else problems.push(...namePartProblems("father's or spouse's name", relativeName));
  const gender = values.gender === 1 ? "M" : values.gender === 2 ? "F" : null;
  const city = values.city.toUpperCase();
  let lines: string[] | null = null;
  if (values.street) {
    lines = pack(values.street.join(", "), ADDRESS_LINE, 3);
    if (!lines) problems.push(`The address is too long for three lines of ${ADDRESS_LINE} characters.`);
  }
  if (!city || city.length > CITY) problems.push("The city is missing or too long.");
  const aadhaarLast4 = input.aadhaarLast4?.trim() || null;
  if (aadhaarLast4 && !/^\d{4}$/.test(aadhaarLast4)) problems.push("The Aadhaar's last four digits are not four digits.");
  if (!isJpeg(input.images.photo)) problems.push("The photograph is missing or not a JPEG.");
  if (!isJpeg(input.images.proofOfAddress)) problems.push("The proof of address image is missing or not a JPEG.");
  if (input.images.signature && !isJpeg(input.images.signature)) problems.push("The signature image is not a JPEG.");
  if (problems.length) return { ok: false, problems };

  const parts = splitName(name);
  const relative = splitName(relativeName);
  const images: CkycImage[] = [];
  for (const kind of ["photo", "proofOfAddress", "signature"] as const) {
    const data = input.images[kind];
    if (data) images.push({ typeCode: IMAGE_TYPES[kind].code, fileName: IMAGE_TYPES[kind].fileName, data });
  }
  return {
    ok: true,
    record: {
      reference,
      applicationType: ckycNumber ? APPLICATION_UPDATE : APPLICATION_NEW,
      ckycNumber,
      branchCode: institution.branchCode,
      constitutionType: CONSTITUTION_INDIVIDUAL,
      accountType: ACCOUNT_TYPE_NORMAL,
      prefix: gender === "M" ? "MR" : "MS",
      firstName: parts.first,
      middleName: parts.middle,
      lastName: parts.last,
      relativeType: input.relative!.kind === "father" ? "01" : "02",
      relativePrefix: input.relative!.kind === "father" || gender === "F" ? "MR" : "MRS",
      relativeFirstName: relative.first,
      relativeMiddleName: relative.middle,
      relativeLastName: relative.last,
      gender: gender!,
      dob: dob!,
      nationality: "IN",
      residentialStatus: RESIDENT_INDIVIDUAL,
      pan,
      mobileCountryCode: "91",
      mobile,
      email: email ? email.toUpperCase() : null,
      declarationDate: input.verifiedOn,
      declarationPlace: institution.declarationPlace.toUpperCase(),
      verificationDate: input.verifiedOn,
      kycModeCode: KYC_MODE_CODES[input.kycMode],
      verifierName: institution.verifier.name.toUpperCase(),
      verifierDesignation: institution.verifier.designation.toUpperCase(),
      verifierEmployeeCode: institution.verifier.employeeCode.toUpperCase(),
      orgName: institution.orgName.toUpperCase(),
      orgCode: institution.fiCode,
      addresses: [
        {
          type: ADDRESS_PERMANENT_AND_CORRESPONDENCE,
          lines: [lines![0], lines![1] ?? null, lines![2] ?? null],
          city,
          // We do not hold the district: the city stands for it.
          district: city,
          stateCode: stateCode!,
          pincode,
          country: "IN",
          proofType: aadhaarLast4 ? ID_AADHAAR : ID_PAN,
        },
      ],
      identities: [
        { type: ID_PAN, number: pan, verified: true },
        ...(aadhaarLast4 ? [{ type: ID_AADHAAR, number: `XXXXXXXX${aadhaarLast4}`, verified: true }] : []),
      ],
      images,
    },
  };
}

function row(fields: (string | null)[]): string {
  // Our own values are checked before they get here; a pipe or line break from configuration is a fault, never written.
  if (fields.some((f) => f !== null && /[|\r\n]/.test(f))) throw new Error("A CKYC field holds a pipe or a line break.");
  return fields.map((f) => f ?? "").join("|");
}

/** The header record: type, batch number, FI code, region code, number of detail records, date created, version, four fillers. */
export function ckycHeaderLine(h: CkycHeader, recordCount: number): string {
  return row([RECORD_HEADER, h.batchNumber, h.fiCode, h.regionCode, String(recordCount), ddMmYyyy(h.createdOn), h.version, "", "", "", ""]);
}

/** One customer's records: the detail record, then its address, identity and image records. */
export function ckycRecordLines(r: CkycRecord, line: number): string[] {
  const n = String(line);
  const detail = row([
    RECORD_DETAIL,
    n,
    r.applicationType,
    r.branchCode,
    r.reference,
    r.ckycNumber,
    r.constitutionType,
    r.accountType,
    r.prefix,
    r.firstName,
    r.middleName,
    r.lastName,
    r.relativeType,
    r.relativePrefix,
    r.relativeFirstName,
    r.relativeMiddleName,
    r.relativeLastName,
    r.gender,
    ddMmYyyy(r.dob),
    r.nationality,
    r.residentialStatus,
    r.pan,
    r.mobileCountryCode,
    r.mobile,
    r.email,
    String(r.addresses.length),
    String(r.identities.length),
    String(r.images.length),
    ddMmYyyy(r.declarationDate),
    r.declarationPlace,
    ddMmYyyy(r.verificationDate),
    r.kycModeCode,
    r.verifierName,
    r.verifierDesignation,
    r.verifierEmployeeCode,
    r.orgName,
    r.orgCode,
  ]);
  const addresses = r.addresses.map((a) =>
    row([RECORD_ADDRESS, n, a.type, a.lines[0], a.lines[1], a.lines[2], a.city, a.district, a.stateCode, a.pincode, a.country, a.proofType]),
  );
  const identities = r.identities.map((i) => row([RECORD_IDENTITY, n, i.type, i.number, "", "01", i.verified ? "01" : "02"]));
  const images = r.images.map((i) => row([RECORD_IMAGE, n, i.fileName, i.typeCode, r.branchCode]));
  return [detail, ...addresses, ...identities, ...images];
}

/** The record file's text: the header, then each customer's records numbered from 1; lines end with CR LF. */
export function ckycFileText(header: CkycHeader, records: CkycRecord[]): string {
  const lines = [ckycHeaderLine(header, records.length), ...records.flatMap((r, i) => ckycRecordLines(r, i + 1))];
  return lines.map((l) => `${l}\r\n`).join("");
}

/** The upload's base name: FI code, date created (DDMMYYYY) and batch number; the ZIP and its text file share it. */
export const ckycFileName = (h: CkycHeader) => `${h.fiCode}_${ddMmYyyy(h.createdOn).replace(/-/g, "")}_${h.batchNumber}`;

/** The upload ZIP: `<name>.txt`, then per customer `<line>.zip` holding the images its image records name. */
export function ckycUploadZip(header: CkycHeader, records: CkycRecord[]): { fileName: string; zip: Uint8Array } {
  const name = ckycFileName(header);
  const text = new TextEncoder().encode(ckycFileText(header, records));
  const imageZips = records.map((r, i) => ({ name: `${i + 1}.zip`, data: writeZip(r.images.map((img) => ({ name: img.fileName, data: img.data }))) }));
  return { fileName: `${name}.zip`, zip: writeZip([{ name: `${name}.txt`, data: text }, ...imageZips]) };
}
