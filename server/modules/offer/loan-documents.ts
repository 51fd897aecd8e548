// PDFs of the Key Fact Statement and the loan agreement (pdf-lib), set in the shipped DejaVu Sans
// (server/pdf/brand-fonts.ts) so amounts print with ₹; a character the font lacks becomes "?"
// rather than failing the download (docs/decisions/servicing.md, "Loan documents").
import { PDFDocument, rgb, type PDFPage } from "pdf-lib";
import type { Kfs } from "../../../core/kfs.ts";
import type { LoanAgreement } from "../../../core/loan-agreement.ts";
import { translate, translator, type Language } from "../../../core/i18n/index.ts";
import { embedDocumentFaces } from "../../pdf/document-faces.ts";
import type { PdfFace } from "../../pdf/pdf-face.ts";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;

class Writer {
  page!: PDFPage;
  y = 0;
  private doc: PDFDocument;
  private font: PdfFace;
  private bold: PdfFace;
  private footer: string;
  constructor(doc: PDFDocument, font: PdfFace, bold: PdfFace, footer: string) {
    this.doc = doc;
    this.font = font;
    this.bold = bold;
    this.footer = footer;
    this.newPage();
  }
  private newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
    this.font.draw(this.page, this.font.drawable(this.footer), { x: MARGIN, y: 24, size: 8, color: rgb(0.4, 0.4, 0.4) });
  }
  private ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }
  /** Wraps and draws a paragraph inside [x, x + width]. */
  text(value: string, { size = 10, bold = false, x = MARGIN, width = A4[0] - 2 * MARGIN, gap = 4 } = {}) {
    const font = bold ? this.bold : this.font;
    const lines = wrap(font.drawable(value), font, size, width);
    for (const line of lines) {
      this.ensure(size + 3);
      font.draw(this.page, line, { x, y: this.y - size, size });
      this.y -= size + 3;
    }
    this.y -= gap;
  }
  /** A label on the left and its value wrapped on the right. */
  row(label: string, value: string) {
    const labelWidth = 190;
    const size = 9.5;
    const valueLines = wrap(this.font.drawable(value), this.font, size, A4[0] - 2 * MARGIN - labelWidth - 8);
    const labelLines = wrap(this.bold.drawable(label), this.bold, size, labelWidth);
    const height = Math.max(valueLines.length, labelLines.length) * (size + 3) + 6;
    this.ensure(height);
    const top = this.y;
    labelLines.forEach((l, i) => this.bold.draw(this.page, l, { x: MARGIN, y: top - size - i * (size + 3), size }));
    valueLines.forEach((l, i) => this.font.draw(this.page, l, { x: MARGIN + labelWidth + 8, y: top - size - i * (size + 3), size }));
    this.y = top - height;
    this.page.drawLine({ start: { x: MARGIN, y: this.y + 3 }, end: { x: A4[0] - MARGIN, y: this.y + 3 }, thickness: 0.4, color: rgb(0.8, 0.8, 0.8) });
  }
}

function wrap(text: string, font: PdfFace, size: number, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.width(candidate, size) <= width) line = candidate;
      else {
        if (line) out.push(line);
        line = word;
      }
    }
    out.push(line);
  }
  return out;
}

async function newDocument(title: string, subject: string, language: Language) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setSubject(subject);
  doc.setProducer("SalaryOnTime");
  doc.setCreator("SalaryOnTime");
  const { regular: font, bold } = await embedDocumentFaces(doc, language);
  return { doc, font, bold };
}

function kfsBody(w: Writer, kfs: Kfs) {
  w.text(kfs.title, { size: 16, bold: true, gap: 2 });
  w.text(translate(kfs.language, "documents.kfs.proposalLine", { number: kfs.proposalNumber }), { size: 10, bold: true, gap: 10 });
  for (const section of kfs.sections) {
    w.text(section.title, { size: 12, bold: true, gap: 6 });
    for (const item of section.items) w.row(item.label, item.value);
    w.y -= 8;
  }
}

/** The KFS as a PDF (A4), in the language its words were built in (the borrower's). */
export async function kfsPdf(kfs: Kfs): Promise<Uint8Array> {
  const lang = kfs.language;
  const { doc, font, bold } = await newDocument(`${kfs.title} ${kfs.proposalNumber}`, "Key Fact Statement", lang);
  const w = new Writer(doc, font, bold, translate(lang, "documents.kfs.footer", { title: kfs.title, number: kfs.proposalNumber }));
  kfsBody(w, kfs);
  w.text(translate(lang, "documents.kfs.rupeesNote"), { size: 8 });
  return doc.save();
}

export type AgreementSignature = {
  /** ISO time of signing. */
  signedAt: string;
  /** The eSign provider's reference for the signature. */
  reference: string;
  signerName: string;
};

/** The loan agreement with the KFS as its annexure, in their language; with `signature`, a signature block is printed. */
export async function agreementPdf(agreement: LoanAgreement, kfs: Kfs, signature?: AgreementSignature): Promise<Uint8Array> {
  const lang = agreement.language;
  const t = translator(lang);
  const { doc, font, bold } = await newDocument(`${agreement.title} ${agreement.proposalNumber}`, "Loan agreement", lang);
  const w = new Writer(doc, font, bold, t("documents.kfs.footer", { title: agreement.title, number: agreement.proposalNumber }));
  w.text(agreement.title, { size: 16, bold: true, gap: 2 });
  w.text(t("documents.agreement.proposalLine", { number: agreement.proposalNumber, date: agreement.date }), { size: 10, gap: 10 });
  w.text(t("documents.agreement.between"), { bold: true, gap: 2 });
  for (const party of agreement.parties) w.text(party);
  w.y -= 4;
  for (const clause of agreement.clauses) {
    w.text(clause.heading, { bold: true, gap: 2 });
    w.text(clause.text, { gap: 8 });
  }
  if (signature) {
    w.text(t("documents.agreement.signed"), { bold: true, gap: 2 });
    w.text(t("documents.agreement.signedBy", { name: signature.signerName, at: signature.signedAt, reference: signature.reference }), { gap: 12 });
  } else {
    w.text(t("documents.agreement.signatureBlock"), { gap: 12 });
  }
  w.text(t("documents.agreement.annexure"), { size: 12, bold: true, gap: 8 });
  kfsBody(w, kfs);
  return doc.save();
}
