import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { kfsLender } from "../../../core/lender.ts";
import { buildKfs } from "../../../core/kfs.ts";
import { buildLoanAgreement } from "../../../core/loan-agreement.ts";
import { agreementPdf, kfsPdf, pdfSafe } from "./loan-documents.ts";

const kfs = buildKfs({
  proposalNumber: "SOT-20261123-ABCDEFGH",
  issuedOn: "2026-11-23",
  principal: 25_000,
  tenureDays: 21,
  repaymentDate: "2026-12-14",
  lender: kfsLender,
});

describe("loan documents", () => {
  it("writes Rs. for the rupee sign the standard fonts cannot draw", () => {
    expect(pdfSafe("₹1,00,000 − ₹5 × 2")).toBe("Rs. 1,00,000 - Rs. 5 x 2");
    expect(pdfSafe("नमस्ते")).toBe("??????");
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
