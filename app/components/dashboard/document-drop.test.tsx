// Issue 30: the camera button's words in Hindi take the document's label in its oblique form
// ("आधार के आगे के हिस्से की फ़ोटो लें", not "आधार का आगे का हिस्सा की फ़ोटो लें"); English as before.
// Issue 31: the label comes from the document type's key, not from its English.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Language } from "../../../core/i18n/index.ts";
import { LanguageContext } from "../../lib/i18n.tsx";
import { DocumentDrop, type DocumentDropProps } from "./document-drop.tsx";

/** The drop zone's markup; `name` is the document's English as listed, `docType` its type. */
const markup = (lang: Language, name: string, docType: string, more: Partial<DocumentDropProps> = {}) =>
  renderToStaticMarkup(
    <LanguageContext.Provider value={lang}>
      <DocumentDrop id="doc" name={name} docType={docType} format="image" file={undefined} onFile={() => {}} {...more} />
    </LanguageContext.Provider>,
  );
const text = (lang: Language, name: string, docType: string) =>
  markup(lang, name, docType)
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ");

describe("the document drop's photo button", () => {
  it.each([
    ["Aadhaar front", "aadhaar_front", "आधार के आगे के हिस्से की फ़ोटो लें"],
    ["Utility bill", "utility_bill", "बिजली/पानी/गैस के बिल की फ़ोटो लें"],
  ])("%s in Hindi: %s", (name, docType, words) => {
    const html = text("hi", name, docType);
    expect(html).toContain(words);
    expect(html).not.toMatch(/(हिस्सा|का बिल) की फ़ोटो/);
  });

  it("in English: Take a photo of the document", () => {
    expect(text("en", "Aadhaar front", "aadhaar_front")).toContain("Take a photo of Aadhaar front");
  });
});

describe("the document's label", () => {
  const uploading = { format: "pdf", upload: { percent: 40, state: "uploading" } } as const;

  it("comes from its type's key in Hindi, not from the English name it was given", () => {
    expect(markup("hi", "Bank statement (last six months)", "bank_statement", uploading)).toContain('aria-label="बैंक स्टेटमेंट अपलोड की प्रगति"');
  });

  it("is the name as given for a type not listed", () => {
    expect(markup("en", "Passport", "passport", uploading)).toContain('aria-label="Passport upload progress"');
  });
});
