import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketingPaths, sitemapPaths } from "../../../app/content/public-paths.ts";
import { cities } from "../../../app/content/cities.ts";
import { homeHighlights, serviceAreaPage } from "../../../app/content/pages.ts";
import { checkPin } from "../../../app/lib/pin-check.ts";
import { CITIES, SERVICE_CITY_COUNT, isServiceablePincode } from "../../../core/service-area.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import { inlineScriptHashes } from "./html-csp.ts";
import { buildRobots, buildSitemap } from "./sitemap.ts";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;

describe("sitemap and robots", () => {
  it("lists every marketing page and Apply Now once, with absolute URLs", () => {
    const xml = buildSitemap("https://example.in/", sitemapPaths());
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(sitemapPaths().map((p) => `https://example.in${p}`));
    expect(new Set(locs).size).toBe(locs.length);
    // 1 home + 9 text pages (issue 22: recovery agents) + FAQ + rates + 7 amounts + 5 purposes + 26 cities + the Hindi home (/hi), plus /apply-now.
    expect(marketingPaths()).toHaveLength(51);
    // Issue 23: the pages that exist in Hindi are listed at their /hi addresses too.
    expect(locs).toEqual(expect.arrayContaining(["https://example.in/hi", "https://example.in/hi/apply-now"]));
    expect(locs).toContain("https://example.in/instant-personal-loan-in-delhi");
    expect(locs).toContain("https://example.in/amount/1-lakh-instant-personal-loan");
    expect(locs).toContain("https://example.in/personal-need/two-wheeler-loan");
  });

  it("appends extra entries (the blog hook), escapes them and drops duplicates", () => {
    const xml = buildSitemap("https://example.in", sitemapPaths(), [{ path: "/blog", lastmod: "2026-11-01" }, { path: "/blog/a&b" }, { path: "/faq" }]);
    expect(xml).toContain("<url><loc>https://example.in/blog</loc><lastmod>2026-11-01</lastmod></url>");
    expect(xml).toContain("<loc>https://example.in/blog/a&amp;b</loc>");
    expect(xml.match(/<loc>https:\/\/example\.in\/faq<\/loc>/g)).toHaveLength(1);
  });

  it("keeps crawlers out of the dashboard, the API and the dev tools", () => {
    const robots = buildRobots("https://example.in");
    expect(robots).toContain("Disallow: /my-dashboard\n");
    expect(robots).toContain("Disallow: /Api\n");
    expect(robots).toContain("Disallow: /dev\n");
    expect(robots).toContain("Sitemap: https://example.in/sitemap.xml");
  });
});

describe("served by the app", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_ORIGIN: "https://www.example.in" } });
  });
  afterAll(() => t.close());

  it("answers /sitemap.xml as XML with the services' extra entries", async () => {
    const res = await t.app.request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    // The static pages come from the app's server build, absent here; the browser crawl checks them.
    expect(xml).not.toContain("/rate-and-terms");
    // The blog's hook adds the list, every post and the contact page.
    expect(xml).toContain("<loc>https://www.example.in/blog</loc>");
    expect(xml).toContain("<loc>https://www.example.in/blog/how-salary-day-loans-work</loc>");
    expect(xml).toContain("<loc>https://www.example.in/contact-salaryontime</loc>");
  });

  it("answers /robots.txt as text", async () => {
    const res = await t.app.request("/robots.txt");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Disallow: /Api");
  });
});

describe("service-area PIN check", () => {
  it("uses the same data as eligibility for every PIN code in the service area", () => {
    for (const city of CITIES) {
      for (const pin of city.pincodes) {
        expect(isServiceablePincode(pin)).toBe(true);
        expect(checkPin(pin)).toMatchObject({ served: true, city: city.name });
      }
    }
  });

  it("refuses a PIN outside the area and an invalid one with the spec's messages", () => {
    expect(isServiceablePincode("999999")).toBe(false);
    expect(checkPin("999999")).toMatchObject({ served: false, message: expect.stringContaining("We do not serve this PIN code yet.") });
    expect(checkPin("12")).toMatchObject({ error: "Pin code invalid!" });
    expect(checkPin("")).toMatchObject({ error: "Pin code is required!" });
    expect(checkPin(null)).toBeNull();
  });

  it("the master API answers the same PIN codes", async () => {
    const t = await createTestApp();
    try {
      const yes = await t.post({ type: "pincode", pincode: "560001" }, { path: "/Api/MasterController/masterAPI" });
      expect(yes.body.Data.city_name).toBe(checkPin("560001")!.city);
      const no = await t.post({ type: "pincode", pincode: "999999" }, { path: "/Api/MasterController/masterAPI" });
      expect(no.body.Status).not.toBe(1);
    } finally {
      await t.close();
    }
  });

  it("copy states the real number of cities, and every city page is a city we serve", () => {
    expect(SERVICE_CITY_COUNT).toBe(26);
    expect(serviceAreaPage.metaTitle).toContain(`${SERVICE_CITY_COUNT} Cities`);
    expect(homeHighlights.find((h) => h.id === "cities")!.title).toBe(`${SERVICE_CITY_COUNT} cities`);
    const served = new Set(CITIES.map((c) => c.name));
    for (const c of cities) expect(served.has(c.cityname)).toBe(true);
  });
});

describe("CSP hashes of inline scripts", () => {
  it("hashes executable inline scripts only", () => {
    const html = `<script>a()</script><script type="module">b()</script><script src="/x.js"></script><script type="application/ld+json">{"x":1}</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha("b()")]);
  });
});
