import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { HTML_LANG, LANGUAGES } from "./languages.ts";
import { catalogues, translate, translateRich, type MessageKey } from "./translate.ts";

describe("translate", () => {
  // Messages without ICU syntax are given uncompiled: FormatJS itself must word each the same, and
  // so must every other message it can format without values (apostrophes, quoted braces).
  it("words every message that needs no values as FormatJS formats it", () => {
    let checked = 0;
    for (const lang of LANGUAGES) {
      for (const [key, text] of Object.entries(catalogues[lang]) as [MessageKey, string][]) {
        let formatted: unknown;
        try {
          formatted = new IntlMessageFormat(text, HTML_LANG[lang]).format();
        } catch {
          continue; // it needs values
        }
        if (typeof formatted !== "string") continue;
        checked++;
        expect(translate(lang, key), key).toBe(formatted);
        expect(translateRich(lang, key, {}), key).toEqual([formatted]);
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("words a message with arguments, and one with a plain apostrophe", () => {
    expect(translate("en", "public.updated", { date: "1 Dec 2026" })).toBe("Last updated: 1 Dec 2026");
    expect(translate("en", "ckyc.relative.father")).toBe("My father's");
    expect(translateRich("en", "public.rates.amountValue", { min: "₹1,000", max: "₹50,000" }).join("")).toBe("₹1,000 to ₹50,000");
  });
});
