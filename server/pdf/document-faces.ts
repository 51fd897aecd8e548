// The faces a customer's document is set in, by the customer's language.
import type { PDFDocument } from "pdf-lib";
import type { Language } from "../../core/i18n/languages.ts";
import { cachedFontkit, embedBrandFonts, fontBytes } from "./brand-fonts.ts";
import { plainFace, type PdfFace } from "./pdf-face.ts";
import { shapedFace } from "./shaped-face.ts";

export type DocumentFaces = { regular: PdfFace; bold: PdfFace };

/** The faces a document in `language` is set in: Hindi is shaped by HarfBuzz, English drawn by pdf-lib as before. */
export async function embedDocumentFaces(doc: PDFDocument, language: Language): Promise<DocumentFaces> {
  if (language === "en") {
    const { regular, bold } = await embedBrandFonts(doc);
    return { regular: plainFace(regular), bold: plainFace(bold) };
  }
  doc.registerFontkit(await cachedFontkit());
  const files = await fontBytes("hi");
  const [regular, bold] = await Promise.all([doc.embedFont(files.regular, { subset: true }), doc.embedFont(files.bold, { subset: true })]);
  return Promise.all([shapedFace(regular, files.regular), shapedFace(bold, files.bold)]).then(([r, b]) => ({ regular: r, bold: b }));
}
