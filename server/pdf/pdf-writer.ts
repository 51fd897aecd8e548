// A small A4 layout helper for the customer's PDFs (statement, sanction letter, No Dues
// Certificate): wrapped paragraphs, label/value rows and tables, page breaks, and a footer
// with "Page n of m" on every page. Set in the shipped brand font, so ₹ prints as ₹; a Hindi
// document is set in Noto Sans Devanagari, shaped by HarfBuzz (document-faces.ts).
import { PDFDocument, rgb, type PDFPage } from "pdf-lib";
import type { Language } from "../../core/i18n/languages.ts";
import { site } from "../../core/site-config.ts";
import { embedDocumentFaces, type DocumentFaces } from "./document-faces.ts";
import type { PdfFace } from "./pdf-face.ts";

export const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.8, 0.8, 0.8);

export type Column = { title: string; width: number; align?: "left" | "right" };

export class PdfWriter {
  readonly doc: PDFDocument;
  readonly fonts: DocumentFaces;
  page!: PDFPage;
  y = 0;
  private footer: string;
  private pageLabel: (page: number, of: number) => string;

  private constructor(doc: PDFDocument, fonts: DocumentFaces, footer: string, pageLabel: (page: number, of: number) => string) {
    this.doc = doc;
    this.fonts = fonts;
    this.footer = footer;
    this.pageLabel = pageLabel;
    this.newPage();
  }

  /**
   * A new document with its metadata; `footer` is printed at the foot of every page, followed by
   * `pageLabel` ("Page n of m" unless given). `language` chooses the faces (English by default).
   */
  static async create(input: {
    title: string;
    subject: string;
    footer: string;
    language?: Language;
    pageLabel?: (page: number, of: number) => string;
  }): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.setTitle(input.title);
    doc.setSubject(input.subject);
    doc.setAuthor(site.company.legalName);
    doc.setProducer(site.brand);
    doc.setCreator(site.brand);
    const pageLabel = input.pageLabel ?? ((page: number, of: number) => `Page ${page} of ${of}`);
    return new PdfWriter(doc, await embedDocumentFaces(doc, input.language ?? "en"), input.footer, pageLabel);
  }

  get width() {
    return A4[0] - 2 * MARGIN;
  }

  private newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN + 16) this.newPage();
  }

  private draw(text: string, x: number, y: number, size: number, font: PdfFace, color = INK) {
    font.draw(this.page, text, { x, y, size, color });
  }

  /** A wrapped paragraph. */
  text(value: string, { size = 10, bold = false, gap = 4, color = INK }: { size?: number; bold?: boolean; gap?: number; color?: typeof INK } = {}) {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    for (const line of wrap(value, font, size, this.width)) {
      this.ensure(size + 4);
      this.draw(line, MARGIN, this.y - size, size, font, color);
      this.y -= size + 4;
    }
    this.y -= gap;
  }

  /** A label on the left and its value wrapped on the right, with a rule below. */
  row(label: string, value: string, { labelWidth = 190, size = 9.5 } = {}) {
    const valueLines = wrap(value, this.fonts.regular, size, this.width - labelWidth - 8);
    const labelLines = wrap(label, this.fonts.bold, size, labelWidth);
    const height = Math.max(valueLines.length, labelLines.length) * (size + 3) + 6;
    this.ensure(height);
    const top = this.y;
    labelLines.forEach((l, i) => this.draw(l, MARGIN, top - size - i * (size + 3), size, this.fonts.bold));
    valueLines.forEach((l, i) => this.draw(l, MARGIN + labelWidth + 8, top - size - i * (size + 3), size, this.fonts.regular));
    this.y = top - height;
    this.rule(this.y + 3);
  }

  private rule(y: number) {
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.4, color: RULE });
  }

  /** A table whose header repeats on each new page; cells wrap inside their column. */
  table(columns: Column[], rows: { cells: string[]; bold?: boolean }[], { size = 8.5 } = {}) {
    const total = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    const drawRow = (cells: string[], font: PdfFace) => {
      const lines = cells.map((cell, i) => wrap(cell, font, size, widths[i] - 6));
      const height = Math.max(...lines.map((l) => l.length)) * (size + 3) + 5;
      return { lines, height };
    };
    const paint = (cells: string[], font: PdfFace) => {
      const { lines, height } = drawRow(cells, font);
      let x = MARGIN;
      lines.forEach((cellLines, i) => {
        cellLines.forEach((line, j) => {
          if (!line) return;
          const w = font.width(line, size);
          const at = columns[i].align === "right" ? x + widths[i] - 3 - w : x + 3;
          this.draw(line, at, this.y - size - j * (size + 3), size, font);
        });
        x += widths[i];
      });
      this.y -= height;
      this.rule(this.y + 2);
    };
    const header = () =>
      paint(
        columns.map((c) => c.title),
        this.fonts.bold,
      );
    this.ensure(40);
    header();
    for (const row of rows) {
      const font = row.bold ? this.fonts.bold : this.fonts.regular;
      const { height } = drawRow(row.cells, font);
      if (this.y - height < MARGIN + 16) {
        this.newPage();
        header();
      }
      paint(row.cells, font);
    }
    this.y -= 8;
  }

  space(points: number) {
    this.y -= points;
  }

  /** Footers on every page, then the bytes. */
  async save(): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      const text = this.fonts.regular.drawable(`${this.footer} · ${this.pageLabel(i + 1, pages.length)}`);
      this.fonts.regular.draw(page, text, { x: MARGIN, y: 24, size: 8, color: MUTED });
    });
    return this.doc.save();
  }
}

/** Splits text into lines that fit `width`; "\n" starts a new line. */
export function wrap(text: string, font: PdfFace, size: number, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of font.drawable(paragraph).split(" ").filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.width(candidate, size) <= width || !line) line = candidate;
      else {
        out.push(line);
        line = word;
      }
    }
    out.push(line);
  }
  return out;
}
