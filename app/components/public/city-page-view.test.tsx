// Issue 23: a Hindi city page has every section of the English one, its shared blocks in Hindi, and the
// city's own English intro and questions marked as English under a line that says so.
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { cities, cityApplySteps } from "../../content/cities.ts";
import { CITY_NAMES_HI, STATE_NAMES_HI } from "../../content/cities.hi.ts";
import { LanguageContext } from "../../lib/i18n.tsx";
import { CityPageView } from "./city-page-view.tsx";
import { HINDI_PUBLIC_PATHS, translate, type Language } from "../../../core/i18n/index.ts";

const render = (lang: Language, city = cities[0]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <LanguageContext.Provider value={lang}>
        <CityPageView city={city} />
      </LanguageContext.Provider>
    </MemoryRouter>,
  );
const sections = (html: string) => [...html.matchAll(/<section[^>]*aria-labelledby="([^"]+)"/g)].map((m) => m[1]);
const headings = (html: string) => [...html.matchAll(/<h([12])[^>]*>(.*?)<\/h\1>/g)].map((m) => m[2]);

describe("the city pages in Hindi", () => {
  it("name every city and state in Hindi, and every city page has a /hi address", () => {
    for (const city of cities) {
      expect(CITY_NAMES_HI[city.cityname], city.cityname).toMatch(/[\u0900-\u097F]/);
      expect(STATE_NAMES_HI[city.state], city.state).toMatch(/[\u0900-\u097F]/);
      expect(HINDI_PUBLIC_PATHS).toContain(`/${city.slug}`);
    }
  });

  it.each(cities.map((c) => [c.slug, c] as const))("%s has every section of the English page, its headings in Hindi", (_slug, city) => {
    const english = render("en", city);
    const hindi = render("hi", city);
    expect(sections(hindi)).toEqual(sections(english));
    expect(headings(hindi)).toHaveLength(headings(english).length);
    for (const heading of headings(hindi)) expect(heading).toMatch(/[\u0900-\u097F]/);
    expect(headings(hindi)[0]).toBe(`${CITY_NAMES_HI[city.cityname]} में तुरंत पर्सनल लोन`);
    // The city's own words stay English, marked so, under the Hindi line that says so.
    expect(hindi).toContain(translate("hi", "public.city.englishNote"));
    expect(hindi.match(/lang="en-IN"/g)).toHaveLength(2);
    expect(english).not.toContain('lang="en-IN"');
    expect(hindi).toContain('href="/hi/apply-now"');
    expect(hindi).toContain('href="/hi/rate-and-terms"');
  });

  it("keeps the English page's own words, and the shared steps' English is the content's", () => {
    const english = render("en");
    expect(english).toContain(`<h1>${cities[0].heading}</h1>`);
    expect(english).toContain('href="/apply-now"');
    cityApplySteps.forEach((s, i) => expect(translate("en", `public.city.step${i + 1}` as "public.city.step1")).toBe(s.step_dis));
  });
});
