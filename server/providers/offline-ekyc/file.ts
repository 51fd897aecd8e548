// Issue 33: UIDAI's Aadhaar paperless offline e-KYC file, read and checked. The customer downloads a ZIP
// from UIDAI, encrypted with a four-digit share code they choose; inside is one XML file,
// <OfflinePaperlessKyc referenceId="{last 4 of Aadhaar}{YYYYMMDDHHMMSSmmm}"> with <UidData> (Poi: name, dob,
// gender and the hashes of mobile and e-mail; Poa: the address; Pht: the photo) and an enveloped XML
// signature by UIDAI. We trust only the keys we hold (UIDAI's published certificates in production, the
// sandbox's own key in the sandbox), never a key the file carries, and read the fields from what the
// signature covers, so nothing outside it can be slipped in. What is checked and why: docs/decisions/kyc.md.
import { createHash, X509Certificate, type KeyObject } from "node:crypto";
import { DOMParser } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";
import { configure, Uint8ArrayReader, Uint8ArrayWriter, ZipReader, type Entry } from "@zip.js/zip.js";

configure({ useWebWorkers: false });

const DSIG_NS = "http://www.w3.org/2000/09/xmldsig#";
/** A file older than this is refused (UIDAI advises against accepting older ones; the issue says 3 days). */
export const OFFLINE_EKYC_MAX_AGE_HOURS = 72;
/** UIDAI's ZIP holds one small XML with a photo: anything bigger is not theirs. */
export const OFFLINE_EKYC_MAX_ZIP_BYTES = 2 * 1024 * 1024;
const MAX_XML_BYTES = 4 * 1024 * 1024;

export type OfflineEkycRefusal =
  | "share-code-format"
  | "not-a-zip"
  | "wrong-share-code"
  | "no-xml"
  | "not-xml"
  | "unsigned"
  | "bad-signature"
  | "stale"
  | "dated-ahead"
  | "last4-mismatch"
  | "incomplete";

export interface OfflineEkycAddress {
  careOf: string;
  house: string;
  street: string;
  landmark: string;
  locality: string;
  vtc: string;
  postOffice: string;
  subDistrict: string;
  district: string;
  state: string;
  country: string;
  pincode: string;
}

export interface OfflineEkycRecord {
  referenceId: string;
  aadhaarLast4: string;
  /** When UIDAI made the file (its referenceId's time, India time). */
  generatedAt: Date;
  name: string;
  /** YYYY-MM-DD */
  dob: string;
  gender: "M" | "F" | "T";
  /** SHA-256 chains of mobile + share code and e-mail + share code, as UIDAI writes them (empty when none). */
  mobileHash: string;
  emailHash: string;
  address: OfflineEkycAddress;
  /** The photo, JPEG bytes. */
  photo: Buffer;
}

export type OfflineEkycResult = { ok: true; record: OfflineEkycRecord } | { ok: false; refused: OfflineEkycRefusal };

/** A key we trust to have signed an offline e-KYC file, with the dates it may have signed on. */
export interface TrustedSigner {
  key: KeyObject;
  validFrom?: Date;
  validTo?: Date;
}

/** UIDAI's published signing certificate (the .cer file, DER or PEM), as a trusted signer for its validity dates. */
export function signerFromCertificate(certificate: Buffer | string): TrustedSigner {
  const cert = new X509Certificate(certificate);
  return { key: cert.publicKey, validFrom: new Date(cert.validFrom), validTo: new Date(cert.validTo) };
}

const refuse = (refused: OfflineEkycRefusal): OfflineEkycResult => ({ ok: false, refused });

/** The referenceId's time, written in India time (UTC+05:30, no daylight saving). */
function referenceTime(stamp: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{3})$/.exec(stamp);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ms] = m.map(Number) as number[];
  const at = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!, ms!) - 330 * 60_000);
  return Number.isNaN(at.getTime()) || new Date(at.getTime() + 330 * 60_000).getUTCDate() !== d ? null : at;
}

/** The one XML file in the ZIP, decrypted with the share code. */
async function xmlFromZip(zip: Uint8Array, shareCode: string): Promise<string | OfflineEkycRefusal> {
  let entries: Entry[];
  const reader = new ZipReader(new Uint8ArrayReader(zip));
  try {
    entries = await reader.getEntries();
  } catch {
    return "not-a-zip";
  }
  const files = entries.filter((e) => !e.directory);
  const xml = files.length === 1 && /\.xml$/i.test(files[0]!.filename) ? files[0]! : null;
  if (!xml || xml.uncompressedSize > MAX_XML_BYTES || !("getData" in xml)) return "no-xml";
  let bytes: Uint8Array;
  try {
    // ZipCrypto checks a password against one byte: a wrong share code passes 1 time in 256 and decrypts
    // to garbage. The CRC-32 then fails, so any failure to read an encrypted entry is the share code's.
    bytes = await xml.getData(new Uint8ArrayWriter(), { password: shareCode, checkPasswordOnly: false, checkCrc32: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    return xml.encrypted || /password|authentication/i.test(message) ? "wrong-share-code" : "not-xml";
  } finally {
    await reader.close().catch(() => undefined);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return "not-xml";
  }
}

/** The signed content, canonicalised, when one of our signers' keys verifies the file's one signature. */
function signedContent(xml: string, signers: TrustedSigner[], generatedAt: Date): string | OfflineEkycRefusal {
  const errors: string[] = [];
  const doc = new DOMParser({ errorHandler: (level: string, message: unknown) => void (level !== "warning" && errors.push(String(message))) }).parseFromString(
    xml,
    "text/xml",
  );
  const root = doc?.documentElement;
  if (errors.length || !root || root.localName !== "OfflinePaperlessKyc" || doc.doctype) return "not-xml";
  const signatures = Array.from(doc.getElementsByTagNameNS(DSIG_NS, "Signature"));
  if (signatures.length !== 1 || signatures[0]!.parentNode !== root) return "unsigned";
  for (const signer of signers) {
    if ((signer.validFrom && generatedAt < signer.validFrom) || (signer.validTo && generatedAt > signer.validTo)) continue;
    const check = new SignedXml({ publicCert: signer.key, getCertFromKeyInfo: () => null });
    try {
      check.loadSignature(signatures[0]!);
      if (check.checkSignature(xml)) {
        const [content] = check.getSignedReferences();
        if (content) return content;
      }
    } catch {
      // A malformed signature or a key that does not fit: the next signer, then refused.
    }
  }
  return "bad-signature";
}

const attr = (el: Element | undefined, name: string) => el?.getAttribute(name)?.trim() ?? "";

/**
 * Reads and checks an offline e-KYC ZIP: the share code opens it, one of `signers` signed it, it is no
 * older than 72 hours at `now`, and its Aadhaar ends in `aadhaarLast4` when given.
 */
export async function readOfflineEkyc(input: {
  zip: Uint8Array;
  shareCode: string;
  signers: TrustedSigner[];
  now: Date;
  aadhaarLast4?: string;
}): Promise<OfflineEkycResult> {
  if (!/^\d{4}$/.test(input.shareCode)) return refuse("share-code-format");
  if (input.zip.byteLength > OFFLINE_EKYC_MAX_ZIP_BYTES) return refuse("not-a-zip");
  const xml = await xmlFromZip(input.zip, input.shareCode);
  if (xml === "not-a-zip" || xml === "wrong-share-code" || xml === "no-xml" || xml === "not-xml") return refuse(xml);

  // The reference's time picks which certificate may have signed; it is read again from the signed content.
  const claimed = /referenceId="(\d{4})(\d{17})"/.exec(xml);
  const claimedAt = claimed ? referenceTime(claimed[2]!) : null;
  if (!claimedAt) return refuse("incomplete");
  const content = signedContent(xml, input.signers, claimedAt);
  if (content === "not-xml" || content === "unsigned" || content === "bad-signature") return refuse(content);

  const signed = new DOMParser().parseFromString(content, "text/xml").documentElement!;
  const referenceId = attr(signed, "referenceId");
  const generatedAt = /^\d{21}$/.test(referenceId) ? referenceTime(referenceId.slice(4)) : null;
  const uid = signed.getElementsByTagName("UidData")[0];
  const poi = uid?.getElementsByTagName("Poi")[0];
  const poa = uid?.getElementsByTagName("Poa")[0];
  const photo = uid?.getElementsByTagName("Pht")[0]?.textContent?.replace(/\s+/g, "") ?? "";
  const dob = /^(\d{2})-(\d{2})-(\d{4})$/.exec(attr(poi, "dob"));
  const gender = attr(poi, "gender");
  if (!generatedAt || !poi || !attr(poi, "name") || !dob || !["M", "F", "T"].includes(gender) || !photo) return refuse("incomplete");

  const ageMs = input.now.getTime() - generatedAt.getTime();
  if (ageMs < -5 * 60_000) return refuse("dated-ahead");
  if (ageMs > OFFLINE_EKYC_MAX_AGE_HOURS * 3_600_000) return refuse("stale");
  const aadhaarLast4 = referenceId.slice(0, 4);
  if (input.aadhaarLast4 !== undefined && input.aadhaarLast4 !== aadhaarLast4) return refuse("last4-mismatch");

  return {
    ok: true,
    record: {
      referenceId,
      aadhaarLast4,
      generatedAt,
      name: attr(poi, "name"),
      dob: `${dob[3]}-${dob[2]}-${dob[1]}`,
      gender: gender as "M" | "F" | "T",
      mobileHash: attr(poi, "m"),
      emailHash: attr(poi, "e"),
      address: {
        careOf: attr(poa, "careof"),
        house: attr(poa, "house"),
        street: attr(poa, "street"),
        landmark: attr(poa, "landmark"),
        locality: attr(poa, "loc"),
        vtc: attr(poa, "vtc"),
        postOffice: attr(poa, "po"),
        subDistrict: attr(poa, "subdist"),
        district: attr(poa, "dist"),
        state: attr(poa, "state"),
        country: attr(poa, "country"),
        pincode: attr(poa, "pc"),
      },
      photo: Buffer.from(photo, "base64"),
    },
  };
}

/**
 * UIDAI's hash of a mobile number or e-mail: SHA-256 (hex) of value + share code, applied as many times
 * as the Aadhaar's last digit says (once for 0 and 1).
 */
export function offlineEkycContactHash(value: string, shareCode: string, aadhaarLast4: string): string {
  const times = Math.max(1, Number(aadhaarLast4.at(-1)));
  let hash = value + shareCode;
  for (let i = 0; i < times; i++) hash = createHash("sha256").update(hash).digest("hex");
  return hash;
}

/** Whether the customer's mobile is the one the file's hash was made from. */
export function offlineEkycMobileMatches(record: Pick<OfflineEkycRecord, "mobileHash" | "aadhaarLast4">, mobile: string, shareCode: string): boolean {
  return record.mobileHash !== "" && record.mobileHash.toLowerCase() === offlineEkycContactHash(mobile, shareCode, record.aadhaarLast4);
}
