// The fonts our PDFs are set in: DejaVu Sans, shipped in server/assets/fonts (licence beside it),
// embedded as a subset so each PDF carries only the glyphs it uses. Unlike the 14 standard PDF
// fonts (WinAnsi only), it has the rupee sign (U+20B9), so amounts print as ₹, not "Rs.".
import { readFile } from "node:fs/promises";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";

const FONT_DIR = new URL("../assets/fonts/", import.meta.url);

export type BrandFonts = { regular: PDFFont; bold: PDFFont };

let bytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null;

/** The font files, read once per process. */
function fontBytes() {
  bytes ??= Promise.all([readFile(new URL("DejaVuSans.ttf", FONT_DIR)), readFile(new URL("DejaVuSans-Bold.ttf", FONT_DIR))]).then(([regular, bold]) => ({
    regular,
    bold,
  }));
  return bytes;
}

/**
 * fontkit with its parse cached: pdf-lib parses the font file on every embed, which cost most of
 * a PDF's time (about 0.4 s for two faces). A parsed font is only read when a subset is made.
 */
const parsed = new WeakMap<Uint8Array, ReturnType<typeof fontkit.create>>();
const cachedFontkit: typeof fontkit = {
  ...fontkit,
  create(data: Uint8Array, postscriptName?: string) {
    if (postscriptName) return fontkit.create(data, postscriptName);
    let font = parsed.get(data);
    if (!font) parsed.set(data, (font = fontkit.create(data)));
    return font;
  },
};

/** Embeds the regular and bold faces (subset) in `doc`. */
export async function embedBrandFonts(doc: PDFDocument): Promise<BrandFonts> {
  doc.registerFontkit(cachedFontkit);
  const files = await fontBytes();
  const [regular, bold] = await Promise.all([doc.embedFont(files.regular, { subset: true }), doc.embedFont(files.bold, { subset: true })]);
  return { regular, bold };
}

const characterSets = new WeakMap<PDFFont, Set<number>>();

/** Text the font can draw: anything it has no glyph for becomes "?" rather than failing the download. */
export function drawable(font: PDFFont, text: string): string {
  let known = characterSets.get(font);
  if (!known) characterSets.set(font, (known = new Set(font.getCharacterSet())));
  let out = "";
  // Line breaks are kept for the caller's wrapping; other whitespace becomes a space.
  for (const ch of text.replace(/[^\S\n]+/g, " ")) out += ch === "\n" || known.has(ch.codePointAt(0)!) ? ch : "?";
  return out;
}
