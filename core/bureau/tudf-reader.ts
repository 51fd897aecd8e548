// Reading a TUDF file back (tudf.ts writes it): the tests' reader, and the sandbox bureau's, which checks
// each borrower's segments as the bureau's loader does and reports what is wrong in its words.
import { assetClassOf } from "../loan-math/asset-class.ts";
import {
  ACCOUNT_NO,
  ADDRESS_CHARS,
  ADDRESS_FIELD,
  assetClassCode,
  fromDdmmyyyy,
  ID_TYPE_PAN,
  MOBILE,
  NAME_CHARS,
  NAME_FIELD,
  PAN,
  PINCODE,
  TUDF_STATE_CODES,
  type TudfHeader,
  type TudfRecord,
} from "./tudf.ts";

export interface TudfSegment {
  tag: string;
  head: string;
  fields: Record<string, string>;
}

export type TudfParse = { ok: true; header: TudfHeader; subjects: TudfSegment[][] } | { ok: false; error: string };

/** Reads a file segment by segment; any structural fault stops it with where it was. */
export function parseTudf(text: string): TudfParse {
  const body = text.replace(/\r?\n/g, "");
  if (body.length < 150 || !body.startsWith("TUDF12")) return { ok: false, error: "The file does not start with a TUDF version 12 header." };
  const h = body.slice(0, 146);
  const dateReported = fromDdmmyyyy(h.slice(54, 62));
  if (!dateReported) return { ok: false, error: "The header's date reported is not a DDMMYYYY date." };
  const header: TudfHeader = { memberId: h.slice(6, 36).trim(), memberShortName: h.slice(36, 52).trim(), cycle: h.slice(52, 54).trim(), dateReported };
  let i = 146;
  const subjects: TudfSegment[][] = [];
  let current: TudfSegment[] = [];
  const at = (n: number) => body.slice(i, i + n);
  while (i < body.length) {
    if (at(4) === "TRLR") {
      if (current.length) return { ok: false, error: `A borrower's record has no end mark before TRLR (at ${i}).` };
      if (i + 4 !== body.length) return { ok: false, error: "Text follows TRLR." };
      return { ok: true, header, subjects };
    }
    const tag = at(2);
    if (!/^[A-Z]{2}$/.test(tag)) return { ok: false, error: `Expected a segment tag at ${i}, found "${tag}".` };
    const headLength = Number(body.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(body.slice(i + 2, i + 4))) return { ok: false, error: `Segment ${tag} at ${i} has no length.` };
    const head = body.slice(i + 4, i + 4 + headLength);
    i += 4 + headLength;
    if (tag === "ES") {
      if (head !== "**") return { ok: false, error: `The end mark at ${i} is not ES02**.` };
      if (!current.length) return { ok: false, error: `An end mark at ${i} closes no record.` };
      subjects.push(current);
      current = [];
      continue;
    }
    const fields: Record<string, string> = {};
    while (i < body.length && /^\d{2}$/.test(at(2))) {
      const fieldTag = at(2);
      const lengthText = body.slice(i + 2, i + 4);
      if (!/^\d{2}$/.test(lengthText)) return { ok: false, error: `Field ${tag}/${fieldTag} at ${i} has no length.` };
      const length = Number(lengthText);
      const value = body.slice(i + 4, i + 4 + length);
      if (value.length !== length) return { ok: false, error: `Field ${tag}/${fieldTag} at ${i} runs past the end of the file.` };
      if (fieldTag in fields) return { ok: false, error: `Field ${tag}/${fieldTag} appears twice.` };
      fields[fieldTag] = value;
      i += 4 + length;
    }
    current.push({ tag, head, fields });
  }
  return { ok: false, error: "The file has no TRLR trailer." };
}

/** One borrower's segments read back into the record's words, or what is wrong with them (as the bureau reports it). */
export function readSubject(
  segments: TudfSegment[],
): { ok: true; record: TudfRecord; memberId: string } | { ok: false; loanNo: string | null; errors: string[] } {
  const seg = (tag: string) => segments.find((s) => s.tag === tag);
  const errors: string[] = [];
  const order = segments.map((s) => s.tag).join(",");
  if (!/^PN,ID,PT,(EC,)?PA,TL$/.test(order)) errors.push(`Segments out of order or missing: ${order}.`);
  const pn = seg("PN")?.fields ?? {};
  const id = seg("ID")?.fields ?? {};
  const pt = seg("PT")?.fields ?? {};
  const ec = seg("EC")?.fields ?? {};
  const pa = seg("PA")?.fields ?? {};
  const tl = seg("TL")?.fields ?? {};
  const loanNo = tl["03"] ?? null;
  const nameParts = ["01", "02", "03", "04", "05"].map((k) => pn[k]).filter((v): v is string => !!v);
  if (!nameParts.length || !nameParts.every((p) => NAME_CHARS.test(p) && p.length <= NAME_FIELD)) errors.push("PN: name missing or not allowed.");
  const dob = fromDdmmyyyy(pn["07"] ?? "");
  if (!dob) errors.push("PN 07: date of birth is not DDMMYYYY.");
  const gender = pn["08"];
  if (gender !== "1" && gender !== "2" && gender !== "3") errors.push("PN 08: gender code unknown.");
  if (id["01"] !== ID_TYPE_PAN || !PAN.test(id["02"] ?? "")) errors.push("ID: PAN missing or malformed.");
  if (!MOBILE.test(pt["01"] ?? "")) errors.push("PT 01: mobile number malformed.");
  const addressLines = ["01", "02", "03", "04", "05"].map((k) => pa[k]).filter((v): v is string => !!v);
  if (!addressLines.length || !addressLines.every((l) => ADDRESS_CHARS.test(l) && l.length <= ADDRESS_FIELD))
    errors.push("PA: address lines missing or not allowed.");
  if (!Object.values(TUDF_STATE_CODES).includes(pa["06"] ?? "")) errors.push("PA 06: state code unknown.");
  if (!PINCODE.test(pa["07"] ?? "")) errors.push("PA 07: PIN code malformed.");
  if (!ACCOUNT_NO.test(loanNo ?? "")) errors.push("TL 03: account number missing.");
  const dateOpened = fromDdmmyyyy(tl["08"] ?? "");
  const dateReported = fromDdmmyyyy(tl["11"] ?? "");
  if (!dateOpened) errors.push("TL 08: date opened is not DDMMYYYY.");
  if (!dateReported) errors.push("TL 11: date reported is not DDMMYYYY.");
  const optionalDate = (k: string) => {
    if (tl[k] === undefined) return null;
    const d = fromDdmmyyyy(tl[k]);
    if (!d) errors.push(`TL ${k}: not a DDMMYYYY date.`);
    return d;
  };
  const dateLastPayment = optionalDate("09");
  const dateClosed = optionalDate("10");
  const amount = (k: string, required: boolean) => {
    const v = tl[k];
    if (v === undefined) {
      if (required) errors.push(`TL ${k}: amount missing.`);
      return 0;
    }
    if (!/^\d{1,9}$/.test(v)) errors.push(`TL ${k}: not a whole number of rupees.`);
    return Number(v);
  };
  const sanctionedRupees = amount("12", true);
  const currentBalanceRupees = amount("13", true);
  const overdueRupees = amount("14", false);
  const dpdText = tl["15"] ?? "";
  if (!/^\d{3}$/.test(dpdText)) errors.push("TL 15: days past due is not three digits.");
  const daysPastDue = Number(dpdText);
  const classCode = tl["26"] ?? "";
  if (!["01", "02", "03", "04", "05"].includes(classCode)) errors.push("TL 26: asset classification code unknown.");
  else if (/^\d{3}$/.test(dpdText) && classCode !== assetClassCode(assetClassOf(daysPastDue), daysPastDue))
    errors.push("TL 26: asset classification does not match the days past due.");
  if (overdueRupees > 0 && daysPastDue === 0) errors.push("TL 14/15: an amount overdue with no days past due.");
  if (dateClosed && currentBalanceRupees > 0) errors.push("TL 10/13: a closed account with a balance.");
  if (errors.length) return { ok: false, loanNo, errors };
  return {
    ok: true,
    memberId: tl["01"] ?? "",
    record: {
      nameParts,
      dob: dob!,
      gender: gender as "1" | "2",
      pan: id["02"],
      mobile: pt["01"],
      email: ec["01"] ?? null,
      addressLines,
      stateCode: pa["06"],
      pincode: pa["07"],
      residenceCode: pa["09"] ?? null,
      loanNo: loanNo!,
      accountType: tl["04"] ?? "",
      dateOpened: dateOpened!,
      dateLastPayment,
      dateClosed,
      dateReported: dateReported!,
      sanctionedRupees,
      currentBalanceRupees,
      overdueRupees,
      daysPastDue,
      assetClassCode: classCode,
    },
  };
}
