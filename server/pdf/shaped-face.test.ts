// The Hindi face draws shaped Devanagari: glyphs in visual order (the i-matra before its consonant),
// conjuncts as fewer glyphs than letters, and the line as written in /ActualText for extraction.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { parseCMap, pdfText, streamText } from "../test-support/pdf-text.ts";
import { embedDocumentFaces } from "./document-faces.ts";

async function drawn(words: string) {
  const doc = await PDFDocument.create();
  const { regular } = await embedDocumentFaces(doc, "hi");
  const page = doc.addPage([400, 200]);
  regular.draw(page, regular.drawable(words), { x: 20, y: 100, size: 20 });
  const bytes = await doc.save();
  const loaded = await PDFDocument.load(bytes);
  const leaf = loaded.getPages()[0].node;
  const [, ref] = leaf.Resources()!.lookup(PDFName.of("Font"), PDFDict).entries()[0];
  const cmap = parseCMap(streamText(loaded.context.lookup(ref as PDFRef, PDFDict).lookup(PDFName.of("ToUnicode"))));
  const contents = leaf.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => loaded.context.lookup(r)) : [contents];
  const content = streams.map(streamText).join("\n");
  // Every glyph code of the TJ arrays, in drawing order, as the character(s) it stands for.
  const glyphs = [...content.matchAll(/\[([^\]]*)\]\s*TJ/g)].flatMap((m) =>
    [...m[1].matchAll(/<([0-9A-Fa-f]{4})>/g)].map((g) => cmap.get(g[1].toUpperCase()) ?? ""),
  );
  return { glyphs, text: (await pdfText(bytes)).text, width: regular.width(words, 20) };
}

describe("the Hindi PDF face", () => {
  it("puts the i-matra before its consonant and extracts the word as written", async () => {
    const { glyphs, text } = await drawn("कि");
    expect(glyphs).toHaveLength(2);
    expect(glyphs[0]).toContain("ि");
    expect(glyphs[1]).toBe("क");
    expect(text).toBe("कि");
  });

  it("draws conjuncts and reph as fewer glyphs than letters, and measures the shaped line", async () => {
    // क्ष is one glyph for three letters; र्म's reph rides on म.
    const { glyphs, text, width } = await drawn("क्ष कर्म");
    expect(text).toBe("क्ष कर्म");
    // क्ष, space, क, म with reph: 4 glyphs for 8 characters (another mark glyph at most).
    expect(glyphs.length).toBeGreaterThanOrEqual(4);
    expect(glyphs.length).toBeLessThanOrEqual(5);
    expect(glyphs[0]).toBe("क्ष");
    expect(width).toBeGreaterThan(20);
    expect(width).toBeLessThan(120);
  });

  it("prints ? for a character the font lacks instead of failing", async () => {
    expect((await drawn("लोन 🙂")).text).toBe("लोन ?");
  });
});
