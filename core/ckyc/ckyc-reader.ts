// Reading a CKYC upload back (ckyc-file.ts writes it): the tests' reader, and the sandbox registry's, which
// checks each customer's records as CKYCR's loader does and answers what is wrong with reason codes
// (the sandbox's own, in CERSAI's manner: docs/decisions/compliance.md, issue 33).
import {
  ADDRESS_CHARS,
  ADDRESS_LINE,
  CITY,
  CKYC_NUMBER,
  EMAIL,
  fromDdMmYyyy,
  ID_PAN,
  IMAGE_TYPES,
  MOBILE,
  NAME_CHARS,
  PAN,
  PINCODE,
  RECORD_ADDRESS,
  RECORD_DETAIL,
  RECORD_HEADER,
  RECORD_IDENTITY,
  RECORD_IMAGE,
  REFERENCE,
  TUDF_STATE_CODES,
  type CkycAddress,
  type CkycHeader,
  type CkycIdentity,
  type CkycImage,
  type CkycRecord,
} from "./ckyc-file.ts";
import { readZip } from "./zip.ts";

export interface CkycReason {
  code: string;
  message: string;
}

/** The sandbox registry's reason codes (file-level F, record-level R). */
export const CKYC_REASONS = {
  F01: "The upload is not a ZIP holding one record file.",
  F02: "The header record is malformed.",
  F03: "The header's record count does not match the detail records.",
  F04: "A record is malformed or out of order.",
  R101: "Name missing or not allowed.",
  R102: "Father's or spouse's name missing.",
  R103: "Gender code unknown.",
  R104: "Date of birth missing or not DD-MM-YYYY.",
  R105: "PAN missing or invalid.",
  R106: "Mobile number invalid.",
  R107: "E-mail address invalid.",
  R108: "Address missing or not allowed.",
  R109: "State code unknown.",
  R110: "PIN code invalid.",
  R111: "No PAN identity record matching the detail record.",
  R112: "Photograph missing.",
  R113: "Proof of address image missing.",
  R114: "An image record names no JPEG in the customer's image ZIP.",
  R115: "The counts of address, identity or image records do not match the detail record.",
  R116: "Application type and CKYC identifier do not agree.",
  R117: "A declaration or verification date is missing or not DD-MM-YYYY.",
  R118: "Constitution type is not an individual's.",
  R201: "A record for this PAN is already held: upload an update with its CKYC identifier.",
  R202: "The CKYC identifier to update is not held.",
} as const;
export type CkycReasonCode = keyof typeof CKYC_REASONS;
export const reason = (code: CkycReasonCode): CkycReason => ({ code, message: CKYC_REASONS[code] });

const DETAIL_FIELDS = 37;
const ADDRESS_FIELDS = 12;
const IDENTITY_FIELDS = 7;
const IMAGE_FIELDS = 5;
const HEADER_FIELDS = 11;

/** One customer's raw rows, and the bytes of its image ZIP's entries. */
export interface CkycRawRecord {
  line: number;
  detail: string[];
  addresses: string[][];
  identities: string[][];
  images: string[][];
  imageFiles: Map<string, Uint8Array> | null;
}

export type CkycUploadParse = { ok: true; fileName: string; header: CkycHeader; records: CkycRawRecord[] } | { ok: false; reason: CkycReason; detail: string };

const fileFault = (code: CkycReasonCode, detail: string): CkycUploadParse => ({ ok: false, reason: reason(code), detail });

/** Reads the upload ZIP: the record file's structure and each customer's image ZIP; a structural fault refuses the whole upload. */
export function parseCkycUpload(zip: Uint8Array): CkycUploadParse {
  const outer = readZip(zip);
  if (!outer.ok) return fileFault("F01", outer.error);
  const texts = outer.entries.filter((e) => e.name.endsWith(".txt"));
  if (texts.length !== 1) return fileFault("F01", `The ZIP holds ${texts.length} record files.`);
  const text = new TextDecoder().decode(texts[0].data);
  const rows = text
    .split(/\r?\n/)
    .filter((l) => l !== "")
    .map((l) => l.split("|"));
  const h = rows[0];
  if (!h || h[0] !== RECORD_HEADER || h.length !== HEADER_FIELDS) return fileFault("F02", "The first line is not a header record of 11 fields.");
  const createdOn = fromDdMmYyyy(h[5]);
  if (!h[1] || !h[2] || !h[3] || !/^\d+$/.test(h[4]) || !createdOn || !h[6])
    return fileFault("F02", "The header's batch, FI code, region, count, date or version is missing.");
  const header: CkycHeader = { batchNumber: h[1], fiCode: h[2], regionCode: h[3], createdOn, version: h[6] };
  const records: CkycRawRecord[] = [];
  const widths: Record<string, number> = {
    [RECORD_DETAIL]: DETAIL_FIELDS,
    [RECORD_ADDRESS]: ADDRESS_FIELDS,
    [RECORD_IDENTITY]: IDENTITY_FIELDS,
    [RECORD_IMAGE]: IMAGE_FIELDS,
  };
  for (let i = 1; i < rows.length; i++) {
    const r = rows[i];
    const type = r[0];
    if (!(type in widths)) return fileFault("F04", `Line ${i + 1}: record type "${type}" unknown.`);
    if (r.length !== widths[type]) return fileFault("F04", `Line ${i + 1}: a type ${type} record has ${r.length} fields, not ${widths[type]}.`);
    if (type === RECORD_DETAIL) {
      if (r[1] !== String(records.length + 1)) return fileFault("F04", `Line ${i + 1}: detail records are not numbered from 1 in order.`);
      const images = outer.entries.find((e) => e.name === `${r[1]}.zip`);
      let imageFiles: Map<string, Uint8Array> | null = null;
      if (images) {
        const inner = readZip(images.data);
        if (!inner.ok) return fileFault("F01", `Image ZIP ${r[1]}.zip: ${inner.error}`);
        imageFiles = new Map(inner.entries.map((e) => [e.name, e.data]));
      }
      records.push({ line: records.length + 1, detail: r, addresses: [], identities: [], images: [], imageFiles });
      continue;
    }
    const current = records[records.length - 1];
    if (!current || r[1] !== String(current.line)) return fileFault("F04", `Line ${i + 1}: a type ${type} record does not follow its detail record.`);
    if (type === RECORD_ADDRESS) current.addresses.push(r);
    else if (type === RECORD_IDENTITY) current.identities.push(r);
    else current.images.push(r);
  }
  if (Number(h[4]) !== records.length) return fileFault("F03", `The header counts ${h[4]}; the file holds ${records.length}.`);
  return { ok: true, fileName: texts[0].name, header, records };
}

const opt = (v: string) => (v === "" ? null : v);
const isJpeg = (data: Uint8Array | undefined) => !!data && data.length > 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;

/** One customer's rows read back into the record's words, or every reason CKYCR would reject it. */
export function readCkycRecord(raw: CkycRawRecord): { ok: true; record: CkycRecord } | { ok: false; reference: string | null; reasons: CkycReason[] } {
  const d = raw.detail;
  const found = new Set<CkycReasonCode>();
  const add = (code: CkycReasonCode) => found.add(code);
  const reference = REFERENCE.test(d[4]) ? d[4] : null;
  if (!reference) add("F04");
  const ckycNumber = opt(d[5]);
  if ((d[2] === "01" && ckycNumber !== null) || (d[2] === "03" && !CKYC_NUMBER.test(ckycNumber ?? "")) || !["01", "03"].includes(d[2])) add("R116");
  if (d[6] !== "01") add("R118");
  const nameOk = (v: string | null, max: number) => v === null || (NAME_CHARS.test(v) && v.length <= max);
  if (!d[9] || !nameOk(d[9], 50) || !nameOk(opt(d[10]), 50) || !nameOk(opt(d[11]), 50)) add("R101");
  if (!["01", "02"].includes(d[12]) || !d[14] || !nameOk(d[14], 50) || !nameOk(opt(d[15]), 50) || !nameOk(opt(d[16]), 50)) add("R102");
  if (!["M", "F", "T"].includes(d[17])) add("R103");
  const dob = fromDdMmYyyy(d[18]);
  if (!dob) add("R104");
  if (!PAN.test(d[21])) add("R105");
  if (d[22] !== "91" || !MOBILE.test(d[23])) add("R106");
  if (d[24] !== "" && !EMAIL.test(d[24])) add("R107");
  const declarationDate = fromDdMmYyyy(d[28]);
  const verificationDate = fromDdMmYyyy(d[30]);
  if (!declarationDate || !verificationDate || !d[29]) add("R117");
  if (Number(d[25]) !== raw.addresses.length || Number(d[26]) !== raw.identities.length || Number(d[27]) !== raw.images.length) add("R115");
  const addresses: CkycAddress[] = raw.addresses.map((a) => {
    const lines = [a[3], a[4], a[5]].filter((l) => l !== "");
    if (!a[3] || !lines.every((l) => ADDRESS_CHARS.test(l) && l.length <= ADDRESS_LINE) || !a[6] || a[6].length > CITY || a[10] !== "IN") add("R108");
    if (!Object.values(TUDF_STATE_CODES).includes(a[8])) add("R109");
    if (!PINCODE.test(a[9])) add("R110");
    return { type: a[2], lines: [a[3], opt(a[4]), opt(a[5])], city: a[6], district: a[7], stateCode: a[8], pincode: a[9], country: a[10], proofType: a[11] };
  });
  if (!addresses.length) add("R108");
  const identities: CkycIdentity[] = raw.identities.map((i) => ({ type: i[2], number: i[3], verified: i[6] === "01" }));
  if (!identities.some((i) => i.type === ID_PAN && i.number === d[21])) add("R111");
  const images: CkycImage[] = [];
  for (const img of raw.images) {
    const data = raw.imageFiles?.get(img[2]);
    if (!isJpeg(data)) add("R114");
    else images.push({ fileName: img[2], typeCode: img[3], data: data! });
  }
  if (!raw.images.some((i) => i[3] === IMAGE_TYPES.photo.code)) add("R112");
  if (!raw.images.some((i) => i[3] === IMAGE_TYPES.proofOfAddress.code)) add("R113");
  if (found.size) return { ok: false, reference, reasons: [...found].sort().map(reason) };
  return {
    ok: true,
    record: {
      reference: reference!,
      applicationType: d[2],
      ckycNumber,
      branchCode: d[3],
      constitutionType: d[6],
      accountType: d[7],
      prefix: d[8],
      firstName: d[9],
      middleName: opt(d[10]),
      lastName: opt(d[11]),
      relativeType: d[12],
      relativePrefix: d[13],
      relativeFirstName: d[14],
      relativeMiddleName: opt(d[15]),
      relativeLastName: opt(d[16]),
      gender: d[17],
      dob: dob!,
      nationality: d[19],
      residentialStatus: d[20],
      pan: d[21],
      mobileCountryCode: d[22],
      mobile: d[23],
      email: opt(d[24]),
      declarationDate: declarationDate!,
      declarationPlace: d[29],
      verificationDate: verificationDate!,
      kycModeCode: d[31],
      verifierName: d[32],
      verifierDesignation: d[33],
      verifierEmployeeCode: d[34],
      orgName: d[35],
      orgCode: d[36],
      addresses,
      identities,
      images,
    },
  };
}
