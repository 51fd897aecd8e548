// The English catalogue repeats the home page's texts from app/content (spec section 2's copy); this
// keeps the two identical until app/content reads from the catalogue.
import { describe, expect, it } from "vitest";
import { cityLinks } from "../content/cities.ts";
import { homeFaq } from "../content/faq.ts";
import { homeHighlights, howItWorks } from "../content/pages.ts";
import { site } from "../content/site.ts";
import { translate, type MessageKey } from "../../core/i18n/index.ts";
import { siteChrome } from "./site-chrome.ts";

const en = (key: string, values?: Record<string, string | number>) => translate("en", key as MessageKey, values);

describe("the English catalogue and app/content", () => {
  it("has the home page's steps, highlights and questions word for word", () => {
    for (const s of howItWorks) {
      expect(en(`home.step${s.id}.title`)).toBe(s.title);
      expect(en(`home.step${s.id}.text`)).toBe(s.text);
    }
    for (const h of homeHighlights) {
      expect(en(`home.hl.${h.id}.title`, { count: cityLinks.length })).toBe(h.title);
      expect(en(`home.hl.${h.id}.text`, { count: cityLinks.length })).toBe(h.text);
    }
    for (const q of homeFaq) {
      expect(en(`home.faq${q.id}.q`)).toBe(q.question);
      expect(en(`home.faq${q.id}.a`)).toBe(q.answer);
    }
  });

  it("labels the header and footer links as the site configuration does", () => {
    const { nav, footer } = siteChrome();
    for (const item of [...nav, ...footer.infoLinks]) {
      expect(item.key, item.href).toBeDefined();
      expect(en(item.key!)).toBe(item.label);
    }
    expect(en("footer.supportHours")).toBe(site.support.hours);
    expect(footer.escalation.every((e) => e.titleKey && en(e.titleKey) === e.title)).toBe(true);
  });
});
