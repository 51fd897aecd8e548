// Issue 30, item 5: words in the Hindi catalogue. The KFS is named by its own title everywhere; a
// document's label before "की फ़ोटो" takes its oblique form (no "का आगे का हिस्सा की"); NBFC is written so.
import { describe, expect, it } from "vitest";
import { COMPANY_TYPES } from "../journey/masters.ts";
import { DOCUMENT_TYPES } from "../validation/documents.ts";
import { catalogues, translate } from "./translate.ts";
import { termBeforePostposition, termText } from "./journey-messages.ts";

const shortName = (name: string) => name.replace(/\s*\(.*\)\s*$/, "");

describe("Hindi words", () => {
  it("names the Key Fact Statement 'मुख्य तथ्य विवरण (KFS)', never 'की फ़ैक्ट स्टेटमेंट' nor in English", () => {
    const hindi = Object.entries(catalogues.hi);
    expect(hindi.filter(([, text]) => /फ़ैक्ट स्टेटमेंट|फैक्ट स्टेटमेंट|Key Fact Statement/.test(text)).map(([key]) => key)).toEqual([]);
    expect(translate("hi", "journey.status.kfs")).toBe("मुख्य तथ्य विवरण (KFS) डाउनलोड करें (PDF)");
    expect(translate("hi", "journey.quote.ack", { proposal: "P-1" })).toBe("मैंने मुख्य तथ्य विवरण (KFS), प्रस्ताव नंबर P-1, पढ़ और समझ लिया है।");
  });

  it("a document's photo: the label in its oblique form before की", () => {
    const photo = (name: string) => `${termBeforePostposition("hi", name)} की फ़ोटो लें`;
    expect(photo("Aadhaar front")).toBe("आधार के आगे के हिस्से की फ़ोटो लें");
    expect(photo("Aadhaar back")).toBe("आधार के पीछे के हिस्से की फ़ोटो लें");
    expect(photo("Utility bill")).toBe("बिजली/पानी/गैस के बिल की फ़ोटो लें");
    expect(photo("PAN card")).toBe("PAN कार्ड की फ़ोटो लें");
    for (const d of DOCUMENT_TYPES) {
      const before = termBeforePostposition("hi", shortName(d.name));
      expect(before, d.name).not.toBe(shortName(d.name));
      // A masculine -ā noun or "का" left in the direct case before a postposition is the mistake.
      expect(before, d.name).not.toMatch(/(^|\s)का(\s|$)|ा$/);
    }
    // English is the label itself.
    expect(termBeforePostposition("en", "Aadhaar front")).toBe("Aadhaar front");
    expect(termText("hi", "Aadhaar front")).toBe("आधार का आगे का हिस्सा");
  });

  it("the company type is NBFC in capitals", () => {
    expect(COMPANY_TYPES.find((c) => c.id === 9)?.label).toBe("NBFC");
  });
});
