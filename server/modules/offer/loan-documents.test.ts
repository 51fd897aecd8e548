import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { kfsLender } from "../../../core/lender.ts";
import { buildKfs } from "../../../core/kfs.ts";
import { buildLoanAgreement } from "../../../core/loan-agreement.ts";
import { pdfText } from "../../test-support/pdf-text.ts";
import { agreementPdf, kfsPdf } from "./loan-documents.ts";

const kfsInput = {
  proposalNumber: "SOT-20261123-ABCDEFGH",
  issuedOn: "2026-11-23",
  principal: 25_000,
  tenureDays: 21,
  repaymentDate: "2026-12-14",
  lender: kfsLender,
};
const kfs = buildKfs(kfsInput);

/** Every amount (₹…) and percentage printed, sorted: the figures, whatever the words around them. */
const figures = (text: string) => [...text.matchAll(/₹[\d,]+(?:\.\d+)?|\d+(?:\.\d+)?%/g)].map((m) => m[0]).sort();

describe("loan documents", () => {
  it("prints the rupee sign from the shipped font, and ? for a character it lacks", async () => {
    const text = (await pdfText(await kfsPdf(kfs))).text.replace(/\n/g, " ");
    expect(text).toContain("₹25,000");
    expect(text).toContain("Amounts are in Indian rupees (₹).");
    expect(text).not.toContain("Rs.");
    const agreement = buildLoanAgreement({ kfs, lender: kfsLender, agreementDate: "2026-11-23", borrower: { fullName: "Asha Rao 🙂", mobile: "9876543210" } });
    expect((await pdfText(await agreementPdf(agreement, kfs))).text).toContain("Asha Rao ?");
  });

  it("makes a KFS PDF that opens and names its proposal", async () => {
    const bytes = await kfsPdf(kfs);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe("Key Fact Statement SOT-20261123-ABCDEFGH");
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
  });

  it("makes an agreement PDF with the KFS annexed, signed or not", async () => {
    const agreement = buildLoanAgreement({ kfs, lender: kfsLender, agreementDate: "2026-11-23", borrower: { fullName: "Asha Rao", mobile: "9876543210" } });
    const unsigned = await PDFDocument.load(await agreementPdf(agreement, kfs));
    const signed = await PDFDocument.load(await agreementPdf(agreement, kfs, { signedAt: "2026-11-23T10:00:00Z", reference: "ES-1", signerName: "Asha Rao" }));
    expect(unsigned.getTitle()).toBe("Loan Agreement SOT-20261123-ABCDEFGH");
    expect(signed.getPageCount()).toBeGreaterThanOrEqual(unsigned.getPageCount());
  });

  it("makes a Hindi KFS in Noto Sans Devanagari with Hindi headings and exactly the English figures", async () => {
    const english = await pdfText(await kfsPdf(buildKfs({ ...kfsInput, borrowerName: "Asha Rao" })));
    const hindi = await pdfText(await kfsPdf(buildKfs({ ...kfsInput, borrowerName: "Asha Rao" }, undefined, "hi")));
    expect(hindi.fontNames.join(" ")).toMatch(/NotoSansDevanagari-Regular/);
    expect(hindi.fontNames.join(" ")).not.toMatch(/DejaVu/);
    for (const heading of [
      "मुख्य तथ्य विवरण (KFS)",
      "भाग A: लोन के बारे में",
      "भाग B: दूसरी ज़रूरी जानकारी",
      "ब्याज दर",
      "सालाना प्रतिशत दर (APR)",
      "शिकायत निवारण अधिकारी",
    ]) {
      expect(hindi.text).toContain(heading);
    }
    // The figures by hand: ₹25,000 for 21 days at 1% a day is ₹5,250 interest; fee 10% ₹2,500 and 18% GST ₹450 are
    // kept back, so ₹22,050 is paid out and ₹30,250 repaid on 14 December; APR (30,250 / 22,050 − 1) × 365 / 21.
    for (const figure of ["₹25,000", "₹5,250", "₹2,500", "₹450", "₹2,950", "₹22,050", "₹30,250", "646.37%", "0.5%", "25%"]) {
      expect(hindi.text).toContain(figure);
    }
    expect(hindi.text).toContain("14 दिसंबर 2026 को ₹30,250 का एक ही भुगतान");
    expect(hindi.text).toContain("Asha Rao");
    expect(hindi.text).toContain("SOT-20261123-ABCDEFGH");
    expect(figures(hindi.text)).toEqual(figures(english.text));
    // Paying late (decision 28), by hand: interest ₹250 a day after 14 Dec; penal ₹125 a day, at most ₹6,250; the
    // two together at most the ₹25,000 principal, so at most ₹55,250 is ever owed. 10 days late: interest
    // 5,250 + 2,500 = ₹7,750 and penal ₹1,250, ₹34,000 in all; 40 days late: interest ₹15,250, penal ₹5,000, ₹45,250.
    for (const figure of ["₹250", "₹125", "₹6,250", "₹55,250", "₹7,750", "₹1,250", "₹34,000", "₹15,250", "₹5,000", "₹45,250"]) {
      expect(hindi.text).toContain(figure);
    }
    // 1% twice, 10%, 18%, 0.5%, 25%, 646.37% and 22 amounts: the eight of before, ₹250, ₹125, ₹6,250, ₹25,000 and
    // ₹55,250 (the caps), ₹30,250 on time, and total, principal, interest and penal at 10 and 40 days late.
    expect(figures(english.text)).toHaveLength(29);
  });

  it("makes the loan agreement in Hindi from a Hindi KFS: every clause in Hindi, the English agreement's figures", async () => {
    const borrower = { fullName: "Asha Rao", mobile: "9876543210", panMasked: "XXXXXX234F", bankAccountMasked: "XXXXXX7890", ifsc: "HDFC0001234" };
    const build = (lang: "en" | "hi") => {
      const k = buildKfs(kfsInput, undefined, lang);
      return agreementPdf(buildLoanAgreement({ kfs: k, lender: kfsLender, agreementDate: "2026-11-23", borrower }), k);
    };
    const english = await pdfText(await build("en"));
    const hindi = await pdfText(await build("hi"));
    const flat = hindi.text.replace(/\n/g, " ");
    for (const heading of [
      "लोन एग्रीमेंट (लोन समझौता)",
      "यह समझौता इनके बीच है",
      "1. लोन",
      "4. भुगतान",
      "11. क़ानून",
      "लोन लेने वाले इस समझौते पर इलेक्ट्रॉनिक रूप से (eSign) हस्ताक्षर करते हैं",
      "अनुलग्नक: मुख्य तथ्य विवरण (KFS)",
    ]) {
      expect(flat).toContain(heading);
    }
    expect(flat).toContain("₹2,500 की प्रोसेसिंग फ़ीस और ₹450 का GST काटकर, ₹22,050 सीधे लोन लेने वाले के बैंक खाते XXXXXX7890 (IFSC HDFC0001234) में भेजे जाते हैं।");
    expect(flat).toContain("Asha Rao, मोबाइल 9876543210, PAN XXXXXX234F");
    expect(figures(hindi.text)).toEqual(figures(english.text));
  });
});
