// A HarfBuzz-shaped face for Devanagari (docs/decisions/languages.md, "Issue 23: PDFs in the customer's
// language"). pdf-lib's fontkit layout
// cannot be used: its Indic shaper throws (a missing regenerator runtime) and, even patched, pdf-lib
// drops the mark positions and its ToUnicode gives the glyphs' visual order (ि before क). So HarfBuzz
// (WebAssembly) shapes each line into glyph ids and positions, and we write the glyph run ourselves
// with pdf-lib's low-level operators into pdf-lib's embedded subset font (a CID font, Identity-H).
// Each run is wrapped in a marked-content span whose /ActualText is the logical text, so copying
// or pdftotext gives back the words as written.
import type { Buffer as HbBuffer, Font as HbFont } from "harfbuzzjs";
import {
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  beginText,
  endText,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  setTextRise,
  type PDFFont,
  type PDFPage,
  PDFArray,
} from "pdf-lib";
import { drawable } from "./brand-fonts.ts";
import type { DrawAt, PdfFace } from "./pdf-face.ts";

type Hb = typeof import("harfbuzzjs");
type Glyph = { gid: number; cluster: number; xAdvance: number; xOffset: number; yOffset: number };

/** The parts of pdf-lib's subset embedder we drive (not in its public types). */
type SubsetEmbedder = {
  font: { unitsPerEm: number; getGlyph(id: number, codePoints?: number[]): FontkitGlyph; glyphForCodePoint(cp: number): FontkitGlyph };
  subset: { includeGlyph(glyph: FontkitGlyph): number };
  glyphs: FontkitGlyph[];
  glyphIdMap: Map<number, number>;
  glyphCache: { invalidate(): void };
};
type FontkitGlyph = { id: number; advanceWidth: number; codePoints: number[] };

let harfbuzz: Promise<Hb> | null = null;
/** Loaded on first use, so English-only processes never instantiate the WebAssembly. */
export function loadHarfBuzz(): Promise<Hb> {
  harfbuzz ??= import("harfbuzzjs");
  return harfbuzz;
}

/** One HarfBuzz font per font file, shared by every document. */
const hbFonts = new WeakMap<Uint8Array, HbFont>();

export async function shapedFace(pdfFont: PDFFont, fontFile: Uint8Array): Promise<PdfFace> {
  const hb = await loadHarfBuzz();
  let hbFont = hbFonts.get(fontFile);
  if (!hbFont) hbFonts.set(fontFile, (hbFont = new hb.Font(new hb.Face(new hb.Blob(fontFile)))));
  return new ShapedFace(hb, hbFont, pdfFont);
}

class ShapedFace implements PdfFace {
  private readonly embedder: SubsetEmbedder;
  private readonly upem: number;
  private readonly shapes = new Map<string, Glyph[]>();
  private readonly hb: Hb;
  private readonly hbFont: HbFont;
  private readonly pdfFont: PDFFont;

  constructor(hb: Hb, hbFont: HbFont, pdfFont: PDFFont) {
    this.hb = hb;
    this.hbFont = hbFont;
    this.pdfFont = pdfFont;
    this.embedder = (pdfFont as unknown as { embedder: SubsetEmbedder }).embedder;
    this.upem = this.embedder.font.unitsPerEm;
  }

  private shape(text: string): Glyph[] {
    let glyphs = this.shapes.get(text);
    if (glyphs) return glyphs;
    const buffer: HbBuffer = new this.hb.Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    buffer.setLanguage("hi");
    this.hb.shape(this.hbFont, buffer);
    const positions = buffer.getGlyphPositions();
    glyphs = buffer.getGlyphInfos().map((info, i) => ({
      gid: info.codepoint,
      cluster: info.cluster,
      xAdvance: positions[i].xAdvance,
      xOffset: positions[i].xOffset,
      yOffset: positions[i].yOffset,
    }));
    this.shapes.set(text, glyphs);
    return glyphs;
  }

  width(text: string, size: number): number {
    return (this.shape(text).reduce((sum, g) => sum + g.xAdvance, 0) * size) / this.upem;
  }

  drawable(text: string): string {
    return drawable(this.pdfFont, text);
  }

  /** The glyph's id in the embedded subset; its ToUnicode entry is the character it stands for, when there is one. */
  private subsetId(gid: number, text: string, cluster: number, clusterEnd: number): number {
    const known = this.embedder.glyphIdMap.get(gid);
    if (known) return known;
    const chars = [...text.slice(cluster, clusterEnd)].map((c) => c.codePointAt(0)!);
    const nominal = chars.filter((cp) => this.embedder.font.glyphForCodePoint(cp).id === gid);
    const glyph = this.embedder.font.getGlyph(gid, nominal.length ? nominal.slice(0, 1) : chars);
    const id = this.embedder.subset.includeGlyph(glyph);
    this.embedder.glyphs[id - 1] = glyph;
    this.embedder.glyphIdMap.set(gid, id);
    this.embedder.glyphCache.invalidate();
    return id;
  }

  draw(page: PDFPage, text: string, { x, y, size, color = rgb(0, 0, 0) }: DrawAt): void {
    if (!text) return;
    const glyphs = this.shape(text);
    const fontKey = page.node.newFontDictionary(this.pdfFont.name, this.pdfFont.ref);
    const context = page.doc.context;
    const toText = (units: number) => (units * size) / this.upem;
    const clusterEnds = glyphs.map((g) =>
      glyphs
        .map((o) => o.cluster)
        .filter((c) => c > g.cluster)
        .reduce((a, b) => Math.min(a, b), text.length),
    );

    const ops: PDFOperator[] = [pushGraphicsState(), setFillingColor(color)];
    const span = context.obj({ ActualText: PDFHexString.fromText(text) }) as PDFDict;
    // pdf-lib's operand type leaves out dictionaries, but it writes any PDF object (BDC's property list).
    ops.push(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of("Span"), span as unknown as PDFName]));
    ops.push(beginText(), setFontAndSize(fontKey, size), setTextMatrix(1, 0, 0, 1, x, y));
    let run = PDFArray.withContext(context);
    let rise = 0;
    const flush = () => {
      if (run.size()) ops.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [run]));
      run = PDFArray.withContext(context);
    };
    // `gap`: how far HarfBuzz's pen is ahead of the PDF's (font units); the PDF advances each glyph by its own width.
    let gap = 0;
    glyphs.forEach((g, i) => {
      if (g.yOffset !== rise) {
        flush();
        ops.push(setTextRise(toText(g.yOffset)));
        rise = g.yOffset;
      }
      const move = gap + g.xOffset;
      if (Math.abs(move) > 0.01) run.push(PDFNumber.of(round((-move * 1000) / this.upem)));
      const id = this.subsetId(g.gid, text, g.cluster, clusterEnds[i]);
      run.push(PDFHexString.of(id.toString(16).padStart(4, "0")));
      gap = g.xAdvance - g.xOffset - this.embedder.glyphs[id - 1].advanceWidth;
    });
    flush();
    if (rise) ops.push(setTextRise(0));
    ops.push(endText(), PDFOperator.of(PDFOperatorNames.EndMarkedContent), popGraphicsState());
    page.pushOperators(...ops);
  }
}

const round = (n: number) => Math.round(n * 100) / 100;
