// Reads the text back out of our PDFs for tests: each page's content stream is decoded, every
// `<hex> Tj` is mapped through its font's ToUnicode CMap (the subset fonts write glyph ids, not
// characters), and the lines are returned in drawing order. A shaped (Hindi) line is a glyph run in
// a marked-content span whose /ActualText is the line as written: that text is taken instead of the
// glyphs (what pdftotext does too). Also reports each font's name.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, decodePDFRawStream } from "pdf-lib";

export function streamText(stream: unknown): string {
  if (!(stream instanceof PDFRawStream)) return "";
  return Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");
}

/** ToUnicode CMap: glyph code (hex) → text. Handles bfchar and bfrange with a start value. */
export function parseCMap(source: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(code.toUpperCase(), utf16(text));
  }
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, start] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const first = parseInt(lo, 16);
      const base = parseInt(start, 16);
      for (let code = first; code <= parseInt(hi, 16); code++) {
        map.set(code.toString(16).toUpperCase().padStart(lo.length, "0"), String.fromCharCode(base + code - first));
      }
    }
  }
  return map;
}

/** An ActualText string: UTF-16BE after its byte-order mark. */
function utf16be(hex: string): string {
  const units = (hex.replace(/^FEFF/i, "").match(/.{4}/g) ?? []).map((h) => parseInt(h, 16));
  return String.fromCharCode(...units);
}

export type PdfText = { pages: string[][]; text: string; fontNames: string[] };

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const doc = await PDFDocument.load(bytes);
  const fontNames = new Set<string>();
  const pages = doc.getPages().map((page) => {
    const resources = page.node.Resources();
    const fontDict = resources?.lookup(PDFName.of("Font"), PDFDict);
    const cmaps = new Map<string, Map<string, string>>();
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref as PDFRef, PDFDict);
      fontNames.add(String(font.get(PDFName.of("BaseFont"))));
      cmaps.set(name.asString(), parseCMap(streamText(font.lookup(PDFName.of("ToUnicode")))));
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    const source = streams.map(streamText).join("\n");
    const lines: string[] = [];
    let cmap = new Map<string, string>();
    for (const op of source.matchAll(/\/ActualText\s*<([0-9a-fA-F]*)>[\s\S]*?\bEMC\b|(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (op[1] !== undefined) lines.push(utf16be(op[1]));
      else if (op[2]) cmap = cmaps.get(op[2]) ?? new Map();
      else lines.push((op[3].match(/.{4}/g) ?? []).map((code) => cmap.get(code.toUpperCase()) ?? "\uFFFD").join(""));
    }
    return lines;
  });
  return { pages, text: pages.flat().join("\n"), fontNames: [...fontNames] };
}
