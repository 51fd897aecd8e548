// Issue 23: every Hindi text page is the English page's twin: the same sections, links and call to
// action, and the same figures, days, names, addresses and contact details (never retyped by hand).
import { describe, expect, it } from "vitest";
import { textPages } from "./pages.ts";
import { hindiTextPages } from "./pages.hi.ts";
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
