// Issue 30: the signed copy says it is signed, in the agreement's language, with the signing facts
// (time, method, the provider's reference, each document's hash) in that language and in English,
// and every font in it is embedded.
import { createHash } from "node:crypto";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { buildKfs } from "../../../core/kfs.ts";
import { kfsLender } from "../../../core/lender.ts";
import { buildLoanAgreement } from "../../../core/loan-agreement.ts";
import { agreementPdf, kfsPdf } from "../../modules/offer/loan-documents.ts";
import { pdfText } from "../../test-support/pdf-text.ts";
import { buildSignedPdf } from "./signed-pdf.ts";

const kfsInput = {
  proposalNumber: "SOT-20261123-ABCDEFGH",
  issuedOn: "2026-11-23",
  principal: 25_000,
  tenureDays: 21,
  repaymentDate: "2026-12-14",
  lender: kfsLender,
};
const borrower = { fullName: "Asha Rao", mobile: "9876543210", panMasked: "XXXXXX234F", bankAccountMasked: "XXXXXX7890", ifsc: "HDFC0001234" };

async function documentsIn(lang: "en" | "hi") {
  const kfs = buildKfs(kfsInput, undefined, lang);
  const agreement = buildLoanAgreement({ kfs, lender: kfsLender, agreementDate: "2026-11-23", borrower });
  return [
    { name: "loan-agreement", title: "Loan Agreement", pdf: await agreementPdf(agreement, kfs) },
    { name: "key-fact-statement", title: "Key Fact Statement", pdf: await kfsPdf(kfs) },
  ];
}

const details = (language: "en" | "hi") => ({
  signerName: "Asha Rao",
  signerMobile: "XXXXXX3210",
  // 3:05 pm in India.
  signedAt: new Date("2026-11-28T09:35:00Z"),
  method: { en: "one-time code by SMS", hi: "SMS से एक-बार का कोड" },
  provider: { en: "Test eSign", hi: "टेस्ट eSign" },
  reference: "REF12345ABCDE678",
  language,
});

/** Every font the file uses, with whether its program is in the file (a standard font like Helvetica is not). */
function fonts(doc: PDFDocument): { name: string; embedded: boolean }[] {
  const out: { name: string; embedded: boolean }[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of("Type")) !== PDFName.of("Font")) continue;
    const subtype = object.get(PDFName.of("Subtype"));
    if (subtype === PDFName.of("CIDFontType0") || subtype === PDFName.of("CIDFontType2")) continue; // checked through its Type0 parent
    let descriptorOwner = object;
    if (subtype === PDFName.of("Type0")) {
      const descendants = object.lookup(PDFName.of("DescendantFonts"), PDFArray);
      descriptorOwner = doc.context.lookup(descendants.get(0) as PDFRef, PDFDict);
    }
    const descriptor = descriptorOwner.lookupMaybe(PDFName.of("FontDescriptor"), PDFDict);
    const embedded = !!descriptor && ["FontFile", "FontFile2", "FontFile3"].some((k) => descriptor.has(PDFName.of(k)));
    out.push({ name: String(object.get(PDFName.of("BaseFont"))), embedded });
  }
  return out;
}

const flat = (lines: string[]) => lines.join(" ").replace(/\s+/g, " ");

describe("the signed copy", () => {
  it("says on page 1 of a Hindi agreement that it is signed, in Hindi and English, and never 'not yet signed'", async () => {
    const documents = await documentsIn("hi");
    const signed = await buildSignedPdf(documents, details("hi"));
    const { pages } = await pdfText(signed);
    const first = flat(pages[0]);
    expect(first).toContain("Asha Rao ने 28 नवंबर 2026, दोपहर 3:05 बजे (भारतीय समय) को इलेक्ट्रॉनिक रूप से हस्ताक्षर किए। eSign संदर्भ REF12345ABCDE678।");
    expect(first).toContain("Signed electronically by Asha Rao on 28 Nov 2026, 3:05 pm IST. eSign reference REF12345ABCDE678.");
    const all = flat(pages.flat());
    // The agreement's own signature clause, where its text ends (page 1 or 2 as the late-payment clause grows).
    expect(all).toContain("लोन लेने वाले इस समझौते पर इलेक्ट्रॉनिक रूप से (eSign) हस्ताक्षर करते हैं");
    for (const unsigned of ["अभी हस्ताक्षर नहीं", "Not yet signed", "not yet signed"]) expect(all).not.toContain(unsigned);
    // Every page of the documents carries the stamp.
    for (const page of pages.slice(0, -1)) expect(flat(page)).toContain("Signed electronically by Asha Rao");
  });

  it("gives the signing facts on the certificate page in the agreement's language and in English, with each document's hash", async () => {
    const documents = await documentsIn("hi");
    const signed = await buildSignedPdf(documents, details("hi"));
    const { pages } = await pdfText(signed);
    const certificate = flat(pages.at(-1)!);
    for (const fact of [
      "इलेक्ट्रॉनिक हस्ताक्षर प्रमाणपत्र",
      "इस दस्तावेज़ पर हस्ताक्षर हो चुके हैं।",
      "हस्ताक्षर करने वाले: Asha Rao",
      "हस्ताक्षर का समय: 28 नवंबर 2026, दोपहर 3:05 बजे (भारतीय समय)",
      "तरीका: SMS से एक-बार का कोड",
      "रजिस्टर्ड मोबाइल: XXXXXX3210",
      "हस्ताक्षर सेवा: टेस्ट eSign",
      "eSign संदर्भ: REF12345ABCDE678",
      "लोन एग्रीमेंट (लोन समझौता)",
      "मुख्य तथ्य विवरण (KFS)",
      "Electronic signature certificate",
      "This document is signed.",
      "Signer: Asha Rao",
      "Signed at: 28 Nov 2026, 3:05 pm IST",
      "Method: one-time code by SMS",
      "Registered mobile: XXXXXX3210",
      "Signing service: Test eSign",
      "eSign reference: REF12345ABCDE678",
      "Loan Agreement",
      "Key Fact Statement",
    ])
      expect(certificate).toContain(fact);
    // The hash of each document as shown, once per language.
    for (const doc of documents) {
      const sha = createHash("sha256").update(doc.pdf).digest("hex");
      expect(certificate.split(sha)).toHaveLength(3);
    }
  });

  it("embeds every font it uses (no Helvetica), in Hindi and in English", async () => {
    for (const lang of ["hi", "en"] as const) {
      const doc = await PDFDocument.load(await buildSignedPdf(await documentsIn(lang), details(lang)));
      const used = fonts(doc);
      expect(used.length).toBeGreaterThan(0);
      expect(used.filter((f) => !f.embedded)).toEqual([]);
      expect(used.map((f) => f.name).join(" ")).not.toMatch(/Helvetica/);
    }
  });

  it("gives an English agreement its facts in English only, and says it is signed", async () => {
    const { pages } = await pdfText(await buildSignedPdf(await documentsIn("en"), details("en")));
    expect(flat(pages[0])).toContain("Signed electronically by Asha Rao on 28 Nov 2026, 3:05 pm IST.");
    expect(flat(pages.flat())).toContain("The Borrower signs this agreement electronically (eSign)");
    expect(flat(pages.flat())).not.toContain("Not yet signed");
    const certificate = flat(pages.at(-1)!);
    expect(certificate).toContain("Signed at: 28 Nov 2026, 3:05 pm IST");
    expect(certificate).not.toMatch(/[\u0900-\u097F]/);
  });
});
