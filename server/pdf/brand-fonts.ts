// The fonts our PDFs are set in, shipped in server/assets/fonts (licences beside them) and embedded
// as a subset so each PDF carries only the glyphs it uses: DejaVu Sans for English and Noto Sans
// Devanagari (SIL OFL) for Hindi. Unlike the 14 standard PDF fonts (WinAnsi only), both have the
// rupee sign (U+20B9), so amounts print as ₹, not "Rs.".
import { readFile } from "node:fs/promises";
import type { PDFDocument, PDFFont } from "pdf-lib";

type Fontkit = Parameters<PDFDocument["registerFontkit"]>[0];

const FONT_DIR = new URL("../assets/fonts/", import.meta.url);

export type BrandFonts = { regular: PDFFont; bold: PDFFont };

type FontFiles = { regular: Uint8Array; bold: Uint8Array };
const FILES = {
  en: ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"],
  hi: ["NotoSansDevanagari-Regular.ttf", "NotoSansDevanagari-Bold.ttf"],
} as const;
const bytes: Partial<Record<keyof typeof FILES, Promise<FontFiles>>> = {};

/** The font files, read once per process. */
export function fontBytes(script: keyof typeof FILES = "en"): Promise<FontFiles> {
  const [regular, bold] = FILES[script];
  bytes[script] ??= Promise.all([readFile(new URL(regular, FONT_DIR)), readFile(new URL(bold, FONT_DIR))]).then(([r, b]) => ({ regular: r, bold: b }));
  return bytes[script];
}

/**
 * fontkit with its parse cached: pdf-lib parses the font file on every embed, which cost most of
 * a PDF's time (about 0.4 s for two faces). A parsed font is only read when a subset is made.
 * Loaded with the first PDF: its module unpacks a Brotli dictionary as it loads (~50 ms of the
 * server's start, for a download most starts never serve).
 */
let cached: Promise<Fontkit> | undefined;
export function cachedFontkit(): Promise<Fontkit> {
  cached ??= import("@pdf-lib/fontkit").then(({ default: fontkit }) => {
    const parsed = new WeakMap<Uint8Array, ReturnType<typeof fontkit.create>>();
    const withParseCached: Fontkit = {
      ...fontkit,
      create(data: Uint8Array, postscriptName?: string) {
        if (postscriptName) return fontkit.create(data, postscriptName);
        let font = parsed.get(data);
        if (!font) parsed.set(data, (font = fontkit.create(data)));
        return font;
      },
    };
    return withParseCached;
  });
  return cached;
}

/** Embeds the regular and bold faces (subset) in `doc`. */
export async function embedBrandFonts(doc: PDFDocument): Promise<BrandFonts> {
  doc.registerFontkit(await cachedFontkit());
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
