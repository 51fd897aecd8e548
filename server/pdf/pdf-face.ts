// A face the PDF writers set text in: it measures a line and draws it. The English PDFs use
// pdf-lib's own text drawing (plainFace); the Hindi ones a HarfBuzz-shaped face (shaped-face.ts),
// because Devanagari needs conjuncts, reordered matras and positioned marks.
import type { Color, PDFFont, PDFPage } from "pdf-lib";
import { drawable } from "./brand-fonts.ts";

export type DrawAt = { x: number; y: number; size: number; color?: Color };

export interface PdfFace {
  /** Width of `text` at `size` points, as it will be drawn. */
  width(text: string, size: number): number;
  /** Draws one line whose baseline starts at (x, y). */
  draw(page: PDFPage, text: string, at: DrawAt): void;
  /** The text with any character the face cannot draw replaced by "?" (never a failed download). */
  drawable(text: string): string;
}

/** pdf-lib's own text drawing: one glyph per character, no shaping (enough for Latin). */
export function plainFace(font: PDFFont): PdfFace {
  return {
    width: (text, size) => font.widthOfTextAtSize(text, size),
    draw: (page, text, { x, y, size, color }) => page.drawText(text, color ? { x, y, size, font, color } : { x, y, size, font }),
    drawable: (text) => drawable(font, text),
  };
}
