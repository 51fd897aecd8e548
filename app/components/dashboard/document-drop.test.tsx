// Issue 30: the camera button's words in Hindi take the document's label in its oblique form
// ("आधार के आगे के हिस्से की फ़ोटो लें", not "आधार का आगे का हिस्सा की फ़ोटो लें"); English as before.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Language } from "../../../core/i18n/index.ts";
import { LanguageContext } from "../../lib/i18n.tsx";
import { DocumentDrop } from "./document-drop.tsx";

const text = (lang: Language, name: string) =>
  renderToStaticMarkup(
    <LanguageContext.Provider value={lang}>
      <DocumentDrop id="doc" name={name} format="image" file={undefined} onFile={() => {}} />
    </LanguageContext.Provider>,
  )
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ");

describe("the document drop's photo button", () => {
  it.each([
    ["Aadhaar front", "आधार के आगे के हिस्से की फ़ोटो लें"],
    ["Utility bill", "बिजली/पानी/गैस के बिल की फ़ोटो लें"],
  ])("%s in Hindi: %s", (name, words) => {
    const html = text("hi", name);
    expect(html).toContain(words);
    expect(html).not.toMatch(/(हिस्सा|का बिल) की फ़ोटो/);
  });

  it("in English: Take a photo of the document", () => {
    expect(text("en", "Aadhaar front")).toContain("Take a photo of Aadhaar front");
  });
});
