// Issue 23: every Hindi text page (and the FAQ and rates words) is the English page's twin: the same sections, links and call to
// action, and the same figures, days, names, addresses and contact details (never retyped by hand).
import { describe, expect, it } from "vitest";
import { rateAndTermsCopy, textPages } from "./pages.ts";
import { hindiTextPages, rateAndTermsCopyHi } from "./pages.hi.ts";
import { faqGroups, faqPageMeta } from "./faq.ts";
import { faqGroupsHi, faqPageMetaHi } from "./faq.hi.ts";
import { linkTargets } from "./text.ts";
import { site } from "./site.ts";
import { hasHindiVersion } from "../../core/i18n/index.ts";

/** Figures as written (₹10,000 → "10,000", 9:30, 1%, 14448). */
const figures = (text: string) => [...text.matchAll(/\d[\d,.:]*\d|\d/g)].map((m) => m[0].replace(/[.,:]$/, "")).sort();
/** Names, e-mail addresses, phones, web addresses and legal identifiers that must be copied exactly. */
const EXACT = [
  site.grievanceOfficer.name,
  site.nodalOfficer.name,
  site.support.email,
  site.support.phone,
  site.grievanceOfficer.email,
  site.grievanceOfficer.phone,
  site.nodalOfficer.email,
  site.nodalOfficer.phone,
  site.company.legalName,
  site.company.cin,
  site.company.rbiRegistrationNo,
  site.rbiOmbudsmanUrl,
  site.officeAddress.line1,
];
const DEVANAGARI = /[\u0900-\u097F]/;

const converted = textPages.filter((p) => hindiTextPages[p.id]);

describe("the Hindi text pages", () => {
  it("exist exactly for the text pages that have a /hi address", () => {
    for (const page of textPages) expect(Boolean(hindiTextPages[page.id]), page.path).toBe(hasHindiVersion(page.path));
    expect(converted.length).toBeGreaterThanOrEqual(4);
  });

  it.each(converted.map((p) => [p.path, p] as const))("%s has every section, link and figure of the English page", (_path, english) => {
    const hindi = hindiTextPages[english.id]!;
    expect(hindi.path).toBe(english.path);
    expect(hindi.cta?.href).toBe(english.cta?.href);
    expect(Boolean(hindi.cta?.label)).toBe(Boolean(english.cta?.label));
    expect(Boolean(hindi.banner)).toBe(Boolean(english.banner));
    expect(hindi.lastUpdated).toBe(english.lastUpdated);
    expect(hindi.metaDis.length).toBeLessThanOrEqual(160);
    for (const text of [hindi.pageHeading, hindi.metaTitle, hindi.metaDis, hindi.cta?.label ?? "अ", hindi.banner ?? "अ"]) expect(text).toMatch(DEVANAGARI);
    expect(hindi.paraList.map((p) => p.id_para)).toEqual(english.paraList.map((p) => p.id_para));
    english.paraList.forEach((en, i) => {
      const hi = hindi.paraList[i];
      expect(Boolean(hi.heading), `${english.path} ¶${en.id_para} heading`).toBe(Boolean(en.heading));
      if (hi.heading) expect(hi.heading).toMatch(DEVANAGARI);
      expect(hi.para).toMatch(DEVANAGARI);
      expect(linkTargets(hi.para), `${english.path} ¶${en.id_para} links`).toEqual(linkTargets(en.para));
      expect(figures(hi.para), `${english.path} ¶${en.id_para} figures`).toEqual(figures(en.para));
      for (const exact of EXACT) if (en.para.includes(exact)) expect(hi.para, `${english.path} ¶${en.id_para}`).toContain(exact);
    });
    expect(figures(hindi.metaDis)).toEqual(figures(english.metaDis));
  });
});

describe("the Hindi words around the rates and terms", () => {
  it("has every part of the English with the same figures", () => {
    expect(Object.keys(rateAndTermsCopyHi).sort()).toEqual(Object.keys(rateAndTermsCopy).sort());
    for (const key of Object.keys(rateAndTermsCopy) as (keyof typeof rateAndTermsCopy)[]) {
      expect(rateAndTermsCopyHi[key], key).toMatch(DEVANAGARI);
      expect(figures(rateAndTermsCopyHi[key]), key).toEqual(figures(rateAndTermsCopy[key]));
    }
    expect(rateAndTermsCopyHi.metaDis.length).toBeLessThanOrEqual(160);
  });
});

describe("the Hindi FAQ", () => {
  it("has every topic and question of the English, in order, with the same figures", () => {
    expect(faqGroupsHi.map((g) => g.id)).toEqual(faqGroups.map((g) => g.id));
    faqGroups.forEach((group, i) => {
      const hindi = faqGroupsHi[i];
      expect(hindi.title).toMatch(DEVANAGARI);
      expect(hindi.items.map((q) => q.id)).toEqual(group.items.map((q) => q.id));
      group.items.forEach((q, j) => {
        const h = hindi.items[j];
        expect(h.question, `${q.id}`).toMatch(DEVANAGARI);
        expect(h.answer, `${q.id}`).toMatch(DEVANAGARI);
        expect(figures(h.question), `${q.id}`).toEqual(figures(q.question));
        expect(figures(h.answer), `${q.id}`).toEqual(figures(q.answer));
        for (const exact of EXACT) if (q.answer.includes(exact)) expect(h.answer).toContain(exact);
      });
    });
    for (const key of ["metaTitle", "metaDis", "pageHeading", "intro"] as const) expect(faqPageMetaHi[key]).toMatch(DEVANAGARI);
    expect(figures(faqPageMetaHi.metaDis)).toEqual(figures(faqPageMeta.metaDis));
  });
});
