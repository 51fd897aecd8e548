// Issue 30, item 5: words in the Hindi catalogue. The KFS is named by its own title everywhere; a
// document's label before "की फ़ोटो" takes its oblique form (no "का आगे का हिस्सा की"); NBFC is written so.
import { describe, expect, it } from "vitest";
import { COMPANY_TYPES } from "../journey/masters.ts";
import { DOCUMENT_TYPES, documentNameKey, documentTerm } from "../validation/documents.ts";
import { catalogues, translate, type CodedMessage } from "./translate.ts";
import { beforePostposition } from "./before-postposition.ts";

/** A document's label as its messages and drop zone name it ("Bank statement"), by code. */
const termKey = (docType: string) => (documentTerm(docType, "") as CodedMessage).key;

describe("Hindi words", () => {
  it("names the Key Fact Statement 'मुख्य तथ्य विवरण (KFS)', never 'की फ़ैक्ट स्टेटमेंट' nor in English", () => {
    const hindi = Object.entries(catalogues.hi);
    expect(hindi.filter(([, text]) => /फ़ैक्ट स्टेटमेंट|फैक्ट स्टेटमेंट|Key Fact Statement/.test(text)).map(([key]) => key)).toEqual([]);
    expect(translate("hi", "journey.status.kfs")).toBe("मुख्य तथ्य विवरण (KFS) डाउनलोड करें (PDF)");
    expect(translate("hi", "journey.quote.ack", { proposal: "P-1" })).toBe("मैंने मुख्य तथ्य विवरण (KFS), प्रस्ताव नंबर P-1, पढ़ और समझ लिया है।");
  });

  it("a document's photo: the label in its oblique form before की", () => {
    const photo = (docType: string) => `${beforePostposition("hi", termKey(docType))} की फ़ोटो लें`;
    expect(photo("aadhaar_front")).toBe("आधार के आगे के हिस्से की फ़ोटो लें");
    expect(photo("aadhaar_back")).toBe("आधार के पीछे के हिस्से की फ़ोटो लें");
    expect(photo("utility_bill")).toBe("बिजली/पानी/गैस के बिल की फ़ोटो लें");
    expect(photo("pan")).toBe("PAN कार्ड की फ़ोटो लें");
    for (const d of DOCUMENT_TYPES) {
      const before = beforePostposition("hi", termKey(d.doc_type));
      expect(before, d.name).not.toBe(translate("en", termKey(d.doc_type)));
      // A masculine -ā noun or "का" left in the direct case before a postposition is the mistake.
      expect(before, d.name).not.toMatch(/(^|\s)का(\s|$)|ा$/);
    }
    // English is the label itself; Hindi without a postposition, the label's own words.
    expect(beforePostposition("en", "journey.term.aadhaarFront")).toBe("Aadhaar front");
    expect(translate("hi", "journey.term.aadhaarFront")).toBe("आधार का आगे का हिस्सा");
  });

  it("words a document's name from its key, whatever its English", () => {
    expect(documentNameKey("bank_statement")).toBe("journey.term.bankStatementSix");
    expect(translate("hi", documentNameKey("bank_statement")!)).toBe("बैंक स्टेटमेंट (पिछले छह महीने)");
    expect(translate("en", documentNameKey("bank_statement")!)).toBe("Bank statement (last six months)");
    expect(translate("hi", termKey("salary_slip"))).toBe("सैलरी स्लिप");
    expect(documentNameKey("passport")).toBeNull();
  });

  it("the company type is NBFC in capitals", () => {
    expect(COMPANY_TYPES.find((c) => c.id === 9)?.label).toBe("NBFC");
  });
});
