// The signed copy an eSign provider returns: the documents as shown, a signature stamp on each page
// and a signature certificate page naming the signer, the method, the time, the reference and each
// document's hash. Issue 30: in the documents' language and in English, set in the shipped fonts
// (embedded subsets, Devanagari shaped), never a standard font that is not embedded.
import { createHash } from "node:crypto";
import { PDFDocument, rgb } from "pdf-lib";
import { formatDateTimeIn } from "../../../core/format.ts";
import { translate, type Language } from "../../../core/i18n/index.ts";
import { embedDocumentFaces, type DocumentFaces } from "../../pdf/document-faces.ts";
import { A4, wrap } from "../../pdf/pdf-writer.ts";

export interface SignatureDetails {
  signerName: string;
  /** Already masked, e.g. XXXXXX3210. */
  signerMobile: string;
  signedAt: Date;
  /** How the signer confirmed, in each language. */
  method: Record<Language, string>;
  /** The signing service, in each language. */
  provider: Record<Language, string>;
  reference: string;
  /** The documents' language: the stamp and the certificate say everything in it, then in English. */
  language: Language;
}

const INK = rgb(0.1, 0.1, 0.1);
const STAMP = rgb(0.1, 0.3, 0.6);
const MARGIN = 50;

/** The languages the signing facts are given in: the documents' own first, then English. */
const languagesOf = (language: Language): Language[] => (language === "en" ? ["en"] : [language, "en"]);

const hash = (pdf: Uint8Array) => createHash("sha256").update(pdf).digest("hex");

export async function buildSignedPdf(documents: { title: string; name?: string; pdf: Uint8Array }[], sig: SignatureDetails): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  out.setTitle(`Signed loan documents - ${sig.signerName}`);
  out.setProducer(sig.provider.en);
  const languages = languagesOf(sig.language);
  const faces = new Map<Language, DocumentFaces>();
  for (const lang of languages) faces.set(lang, await embedDocumentFaces(out, lang));
  const face = (lang: Language, bold = false) => (bold ? faces.get(lang)!.bold : faces.get(lang)!.regular);
  const at = (lang: Language) => translate(lang, "documents.esign.at", { at: formatDateTimeIn(sig.signedAt, lang) });
  const stamp = (lang: Language) => translate(lang, "documents.esign.stamp", { name: sig.signerName, at: at(lang), reference: sig.reference });

  // The stamp goes in the top margin (the documents' own footers are at the foot), one line per language.
  for (const doc of documents) {
    const source = await PDFDocument.load(doc.pdf);
    const pages = await out.copyPages(source, source.getPageIndices());
    for (const page of pages) {
      out.addPage(page);
      const { height } = page.getSize();
      languages.forEach((lang, i) => {
        const f = face(lang);
        f.draw(page, f.drawable(stamp(lang)), { x: 36, y: height - 16 - i * 10, size: 7, color: STAMP });
      });
    }
  }

  let page = out.addPage(A4);
  let y = A4[1] - MARGIN;
  const line = (lang: Language, text: string, options: { size?: number; bold?: boolean; gap?: number } = {}) => {
    const size = options.size ?? 10.5;
    const f = face(lang, options.bold);
    for (const part of wrap(text, f, size, A4[0] - 2 * MARGIN)) {
      if (y - size < MARGIN) {
        page = out.addPage(A4);
        y = A4[1] - MARGIN;
      }
      f.draw(page, part, { x: MARGIN, y: y - size, size, color: INK });
      y -= size + 4;
    }
    y -= options.gap ?? 4;
  };
  const facts = (lang: Language) => {
    const t = (key: Parameters<typeof translate>[1], value: string) => translate(lang, key, { value });
    line(lang, translate(lang, "documents.esign.certificateTitle"), { size: 16, bold: true, gap: 4 });
    line(lang, translate(lang, "documents.esign.signedNote"), { bold: true, gap: 8 });
    line(lang, t("documents.esign.signer", sig.signerName));
    line(lang, t("documents.esign.signedAt", at(lang)));
    line(lang, t("documents.esign.method", sig.method[lang]));
    line(lang, t("documents.esign.mobile", sig.signerMobile));
    line(lang, t("documents.esign.provider", sig.provider[lang]));
    line(lang, t("documents.esign.reference", sig.reference), { gap: 10 });
    line(lang, translate(lang, "documents.esign.documents"), { bold: true, gap: 6 });
    for (const doc of documents) {
      line(lang, documentTitle(doc, lang), { gap: 1 });
      line(lang, hash(doc.pdf), { size: 8, gap: 8 });
    }
    line(lang, translate(lang, "documents.esign.closing"), { size: 9.5, gap: 18 });
  };
  for (const lang of languages) facts(lang);
  return out.save();
}

/** A document's title in `lang` when it is one of ours (by name), else the title it came with. */
function documentTitle(doc: { title: string; name?: string }, lang: Language): string {
  if (doc.name === "loan-agreement") return translate(lang, "documents.agreement.title");
  if (doc.name === "key-fact-statement") return translate(lang, "documents.kfs.title");
  return doc.title;
}
