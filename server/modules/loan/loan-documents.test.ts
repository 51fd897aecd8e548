import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { kfsLender } from "../../../core/lender.ts";
import { buildKfs } from "../../../core/kfs.ts";
import { buildLoanAgreement } from "../../../core/loan-agreement.ts";
import { pdfText } from "../../test-support/pdf-text.ts";
import { agreementPdf, kfsPdf } from "./loan-documents.ts";

const kfs = buildKfs({
  proposalNumber: "SOT-20261123-ABCDEFGH",
  issuedOn: "2026-11-23",
  principal: 25_000,
  tenureDays: 21,
  repaymentDate: "2026-12-14",
  lender: kfsLender,
});

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
});
