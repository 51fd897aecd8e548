// Issue 23: a Hindi amount or purpose page has every section of the English one, its shared blocks in
// Hindi, and the page's own English intro marked as English under a line that says so (as the city pages).
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { amountPages } from "../../content/amounts.ts";
import { purposePages } from "../../content/purposes.ts";
import { PURPOSE_NAMES_HI } from "../../content/purposes.hi.ts";
import { sitemapPaths } from "../../content/public-paths.ts";
import { LanguageContext } from "../../lib/i18n.tsx";
import { pageMeta } from "../../lib/seo.ts";
import AmountPage from "../../routes/public/amount.tsx";
import PurposePage from "../../routes/public/purpose.tsx";
import { quoteSingle } from "../../../core/loan-math/index.ts";
import { HINDI_PUBLIC_PATHS, translate, type Language } from "../../../core/i18n/index.ts";

type Props<C> = C extends (props: infer P) => unknown ? P : never;
const render = (lang: Language, page: React.ReactNode) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <LanguageContext.Provider value={lang}>{page}</LanguageContext.Provider>
    </MemoryRouter>,
  );
const amountHtml = (lang: Language, page = amountPages[0]) =>
  render(
    lang,
    <AmountPage
      {...({ loaderData: { page, quote: quoteSingle({ principal: page.amount, tenureDays: page.exampleTenureDays }) } } as unknown as Props<typeof AmountPage>)}
    />,
  );
const purposeHtml = (lang: Language, page = purposePages[0]) =>
  render(lang, <PurposePage {...({ loaderData: { page } } as unknown as Props<typeof PurposePage>)} />);
const sections = (html: string) => [...html.matchAll(/<section[^>]*aria-labelledby="([^"]+)"/g)].map((m) => m[1]);
const headings = (html: string) => [...html.matchAll(/<h([12])[^>]*>(.*?)<\/h\1>/g)].map((m) => m[2]);
/** The page's text outside the parts marked English, with the figures' Latin names (PAN, eKYC, …) taken out. */
const outsideEnglish = (html: string) =>
  html
    .replace(/<div lang="en-IN">[\s\S]*?<\/div>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/SalaryOnTime|DigiLocker|eKYC|KFS|APR|GST/g, "");

describe("the amount and purpose pages in Hindi", () => {
  it("every amount and purpose page has a /hi address, in the sitemap too, and every purpose a Hindi name", () => {
    for (const p of amountPages) expect(HINDI_PUBLIC_PATHS).toContain(`/amount/${p.slugs}`);
    for (const p of purposePages) {
      expect(HINDI_PUBLIC_PATHS).toContain(`/personal-need/${p.url}`);
      expect(PURPOSE_NAMES_HI[p.url], p.url).toMatch(/[\u0900-\u097F]/);
    }
    const listed = HINDI_PUBLIC_PATHS.filter((p) => p.startsWith("/amount/") || p.startsWith("/personal-need/"));
    expect(listed).toHaveLength(amountPages.length + purposePages.length);
    expect(sitemapPaths()).toContain("/hi/amount/10000-instant-personal-loan");
    expect(sitemapPaths()).toContain("/hi/personal-need/two-wheeler-loan");
    const alternates = pageMeta({ title: "t", description: "d", path: "/amount/10000-instant-personal-loan", lang: "hi" }).filter(
      (tag) => "hrefLang" in tag,
    ) as { hrefLang: string; href: string }[];
    expect(alternates.map((tag) => [tag.hrefLang, new URL(tag.href).pathname])).toEqual([
      ["en-IN", "/amount/10000-instant-personal-loan"],
      ["hi-IN", "/hi/amount/10000-instant-personal-loan"],
      ["x-default", "/amount/10000-instant-personal-loan"],
    ]);
  });

  it.each(amountPages.map((p) => [p.slugs, p] as const))("amount %s: every section of the English page, in Hindi but the marked intro", (_slug, page) => {
    const english = amountHtml("en", page);
    const hindi = amountHtml("hi", page);
    expect(sections(hindi)).toEqual(sections(english));
    for (const heading of headings(hindi)) expect(heading).toMatch(/[\u0900-\u097F]/);
    expect(hindi).toContain(translate("hi", "public.landing.englishNote"));
    expect(hindi.match(/lang="en-IN"/g)).toHaveLength(1);
    expect(outsideEnglish(hindi)).not.toMatch(/[A-Za-z]{3,}/);
    expect(english).not.toContain('lang="en-IN"');
    expect(english).not.toContain(translate("en", "public.landing.englishNote"));
    expect(hindi).toContain('href="/hi/apply-now"');
  });

  it("keeps the English amount page's words as they were", () => {
    const english = amountHtml("en");
    expect(english).toContain("Loan amount: ₹10,000");
    expect(english).toContain("<h1>₹10,000 instant personal loan</h1>");
    expect(english).toContain("Worked example: ₹10,000 for 15 days");
    expect(english).toContain("Worked example for ₹10,000 instant personal loan");
    const lakh = amountHtml(
      "en",
      amountPages.find((p) => p.loan_Amt === "1 Lakh"),
    );
    expect(lakh).toContain("Loan amount: ₹1 lakh");
    expect(amountHtml("hi", amountPages[0])).toContain("<h1>₹10,000 का तुरंत पर्सनल लोन</h1>");
  });

  it.each(purposePages.map((p) => [p.url, p] as const))("purpose %s: every section of the English page, in Hindi but the marked intro", (_url, page) => {
    const english = purposeHtml("en", page);
    const hindi = purposeHtml("hi", page);
    expect(sections(hindi)).toEqual(sections(english));
    for (const heading of headings(hindi)) expect(heading).toMatch(/[\u0900-\u097F]/);
    expect(headings(hindi)[0]).toBe(`${PURPOSE_NAMES_HI[page.url]} के लिए पर्सनल लोन`);
    expect(hindi).toContain(translate("hi", "public.landing.englishNote"));
    expect(hindi.match(/lang="en-IN"/g)).toHaveLength(1);
    expect(outsideEnglish(hindi)).not.toMatch(/[A-Za-z]{3,}/);
    expect(english).not.toContain('lang="en-IN"');
    expect(english).toContain(`<h1>${page.banner_heading}</h1>`);
  });
});
