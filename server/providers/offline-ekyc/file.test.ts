// The offline e-KYC reader against files in UIDAI's layout: signed by a key we trust (a certificate loaded
// from its .cer file as UIDAI's is in production, or the sandbox's key), opened by the share code, fresh,
// and for the right Aadhaar. Each refusal is a file that differs from a good one in one way.
import { createHash, createPrivateKey, generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TextReader, Uint8ArrayWriter, ZipWriter } from "@zip.js/zip.js";
import { offlineEkycMobileMatches, readOfflineEkyc, signerFromCertificate, type TrustedSigner } from "./file.ts";
import { createUidaiCertificateTrust } from "./port.ts";
import { offlineEkycXml, offlineEkycZip, sandboxOfflineEkyc, signOfflineEkycXml, type SandboxOfflineEkycInput } from "./sandbox-file.ts";

const fixtures = join(import.meta.dirname, "fixtures");
const certificateSigner = signerFromCertificate(readFileSync(join(fixtures, "test-signer.cer")));
const certificateKey = createPrivateKey(readFileSync(join(fixtures, "test-signer-key.pem")));
const sandbox = generateKeyPairSync("rsa", { modulusLength: 2048 });
const sandboxSigner: TrustedSigner = { key: sandbox.publicKey };
const stranger = generateKeyPairSync("rsa", { modulusLength: 2048 });

// 10:15:30.250 India time on 1 February 2027 is 04:45:30.250 UTC.
const generatedAt = new Date("2027-02-01T04:45:30.250Z");
const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);
const file: SandboxOfflineEkycInput = {
  aadhaarLast4: "4827",
  shareCode: "3195",
  generatedAt,
  name: "Priya Sharma",
  dob: "1994-08-17",
  gender: "F",
  mobile: "9876543210",
  address: { careOf: "D/O: Ramesh Sharma", house: "B-204", street: "Shanti Marg", vtc: "Jaipur", district: "Jaipur", state: "Rajasthan", pincode: "302017" },
  photo,
};
const hours = (h: number) => new Date(generatedAt.getTime() + h * 3_600_000);

describe("reading an offline e-KYC ZIP", () => {
  it("reads a good file signed by the certificate's key: every field, the time from the referenceId, the photo", async () => {
    const zip = await sandboxOfflineEkyc(file, certificateKey);
    const result = await readOfflineEkyc({ zip, shareCode: "3195", signers: [certificateSigner], now: hours(2), aadhaarLast4: "4827" });
    if (!result.ok) throw new Error(result.refused);
    expect(result.record).toMatchObject({
      referenceId: "482720270201101530250",
      aadhaarLast4: "4827",
      generatedAt: new Date("2027-02-01T04:45:30.250Z"),
      name: "Priya Sharma",
      dob: "1994-08-17",
      gender: "F",
      emailHash: "",
      address: {
        careOf: "D/O: Ramesh Sharma",
        house: "B-204",
        street: "Shanti Marg",
        landmark: "",
        vtc: "Jaipur",
        district: "Jaipur",
        state: "Rajasthan",
        country: "India",
        pincode: "302017",
      },
    });
    expect(result.record.photo.equals(photo)).toBe(true);
  });

  it("checks the mobile against UIDAI's hash: SHA-256 of mobile + share code, applied as often as the Aadhaar's last digit", async () => {
    const zip = await sandboxOfflineEkyc(file, sandbox.privateKey);
    const result = await readOfflineEkyc({ zip, shareCode: "3195", signers: [sandboxSigner], now: hours(1) });
    if (!result.ok) throw new Error(result.refused);
    // Last digit 7: seven rounds, written out here rather than by the code under test.
    let expected = "98765432103195";
    for (let i = 0; i < 7; i++) expected = createHash("sha256").update(expected).digest("hex");
    expect(result.record.mobileHash).toBe(expected);
    expect(offlineEkycMobileMatches(result.record, "9876543210", "3195")).toBe(true);
    expect(offlineEkycMobileMatches(result.record, "9876543211", "3195")).toBe(false);
  });

  it("accepts a file up to 72 hours old and refuses one older, or one dated ahead", async () => {
    const zip = await sandboxOfflineEkyc(file, sandbox.privateKey);
    const read = (now: Date) => readOfflineEkyc({ zip, shareCode: "3195", signers: [sandboxSigner], now });
    expect((await read(hours(72))).ok).toBe(true);
    expect(await read(hours(72.01))).toEqual({ ok: false, refused: "stale" });
    expect(await read(hours(-1))).toEqual({ ok: false, refused: "dated-ahead" });
  });

  it("refuses another Aadhaar's file: the last four digits must be the customer's", async () => {
    const zip = await sandboxOfflineEkyc(file, sandbox.privateKey);
    expect(await readOfflineEkyc({ zip, shareCode: "3195", signers: [sandboxSigner], now: hours(1), aadhaarLast4: "4828" })).toEqual({
      ok: false,
      refused: "last4-mismatch",
    });
  });

  it("refuses a wrong share code, and one that is not four digits, before anything is read", async () => {
    const zip = await sandboxOfflineEkyc(file, sandbox.privateKey);
    expect(await readOfflineEkyc({ zip, shareCode: "3196", signers: [sandboxSigner], now: hours(1) })).toEqual({ ok: false, refused: "wrong-share-code" });
    expect(await readOfflineEkyc({ zip, shareCode: "31a5", signers: [sandboxSigner], now: hours(1) })).toEqual({ ok: false, refused: "share-code-format" });
  });

  it("takes every wrong share code for what it is, also those that pass ZipCrypto's one-byte check", async () => {
    const zip = await sandboxOfflineEkyc(file, sandbox.privateKey);
    // 1 wrong code in 256 passes the check byte and decrypts to garbage; 300 codes meet a few of them.
    const codes = Array.from({ length: 300 }, (_, i) => String(3196 + i).padStart(4, "0"));
    for (const shareCode of codes) {
      expect(await readOfflineEkyc({ zip, shareCode, signers: [sandboxSigner], now: hours(1) })).toEqual({ ok: false, refused: "wrong-share-code" });
    }
  });

  it("refuses a file changed after signing, one signed by a key we do not trust, and one not signed at all", async () => {
    const signed = signOfflineEkycXml(offlineEkycXml(file), sandbox.privateKey);
    const read = async (xml: string) => readOfflineEkyc({ zip: await offlineEkycZip(xml, "3195"), shareCode: "3195", signers: [sandboxSigner], now: hours(1) });
    expect(await read(signed.replace('name="Priya Sharma"', 'name="Priya Verma"'))).toEqual({ ok: false, refused: "bad-signature" });
    expect(await read(signed.replace('dob="17-08-1994"', 'dob="17-08-1990"'))).toEqual({ ok: false, refused: "bad-signature" });
    expect(await read(signOfflineEkycXml(offlineEkycXml(file), stranger.privateKey))).toEqual({ ok: false, refused: "bad-signature" });
    expect(await read(offlineEkycXml(file))).toEqual({ ok: false, refused: "unsigned" });
  });

  it("reads only what the signature covers: a second UidData slipped in beside the signed one is refused", async () => {
    const signed = signOfflineEkycXml(offlineEkycXml(file), sandbox.privateKey);
    const wrapped = signed.replace("<UidData>", '<UidData><Poi dob="01-01-1980" gender="M" name="Someone Else" m="" e=""/></UidData><UidData>');
    const result = await readOfflineEkyc({ zip: await offlineEkycZip(wrapped, "3195"), shareCode: "3195", signers: [sandboxSigner], now: hours(1) });
    expect(result).toEqual({ ok: false, refused: "bad-signature" });
  });

  it("trusts a certificate only for files made within its validity dates", async () => {
    // The fixture certificate is valid from 28 November 2026: a file stamped before that is refused.
    const early = { ...file, generatedAt: new Date("2026-11-01T04:45:30.250Z") };
    const zip = await sandboxOfflineEkyc(early, certificateKey);
    expect(await readOfflineEkyc({ zip, shareCode: "3195", signers: [certificateSigner], now: new Date("2026-11-01T06:00:00Z") })).toEqual({
      ok: false,
      refused: "bad-signature",
    });
  });

  it("refuses what is not UIDAI's ZIP: not a ZIP, no XML, two files, XML with a document type", async () => {
    const read = async (zip: Uint8Array) => readOfflineEkyc({ zip, shareCode: "3195", signers: [sandboxSigner], now: hours(1) });
    expect(await read(new TextEncoder().encode("not a zip at all"))).toEqual({ ok: false, refused: "not-a-zip" });
    expect(await read(await offlineEkycZip("hello", "3195", "readme.txt"))).toEqual({ ok: false, refused: "no-xml" });
    const two = new ZipWriter(new Uint8ArrayWriter(), { password: "3195", zipCrypto: true });
    await two.add("a.xml", new TextReader(signOfflineEkycXml(offlineEkycXml(file), sandbox.privateKey)));
    await two.add("b.xml", new TextReader("<x/>"));
    expect(await read(await two.close())).toEqual({ ok: false, refused: "no-xml" });
    const signed = signOfflineEkycXml(offlineEkycXml(file), sandbox.privateKey);
    const withDoctype = signed.replace("<OfflinePaperlessKyc", '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><OfflinePaperlessKyc');
    expect(await read(await offlineEkycZip(withDoctype, "3195"))).toEqual({ ok: false, refused: "not-xml" });
  });

  it("production trusts the certificate files configured, and refuses to start on a file that is not one", async () => {
    const trust = createUidaiCertificateTrust([join(fixtures, "test-signer.cer")]);
    const zip = await sandboxOfflineEkyc(file, certificateKey);
    expect((await readOfflineEkyc({ zip, shareCode: "3195", signers: await trust.signers(), now: hours(1) })).ok).toBe(true);
    expect(() => createUidaiCertificateTrust([join(fixtures, "README.md")])).toThrow(
      `UIDAI_OFFLINE_EKYC_CERTIFICATES: ${join(fixtures, "README.md")} is not a readable X.509 certificate.`,
    );
    const none = createUidaiCertificateTrust([]);
    expect(await readOfflineEkyc({ zip, shareCode: "3195", signers: await none.signers(), now: hours(1) })).toEqual({ ok: false, refused: "bad-signature" });
  });
});
