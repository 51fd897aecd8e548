// The documents the customer signs: the loan agreement and the Key Fact Statement of the lead.
// PLACEHOLDER until the quote branch's builders (server/modules/loan/loan-documents.ts: agreementPdf,
// kfsPdf) are merged: these pages say plainly that they are not the real documents.
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import type { EsignDocument } from "../../providers/esign/port.ts";

async function placeholderPdf(title: string, lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595.28, 841.89]);
  let y = 780;
  page.drawText(title, { x: 50, y, size: 18, font: bold });
  y -= 30;
  page.drawText("PLACEHOLDER - the real document is built by the loan quote module.", { x: 50, y, size: 11, font: bold, color: rgb(0.7, 0.1, 0.1) });
  y -= 24;
  for (const line of lines) {
    page.drawText(line.replace(/[^\x20-\x7E]/g, "?"), { x: 50, y, size: 11, font });
    y -= 18;
  }
  return pdf.save();
}

export async function buildSigningDocuments(input: { leadId: string; borrowerName: string; now: Date }): Promise<EsignDocument[]> {
  const common = [`Borrower: ${input.borrowerName}`, `Application: ${input.leadId}`, `Prepared: ${input.now.toISOString().slice(0, 10)}`];
  return [
    { name: "loan-agreement", title: "Loan Agreement", pdf: await placeholderPdf("Loan Agreement", common) },
    { name: "key-fact-statement", title: "Key Fact Statement", pdf: await placeholderPdf("Key Fact Statement", common) },
  ];
}
