// Issue 33, sandbox: an offline e-KYC ZIP in UIDAI's layout, signed with a key the sandbox trusts, so the
// whole path (share code, signature, age, last four digits) runs without UIDAI. The reader
// (file.ts) treats it exactly as it treats UIDAI's files.
import type { KeyObject } from "node:crypto";
import { SignedXml } from "xml-crypto";
import { configure, TextReader, Uint8ArrayWriter, ZipWriter } from "@zip.js/zip.js";
import { offlineEkycContactHash, type OfflineEkycAddress } from "./file.ts";

configure({ useWebWorkers: false });

export interface SandboxOfflineEkycInput {
  aadhaarLast4: string;
  shareCode: string;
  generatedAt: Date;
  name: string;
  /** YYYY-MM-DD */
  dob: string;
  gender: "M" | "F" | "T";
  mobile?: string;
  email?: string;
  address: Partial<OfflineEkycAddress>;
  /** JPEG bytes. */
  photo: Buffer;
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** YYYYMMDDHHMMSSmmm in India time, as UIDAI stamps its files. */
function stamp(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000).toISOString();
  return ist.slice(0, 23).replace(/\D/g, "");
}

/** The unsigned XML, attribute for attribute as UIDAI writes it. */
export function offlineEkycXml(input: SandboxOfflineEkycInput): string {
  const [y, m, d] = input.dob.split("-");
  const a = input.address;
  const hash = (value: string | undefined) => (value ? offlineEkycContactHash(value, input.shareCode, input.aadhaarLast4) : "");
  const poi = { dob: `${d}-${m}-${y}`, e: hash(input.email), gender: input.gender, m: hash(input.mobile), name: input.name };
  const poa = {
    careof: a.careOf ?? "",
    country: a.country ?? "India",
    dist: a.district ?? "",
    house: a.house ?? "",
    landmark: a.landmark ?? "",
    loc: a.locality ?? "",
    pc: a.pincode ?? "",
    po: a.postOffice ?? "",
    state: a.state ?? "",
    street: a.street ?? "",
    subdist: a.subDistrict ?? "",
    vtc: a.vtc ?? "",
  };
  const attrs = (o: Record<string, string>) =>
    Object.entries(o)
      .map(([k, v]) => `${k}="${escapeXml(v)}"`)
      .join(" ");
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
    `<OfflinePaperlessKyc referenceId="${input.aadhaarLast4}${stamp(input.generatedAt)}"><UidData>` +
    `<Poi ${attrs(poi)}/><Poa ${attrs(poa)}/><Pht>${input.photo.toString("base64")}</Pht></UidData></OfflinePaperlessKyc>`
  );
}

/** Signs an offline e-KYC XML as UIDAI does: an enveloped RSA-SHA256 signature over the whole document. */
export function signOfflineEkycXml(xml: string, privateKey: KeyObject): string {
  const sig = new SignedXml({
    privateKey,
    canonicalizationAlgorithm: "http://www.w3.org/TR/2001/REC-xml-c14n-20010315",
    signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
  });
  sig.addReference({
    xpath: "/*",
    isEmptyUri: true,
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", "http://www.w3.org/TR/2001/REC-xml-c14n-20010315"],
  });
  sig.computeSignature(xml, { location: { reference: "/*", action: "append" } });
  return sig.getSignedXml();
}

/** The ZIP a customer would download: the XML, encrypted with the share code (ZipCrypto, as UIDAI's). */
export async function offlineEkycZip(xml: string, shareCode: string, fileName = "offlineaadhaar.xml"): Promise<Uint8Array> {
  const writer = new ZipWriter(new Uint8ArrayWriter(), { password: shareCode, zipCrypto: true });
  await writer.add(fileName, new TextReader(xml));
  return writer.close();
}

/** A signed sandbox file in one step. */
export async function sandboxOfflineEkyc(input: SandboxOfflineEkycInput, privateKey: KeyObject): Promise<Uint8Array> {
  return offlineEkycZip(signOfflineEkycXml(offlineEkycXml(input), privateKey), input.shareCode);
}
